// Korean tile kinds as bits of one 32-bit mask, so waits, discards, stems and sacred-discard
// checks are single AND operations in the hot loop. The Korean set has no bamboo, so its 25
// play kinds (m1-9 = 0..8, p1-9 = 9..17, z1-7 = 27..33) map to bits 0..24.

import { HONOR, PIN, PLAY_KINDS } from '../tiles.js';

/** The 25 Korean play kinds in kind order. */
export const KOREAN_KINDS = Uint8Array.from([...Array(18).keys(), ...Array.from({ length: 7 }, (_, i) => HONOR + i)]);

/** BIT[kind]: the kind's mask bit (0 for bamboo, which the Korean set lacks). */
export const BIT = Int32Array.from({ length: PLAY_KINDS }, (_, k) => (k < PIN + 9 ? 1 << k : k >= HONOR ? 1 << (k - 9) : 0));

/** The kind of mask bit b. */
export const KIND_OF_BIT = Uint8Array.from(KOREAN_KINDS);

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
  for (let m = mask; m !== 0; m &= m - 1) out |= STEM[KIND_OF_BIT[31 - Math.clz32(m & -m)]!]!;
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
