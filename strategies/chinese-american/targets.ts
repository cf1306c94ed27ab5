// How far a Chinese-American hand is from the special rows the hunting bots chase, counted
// like shanten (-1 complete, 0 ready): four pongs, seven pairs, thirteen orphans, one suit.

import * as meldsModule from '../../src/games/mahjong/table/melds.js';
import * as tilesModule from '../../src/games/mahjong/tiles.js';
import type { TableView } from '../../src/games/mahjong/table/view.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { CHOW } = meldsModule;
const { HONOR, PLAY_KINDS } = tilesModule;

/** Four pongs and a pair from concealed counts `c` (the melds count as pongs); Infinity when a chow is melded. */
export function pongDistance(c: ArrayLike<number>, v: TableView): number {
  for (let i = 0; i < v.meldN; i++) if (v.meldType[i] === CHOW) return Infinity;
  const sets = 4 - v.meldN;
  let trips = 0;
  let pairs = 0;
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (c[k]! >= 3) trips++;
    else if (c[k] === 2) pairs++;
  }
  if (trips > sets) {
    pairs += trips - sets;
    trips = sets;
  }
  const need = sets - trips;
  // A missing pong costs two tiles, one from a pair; one more pair is the head.
  return 2 * need - Math.min(pairs, need + 1);
}

/** Seven distinct pairs; Infinity with melds. */
export function sevenPairsDistance(c: ArrayLike<number>, v: TableView): number {
  if (v.meldN > 0) return Infinity;
  let pairs = 0;
  let kinds = 0;
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (c[k]! > 0) kinds++;
    if (c[k]! >= 2) pairs++;
  }
  return 6 - pairs + Math.max(0, 7 - kinds);
}

export const isOrphan = (k: number): boolean => k >= HONOR || k % 9 === 0 || k % 9 === 8;

/** Thirteen orphans; Infinity with melds. */
export function orphansDistance(c: ArrayLike<number>, v: TableView): number {
  if (v.meldN > 0) return Infinity;
  let kinds = 0;
  let pair = false;
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (!isOrphan(k) || c[k] === 0) continue;
    kinds++;
    if (c[k]! >= 2) pair = true;
  }
  return 13 - kinds - (pair ? 1 : 0);
}

/** The suit (0 m, 1 p, 2 s) holding most of the hand's and melds' suit tiles, and how many tiles lie outside it and the honours. */
export function flushSuit(c: ArrayLike<number>, v: TableView): { suit: number; off: number; inSuit: number } {
  const n = [0, 0, 0];
  for (let k = 0; k < HONOR; k++) n[(k / 9) | 0]! += c[k]!;
  for (let i = 0; i < v.meldN; i++) {
    const k = v.meldKind[i]!;
    if (k < HONOR) n[(k / 9) | 0]! += 3;
  }
  const suit = n[0]! >= n[1]! && n[0]! >= n[2]! ? 0 : n[1]! >= n[2]! ? 1 : 2;
  let off = 0;
  for (let k = 0; k < HONOR; k++) if (((k / 9) | 0) !== suit) off += c[k]!;
  let honours = 0;
  for (let k = HONOR; k < PLAY_KINDS; k++) honours += c[k]!;
  return { suit, off, inSuit: n[suit]! + honours };
}

/** Whether a melded set of `kind` (a chow when `chow`) keeps a flush in `suit`. */
export function inFlush(kind: number, suit: number): boolean {
  return kind >= HONOR || ((kind / 9) | 0) === suit;
}
