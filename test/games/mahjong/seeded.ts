// Seeded randomness for the mahjong tests (no Math.random, so failures replay).
//
// mulberry32: a Weyl counter with an output mix. A bare 32-bit LCG was tried first and moved
// the two-away share of random hands by 2.5 standard errors, so the mix matters here.

import { KINDS, type TileSet } from '../../../src/games/mahjong/index.js';

export type Rand = () => number;

export function seeded(seed: number): Rand {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Kinds 0..33 of the set's physical tiles, optionally only kinds in [lo, hi). */
export function playWall(set: TileSet, lo = 0, hi = 34): Uint8Array {
  const tiles: number[] = [];
  for (let k = lo; k < hi; k++) for (let r = 0; r < set.copies[k]!; r++) tiles.push(k);
  return Uint8Array.from(tiles);
}

/** Deals `size` tiles from `wall` (partially shuffled in place) into `out` (cleared first). */
export function dealInto(rand: Rand, wall: Uint8Array, size: number, out: Int8Array): Int8Array {
  out.fill(0);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(rand() * (wall.length - i));
    const t = wall[i]!;
    wall[i] = wall[j]!;
    wall[j] = t;
    out[wall[i]!]!++;
  }
  return out;
}

export function newCounts(): Int8Array {
  return new Int8Array(KINDS);
}

/**
 * Fills `out` with a random complete concealed part for `melds` called sets: a pair plus
 * 4 - melds random pungs and chows. Returns false (try again) when a kind would exceed 4.
 */
export function dealComplete(rand: Rand, melds: number, out: Int8Array): boolean {
  out.fill(0);
  out[Math.floor(rand() * 34)]! += 2;
  for (let s = 0; s < 4 - melds; s++) {
    if (rand() < 0.5) {
      out[Math.floor(rand() * 34)]! += 3;
    } else {
      const t = Math.floor(rand() * 3) * 9 + Math.floor(rand() * 7);
      out[t]!++;
      out[t + 1]!++;
      out[t + 2]!++;
    }
  }
  for (let k = 0; k < 34; k++) if (out[k]! > 4) return false;
  return true;
}
