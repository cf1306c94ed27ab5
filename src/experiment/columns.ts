import { t975, Z95 } from '../stats/intervals.js';
import { summarizeMean, summarizeRate, type Tally } from '../stats/tally.js';

/**
 * Column helpers so every table reports a figure the same way: the estimate, then its 95%
 * interval. `mean(t, key)` gives [mean, ci_low, ci_high]; `rate` gives [rate, ci_low, ci_high].
 */
export const meanColumns = (name: string): string[] => [name, `${name}_ci_low`, `${name}_ci_high`];
export const rateColumns = meanColumns;

export function mean(t: Tally, key: string): number[] {
  const s = summarizeMean(t.means[key]);
  return [s.mean, s.low, s.high];
}

export function rate(t: Tally, key: string): number[] {
  const s = summarizeRate(t.rates[key]);
  return [s.rate, s.low, s.high];
}

/**
 * The ratio of two sums (e.g. net chips per chip bet over many sessions) with a 95%
 * delta-method interval. Needs the means of y, x and y*x under the keys given. `student`
 * takes Student's t quantile on n - 1 degrees of freedom instead of the normal one, for a
 * ratio over few observations.
 */
export function ratioWithInterval(t: Tally, y: string, x: string, xy: string, student = false): number[] {
  const my = summarizeMean(t.means[y]);
  const mx = summarizeMean(t.means[x]);
  const mxy = summarizeMean(t.means[xy]);
  const n = my.n;
  if (n < 2 || mx.mean === 0) return [NaN, NaN, NaN];
  const r = my.mean / mx.mean;
  const sxy = ((mxy.mean - mx.mean * my.mean) * n) / (n - 1);
  const v = (my.sd ** 2 - 2 * r * sxy + r * r * mx.sd ** 2) / (n * mx.mean ** 2);
  const half = (student ? t975(n - 1) : Z95) * Math.sqrt(Math.max(0, v));
  return [r, r - half, r + half];
}
