// Waits, live tiles and the discard table an efficiency bot reads.
//
// `visible` arrays count every tile the player can see, own hand and melds included, so
// live copies of a kind = copies in the set - visible.

import { MAN, PIN, PLAY_KINDS, SOU } from './tiles.js';
import { liveCopies, type TileSet } from './tile-sets.js';
import { KIND_GROUP, KIND_WEIGHT, honorIndex, shantenOfIndices, suitIndex, type WinShapes } from './shanten.js';

/** shantenAfter value for a kind the hand does not hold. */
export const NOT_HELD = 127;

// Group indices of the hand being examined: [m, p, s, z]. Module scratch, so no allocation.
const idx = new Int32Array(4);

function loadIndices(counts: ArrayLike<number>): void {
  idx[0] = suitIndex(counts, MAN);
  idx[1] = suitIndex(counts, PIN);
  idx[2] = suitIndex(counts, SOU);
  idx[3] = honorIndex(counts);
}

function current(melds: number, shapes: WinShapes): number {
  return shantenOfIndices(idx[0]!, idx[1]!, idx[2]!, idx[3]!, melds, shapes);
}

function shift(kind: number, by: number): void {
  const g = KIND_GROUP[kind]!;
  idx[g] = idx[g]! + by * KIND_WEIGHT[kind]!;
}

/**
 * Kinds whose draw lowers the shanten of a 13 - 3k tile hand; fills `out` (length >= 34),
 * returns how many. A kind the hand holds four of cannot be drawn and is left out; kinds whose
 * other copies are all visible stay in (count them with liveCount).
 */
export function improvingTiles(counts: ArrayLike<number>, melds: number, shapes: WinShapes, out: Uint8Array): number {
  loadIndices(counts);
  const before = current(melds, shapes);
  let n = 0;
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (counts[k]! >= 4) continue;
    shift(k, 1);
    if (current(melds, shapes) < before) out[n++] = k;
    shift(k, -1);
  }
  return n;
}

/** The kinds that complete a ready (shanten 0) 13 - 3k tile hand; 0 when it is not ready. */
export function waits(counts: ArrayLike<number>, melds: number, shapes: WinShapes, out: Uint8Array): number {
  loadIndices(counts);
  if (current(melds, shapes) !== 0) return 0;
  return improvingTiles(counts, melds, shapes, out);
}

/** Live copies of the first `n` kinds in `kinds`. */
export function liveCount(kinds: ArrayLike<number>, n: number, visible: ArrayLike<number>, set: TileSet): number {
  let live = 0;
  for (let i = 0; i < n; i++) live += liveCopies(kinds[i]!, visible, set);
  return live;
}

/**
 * For a 14 - 3k tile hand and each kind it holds: shantenAfter[kind] = shanten after
 * discarding one of it, ukeire[kind] = live tiles (per `visible`) whose draw would then lower
 * that shanten. Both arrays need length >= 34; kinds not held get NOT_HELD and 0. Returns the
 * lowest shantenAfter.
 */
export function discardTable(
  counts: ArrayLike<number>,
  melds: number,
  shapes: WinShapes,
  visible: ArrayLike<number>,
  set: TileSet,
  shantenAfter: Int8Array,
  ukeire: Int16Array,
): number {
  loadIndices(counts);
  let best = NOT_HELD;
  for (let d = 0; d < PLAY_KINDS; d++) {
    ukeire[d] = 0;
    if (counts[d]! === 0) {
      shantenAfter[d] = NOT_HELD;
      continue;
    }
    shift(d, -1);
    const after = current(melds, shapes);
    let live = 0;
    for (let k = 0; k < PLAY_KINDS; k++) {
      // After the discard the hand holds counts[k] - (k === d) copies; a fifth cannot be drawn.
      if (counts[k]! - (k === d ? 1 : 0) >= 4) continue;
      const copies = liveCopies(k, visible, set);
      if (copies === 0) continue;
      shift(k, 1);
      if (current(melds, shapes) < after) live += copies;
      shift(k, -1);
    }
    shift(d, 1);
    shantenAfter[d] = after;
    ukeire[d] = live;
    if (after < best) best = after;
  }
  return best;
}
