// Every reading of a complete hand, so a scorer can pick the one that scores best.
// Runs only at a win, so it is a plain recursion that allocates freely.

import { HONOR, PLAY_KINDS, tileName } from './tiles.js';
import type { WinShapes } from './shanten.js';

export type SetKind = 'chow' | 'pung' | 'kong' | 'pair';

/** One set of a reading; `tile` is its lowest kind. */
export interface HandSet {
  readonly kind: SetKind;
  readonly tile: number;
  /** False only for melds called from a discard. Whether a set completed by a discard win counts as concealed is the scorer's rule. */
  readonly concealed: boolean;
}

/** A called (or concealed-declared) set that is no longer part of the concealed tiles. */
export interface Meld {
  readonly kind: 'chow' | 'pung' | 'kong';
  readonly tile: number;
  /** True for a concealed kong. */
  readonly concealed: boolean;
}

export interface Decomposition {
  readonly shape: 'standard' | 'sevenPairs' | 'thirteenOrphans';
  /**
   * standard: the pair, the concealed sets in tile order (pung before chow on the same tile),
   * then the melds as given. sevenPairs: seven pairs in tile order. thirteenOrphans: empty.
   */
  readonly sets: readonly HandSet[];
}

const ORPHAN_KINDS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/**
 * All readings of concealed tiles (14 - 3 per meld, flowers set aside) plus melds as a
 * winning hand; empty when the hand is not complete. Seven pairs and thirteen orphans are
 * included only when `shapes` allows them and there are no melds.
 */
export function decompose(concealed: ArrayLike<number>, melds: readonly Meld[], shapes: WinShapes): Decomposition[] {
  const c = new Int8Array(PLAY_KINDS);
  let tiles = 0;
  for (let k = 0; k < concealed.length; k++) {
    const n = concealed[k]!;
    if (n === 0) continue;
    if (k >= PLAY_KINDS) throw new Error(`decompose: ${tileName(k)} is not part of a hand; set flowers and jokers aside`);
    c[k] = n;
    tiles += n;
  }
  const out: Decomposition[] = [];
  if (tiles !== 14 - 3 * melds.length) return out;

  const meldSets: HandSet[] = melds.map((m) => ({ kind: m.kind, tile: m.tile, concealed: m.concealed }));
  for (let pair = 0; pair < PLAY_KINDS; pair++) {
    if (c[pair]! < 2) continue;
    c[pair] = c[pair]! - 2;
    const head: HandSet = { kind: 'pair', tile: pair, concealed: true };
    readSets(c, 0, [head], (sets) => out.push({ shape: 'standard', sets: [...sets, ...meldSets] }));
    c[pair] = c[pair]! + 2;
  }

  if (melds.length === 0 && shapes.sevenPairs) {
    const pairs: HandSet[] = [];
    for (let k = 0; k < PLAY_KINDS; k++) {
      if (c[k] === 2) pairs.push({ kind: 'pair', tile: k, concealed: true });
    }
    if (pairs.length === 7) out.push({ shape: 'sevenPairs', sets: pairs });
  }

  if (melds.length === 0 && shapes.thirteenOrphans) {
    let held = 0;
    for (const k of ORPHAN_KINDS) if (c[k]! > 0) held++;
    if (held === 13) out.push({ shape: 'thirteenOrphans', sets: [] });
  }
  return out;
}

/**
 * Splits the remaining tiles into pungs and chows. The lowest remaining kind k is either one
 * pung plus chows starting at k for its other copies, or chows only, so each multiset of sets
 * is produced exactly once.
 */
function readSets(c: Int8Array, from: number, acc: HandSet[], emit: (sets: HandSet[]) => void): void {
  let k = from;
  while (k < PLAY_KINDS && c[k] === 0) k++;
  if (k === PLAY_KINDS) {
    emit(acc);
    return;
  }
  const n = c[k]!;
  if (n >= 3) {
    c[k] = n - 3;
    acc.push({ kind: 'pung', tile: k, concealed: true });
    takeChows(c, k, n - 3, acc, emit);
    acc.pop();
    c[k] = n;
  }
  takeChows(c, k, n, acc, emit);
}

/** Removes `r` chows starting at k (k must then be empty) and continues; backs out on failure. */
function takeChows(c: Int8Array, k: number, r: number, acc: HandSet[], emit: (sets: HandSet[]) => void): void {
  if (r === 0) {
    readSets(c, k + 1, acc, emit);
    return;
  }
  if (k >= HONOR || k % 9 > 6 || c[k + 1]! < r || c[k + 2]! < r) return;
  const n = c[k]!;
  c[k] = n - r;
  c[k + 1] = c[k + 1]! - r;
  c[k + 2] = c[k + 2]! - r;
  for (let i = 0; i < r; i++) acc.push({ kind: 'chow', tile: k, concealed: true });
  readSets(c, k + 1, acc, emit);
  for (let i = 0; i < r; i++) acc.pop();
  c[k] = n;
  c[k + 1] = c[k + 1]! + r;
  c[k + 2] = c[k + 2]! + r;
}
