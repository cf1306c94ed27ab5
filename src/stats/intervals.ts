import { betaQuantile, studentQuantile } from './distributions.js';

/** 95% intervals: Wilson and Clopper-Pearson for proportions, Student t for means. */

/**
 * The normal's 97.5% quantile, as the constant every Wilson interval has always taken: it is
 * within 2e-16 of the true 1.95996398454005423552..., and stdlib's normal quantile gives the
 * double just below it (test/stats/distributions.test.ts checks both). Kept so that no Wilson
 * interval moves in its last bit.
 */
export const Z95 = 1.959963984540054;

/**
 * Fewest observations behind a figure whose interval is taken at its word: below 30, a mean's
 * t interval leans on the data being near normal and a rate's on few trials, so a table and an
 * answer say when a figure rests on fewer.
 */
export const FEW = 30;

export interface Interval {
  low: number;
  high: number;
}

/** An estimate with its 95% interval and the observations it rests on; with no interval (NaN bounds), why. */
export interface Estimate extends Interval {
  value: number;
  n: number;
  /** Why it has no interval, in words without its count: "too few to say". */
  why?: string;
  /** Its interval is a large-sample one (Student's t, or the normal), which knows no bounds (experiment/ranges.ts). */
  largeSample?: boolean;
}

/**
 * Wilson's score interval of a proportion, k events in n trials. With no event its low end is 0
 * and with every trial an event its high end is 1, exactly: the formula's difference of two
 * equal numbers leaves rounding (2.8e-17), which put the low end above the estimate of 0.
 */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const mid = (p + z2 / (2 * n)) / den;
  const half = (z / den) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: k === 0 ? 0 : Math.max(0, mid - half), high: k === n ? 1 : Math.min(1, mid + half) };
}

/**
 * The Clopper-Pearson ("exact") 95% interval of a proportion, k events in n trials: every p
 * the two one-sided binomial tests at 2.5% keep, the beta quantiles of k and k + 1 events. It
 * never covers less than 95%, which matters for a small probability such as a risk of ruin near
 * 1%, where Wilson's can fall short.
 */
export function clopperPearson(k: number, n: number): Interval {
  if (n === 0) return { low: 0, high: 1 };
  return { low: k === 0 ? 0 : betaQuantile(0.025, k, n - k + 1), high: k === n ? 1 : betaQuantile(0.975, k + 1, n - k) };
}

/** The 97.5% quantile of Student's t with `df` degrees of freedom: a 95% interval's half-width in standard errors. */
export const t975 = (df: number): number => (df < 1 ? Infinity : studentQuantile(0.975, df));

export function meanInterval(mean: number, sd: number, n: number): Interval {
  if (n < 2) return { low: -Infinity, high: Infinity };
  const half = (t975(n - 1) * sd) / Math.sqrt(n);
  return { low: mean - half, high: mean + half };
}
