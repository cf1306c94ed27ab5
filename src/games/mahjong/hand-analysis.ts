// Analysis of one mahjong hand outside a game, for `pongsim hand` and `pongsim score`: reading
// a hand and its melds against a ruleset's set, improving tiles with their live counts, and
// every discard of a 14-tile hand ranked. Errors are plain messages without a location: the
// caller names the argument, flag or input line.

import { addMelds, type Meld } from './decompose.js';
import type { Ruleset } from './rulesets.js';
import { liveCopies, type TileSet } from './tile-sets.js';
import { FLOWER, HONOR, JOKER, KINDS, PLAY_KINDS, formatTiles, parseTiles, tileCount, tileName } from './tiles.js';
import { InputError } from '../../core/errors.js';
import { describe } from '../../core/rules.js';

/** Concealed tiles of one hand, flowers set aside. */
export interface ParsedHand {
  /** Length KINDS, flowers zeroed (they are set aside and counted in `flowers`). */
  concealed: Int8Array;
  /** Play tiles in `concealed`. */
  tiles: number;
  flowers: number;
  /** The hand in canonical notation, flowers included. */
  notation: string;
}

/** "m1-m9, p1-p9, z1-z7 (4 of each), f1-f4 (1 of each)": what a set holds, for error lines. */
export function describeSet(set: TileSet): string {
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
export function parseMelds(text: string, ruleset: Ruleset, rules: unknown): Meld[] {
  if (text.trim() === '') return [];
  return checkMelds(
    text.split(',').map((raw): Meld => {
      const part = raw.trim();
      const concealed = part.endsWith('*');
      const body = concealed ? part.slice(0, -1) : part;
      const shapes = 'a pung (p555), a kong (p5555; concealed: p5555*) or a chow (m123)';
      let c: Int8Array;
      try {
        c = parseTiles(body);
      } catch (e) {
        throw e;
      }
      const kinds: number[] = [];
      for (let k = 0; k < KINDS; k++) if (c[k]! > 0) kinds.push(k);
      const n = tileCount(c);
      const first = kinds[0] ?? 0;
      if (kinds.some((k) => k >= PLAY_KINDS))
        throw new InputError(`${describe(part)}: flowers and jokers are not part of a meld; each meld is ${shapes}`);
      if (kinds.length === 1 && (n === 3 || n === 4)) {
        if (concealed && n === 3)
          throw new InputError(`${describe(part)}: only a kong can be marked * (concealed); a concealed pung is simply part of the hand`);
        return { kind: n === 3 ? 'pung' : 'kong', tile: first, concealed };
      }
      const chow = n === 3 && kinds.length === 3 && first < HONOR && first % 9 <= 6 && kinds[1] === first + 1 && kinds[2] === first + 2;
      if (chow && !concealed) {
        if (!ruleset.chowMelds(rules)) {
          throw new InputError(
            `${describe(part)}: ${ruleset.id} has no chow calls (a sequence completed by a discard win belongs in the hand); melds are pungs and kongs`,
          );
        }
        return { kind: 'chow', tile: first, concealed: false };
      }
      throw new InputError(`${describe(part)} is not a meld; each meld is ${shapes}, separated by commas`);
    }),
  );
}

function checkMelds(melds: Meld[]): Meld[] {
  if (melds.length > 4) throw new InputError(`${melds.length} melds given; a hand has at most 4`);
  return melds;
}

export function meldName(m: Meld): string {
  const c = new Int8Array(KINDS);
  addMelds(c, [m]);
  return formatTiles(c) + (m.concealed ? '*' : '');
}

/**
 * Parses and checks one hand: the notation, every count against the ruleset's set (melds
 * included) and the number of concealed tiles. Throws a message without a location; the
 * caller names the argument or stdin line.
 */
export function readHand(text: string, set: TileSet, melds: readonly Meld[]): ParsedHand {
  const counts = parseTiles(text);
  const notation = formatTiles(counts);
  const all = Int8Array.from(counts);
  addMelds(all, melds);
  for (let k = 0; k < KINDS; k++) {
    const n = all[k]!;
    const limit = set.copies[k]!;
    if (n <= limit) continue;
    if (limit === 0) throw new InputError(`${tileName(k)} is not in the ${set.id} set, which holds ${describeSet(set)}`);
    const where = melds.length > 0 ? ' in the hand and melds' : '';
    throw new InputError(`${tileName(k)} appears ${n} times${where}; the ${set.id} set holds ${limit}`);
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
    throw new InputError(
      `${describe(text)} holds ${tiles} tiles${aside}; ${withMelds} a hand holds ${13 - 3 * k} (waiting) or ${14 - 3 * k} (after drawing)`,
    );
  }
  return { concealed: counts, tiles, flowers, notation };
}

/** Copies of each kind the player can see: the hand and its melds. */
export function visibleTiles(hand: ParsedHand, melds: readonly Meld[]): Int8Array {
  const v = Int8Array.from(hand.concealed);
  addMelds(v, melds);
  return v;
}

const scratch = new Uint8Array(PLAY_KINDS);

/**
 * Improving kinds of a 13 - 3k tile hand under `rules` (resolved, or null for the defaults),
 * leaving out kinds whose every copy the hand already holds (melds included): those cannot be
 * drawn.
 */
export function improvingKinds(
  ruleset: Ruleset,
  rules: unknown,
  concealed: ArrayLike<number>,
  melds: number,
  visible: ArrayLike<number>,
): number[] {
  const n = ruleset.evaluator(rules).improving(concealed, melds, scratch);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = scratch[i]!;
    if (visible[k]! < ruleset.set.copies[k]!) out.push(k);
  }
  return out;
}

export interface TileLive {
  tile: string;
  live: number;
}

export function withLive(kinds: number[], visible: ArrayLike<number>, set: TileSet): TileLive[] {
  return kinds.map((k) => ({ tile: tileName(k), live: liveCopies(k, visible, set) }));
}

export const sumLive = (xs: TileLive[]): number => xs.reduce((s, x) => s + x.live, 0);

export interface DiscardRow {
  tile: string;
  shanten: number;
  improving: string[];
  live: number;
  liveByTile: TileLive[];
}

/** Every distinct discard of a 14 - 3k tile hand, best first: lowest shanten, then most live improving tiles. */
export function discardRows(
  ruleset: Ruleset,
  rules: unknown,
  hand: ParsedHand,
  melds: readonly Meld[],
  visible: ArrayLike<number>,
): DiscardRow[] {
  const evaluator = ruleset.evaluator(rules);
  const c = Int8Array.from(hand.concealed);
  const rows: (DiscardRow & { kind: number })[] = [];
  for (let d = 0; d < PLAY_KINDS; d++) {
    if (c[d] === 0) continue;
    c[d]!--;
    const after = evaluator.shanten(c, melds.length);
    // The discarded copy stays visible: it is out of the wall either way.
    const live = withLive(improvingKinds(ruleset, rules, c, melds.length, visible), visible, ruleset.set);
    c[d]!++;
    rows.push({ kind: d, tile: tileName(d), shanten: after, improving: live.map((x) => x.tile), live: sumLive(live), liveByTile: live });
  }
  rows.sort((a, b) => a.shanten - b.shanten || b.live - a.live || a.kind - b.kind);
  return rows.map(({ kind: _, ...r }) => r);
}
