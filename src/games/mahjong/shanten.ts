// Shanten: how many tiles a hand is from ready. -1 = complete, 0 = ready (tenpai).
//
// Defined as (tiles to exchange to complete the hand) - 1, the definition majiang-core's
// fixtures use. Input is a count array over kinds 0..33 of the concealed tiles only:
// 13 - 3k or 14 - 3k tiles with k sets already called (kongs count as sets). Flowers and
// jokers are ignored; callers set flowers aside and American play matches its own card.
// The four-copy limit is applied to the concealed tiles, not to tiles inside called melds.
// Counts must lie in 0..4 (validateCounts); the hot path does not check them.

import { HONOR, MAN, PIN, PLAY_KINDS, SOU, isTerminalOrHonor } from './tiles.js';
import { shantenTables, type ShantenTables } from './shanten-tables.js';

/** Which special shapes a ruleset accepts besides 4 sets + a pair. */
export interface WinShapes {
  /** Seven distinct pairs; four of a kind is not two pairs. Only with no called melds. */
  readonly sevenPairs: boolean;
  /** One of each terminal and honour plus one duplicate. Only with no called melds. */
  readonly thirteenOrphans: boolean;
}

export const STANDARD_SHAPES: WinShapes = { sevenPairs: false, thirteenOrphans: false };
/** Korean 2-point: standard and seven pairs. */
export const SEVEN_PAIRS_SHAPES: WinShapes = { sevenPairs: true, thirteenOrphans: false };
/** Chinese-American (and riichi): all three shapes. */
export const ALL_SHAPES: WinShapes = { sevenPairs: true, thirteenOrphans: true };

let tables: ShantenTables | undefined;

/** Builds the lookup tables now rather than on the first shanten call (e.g. before timing). */
export function buildShantenTables(): void {
  tables = shantenTables();
}

/** Base-5 index of a suit's 9 counts (kind base + j weighs 5^j), as the tables expect. */
export function suitIndex(c: ArrayLike<number>, base: number): number {
  let i = 0;
  for (let k = base + 8; k >= base; k--) i = i * 5 + c[k]!;
  return i;
}

/** Base-5 index of the 7 honour counts. */
export function honorIndex(c: ArrayLike<number>): number {
  let i = 0;
  for (let k = HONOR + 6; k >= HONOR; k--) i = i * 5 + c[k]!;
  return i;
}

/** Group of each play kind (0 m, 1 p, 2 s, 3 z) and its weight 5^j inside that group's index. */
export const KIND_GROUP = Uint8Array.from({ length: PLAY_KINDS }, (_, k) => (k < HONOR ? (k / 9) | 0 : 3));
export const KIND_WEIGHT = Int32Array.from({ length: PLAY_KINDS }, (_, k) => 5 ** (k < HONOR ? k % 9 : k - HONOR));

const NINE = 5 ** 8;
const TWO_NINES = 2 * NINE;

function checkMelds(melds: number): void {
  if (!(melds >= 0 && melds <= 4 && (melds | 0) === melds)) {
    throw new RangeError(`melds must be an integer 0..4, got ${melds}`);
  }
}

/**
 * Shanten from the four group indices (suitIndex of m, p, s; honorIndex). Lets a caller that
 * tries many one-tile changes (waits, discard choice) adjust one index instead of recounting.
 */
export function shantenOfIndices(m: number, p: number, s: number, z: number, melds: number, shapes: WinShapes): number {
  checkMelds(melds);
  const t = tables ?? (tables = shantenTables());
  const wm = t.suit[m]!;
  const wp = t.suit[p]!;
  const ws = t.suit[s]!;
  const wz = t.honor[z]!;
  const sc = t.suitClasses;
  const folded = t.mps[t.mp[(wm & 0xff) * sc + (wp & 0xff)]! * sc + (ws & 0xff)]!;
  const sets = 4 - melds;
  let best = 13 - 3 * melds - t.kept[(folded * t.honorClasses + (wz & 0xff)) * 5 + sets]!;
  if (melds > 0) return best;
  if (shapes.sevenPairs) {
    let pairs = (wm >> 12) + (wp >> 12) + (ws >> 12) + (wz >> 12);
    let singles = ((wm >> 8) & 15) + ((wp >> 8) & 15) + ((ws >> 8) & 15) + ((wz >> 8) & 15);
    if (pairs > 7) pairs = 7;
    if (singles > 7 - pairs) singles = 7 - pairs;
    const sp = 13 - 2 * pairs - singles;
    if (sp < best) best = sp;
  }
  if (shapes.thirteenOrphans) {
    // A suit's 1 is digit 0 of its index and its 9 is digit 8, so index >= 5^8 holds a 9 and
    // index >= 2 * 5^8 holds two. Every honour kind counts.
    const hp = wz >> 12;
    let kinds = hp + ((wz >> 8) & 15);
    let pair = hp > 0 ? 1 : 0;
    const m1 = m % 5;
    const p1 = p % 5;
    const s1 = s % 5;
    kinds += +(m1 > 0) + +(p1 > 0) + +(s1 > 0) + +(m >= NINE) + +(p >= NINE) + +(s >= NINE);
    if (m1 >= 2 || p1 >= 2 || s1 >= 2 || m >= TWO_NINES || p >= TWO_NINES || s >= TWO_NINES) pair = 1;
    const so = 13 - kinds - pair;
    if (so < best) best = so;
  }
  return best;
}

/** Shanten toward 4 sets + a pair, with `melds` sets already called. */
export function shantenStandard(counts: ArrayLike<number>, melds = 0): number {
  return shanten(counts, melds, STANDARD_SHAPES);
}

/** Shanten toward seven distinct pairs (a fully concealed 13/14-tile hand). */
export function shantenSevenPairs(counts: ArrayLike<number>): number {
  let pairs = 0;
  let singles = 0;
  for (let k = 0; k < PLAY_KINDS; k++) {
    const n = counts[k]!;
    if (n >= 2) pairs++;
    else if (n === 1) singles++;
  }
  if (pairs > 7) pairs = 7;
  if (singles > 7 - pairs) singles = 7 - pairs;
  return 13 - 2 * pairs - singles;
}

/** Shanten toward seven pairs where four of a kind counts as two (a fully concealed hand):
 * every draw of a kind held an odd number of times makes one more pair. */
export function shantenQuadPairs(counts: ArrayLike<number>): number {
  let pairs = 0;
  for (let k = 0; k < PLAY_KINDS; k++) pairs += counts[k]! >> 1;
  return 6 - Math.min(7, pairs);
}

const ORPHANS = Uint8Array.from({ length: PLAY_KINDS }, (_, k) => k).filter(isTerminalOrHonor);

/** Shanten toward thirteen orphans (a fully concealed 13/14-tile hand). */
export function shantenThirteenOrphans(counts: ArrayLike<number>): number {
  let kinds = 0;
  let pair = 0;
  for (let i = 0; i < ORPHANS.length; i++) {
    const n = counts[ORPHANS[i]!]!;
    if (n > 0) {
      kinds++;
      if (n >= 2) pair = 1;
    }
  }
  return 13 - kinds - pair;
}

/** Best shanten over the shapes the ruleset allows; the special shapes need melds = 0. */
export function shanten(counts: ArrayLike<number>, melds: number, shapes: WinShapes): number {
  return shantenOfIndices(suitIndex(counts, MAN), suitIndex(counts, PIN), suitIndex(counts, SOU), honorIndex(counts), melds, shapes);
}

/** True when the concealed tiles plus `melds` called sets form a winning shape. */
export function isComplete(counts: ArrayLike<number>, melds: number, shapes: WinShapes): boolean {
  return shanten(counts, melds, shapes) === -1;
}
