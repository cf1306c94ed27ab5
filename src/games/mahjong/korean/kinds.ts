// Korean tile kinds. The Korean set has no bamboo, so its 25 play kinds (m1-9 = 0..8,
// p1-9 = 9..17, z1-7 = 27..33) all sit in word 0 of the table's two-word masks (table/kinds.ts)
// and Korean rules (stems, sacred discard, uper) work on that one word.

import * as tilesModule from '../tiles.js';
import * as kindsModule from '../table/kinds.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { HONOR, PIN, PLAY_KINDS } = tilesModule;
const { BIT, lowKind } = kindsModule;

/** The 25 Korean play kinds in kind order. */
export const KOREAN_KINDS = Uint8Array.from([...Array(18).keys(), ...Array.from({ length: 7 }, (_, i) => HONOR + i)]);

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
