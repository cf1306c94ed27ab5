import { binomialCdf } from './distributions.js';
import { Z95, type Estimate } from './intervals.js';

/**
 * Observations kept as a table of counts: each distinct value with how often it was seen, in
 * increasing order of value. Counts merge exactly, in any order, so quantiles drawn from them
 * do not depend on how a run was split.
 */
export type Counts = readonly (readonly [value: number, count: number])[];

/** A count table (the value written as text, as JSON keeps it) in increasing order of value. */
export function countsOf(table: Record<string, number>): [number, number][] {
  return Object.entries(table)
    .map(([v, c]): [number, number] => [Number(v), c])
    .sort((a, b) => a[0] - b[0]);
}

export const countTotal = (c: Counts): number => c.reduce((s, [, k]) => s + k, 0);

/** The `rank`-th smallest observation (from 1). */
export function nthSmallest(c: Counts, rank: number): number {
  let seen = 0;
  for (const [v, k] of c) {
    seen += k;
    if (seen >= rank) return v;
  }
  return NaN;
}

/** The fewest observations whose order statistics give a 95% interval of the q-quantile (see quantile). */
export function quantileNeeds(q: number): number {
  // The lowest observation lies below the quantile with probability 1 - (1 - q)^n, the highest
  // above it with 1 - q^n: both must reach 97.5%.
  return Math.ceil(Math.log(0.025) / Math.log(Math.max(q, 1 - q)));
}

/** "the 5% quantile", "the median". */
const quantileName = (q: number): string => (q === 0.5 ? 'the median' : `the ${Number((q * 100).toPrecision(6))}% quantile`);

/** The smallest whole k in [from, to] with pred(k), pred false then true along k; `to` + 1 if none. */
function firstTrue(from: number, to: number, pred: (k: number) => boolean): number {
  let lo = from;
  let hi = to + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (pred(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The q-quantile of n observations, the smallest x with at least a share q of them at or below
 * it (the order statistic of rank ceil(qn)), with its distribution-free 95% interval: the order
 * statistics of ranks l and u for which the binomial(n, q) count of observations below the true
 * quantile falls in [l, u) with probability at least 95%. Where n is too small for such a rank
 * (a 5% quantile of fewer than 72 observations has no lower one), there is no interval, and
 * `why` says how many observations would give one.
 */
export function quantile(c: Counts, q: number): Estimate {
  const n = countTotal(c);
  if (n === 0) return { value: NaN, low: NaN, high: NaN, n };
  const l = firstTrue(1, n, (k) => binomialCdf(k - 1, n, q) > 0.025) - 1;
  const u = firstTrue(1, n, (k) => binomialCdf(k - 1, n, q) >= 0.975);
  const value = nthSmallest(c, Math.max(1, Math.ceil(q * n)));
  if (l < 1 || u > n)
    return {
      value,
      low: NaN,
      high: NaN,
      n,
      why: `too few observations for an interval of ${quantileName(q)}, which takes ${quantileNeeds(q)} in all`,
    };
  return { value, low: nthSmallest(c, l), high: nthSmallest(c, u), n };
}

/**
 * The expected shortfall at `alpha` (CVaR): the mean of the worst share alpha of the
 * observations (the lowest, the last one counted in part so the share is exactly alpha), with
 * the 95% normal interval of its asymptotic variance, (tail variance + (1 - alpha)(VaR - ES)^2)
 * / (n alpha) (Manistre and Hancock 2005). Its n is the observations in that tail: the interval
 * rests on them, not on all n; with fewer than 2 it has no interval.
 */
export function expectedShortfall(c: Counts, alpha: number): Estimate {
  const n = countTotal(c);
  const m = alpha * n;
  if (n === 0) return { value: NaN, low: NaN, high: NaN, n: 0 };
  // The tail's observations, each with its weight (1, and the last a fraction).
  const tail: [number, number][] = [];
  let left = m;
  for (const [v, k] of c) {
    if (left <= 0) break;
    const w = Math.min(k, left);
    tail.push([v, w]);
    left -= w;
  }
  const es = tail.reduce((s, [v, w]) => s + v * w, 0) / m;
  const spread = tail.reduce((s, [v, w]) => s + w * (v - es) ** 2, 0) / m;
  // One observation in the tail has no spread to measure: no interval.
  if (m < 2) return { value: es, low: NaN, high: NaN, n: Math.ceil(m), why: 'fewer than 2 observations in the tail' };
  const valueAtRisk = tail[tail.length - 1]![0];
  const half = Z95 * Math.sqrt((spread + (1 - alpha) * (valueAtRisk - es) ** 2) / m);
  return { value: es, low: es - half, high: es + half, n: Math.ceil(m), largeSample: true };
}
