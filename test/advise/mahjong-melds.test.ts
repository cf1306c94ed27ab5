// pongsim advise korean and chinese-american with calls and flowers: a situation read from a
// table the engine played gives the legal actions the engine gives there, and certain answers
// hold with melds.
import { describe, expect, it } from 'vitest';
import type { GameDef } from '../../src/core/game.js';
import { Rng } from '../../src/core/rng.js';
import { resolveRules } from '../../src/core/rules.js';
import { makeStrategy, parseSpec, type StrategyDef } from '../../src/core/strategy.js';
import { chineseAmerican } from '../../src/games/mahjong/chinese-american/game.js';
import { korean } from '../../src/games/mahjong/korean/game.js';
import { addMeldTiles, CONCEALED_KONG, MAX_MELDS } from '../../src/games/mahjong/table/melds.js';
import { koreanRuleset } from '../../src/games/mahjong/korean/ruleset.js';
import { chineseAmericanRuleset } from '../../src/games/mahjong/chinese-american/ruleset.js';
import { tableSituation } from '../../src/games/mahjong/table/situation.js';
import { CLAIM, LAST_SEAT, SEATS, TURN, type TableState } from '../../src/games/mahjong/table/state.js';
import { FLOWER, JOKER, KINDS, PLAY_KINDS, formatTiles, parseTiles, tileName } from '../../src/games/mahjong/tiles.js';
import { advise } from '../../src/library/advise.js';
import { inputErrorLineAsync } from '../support/errors.js';
import { chineseAmericanStrategies } from '../../strategies/chinese-american/index.js';
import { koreanStrategies } from '../../strategies/korean/index.js';

const KEYS = ['', 'right', 'across', 'left'];

/** The situation seat 0 sees at `s`, in the fields advise reads. */
function seen(s: TableState, rivers: number[][]): Record<string, unknown> {
  const g: Record<string, unknown> = {};
  const flowerKinds: number[] = [];
  for (let k = FLOWER; k < JOKER; k++) for (let c = 0; c < s.seen[k]!; c++) flowerKinds.push(k);
  for (let y = 0; y < SEATS; y++) {
    const melds: string[] = [];
    for (let i = y * MAX_MELDS; i < y * MAX_MELDS + s.meldN[y]!; i++) {
      const c = new Int8Array(KINDS);
      addMeldTiles(c, s.meldType[i]!, s.meldKind[i]!);
      melds.push(formatTiles(c) + (s.meldType[i] === CONCEALED_KONG ? '*' : ''));
    }
    const river = new Int8Array(KINDS);
    for (const k of rivers[y]!) river[k]!++;
    // Which flowers each seat set aside does not matter to the rules: their count does.
    const flowers = new Int8Array(KINDS);
    for (let i = 0; i < s.flowers[y]!; i++) flowers[flowerKinds.pop()!]!++;
    const key = (name: string) => (y === 0 ? name : `${KEYS[y]}${name[0]!.toUpperCase()}${name.slice(1)}`);
    g[key('melds')] = melds;
    g[key('flowers')] = formatTiles(flowers);
    g[y === 0 ? 'discards' : KEYS[y]!] = formatTiles(river);
  }
  return g;
}

/**
 * Plays the first hand of seed `seed` with `bot` in every seat until seat 0 is to act with a
 * meld of its own: on its turn after a draw, or offered a discard of the seat on its left.
 * Returns the table and every river (the discards not called), or null when the hand ends first.
 */
function playUntilMeld(game: GameDef, rules: unknown, defs: StrategyDef[], seed: string, claim: boolean) {
  const s = game.create(rules) as TableState;
  game.deal(s, new Rng(seed));
  const bot = makeStrategy(parseSpec('efficiency', defs, game.id, rules), defs, rules);
  const rivers: number[][] = [[], [], [], []];
  const list = new Int16Array(game.maxActions(rules));
  const rng = new Rng(`${seed}/bot`);
  while (s.handNo === 0) {
    if (s.meldN[0]! > 0 && s.cur === 0 && !s.afterKong && !s.afterFlower) {
      if (!claim && s.phase === TURN && s.drawn >= 0) return { s, rivers };
      if (claim && s.phase === CLAIM && s.discarder === LAST_SEAT && !s.robbing) return { s, rivers };
    }
    const x = s.cur;
    const m = game.legal(s, list);
    const a = bot.choose(game.view(s, x), list, m, rng);
    const discards = Array.from(s.discards);
    const open = Array.from(s.openMelds);
    game.apply(s, a, 0);
    if (s.handNo !== 0) break;
    for (let y = 0; y < SEATS; y++) if (s.discards[y]! > discards[y]!) rivers[y]!.push(s.claimTile);
    for (let y = 0; y < SEATS; y++) if (s.openMelds[y]! > open[y]!) rivers[s.discarder]!.pop();
  }
  return null;
}

const legalNames = (game: GameDef, s: TableState): string[] => {
  const list = new Int16Array(game.maxActions(s.r));
  const m = game.legal(s, list);
  return Array.from(list.subarray(0, m), (a) => game.actionName(s, a, 0)).sort();
};

const tables = [
  { game: korean as GameDef<TableState>, ruleset: koreanRuleset, defs: koreanStrategies as StrategyDef[] },
  { game: chineseAmerican as GameDef<TableState>, ruleset: chineseAmericanRuleset, defs: chineseAmericanStrategies as StrategyDef[] },
];

describe('pongsim advise korean and chinese-american with melds and flowers', () => {
  for (const { game, ruleset, defs } of tables) {
    for (const claim of [false, true]) {
      it(`${game.id}: a situation read from a played table with melds gives the engine's legal actions (${claim ? 'a discard on offer' : 'her turn'})`, async () => {
        const rules = resolveRules(game.schema, []);
        let found = null;
        for (let i = 0; i < 200 && !found; i++) found = playUntilMeld(game, rules, defs, `melds${i}`, claim);
        expect(found).not.toBeNull();
        const { s, rivers } = found!;
        const given = seen(s, rivers);
        const hand = new Int8Array(KINDS);
        for (let k = 0; k < PLAY_KINDS; k++) hand[k] = s.hand[k]!;
        given.hand = formatTiles(hand);
        if (claim) {
          // The tile on offer is not in the river yet: it is given as offered.
          rivers[LAST_SEAT]!.pop();
          given.left = formatTiles(parseTiles(rivers[LAST_SEAT]!.map(tileName).join(' ')));
          given.offered = tileName(s.claimTile);
        } else given.drawn = tileName(s.drawn);
        const built = tableSituation(game, ruleset, rules, given, (k) => k);
        expect(legalNames(game, built.state)).toEqual(legalNames(game, s));
        // The same tiles are left to draw, and everyone's melds are on the table.
        expect(built.state.live()).toBe(s.live());
        expect(built.read.wall).toBe(s.live());
        expect(Array.from(built.state.meldN)).toEqual(Array.from(s.meldN));
        expect(Array.from(built.state.flowers)).toEqual(Array.from(s.flowers));
        expect(Array.from(built.state.seen)).toEqual(Array.from(s.seen));
      });
    }
  }

  it('chinese-american: never breaks a complete hand with a meld on the last tile', async () => {
    // 11 concealed tiles and a pung of p5, three flowers set aside: 72 discards leave the wall of
    // 144 less the reserve of 16 empty.
    const hand = 'm234 m567 m789 m99';
    const used = parseTiles(`${hand} p555 z111`);
    const river: string[] = [];
    for (let k = PLAY_KINDS - 1; k >= 0 && river.length < 72; k--)
      for (let c = used[k]!; c < 4 && river.length < 72; c++) river.push(tileName(k));
    const r = await advise({
      game: 'chinese-american',
      hand,
      drawn: 'm9',
      melds: 'p555',
      rightMelds: 'z111',
      flowers: 'f1',
      leftFlowers: 'f2 f3',
      right: river.slice(0, 24).join(' '),
      across: river.slice(24, 48).join(' '),
      left: river.slice(48).join(' '),
      budget: 600,
    });
    expect(r.situation).toMatchObject({ melds: ['p555'], rightMelds: ['z111'], flowers: 'f1', leftFlowers: 'f23', wall: 0 });
    expect(r.best).toBe('win (self-draw)');
    expect(r.clear).toBe(true);
    expect(r.actions[0]!.value_ci_low).toBe(r.actions[0]!.value_ci_high);
    for (const a of r.actions.slice(1)) expect(a.value).toBeLessThanOrEqual(0);
  });

  it('korean: takes a win on the last discard with a meld, over passing or calling', async () => {
    // 10 concealed tiles and a pung of m8, a flush (no-flowers: 100 tiles); 47 discards, the tile on offer the
    // last, leave the wall empty.
    const hand = 'm111 m234 m567 m9';
    const used = parseTiles(`${hand} m9 m888`);
    const river: string[] = [];
    for (let k = PLAY_KINDS - 1; k >= 0 && river.length < 47; k--)
      if (k < 18 || k >= 27) for (let c = used[k]!; c < 4 && river.length < 47; c++) river.push(tileName(k));
    const r = await advise({
      game: 'korean',
      rules: 'no-flowers',
      hand,
      melds: 'm888',
      offered: 'm9',
      right: river.slice(0, 16).join(' '),
      across: river.slice(16, 32).join(' '),
      left: river.slice(32).join(' '),
      budget: 600,
    });
    expect(r.situation.wall).toBe(0);
    expect(r.best).toBe('win on m9');
    expect(r.clear).toBe(true);
    for (const a of r.actions.slice(1)) expect(a.diff_ci_high).toBeLessThan(0);
  });

  it('chinese-american: the special hands the bots can play are ranked beside the discards where the hand is near them', async () => {
    // Three pongs and a pair: two tiles from four pongs (and, counted as special-seeker counts,
    // from seven pairs), six tiles off any one suit.
    const r = await advise({ game: 'chinese-american', hand: 'm111 p222 s333 z55 m78 z6', drawn: 'z6', budget: 800, seed: 'sp' });
    const names = r.actions.map((a) => a.action);
    const pongs = names.filter((a) => a.endsWith(', going for four pongs'));
    expect(pongs).toHaveLength(1);
    // The bot that chases four pongs keeps the pongs and pairs: it throws a single.
    expect(pongs[0]).toMatch(/^discard (m7|m8|z6), going for four pongs$/);
    // special-seeker, near seven pairs here as it counts, chases four pongs with this hand: the
    // row above is that plan, and no row names seven pairs for it.
    expect(names.some((a) => a.includes('special-seeker'))).toBe(false);
    expect(names.some((a) => a.includes('going for one suit'))).toBe(false);
    // Every discard is ranked too, played on by the policy.
    expect(names.filter((a) => /^discard [a-z]\d$/.test(a)).sort()).toEqual(
      ['discard m1', 'discard m7', 'discard m8', 'discard p2', 'discard s3', 'discard z5', 'discard z6'].sort(),
    );
    // Four pairs and a single of each: special-seeker chases seven pairs, and its row says so.
    const pairs = await advise({ game: 'chinese-american', hand: 'm1199 p2255 s3 z55 m78 z6', budget: 800, seed: 'sp' });
    const seeker = pairs.actions.map((a) => a.action).filter((a) => a.includes('special-seeker'));
    expect(seeker).toHaveLength(1);
    expect(seeker[0]).toMatch(/^discard (s3|m7|m8|z6), going for seven pairs \(special-seeker\)$/);
    // A hand far from every special hand gets no such row.
    const plain = await advise({ game: 'chinese-american', hand: 'm123 p456 s789 z11 m45 p1', budget: 800, seed: 'sp' });
    expect(plain.actions.some((a) => a.action.includes('going for'))).toBe(false);
  });

  it('bad melds and flowers get one line naming the field', async () => {
    const hand = 'm123 p456 m45 p99 z11';
    expect(await inputErrorLineAsync(() => advise({ game: 'korean', hand, melds: 'p777 p8' }))).toMatch(
      /^--melds: "p777 p8" is not a meld/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'korean', hand: `${hand} z2`, melds: 'p777' }))).toMatch(
      /^--hand: expected 11 concealed tiles on your turn \(the tile drawn included\) beside 1 meld\(s\) \(got 13\)/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'chinese-american', hand: 'm123 p456 s789 z11 m45 p1', flowers: 'm1' }))).toMatch(
      /^--flowers: m1 is not a flower/,
    );
    expect(
      await inputErrorLineAsync(() => advise({ game: 'chinese-american', hand: 'm123 p456 s789 z11 m45 p1', leftMelds: 'z111' })),
    ).toMatch(/^--left-melds: z1 appears more than the 4 the set holds/);
    expect(await inputErrorLineAsync(() => advise({ game: 'korean', rules: 'no-flowers', hand: `${hand} p12`, flowers: 'f1' }))).toMatch(
      /^--flowers: f1 is not in this game's set/,
    );
  });
});
