import { studentTail } from './distributions.js';

/**
 * Tests of many figures at once. An output that flags each of 60 figures at 5% flags about 3 of
 * them when nothing differs at all; every flag pongsim prints ("significant", "better", "clearly
 * ahead") is read at 5% for the family of figures the output flags together instead, by Holm's
 * step-down method. Holm holds that level whatever the figures' dependence, and pongsim's are
 * strongly dependent (one seat's result, win probability and place come from the same games;
 * a game's rates from the same hands), where Benjamini and Hochberg's false discovery rate
 * would need a positive dependence nobody can check here. It also keeps each flag a claim about
 * that figure: with Holm, the chance that any flagged figure is a false one is at most 5%.
 */

/** The level of every flag, for the whole family it belongs to. */
export const ALPHA = 0.05;

/**
 * The two-sided p-value of a mean against 0 (for a paired difference: against no difference),
 * from Student's t on n - 1 degrees of freedom. NaN under two observations; with no spread at
 * all, 1 when every observation was 0 and 0 when each was the same other value.
 */
export function meanP(s: { n: number; mean: number; sd: number }): number {
  if (!(s.n >= 2) || Number.isNaN(s.mean)) return NaN;
  if (s.sd === 0) return s.mean === 0 ? 1 : 0;
  return studentTail(s.mean / (s.sd / Math.sqrt(s.n)), s.n - 1);
}

/**
 * Holm's adjusted p-values, in the order given: the k-th smallest of m is multiplied by
 * m - k + 1, then each is raised to the largest before it, at most 1. A figure is flagged
 * when its adjusted p-value is below ALPHA. A NaN (a figure that could not be tested) stays
 * NaN and is not counted in m.
 */
export function holm(p: readonly number[]): number[] {
  const tested = p
    .map((x, i) => ({ x, i }))
    .filter(({ x }) => !Number.isNaN(x))
    .sort((a, b) => a.x - b.x || a.i - b.i);
  const out = p.map(() => NaN);
  let running = 0;
  tested.forEach(({ x, i }, k) => {
    running = Math.max(running, Math.min(1, (tested.length - k) * x));
    out[i] = running;
  });
  return out;
}
