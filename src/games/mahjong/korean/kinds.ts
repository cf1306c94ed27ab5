// Korean tile kinds as bits of one 32-bit mask, so waits, discards, stems and sacred-discard
// checks are single AND operations in the hot loop. The Korean set has no bamboo, so its 25
// play kinds (m1-9 = 0..8, p1-9 = 9..17, z1-7 = 27..33) map to bits 0..24.

import * as tilesModule from '../tiles.js';

// Imports as module-local consts, read once: see flow.ts.
const { HONOR, PIN, PLAY_KINDS } = tilesModule;

/** The 25 Korean play kinds in kind order. */
export const KOREAN_KINDS = Uint8Array.from([...Array(18).keys(), ...Array.from({ length: 7 }, (_, i) => HONOR + i)]);

/** BIT[kind]: the kind's mask bit (0 for bamboo, which the Korean set lacks). */
export const BIT = Int32Array.from({ length: PLAY_KINDS }, (_, k) => (k < PIN + 9 ? 1 << k : k >= HONOR ? 1 << (k - 9) : 0));

/**
 * The kind of the lowest set bit of a non-zero mask: bits 0..17 are kinds 0..17 and bits
 * 18..24 the honours 27..33. Arithmetic, not a table: it runs in the engine's innermost loops.
 */
export function lowKind(m: number): number {
  const b = 31 - Math.clz32(m & -m);
  return b + (((17 - b) >> 31) & 9); // + 9 from bit 18 on
}

/** STEM[kind]: the stem group (same suit, same number mod 3: 1-4-7, 2-5-8, 3-6-9); 0 for honours. */
export const STEM = Int32Array.from({ length: PLAY_KINDS }, (_, k) => {
  if (k >= PIN + 9) return 0;
  const base = k - (k % 9);
  let m = 0;
  for (let n = k % 3; n < 9; n += 3) m |= BIT[base + n]!;
  return m;
});

/** Union of the stem groups of every kind in `mask`. */
export function stemsOf(mask: number): number {
  let out = 0;
  for (let m = mask; m !== 0; m &= m - 1) out |= STEM[lowKind(m)]!;
  return out;
}

/** Number of kinds in `mask`. */
export function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

export const isHonor = (k: number): boolean => k >= HONOR;
export const isTerminal = (k: number): boolean => k < HONOR && (k % 9 === 0 || k % 9 === 8);
export const isSimple = (k: number): boolean => k < HONOR && k % 9 !== 0 && k % 9 !== 8;
