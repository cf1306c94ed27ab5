// No rule option is dead: for every option of every game in the catalog, some value other than
// its default changes some game (its returns, its rates or the number of decisions made in it:
// a search over seeds, the game's presets and its built-in bots) or, in a ruleset that scores
// hands, the score of some hand (a search over random complete hands); or the option is listed
// in UNREACHABLE with the reason it cannot. An option with one allowed value has no other value
// to try; FIXED lists those whose other values the rules refuse.
//
// The search is bounded (small games, a few dozen seeds, each tried under every preset and
// bot) so that it runs in seconds; the order it tries things in is fixed, so what it finds is
// the same every run.

import { describe, expect, it } from 'vitest';
import { GAMES, type GameEntry } from '../../src/catalog/index.js';
import type { GameDef, GameState } from '../../src/core/game.js';
import { Table } from '../../src/core/play.js';
import { Rng } from '../../src/core/rng.js';
import { resolveRules, type Option } from '../../src/core/rules.js';
import { makeStrategy, parseSpec, type Strategy, type StrategyDef } from '../../src/core/strategy.js';
import type { Meld } from '../../src/games/mahjong/decompose.js';
import { SAMPLE_CARD_DOC } from '../../src/games/mahjong/american/rules.js';
import type { Ruleset } from '../../src/games/mahjong/rulesets.js';
import { PASS, WIN } from '../../src/games/mahjong/table/actions.js';
import { HONOR, PLAY_KINDS } from '../../src/games/mahjong/tiles.js';

type Rules = Record<string, unknown>;

/** Rules that keep a game short, for every game the search plays. */
const SMALL: Record<string, Rules> = {
  wolnamppong: { cycles: 2 },
  nylonppong: { rounds: 2 },
  korean: { handsPerSession: 2 },
  'chinese-american': { gameLengthDealerships: 1, handsLimit: 2 },
  american: { handsPerSession: 2 },
};

/**
 * Options that act only beside another option's value, or on events too rare for a small game:
 * the rules the search adds (its first context) when it tries them.
 */
const NEEDS: Record<string, Rules> = {
  'wolnamppong.pairWinFixedAmount': { pairRule: 'winFixed' },
  'wolnamppong.maxBetSchedule': { maxBet: 'schedule', maxBetSchedule: [1, 2] },
  'wolnamppong.bankrollCap': { bankroll: 2 },
  'nylonppong.moneyPaymentVector': { scoring: 'moneyRanking' },
  'korean.openUperRonMultiplier': { openUper: true },
  'korean.roundWind': { handsPerSession: 12 },
  // Three sixes come once in 216 hands.
  'chinese-american.tripleSixBonus': { gameLengthDealerships: 16, handsLimit: 300 },
};

/** Values to try where the option's `allowed` text does not list them. */
const CUSTOM: Record<string, unknown[]> = {
  'wolnamppong.maxBetSchedule': [[2, 1]],
  'nylonppong.moneyPaymentVector': [[3, 1, -1, -3]],
  'korean.jumpPenalty': [{ payEach: 3 }],
  'chinese-american.tileOfTheDay': ['p5', null],
  // The sample card without its first section.
  'american.card': [{ ...(SAMPLE_CARD_DOC as Rules), sections: (SAMPLE_CARD_DOC as { sections: unknown[] }).sections.slice(1) }],
};

/**
 * Options that no game of the built-in bots and no scored hand within the search's bounds show
 * at work, and why. Where the reason is a strategy no built-in bot plays, DEMO names such a
 * strategy (DEMO_STRATEGIES) and the search must find the option at work with it at the table;
 * where it is an event too rare for the search, the test named shows the option on a laid-out
 * hand.
 */
const UNREACHABLE: Record<string, string> = {
  'korean.tempFuritenScope': 'acts after a player lets a winning discard go; every built-in bot takes every win it may',
  'korean.afterUperMissedWin': 'acts after an uper player lets a winning discard go; every built-in bot takes every win it may',
  'korean.afterUperDiscardWinningTile':
    'acts when an uper player discards a tile that wins for it; every built-in bot takes every win it may',
  'korean.jumpPenalty': 'acts on a false win; no built-in bot declares a win it may not take',
  'chinese-american.missedWinLock': 'acts after a player lets a win go; every built-in bot takes every win it may',
  'chinese-american.declinedSelfDrawPenalty': 'acts when a player declines a self-drawn win; every built-in bot takes every win it may',
  'chinese-american.beginnerExempt': 'acts when a player declines a self-drawn win; every built-in bot takes every win it may',
  'chinese-american.fastWinCutoff':
    'the two cut-offs differ only on a few first-go-around wins (the dealer self-drawing on its first draw, say), far rarer than the search reaches; engine.test.ts lays one out',
  'chinese-american.sevenFlowersFlat':
    'Seven Flowers (seven of the eight in one hand) is far rarer than the search reaches; engine.test.ts lays it out',
  'chinese-american.sevenFlowersCountsAsWin': 'Seven Flowers is far rarer than the search reaches; engine.test.ts lays it out',
  'chinese-american.eightFlowers': 'all eight flowers in one hand is far rarer than the search reaches; engine.test.ts lays it out',
  'american.heavenlyHand': 'East dealt a complete line is far rarer than the search reaches; american/game.test.ts lays it out',
  'american.earthlyHand': 'East complete after the Charleston is far rarer than the search reaches; american/game.test.ts lays it out',
};

/** The test strategy that shows an UNREACHABLE option at work. */
const DEMO: Record<string, string> = {
  'korean.tempFuritenScope': 'lets-wins-go:efficiency',
  'korean.afterUperMissedWin': 'lets-wins-go:uper-always',
  'korean.afterUperDiscardWinningTile': 'lets-wins-go:uper-always',
  'korean.jumpPenalty': 'declares-every-win:efficiency',
  'chinese-american.missedWinLock': 'lets-wins-go:efficiency',
  'chinese-american.declinedSelfDrawPenalty': 'lets-wins-go:efficiency',
  'chinese-american.beginnerExempt': 'lets-wins-go:efficiency',
};

/** Options whose every value but the default the rules refuse, and why they are options at all. */
const FIXED: Record<string, string> = {
  'korean.thirteenOrphans':
    'true is refused: Korean 2-point has no thirteen orphans, and the 104-tile set no bamboo to complete one; the option records the fact',
};

/** The values to try for an option other than `current`, from its `allowed` text or CUSTOM. */
function candidates(game: string, o: Option, current: unknown): unknown[] {
  const custom = CUSTOM[`${game}.${o.key}`];
  const out: unknown[] = [];
  const add = (v: unknown) => {
    if (
      o.check(v) !== undefined &&
      JSON.stringify(v) !== JSON.stringify(current) &&
      !out.some((x) => JSON.stringify(x) === JSON.stringify(v))
    )
      out.push(v);
  };
  if (custom) custom.forEach(add);
  const a = o.allowed;
  let m: RegExpExecArray | null;
  if (a === 'true or false') add(!current);
  else if ((m = /^one of (.*)$/.exec(a))) for (const x of m[1]!.split(', ')) add(o.check(x) !== undefined ? x : Number(x));
  else if ((m = /(?:^|or )an? (?:integer|number) from (-?[\d.e]+) to (-?[\d.e]+)$/.exec(a))) {
    const lo = Number(m[1]),
      hi = Number(m[2]);
    const at = typeof current === 'number' ? current : lo;
    for (const v of [at + 1, at - 1, lo, hi, 2 * at, Math.round((lo + hi) / 2)]) if (v >= lo && v <= hi) add(v);
  } else if ((m = /^a list of distinct ids from (.*)$/.exec(a))) {
    const list = current as string[];
    for (const x of m[1]!.split(', ')) add(list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);
  }
  return out;
}

/** Whether the option allows one value only (it names the one rule pongsim plays). */
const oneValue = (o: Option): boolean => /^one of [^,]+$/.test(o.allowed);

/** Rules resolved from layers, or null when the schema refuses them. */
function rulesOf(g: GameEntry, ...layers: Rules[]): Rules | null {
  try {
    const r = resolveRules<Rules>(
      g.def.schema as never,
      layers.map((values, i) => ({ where: `layer ${i}`, values })),
    );
    texts.set(r, JSON.stringify(r));
    return r;
  } catch {
    return null;
  }
}

/** Each resolved rules object as JSON, the key of what is played and scored under it. */
const texts = new WeakMap<Rules, string>();

/** The line-ups the search seats: each built-in bot at every seat (the search bot aside: too slow here). */
function bots(g: GameEntry): string[] {
  const names = g.strategies.map((d) => d.name).filter((n) => n !== 'rollout');
  return [g.defaultSeat, ...names.filter((n) => n !== g.defaultSeat)];
}

/** `name` at every seat under `rules` (a built-in bot's spec, or DEMO_STRATEGY:spec), or null
 * when it does not play under them. */
function lineUp(g: GameEntry, name: string, rules: Rules): Strategy[] | null {
  const [demo, spec] = name.includes(':') ? (name.split(':') as [string, string]) : [null, name];
  try {
    return Array.from({ length: g.def.seats(rules) }, () => {
      const bot = makeStrategy(parseSpec(spec, g.strategies, g.def.id, rules), g.strategies as StrategyDef[], rules);
      return demo ? DEMO_STRATEGIES[demo]!(bot) : bot;
    });
  } catch {
    return null;
  }
}

/** Test strategies (DEMO), each a built-in bot with one departure, for the mahjong tables; like
 * the built-in bots, each game's choices depend on that game alone. */
const DEMO_STRATEGIES: Record<string, (bot: Strategy) => Strategy> = {
  // Lets a win it is offered go one time in two: a pass on a discard, a discard on its own draw.
  'lets-wins-go': (bot) => ({
    choose(view, legal, n, rng) {
      const a = bot.choose(view, legal, n, rng);
      if (a !== WIN || rng.int(2) === 0) return a;
      for (let i = 0; i < n; i++) if (legal[i] === PASS) return PASS;
      for (let i = 0; i < n; i++) if (legal[i]! < PLAY_KINDS) return legal[i]!;
      return a;
    },
  }),
  // Declares a win whenever one is on the list, legal or not.
  'declares-every-win': (bot) => ({
    choose(view, legal, n, rng) {
      for (let i = 0; i < n; i++) if (legal[i] === WIN) return WIN;
      return bot.choose(view, legal, n, rng);
    },
  }),
};

const SEEDS = 64;

/**
 * Where the search, in its fixed order, first saw an option at work after playing for a second
 * or more (a long game under NEEDS, or dozens of seeds under every bot): the context, the value
 * and the bot, and the game. The test plays that game under both rules first, and searches only
 * if it no longer differs, so that the suite does not retrace the search's way there each run;
 * what the test asks of the option is the same.
 */
const FOUND_AT: Record<string, { context: string; value: unknown; bot: string; game: number }> = {
  'chinese-american.tripleSixBonus': { context: 'needs', value: 7, bot: 'tsumogiri', game: 1 },
  'american.lastDiscardClaimable': { context: 'no-second-charleston', value: false, bot: 'line-chaser', game: 27 },
  'korean.identicalFuriten': { context: 'econovill', value: 'blocksTileOnly', bot: 'efficiency', game: 42 },
  'korean.uperWhileFuriten': { context: 'default', value: 'dead', bot: 'uper-always', game: 29 },
  'chinese-american.robConcealedKong': { context: 'default', value: true, bot: 'efficiency', game: 62 },
  'nylonppong.combos.tenOrLessValue': { context: 'default', value: -99, bot: 'basic', game: 43 },
  'korean.pinfuPairBan': { context: 'default', value: 'seatWindOnly', bot: 'uper-always', game: 5 },
  'chinese-american.pongBeatsChow': { context: 'default', value: false, bot: 'efficiency', game: 9 },
  'chinese-american.reserveBlocksReplacement': { context: 'default', value: false, bot: 'defensive', game: 17 },
  'wolnamppong.pairHighLowMatchMultiplier': { context: 'in-between', value: 10, bot: 'kelly', game: 5 },
};

/** FOUND_AT's game for option `o`, if it still shows the option at work, as the search words it. */
function foundAt(g: GameEntry, o: Option): string | null {
  const id = g.def.id;
  const at = FOUND_AT[`${id}.${o.key}`];
  if (!at) return null;
  const set = at.context === 'needs' ? NEEDS[`${id}.${o.key}`] : at.context === 'default' ? {} : g.def.schema.presets[at.context]?.set;
  const base = set && rulesOf(g, SMALL[id]!, set as Rules);
  const alt = set && rulesOf(g, SMALL[id]!, set as Rules, { [o.key]: at.value });
  if (!base || !alt || !candidates(id, o, base[o.key]).some((v) => JSON.stringify(v) === JSON.stringify(at.value))) return null;
  return gamesDiffer(g, base, alt, at.bot, at.game) ? `${at.context}, ${JSON.stringify(at.value)}, ${at.bot}, game ${at.game}` : null;
}

// Tables and games played, kept across the options of a game: most searches play the same
// games under the same base rules.
const tables = new Map<string, Table<GameState, Rules> | null>();
const played = new Map<string, string | null>();

/** Game `index` of seed 'options' under `r` with `bot` at every seat: its returns, its rates and
 * the decisions made in it, or null when the bot does not play under these rules. */
function game(g: GameEntry, r: Rules, bot: string, index: number): string | null {
  const rules = texts.get(r)!;
  const key = `${g.def.id}|${bot}|${rules}|${index}`;
  if (played.has(key)) return played.get(key)!;
  const at = `${g.def.id}|${bot}|${rules}`;
  if (!tables.has(at)) {
    const st = lineUp(g, bot, r);
    tables.set(
      at,
      st &&
        new Table(
          g.def as GameDef<GameState, Rules>,
          r,
          st,
          st.map(() => bot),
        ),
    );
  }
  const t = tables.get(at);
  let seen: string | null = null;
  if (t) {
    const s = t.playSeeded('options', 0, index);
    const out = new Float64Array(t.strategies.length);
    g.def.returns(s, out);
    const facts: unknown[] = [Array.from(out), t.decisions];
    g.def.rates(s, (name, count, total) => facts.push(name, count, total));
    seen = JSON.stringify(facts);
  }
  played.set(key, seen);
  return seen;
}

/** Whether game `index` differs under the two rules with the same line-up. */
function gamesDiffer(g: GameEntry, a: Rules, b: Rules, bot: string, index: number): boolean {
  const x = game(g, a, bot, index);
  const y = x === null ? null : game(g, b, bot, index);
  return x !== null && y !== null && x !== y;
}

/** Where the game search first saw the option at work, or null: game by game (seed index), each
 * tried in every context (NEEDS first, then the defaults and each preset), with every value to
 * try and every line-up. */
function searchGames(g: GameEntry, o: Option, botList: string[], from: number, to: number, presets = true): string | null {
  const id = g.def.id;
  const contexts: [string, Rules][] = [];
  const needs = NEEDS[`${id}.${o.key}`];
  if (needs) contexts.push(['needs', needs]);
  contexts.push(['default', {}]);
  if (presets) for (const [name, p] of Object.entries(g.def.schema.presets)) if (name !== 'default') contexts.push([name, p.set as Rules]);
  const pairs: { name: string; base: Rules; alt: Rules; v: unknown }[] = [];
  for (const [name, set] of contexts) {
    const base = rulesOf(g, SMALL[id]!, set);
    if (!base) continue;
    for (const v of candidates(id, o, base[o.key])) {
      const alt = rulesOf(g, SMALL[id]!, set, { [o.key]: v });
      if (alt) pairs.push({ name, base, alt, v });
    }
  }
  for (let i = from; i < to; i++) {
    for (const { name, base, alt, v } of pairs) {
      for (const bot of botList) if (gamesDiffer(g, base, alt, bot, i)) return `${name}, ${JSON.stringify(v)}, ${bot}, game ${i}`;
    }
  }
  return null;
}

// ---- Scored hands ---------------------------------------------------------------------------

/** A random complete hand of the ruleset's set: four sets and a pair (some melded), seven pairs
 * (four of a kind now and then), thirteen orphans or nine gates, in a suit or two or all. */
function randomHand(rng: Rng, rs: Ruleset): { concealed: Int8Array; melds: Meld[]; winTile: number } | null {
  const copies = rs.set.copies;
  const kinds = Array.from({ length: PLAY_KINDS }, (_, k) => k).filter((k) => copies[k]! > 0);
  const suits = [0, 9, 18].filter((b) => copies[b]! > 0);
  const flavour = rng.int(4);
  const suit = suits[rng.int(suits.length)]!;
  const pool = kinds.filter((k) =>
    flavour === 0
      ? true
      : flavour === 1
        ? k >= HONOR || (k >= suit && k < suit + 9)
        : flavour === 2
          ? k >= suit && k < suit + 9
          : k >= HONOR,
  );
  const c = new Int8Array(PLAY_KINDS);
  const used = new Int8Array(PLAY_KINDS);
  const melds: Meld[] = [];
  const take = (k: number, n: number) => {
    if (used[k]! + n > copies[k]!) return false;
    used[k]! += n;
    return true;
  };
  const shape = rng.int(10);
  if (shape === 0) {
    // Seven pairs of different tiles, the last at times doubling another into four of a kind.
    const order = pool.slice();
    for (let i = 0; i < 7; i++) {
      const j = i + rng.int(order.length - i);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    if (order.length < 7) return null;
    for (let i = 0; i < 7; i++) c[i === 6 && rng.int(3) === 0 ? order[0]! : order[i]!]! += 2;
  } else if (shape === 1) {
    for (const k of kinds) if (k >= HONOR || k % 9 === 0 || k % 9 === 8) c[k] = 1;
    c[kinds.filter((k) => c[k] === 1)[rng.int(13)]!]!++;
  } else if (shape === 2) {
    for (let j = 0; j < 9; j++) c[suit + j] = j === 0 || j === 8 ? 3 : 1;
    c[suit + rng.int(9)]!++;
  } else {
    const pair = pool[rng.int(pool.length)]!;
    if (!take(pair, 2)) return null;
    c[pair]! += 2;
    const pungsOnly = rng.int(2) === 0;
    for (let i = 0; i < 4; i++) {
      const k = pool[rng.int(pool.length)]!;
      const chow = !pungsOnly && k < HONOR && k % 9 <= 6 && pool.includes(k + 2) && rng.int(2) === 0;
      const kong = !chow && rng.int(6) === 0;
      const n = kong ? 4 : 3;
      if (chow ? !(take(k, 1) && take(k + 1, 1) && take(k + 2, 1)) : !take(k, n)) return null;
      const meld = rng.int(3) === 0 || kong;
      if (meld) melds.push({ kind: chow ? 'chow' : kong ? 'kong' : 'pung', tile: k, concealed: kong && rng.int(2) === 0 });
      else if (chow) for (let j = 0; j < 3; j++) c[k + j]!++;
      else c[k]! += 3;
    }
  }
  const held = kinds.filter((k) => c[k]! > 0);
  return { concealed: c, melds, winTile: held[rng.int(held.length)]! };
}

const HANDS = 1000;

type Win = Parameters<NonNullable<Ruleset['scorer']>['score']>[0];
/** The search's hands for each scoring ruleset, drawn once: the win and its situation fields. */
const handsOf = new Map<string, { win: Win; extra: Record<string, boolean | number | string> }[]>();

function hands(rs: Ruleset): { win: Win; extra: Record<string, boolean | number | string> }[] {
  let list = handsOf.get(rs.id);
  if (list) return list;
  list = [];
  const rng = new Rng(`options/hands/${rs.id}`);
  while (list.length < HANDS) {
    const h = randomHand(rng, rs);
    if (!h) continue;
    const situation = { seatWind: rng.int(4), roundWind: rng.int(4), flowers: rng.int(5) };
    const extra: Record<string, boolean | number | string> = {};
    for (const f of rs.scorer!.fields) {
      if (rng.int(3) !== 0) continue;
      if (f.type === 'bool') extra[f.name] = true;
      else if (f.type === 'wind') extra[f.name] = rng.int(4);
      else if (f.type === 'count') extra[f.name] = rng.int(4);
      else if (f.type === 'enum') extra[f.name] = f.values![rng.int(f.values!.length)]!;
      else extra[f.name] = ['m1', 'p5', 'z1', 'z7'][rng.int(4)]!;
    }
    list.push({ win: { ...h, selfDraw: rng.int(2) === 0, situation }, extra });
  }
  handsOf.set(rs.id, list);
  return list;
}

const scored = new Map<string, string | null>();

/** Hand `i`'s score under `r` (its legality, total, row and payments), or null when the scorer
 * refuses its situation under these rules. */
function scoreOf(rs: Ruleset, r: Rules, i: number): string | null {
  const key = `${rs.id}|${texts.get(r)!}|${i}`;
  if (scored.has(key)) return scored.get(key)!;
  const { win, extra } = hands(rs)[i]!;
  let out: string | null = null;
  try {
    const s = rs.scorer!.score(win, extra, r);
    out = JSON.stringify([s.legal, s.total, s.row, s.payments]);
  } catch {
    out = null;
  }
  scored.set(key, out);
  return out;
}

/** Where the hand search first saw the option change a score, or null. */
function searchHands(g: GameEntry, o: Option): string | null {
  const rs = g.ruleset;
  if (!rs?.scorer) return null;
  const needs = NEEDS[`${g.def.id}.${o.key}`] ?? {};
  const base = rulesOf(g, needs);
  if (!base) return null;
  const alts = candidates(g.def.id, o, base[o.key])
    .map((v) => rulesOf(g, needs, { [o.key]: v }))
    .filter((r) => r !== null);
  for (let i = 0; i < HANDS; i++) {
    const before = scoreOf(rs, base, i);
    if (before === null) continue;
    for (const alt of alts) {
      const after = scoreOf(rs, alt, i);
      if (after !== null && after !== before) return `hand ${i}: ${JSON.stringify(alt[o.key])}`;
    }
  }
  return null;
}

describe('every rule option does something', { timeout: 60_000 }, () => {
  for (const g of GAMES) {
    describe(g.def.id, () => {
      for (const o of g.def.schema.options) {
        const key = `${g.def.id}.${o.key}`;
        if (oneValue(o)) continue;
        if (FIXED[key]) {
          it(`${o.key}: one value (${FIXED[key]})`, () => {
            for (const v of candidates(g.def.id, o, o.default))
              expect(rulesOf(g, { [o.key]: v }), `${key} = ${JSON.stringify(v)}`).toBeNull();
          });
          continue;
        }
        const why = UNREACHABLE[key];
        it(why ? `${o.key}: listed (${why})` : `${o.key} changes some game or scored hand`, () => {
          if (why) {
            const demo = DEMO[key];
            if (demo) expect(searchGames(g, o, [demo], 0, SEEDS), `${key} with ${demo}`).not.toBeNull();
            return;
          }
          expect(candidates(g.def.id, o, o.default).length, `${key}: no value to try (${o.allowed}); add it to CUSTOM`).toBeGreaterThan(0);
          // A few games of the reference bot first, then the hands, then every game: what most
          // options change shows in the first games, what a rule of scoring changes in the hands.
          const found =
            foundAt(g, o) ?? searchGames(g, o, [g.defaultSeat], 0, 4, false) ?? searchHands(g, o) ?? searchGames(g, o, bots(g), 0, SEEDS);
          expect(found, `${key}: no game or hand found where a value other than the default changes anything`).not.toBeNull();
        });
      }
    });
  }
});
