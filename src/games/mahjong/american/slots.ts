// The slots a card variant leaves for a hand, as the matcher and the seats' incremental sums
// (lines.ts) both count them: the packed table of what one kind's entry still needs, and the
// placing of a hand's exposures on a variant's sets.

import type { Variant } from './card.js';

/** Most exposures one seat can make (four groups of 3 or more within 14 tiles). */
export const MAX_EXPOSURES = 4;

/** An exposure on the table: `size` tiles of `tile`, `jokers` of them jokers. */
export interface Exposure {
  tile: number;
  size: number;
  jokers: number;
}

// The two sums of tiles away, for one (natural, joker-slot) entry and a hand count h, packed in
// one number: missing naturals * 64 + joker slots left unfilled by spare naturals. Summing the
// packed values over a variant's entries gives both sums with one table load and no branch per
// entry (a branch on "naturals missing" mispredicts about half the time on real hands).
// PACKED[packedRow(n, j) + h] for every n, j, h below 16 (a card never needs 16 of one kind).
const H_STRIDE = 16;
export const PACK = 64;
/** The row of PACKED for an entry of `n` naturals and `j` joker slots. */
export const packedRow = (n: number, j: number): number => (n * H_STRIDE + j) * H_STRIDE;
export const PACKED = Int16Array.from({ length: H_STRIDE ** 3 }, (_, i) => {
  const h = i % H_STRIDE;
  const j = ((i / H_STRIDE) | 0) % H_STRIDE;
  const n = (i / H_STRIDE ** 2) | 0;
  return Math.max(0, n - h) * PACK + Math.max(0, j - Math.max(0, h - n));
});

/** Tiles away from a packed sum, with `jokers` jokers to fill the joker slots. */
export const awayFromSum = (sum: number, jokers: number): number => {
  const jneed = sum & (PACK - 1);
  return (sum >> 6) + (jneed > jokers ? jneed - jokers : 0);
};

/**
 * Assigns each exposure to a distinct set of the variant with its tile and size (one with jokers
 * only to a set jokers may fill) and leaves the variant's other slots in `nat` and `jok`. Sets
 * with the same tile and size are interchangeable, so taking the first free one is exact.
 */
export function placeExposures(v: Variant, exposures: readonly Exposure[], nat: Int8Array, jok: Int8Array, used: boolean[]): boolean {
  nat.set(v.natural);
  jok.set(v.joker);
  used.length = v.sets.length;
  used.fill(false);
  for (const e of exposures) {
    let i = 0;
    for (; i < v.sets.length; i++) {
      const s = v.sets[i]!;
      if (!used[i] && s.tile === e.tile && s.size === e.size && (e.jokers === 0 || s.jokerable)) break;
    }
    if (i === v.sets.length) return false;
    used[i] = true;
    const s = v.sets[i]!;
    if (s.jokerable) jok[s.tile]! -= s.size;
    else nat[s.tile]! -= s.size;
  }
  return true;
}
