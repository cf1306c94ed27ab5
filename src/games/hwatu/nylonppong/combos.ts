/**
 * The six-card combinations of rules section 1.4, on month counts. Ids index the
 * per-combination values in Config and the bits of a combination mask.
 */
export const COMBO_IDS = ['threePairs', 'twoTriplets', 'fourAndPair', 'straight', 'tenOrLess', 'fourOfAKind', 'daeppang'] as const;
export const COMBOS = COMBO_IDS.length;

export const THREE_PAIRS = 0;
export const TWO_TRIPLETS = 1;
export const FOUR_AND_PAIR = 2;
export const STRAIGHT = 3;
export const TEN_OR_LESS = 4;
export const FOUR_OF_A_KIND = 5;
export const DAEPPANG = 6;

export const COMBO_NAMES = ['three pairs', 'two triplets', 'four and pair', 'straight', '10 or less', 'four of a kind', 'daeppang'];

const SIX = 0b111111;
const ALL_MONTHS = 0xfff;

/** Whether the 12-bit month set `bits` (bit m-1 for month m) is 6 consecutive months. */
function isStraight(bits: number, wrap: boolean): boolean {
  const low = bits & -bits;
  if (bits === SIX * low) return true;
  if (!wrap) return false;
  // A wrapped run is one whose complement (6 missing months) is an unwrapped run.
  const missing = ~bits & ALL_MONTHS;
  const lowMissing = missing & -missing;
  return missing === SIX * lowMissing && (bits & 1) !== 0 && (bits & 0x800) !== 0;
}

/**
 * The combinations that six cards form, as a bit mask (every combination, enabled or not),
 * from their shape: months held exactly 2, 3 and 4 times, the set of months held (bit m-1
 * for month m) and the month sum.
 */
export function comboMaskOf(
  pairs: number,
  triples: number,
  fours: number,
  bits: number,
  sum: number,
  wrap: boolean,
  daeppangThreshold: number,
): number {
  let mask = 0;
  if (pairs === 3) mask |= 1 << THREE_PAIRS;
  if (triples === 2) mask |= 1 << TWO_TRIPLETS;
  if (fours === 1) mask |= pairs === 1 ? (1 << FOUR_AND_PAIR) | (1 << FOUR_OF_A_KIND) : 1 << FOUR_OF_A_KIND;
  if (pairs === 0 && triples === 0 && fours === 0 && isStraight(bits, wrap)) mask |= 1 << STRAIGHT;
  if (sum <= 10) mask |= 1 << TEN_OR_LESS;
  if (sum >= daeppangThreshold) mask |= 1 << DAEPPANG;
  return mask;
}

/** comboMaskOf for six cards given as counts per month (`counts[off + m]`). */
export function comboMask(counts: Uint8Array, off: number, sum: number, wrap: boolean, daeppangThreshold: number): number {
  let pairs = 0;
  let triples = 0;
  let fours = 0;
  let bits = 0;
  for (let m = 1; m <= 12; m++) {
    const c = counts[off + m]!;
    if (c === 0) continue;
    bits |= 1 << (m - 1);
    if (c === 2) pairs++;
    else if (c === 3) triples++;
    else if (c === 4) fours++;
  }
  return comboMaskOf(pairs, triples, fours, bits, sum, wrap, daeppangThreshold);
}

/** Value of combination `id` for a hand with month sum `sum`. */
export function comboValue(values: Int16Array, straightMinusSum: boolean, id: number, sum: number): number {
  return id === STRAIGHT && straightMinusSum ? -sum : values[id]!;
}

/** The value of the best (lowest-valued) combination in `mask` (which holds one at least). */
export function bestValueOf(mask: number, values: Int16Array, straightMinusSum: boolean, sum: number): number {
  return comboValue(values, straightMinusSum, bestOf(mask, values, straightMinusSum, sum), sum);
}

/** The best (lowest-valued) combination in `mask`, or -1; ties go to the lower id. */
export function bestOf(mask: number, values: Int16Array, straightMinusSum: boolean, sum: number): number {
  let best = -1;
  let bestValue = 0;
  for (let id = 0; mask !== 0; id++, mask >>>= 1) {
    if ((mask & 1) === 0) continue;
    const v = comboValue(values, straightMinusSum, id, sum);
    if (best < 0 || v < bestValue) {
      best = id;
      bestValue = v;
    }
  }
  return best;
}
