import fs from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import type { RulesSchema } from '../core/rules.js';
import { addMelds, type Meld } from '../games/mahjong/decompose.js';
import { RULESETS, rulesetById, type HandScore, type Ruleset, type WinSituation } from '../games/mahjong/rulesets.js';
import { liveCopies, type TileSet } from '../games/mahjong/tile-sets.js';
import { FLOWER, HONOR, JOKER, KINDS, PLAY_KINDS, formatTiles, parseTiles, tileCount, tileKind, tileName } from '../games/mahjong/tiles.js';
import { collect, rulesFrom } from './options.js';
import { americanHand } from './hand-american.js';

/** Concealed tiles of one hand, flowers set aside. */
interface ParsedHand {
  /** Length KINDS, flowers zeroed (they are set aside and counted in `flowers`). */
  concealed: Int8Array;
  /** Play tiles in `concealed`. */
  tiles: number;
  flowers: number;
  /** The hand in canonical notation, flowers included. */
  notation: string;
}

/** "m1-m9, p1-p9, z1-z7 (4 of each), f1-f4 (1 of each)": what a set holds, for error lines. */
function describeSet(set: TileSet): string {
  const runs: { from: number; to: number; copies: number }[] = [];
  for (let k = 0; k < KINDS; k++) {
    const c = set.copies[k]!;
    if (c === 0) continue;
    const last = runs.at(-1);
    const sameSuit = last !== undefined && tileName(k)[0] === tileName(last.to)[0];
    if (last && last.to === k - 1 && last.copies === c && sameSuit) last.to = k;
    else runs.push({ from: k, to: k, copies: c });
  }
  const groups = new Map<number, string[]>();
  for (const r of runs) {
    const text = r.from === r.to ? tileName(r.from) : `${tileName(r.from)}-${tileName(r.to)}`;
    groups.set(r.copies, [...(groups.get(r.copies) ?? []), text]);
  }
  return [...groups].map(([copies, names]) => `${names.join(', ')} (${copies} of each)`).join(', ');
}

/** Melds as written: a pung p555, a kong p5555, a concealed kong p5555*, a chow m123. */
function parseMelds(text: string, ruleset: Ruleset, rules: unknown): Meld[] {
  if (text.trim() === '') return [];
  const melds = text.split(',').map((raw): Meld => {
    const part = raw.trim();
    const concealed = part.endsWith('*');
    const body = concealed ? part.slice(0, -1) : part;
    const shapes = 'a pung (p555), a kong (p5555; concealed: p5555*) or a chow (m123)';
    let c: Int8Array;
    try {
      c = parseTiles(body);
    } catch (e) {
      throw new InputError(`--melds: ${(e as Error).message}`);
    }
    const kinds: number[] = [];
    for (let k = 0; k < KINDS; k++) if (c[k]! > 0) kinds.push(k);
    const n = tileCount(c);
    const first = kinds[0] ?? 0;
    if (kinds.some((k) => k >= PLAY_KINDS)) throw new InputError(`--melds: "${part}": flowers and jokers are not part of a meld; each meld is ${shapes}`);
    if (kinds.length === 1 && (n === 3 || n === 4)) {
      if (concealed && n === 3) throw new InputError(`--melds: "${part}": only a kong can be marked * (concealed); a concealed pung is simply part of the hand`);
      return { kind: n === 3 ? 'pung' : 'kong', tile: first, concealed };
    }
    const chow = n === 3 && kinds.length === 3 && first < HONOR && first % 9 <= 6 && kinds[1] === first + 1 && kinds[2] === first + 2;
    if (chow && !concealed) {
      if (!ruleset.chowMelds(rules)) {
        throw new InputError(`--melds: "${part}": ${ruleset.id} has no chow calls (a sequence completed by a discard win belongs in the hand); melds are pungs and kongs`);
      }
      return { kind: 'chow', tile: first, concealed: false };
    }
    throw new InputError(`--melds: "${part}" is not a meld; each meld is ${shapes}, separated by commas`);
  });
  if (melds.length > 4) throw new InputError(`--melds: ${melds.length} melds given; a hand has at most 4`);
  return melds;
}

function meldName(m: Meld): string {
  const c = new Int8Array(KINDS);
  addMelds(c, [m]);
  return formatTiles(c) + (m.concealed ? '*' : '');
}

/**
 * Parses and checks one hand: the notation, every count against the ruleset's set (melds
 * included) and the number of concealed tiles. Throws a message without a location; the
 * caller names the argument or stdin line.
 */
function readHand(text: string, set: TileSet, melds: readonly Meld[]): ParsedHand {
  const counts = parseTiles(text);
  const notation = formatTiles(counts);
  const all = Int8Array.from(counts);
  addMelds(all, melds);
  for (let k = 0; k < KINDS; k++) {
    const n = all[k]!;
    const limit = set.copies[k]!;
    if (n <= limit) continue;
    if (limit === 0) throw new Error(`${tileName(k)} is not in the ${set.id} set, which holds ${describeSet(set)}`);
    const where = melds.length > 0 ? ' in the hand and melds' : '';
    throw new Error(`${tileName(k)} appears ${n} times${where}; the ${set.id} set holds ${limit}`);
  }
  let flowers = 0;
  for (let k = FLOWER; k < JOKER; k++) {
    flowers += counts[k]!;
    counts[k] = 0;
  }
  let tiles = 0;
  for (let k = 0; k < PLAY_KINDS; k++) tiles += counts[k]!;
  const k = melds.length;
  if (tiles !== 13 - 3 * k && tiles !== 14 - 3 * k) {
    const withMelds = k === 0 ? 'with no melds' : `with ${k} meld${k > 1 ? 's' : ''}`;
    const aside = flowers > 0 ? ' besides flowers' : '';
    throw new Error(`"${text}" holds ${tiles} tiles${aside}; ${withMelds} a hand holds ${13 - 3 * k} (waiting) or ${14 - 3 * k} (after drawing)`);
  }
  return { concealed: counts, tiles, flowers, notation };
}

/** Copies of each kind the player can see: the hand and its melds. */
function visibleTiles(hand: ParsedHand, melds: readonly Meld[]): Int8Array {
  const v = Int8Array.from(hand.concealed);
  addMelds(v, melds);
  return v;
}

const scratch = new Uint8Array(PLAY_KINDS);

/**
 * Improving kinds of a 13 - 3k tile hand, leaving out kinds whose every copy the hand
 * already holds (melds included): those cannot be drawn.
 */
function improvingKinds(ruleset: Ruleset, concealed: ArrayLike<number>, melds: number, visible: ArrayLike<number>): number[] {
  const n = ruleset.evaluator.improving(concealed, melds, scratch);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = scratch[i]!;
    if (visible[k]! < ruleset.set.copies[k]!) out.push(k);
  }
  return out;
}

interface TileLive { tile: string; live: number }

function withLive(kinds: number[], visible: ArrayLike<number>, set: TileSet): TileLive[] {
  return kinds.map((k) => ({ tile: tileName(k), live: liveCopies(k, visible, set) }));
}

const sum = (xs: TileLive[]): number => xs.reduce((s, x) => s + x.live, 0);

interface DiscardRow { tile: string; shanten: number; improving: string[]; live: number; liveByTile: TileLive[] }

/** Every distinct discard of a 14 - 3k tile hand, best first: lowest shanten, then most live improving tiles. */
function discardRows(ruleset: Ruleset, hand: ParsedHand, melds: readonly Meld[], visible: ArrayLike<number>): DiscardRow[] {
  const c = Int8Array.from(hand.concealed);
  const rows: (DiscardRow & { kind: number })[] = [];
  for (let d = 0; d < PLAY_KINDS; d++) {
    if (c[d] === 0) continue;
    c[d]!--;
    const after = ruleset.evaluator.shanten(c, melds.length);
    // The discarded copy stays visible: it is out of the wall either way.
    const live = withLive(improvingKinds(ruleset, c, melds.length, visible), visible, ruleset.set);
    c[d]!++;
    rows.push({ kind: d, tile: tileName(d), shanten: after, improving: live.map((x) => x.tile), live: sum(live), liveByTile: live });
  }
  rows.sort((a, b) => a.shanten - b.shanten || b.live - a.live || a.kind - b.kind);
  return rows.map(({ kind: _, ...r }) => r);
}

/** Reads a wind as E/S/W/N, east..north or z1-z4; 0..3. */
function wind(flag: string) {
  return (text: string): number => {
    const t = text.trim().toLowerCase();
    const i = [['e', 'east', 'z1'], ['s', 'south', 'z2'], ['w', 'west', 'z3'], ['n', 'north', 'z4']].findIndex((names) => names.includes(t));
    if (i < 0) throw new InputError(`${flag}: expected E, S, W or N (or east..north, z1-z4) (got ${JSON.stringify(text)})`);
    return i;
  };
}

function firstTurn(text: string): WinSituation['first'] {
  if (text === 'heavenly' || text === 'earthly' || text === 'human') return text;
  throw new InputError(`--first: expected heavenly, earthly or human (got ${JSON.stringify(text)})`);
}

function flowerCountArg(text: string): number {
  if (!/^\d$/.test(text.trim())) throw new InputError(`--flowers: expected a count from 0 to 8 (got ${JSON.stringify(text)})`);
  return Number(text);
}

/** House rules for the ruleset's scorer: defaults, a preset or JSON file, then --set. */
function scorerRules(ruleset: Ruleset, rulesArg: string | undefined, sets: string[]): unknown {
  const schema = ruleset.scorer?.schema;
  if (!schema) {
    if (rulesArg !== undefined || sets.length) {
      throw new InputError(`--rules/--set: ${ruleset.id} has no scorer yet, so no house rules; rulesets with one: ${scoringRulesets()}`);
    }
    return null;
  }
  return rulesFrom(schema as RulesSchema<unknown>, rulesArg, sets);
}

const scoringRulesets = (): string => RULESETS.filter((r) => r.scorer).map((r) => r.id).join(', ');

interface HandFlags {
  card?: string;
  exposed?: string;
  melds?: string;
  json?: boolean;
  winTile?: string;
  selfDraw?: boolean;
  discard?: boolean;
  seatWind?: number;
  roundWind?: number;
  flowers?: number;
  uper?: boolean;
  openUper?: boolean;
  kongReplacement?: boolean;
  afterKong?: boolean;
  last?: boolean;
  first?: WinSituation['first'];
  discarder?: number;
  rules?: string;
  set?: string[];
}

/** Situation flags and the WinSituation field each sets; they only make sense when scoring. */
const SITUATION_FLAGS: [keyof HandFlags, string, keyof WinSituation][] = [
  ['seatWind', '--seat-wind', 'seatWind'],
  ['roundWind', '--round-wind', 'roundWind'],
  ['flowers', '--flowers', 'flowers'],
  ['uper', '--uper', 'uper'],
  ['openUper', '--open-uper', 'uper'],
  ['kongReplacement', '--kong-replacement', 'kongReplacement'],
  ['afterKong', '--after-kong', 'afterKongDiscard'],
  ['last', '--last', 'last'],
  ['first', '--first', 'first'],
  ['discarder', '--discarder', 'discarder'],
];

/** One hand a line from stdin; every line is checked before anything is written. */
function stdinHands(ruleset: Ruleset, flags: HandFlags): void {
  const extra = (Object.keys(flags) as (keyof HandFlags)[]).filter((k) => k !== 'json' && flags[k] !== undefined);
  if (extra.length) {
    throw new InputError(`hand -: stdin mode takes one concealed hand a line and only --json (got --${extra[0]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)})`);
  }
  const lines = fs.readFileSync(0, 'utf8').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.replace(/\r$/, '').trim();
    if (text === '') continue;
    let hand: ParsedHand;
    try {
      hand = readHand(text, ruleset.set, []);
    } catch (e) {
      throw new InputError(`stdin line ${i + 1}: ${(e as Error).message}`);
    }
    const shanten = ruleset.evaluator.shanten(hand.concealed, 0);
    // Waits belong to a 13-tile hand; a 14-tile hand has none until it discards.
    const waits = hand.tiles === 13 && shanten === 0 ? improvingKinds(ruleset, hand.concealed, 0, hand.concealed).map(tileName) : [];
    out.push(JSON.stringify({ hand: hand.notation, shanten, waits }));
  }
  if (out.length) process.stdout.write(out.join('\n') + '\n');
}

/** Checks the scoring flags and builds the win's situation; null when not scoring. */
function winSituation(ruleset: Ruleset, flags: HandFlags, hand: ParsedHand, melds: readonly Meld[]): WinSituation | null {
  const given = SITUATION_FLAGS.filter(([key]) => flags[key] !== undefined);
  if (flags.winTile === undefined) {
    const stray = given[0]?.[1] ?? (flags.selfDraw ? '--self-draw' : flags.discard ? '--discard' : undefined);
    if (stray) throw new InputError(`${stray}: only used when scoring a complete hand; add --win-tile T and --self-draw or --discard`);
    return null;
  }
  const scorer = ruleset.scorer;
  if (!scorer) throw new InputError(`--win-tile: ${ruleset.id} has no scorer yet; rulesets that score: ${scoringRulesets()}`);
  if (flags.selfDraw && flags.discard) throw new InputError('--self-draw and --discard: a win is one or the other; give exactly one');
  if (!flags.selfDraw && !flags.discard) throw new InputError('--win-tile: say how the tile came, --self-draw or --discard');
  for (const [, flag, field] of given) {
    if (!scorer.reads.includes(field)) throw new InputError(`${flag}: the ${ruleset.id} scorer does not use it; it reads ${scorer.reads.join(', ')}`);
  }
  if (flags.uper && flags.openUper) throw new InputError('--uper and --open-uper: give one (an open uper includes the uper point)');
  if ((flags.uper || flags.openUper) && melds.some((m) => !m.concealed)) {
    throw new InputError(`${flags.uper ? '--uper' : '--open-uper'}: an uper hand is concealed; only concealed kongs (p5555*) may be melded`);
  }
  if (flags.kongReplacement && !flags.selfDraw) throw new InputError('--kong-replacement: a kong replacement tile is self-drawn; use it with --self-draw');
  if (flags.kongReplacement && !melds.some((m) => m.kind === 'kong')) throw new InputError('--kong-replacement: the hand has no kong; add one with --melds, e.g. p5555*');
  if (flags.discarder !== undefined && !flags.discard) throw new InputError('--discarder: only a discard win has a discarder; use it with --discard');
  if (flags.discarder !== undefined && flags.discarder === (flags.seatWind ?? 0)) throw new InputError('--discarder: the discarder is another seat than the winner\'s (--seat-wind)');
  if (flags.afterKong && !flags.discard) throw new InputError('--after-kong: the discard after a kong is won with --discard');
  if ((flags.first === 'heavenly' || flags.first === 'earthly') && !flags.selfDraw) throw new InputError(`--first ${flags.first}: a ${flags.first} win is self-drawn; use --self-draw`);
  if (flags.first === 'human' && !flags.discard) throw new InputError('--first human: a human win is on a discard; use --discard');
  if (flags.first === 'heavenly' && (flags.seatWind ?? 0) !== 0) throw new InputError('--first heavenly: a heavenly win is the dealer\'s (seat wind E)');
  if (flags.flowers !== undefined && hand.flowers > 0) throw new InputError('--flowers: the hand already lists its flowers; give them in the hand or with --flowers, not both');
  const flowers = flags.flowers ?? hand.flowers;
  let setFlowers = 0;
  for (let k = FLOWER; k < JOKER; k++) setFlowers += ruleset.set.copies[k]!;
  if (flowers > setFlowers) throw new InputError(`--flowers: the ${ruleset.set.id} set has ${setFlowers} flowers (got ${flowers})`);
  return {
    seatWind: flags.seatWind ?? 0,
    roundWind: flags.roundWind ?? 0,
    flowers,
    uper: flags.openUper ? 'open' : flags.uper ? 'uper' : 'none',
    kongReplacement: flags.kongReplacement ?? false,
    afterKongDiscard: flags.afterKong ?? false,
    last: flags.last ?? false,
    first: flags.first ?? 'none',
    discarder: flags.discarder ?? ((flags.seatWind ?? 0) + 3) % 4,
  };
}

function winTileKind(text: string, hand: ParsedHand, melds: number): number {
  let k: number;
  try {
    k = tileKind(text.trim());
  } catch {
    throw new InputError(`--win-tile: expected one tile such as m5, p9 or z7 (got ${JSON.stringify(text)})`);
  }
  if (k >= PLAY_KINDS) throw new InputError(`--win-tile: ${tileName(k)} cannot win a hand; give a suit or honour tile`);
  if (hand.concealed[k] === 0) {
    throw new InputError(`--win-tile: ${tileName(k)} is not among the concealed tiles; write the hand with its winning tile (${14 - 3 * melds} tiles with ${melds} meld(s))`);
  }
  return k;
}

function singleHand(ruleset: Ruleset, text: string, flags: HandFlags, rules: unknown): void {
  const melds = parseMelds(flags.melds ?? '', ruleset, rules);
  let hand: ParsedHand;
  try {
    hand = readHand(text, ruleset.set, melds);
  } catch (e) {
    throw new InputError(`hand: ${(e as Error).message}`);
  }
  const situation = winSituation(ruleset, flags, hand, melds);
  const k = melds.length;
  const shanten = ruleset.evaluator.shanten(hand.concealed, k);
  const visible = visibleTiles(hand, melds);
  const base = {
    ruleset: ruleset.id,
    hand: hand.notation,
    melds: melds.map(meldName),
    flowers: situation?.flowers ?? hand.flowers,
    tiles: hand.tiles,
    shanten,
  };
  let score: { winTile: string; selfDraw: boolean } & HandScore | undefined;
  if (situation) {
    const win = winTileKind(flags.winTile!, hand, k);
    if (shanten !== -1) {
      const need = hand.tiles === 14 - 3 * k ? `it is ${shanten} from ready` : `it holds ${hand.tiles} tiles, one short`;
      throw new InputError(`--win-tile: the hand is not complete (${need}); scoring needs a winning hand of ${14 - 3 * k} concealed tiles with ${k} meld(s), winning tile included`);
    }
    const s = ruleset.scorer!.score({ concealed: hand.concealed, melds, winTile: win, selfDraw: flags.selfDraw === true, situation }, rules);
    score = { winTile: tileName(win), selfDraw: flags.selfDraw === true, ...s };
  }

  if (hand.tiles === 13 - 3 * k) {
    const improving = withLive(improvingKinds(ruleset, hand.concealed, k, visible), visible, ruleset.set);
    const waits = shanten === 0 ? improving : [];
    const result = {
      ...base,
      waits: waits.map((x) => x.tile),
      live: Object.fromEntries(waits.map((x) => [x.tile, x.live])),
      improving: improving.map((x) => x.tile),
      improvingLive: sum(improving),
    };
    if (flags.json) {
      process.stdout.write(JSON.stringify(result) + '\n');
      return;
    }
    const lines = header(base);
    if (shanten === 0) lines.push(`waits      ${tileList(waits)} (${sum(waits)} live)`);
    else lines.push(`improving  ${tileList(improving)} (${sum(improving)} live)`);
    process.stdout.write(lines.join('\n') + '\n');
    return;
  }

  const discards = discardRows(ruleset, hand, melds, visible);
  const result = {
    ...base,
    waits: [] as string[],
    discards: discards.map(({ liveByTile: _, ...d }) => d),
    ...(score ? { score } : {}),
  };
  if (flags.json) {
    process.stdout.write(JSON.stringify(result) + '\n');
    return;
  }
  const lines = header(base);
  if (score) lines.push(...scoreLines(score));
  const width = Math.max(...discards.map((d) => d.tile.length), 'discard'.length);
  lines.push(`${'discard'.padEnd(width)}  shanten  live  improving (live copies)`);
  for (const d of discards) {
    lines.push(`${d.tile.padEnd(width)}  ${String(d.shanten).padEnd(7)}  ${String(d.live).padEnd(4)}  ${tileList(d.liveByTile)}`.trimEnd());
  }
  process.stdout.write(lines.join('\n') + '\n');
}

function header(base: { ruleset: string; hand: string; melds: string[]; flowers: number; tiles: number; shanten: number }): string[] {
  const state = base.shanten === -1 ? ' (complete)' : base.shanten === 0 ? ' (ready)' : '';
  const lines = [`hand       ${base.hand} (${base.tiles} tiles; ${base.ruleset})`];
  if (base.melds.length) lines.push(`melds      ${base.melds.join(' ')}`);
  if (base.flowers) lines.push(`flowers    ${base.flowers}`);
  lines.push(`shanten    ${base.shanten}${state}`);
  return lines;
}

const tileList = (xs: TileLive[]): string => xs.map((x) => `${x.tile}:${x.live}`).join(' ');

function scoreLines(s: { winTile: string; selfDraw: boolean } & HandScore): string[] {
  const how = s.selfDraw ? 'self-draw' : 'discard';
  const lines = [`win        ${s.winTile} by ${how}: ${s.total} points${s.legal ? '' : `; not a legal win: ${s.reason}`}`];
  const width = Math.max(0, ...s.breakdown.map((b) => b.name.length));
  for (const b of s.breakdown) lines.push(`  ${b.name.padEnd(width)}  ${b.points}`);
  const parts = Object.entries(s.parts);
  if (parts.length) lines.push(`  ${parts.map(([k, v]) => `${k} ${v}`).join(' + ')} = ${s.total}`);
  if (s.payments) lines.push(`pays       ${Object.entries(s.payments).map(([w, x]) => `${w} ${x}`).join(', ')}`);
  return lines;
}

export function registerHand(program: Command): void {
  program
    .command('hand')
    .description('shanten, waits with live tiles, best discards and (for a complete hand) the score of a mahjong hand')
    .argument('<ruleset>', `${RULESETS.map((r) => r.id).join(', ')} or american`)
    .argument('<tiles>', 'the concealed tiles in notation, e.g. m1112345678999 or "m123 p456 z11" (z1-z4 E S W N, z5-z7 white green red, flowers f1-f8 are set aside); - reads one hand a line from stdin (blank lines skipped) and writes one JSON object a line {"hand","shanten","waits"}; waits are listed for ready 13-tile hands, a 14-tile hand has none until it discards')
    .option('--melds <list>', 'called melds, comma-separated: pung p555, kong p5555, concealed kong p5555*, chow m123 (where the ruleset calls chows)')
    .option('--json', 'print one JSON object instead of text')
    .option('--card <file>', 'american: the card file (mjcard/1; default: the sample card shipped with pongsim)')
    .option('--exposed <list>', 'american: the hand\'s exposures, comma-separated: p555, z7777, p55jj (j = joker)')
    .option('--win-tile <tile>', 'score the complete hand won on this tile (one of the concealed tiles), with --self-draw or --discard')
    .option('--self-draw', 'the winning tile was self-drawn')
    .option('--discard', 'the winning tile was another player\'s discard')
    .option('--seat-wind <wind>', 'scoring: the winner\'s seat wind, E S W N (default E)', wind('--seat-wind'))
    .option('--round-wind <wind>', 'scoring: the prevalent wind, E S W N (default E)', wind('--round-wind'))
    .option('--flowers <n>', 'scoring: flowers exposed (or write them in the hand, e.g. f12)', flowerCountArg)
    .option('--uper', 'scoring (korean): the hand declared uper')
    .option('--open-uper', 'scoring (korean): the hand declared open uper (needs --set openUper=true)')
    .option('--kong-replacement', 'scoring: self-drawn on a kong replacement tile')
    .option('--after-kong', 'scoring: won on the discard that followed a kong')
    .option('--last', 'scoring: the last wall tile (self-draw) or the last discard')
    .option('--discarder <wind>', 'scoring (chinese-american): the discarder\'s seat wind on a discard win, E S W N (the dealer is East; default: the seat before the winner)', wind('--discarder'))
    .option('--first <kind>', 'scoring: a first-turn win, heavenly, earthly or human', firstTurn)
    .option('--rules <preset|file.json>', `scoring: a house-rules preset or a JSON rules file (${RULESETS.flatMap((r) => (r.scorer ? [`${r.id} presets: ${Object.keys(r.scorer.schema.presets).join(', ')}`] : [])).join('; ')})`)
    .option('--set <key=value>', 'scoring: override one house rule (repeatable)', collect)
    .action((rulesetId: string, tiles: string, flags: HandFlags) => {
      if (rulesetId === 'american') {
        const { card, exposed, json, ...rest } = flags;
        const others = Object.keys(rest).filter((k) => rest[k as keyof typeof rest] !== undefined).map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
        americanHand(tiles, { card, exposed, json }, others);
        return;
      }
      if (flags.card !== undefined || flags.exposed !== undefined) {
        throw new InputError(`hand ${rulesetId}: --card and --exposed are for american only`);
      }
      const ruleset = rulesetById(rulesetId);
      if (tiles === '-') {
        stdinHands(ruleset, flags);
        return;
      }
      const rules = scorerRules(ruleset, flags.rules, flags.set ?? []);
      singleHand(ruleset, tiles, flags, rules);
    });
}
