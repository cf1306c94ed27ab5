import { addTo, mergeInto, value, type Partials } from './exact-sum.js';
import { meanInterval, t975, wilson } from './intervals.js';

/**
 * Running moments of one metric: count, exact sum and exact sum of squares. Mergeable in
 * any order with the same result (see exact-sum.ts).
 */
export interface Moments { n: number; s: Partials; q: Partials }

/** A rate: `k` successes out of `n` trials (integers, so merges are exact). */
export interface Rate { k: number; n: number }

/**
 * The accumulator every experiment uses: named means and named rates. It is a monoid
 * (empty tally, merge), plain JSON, and what a worker returns and a shard file stores.
 */
export interface Tally { means: Record<string, Moments>; rates: Record<string, Rate> }

export function newTally(): Tally {
  return { means: {}, rates: {} };
}

export function addMean(t: Tally, key: string, x: number): void {
  let m = t.means[key];
  if (!m) t.means[key] = m = { n: 0, s: [], q: [] };
  m.n++;
  addTo(m.s, x);
  addTo(m.q, x * x);
}

export function addRate(t: Tally, key: string, k: number, n: number): void {
  const r = t.rates[key];
  if (r) { r.k += k; r.n += n; } else t.rates[key] = { k, n };
}

export function mergeTally(into: Tally, from: Tally): Tally {
  for (const [key, m] of Object.entries(from.means)) {
    const d = into.means[key];
    if (!d) { into.means[key] = { n: m.n, s: [...m.s], q: [...m.q] }; continue; }
    d.n += m.n;
    mergeInto(d.s, m.s);
    mergeInto(d.q, m.q);
  }
  for (const [key, r] of Object.entries(from.rates)) addRate(into, key, r.k, r.n);
  return into;
}

export interface MeanSummary { n: number; mean: number; sd: number; low: number; high: number }
export interface RateSummary { k: number; n: number; rate: number; low: number; high: number }

export function summarizeMean(m: Moments | undefined): MeanSummary {
  if (!m || m.n === 0) return { n: 0, mean: NaN, sd: NaN, low: NaN, high: NaN };
  const s = value(m.s);
  const mean = s / m.n;
  // Exact partial sums keep this cancellation harmless: q - s*mean, both exact inputs.
  const rest = [...m.q];
  addTo(rest, -s * mean);
  const ss = Math.max(0, value(rest));
  const sd = m.n > 1 ? Math.sqrt(ss / (m.n - 1)) : NaN;
  const ci = meanInterval(mean, sd, m.n);
  return { n: m.n, mean, sd, low: ci.low, high: ci.high };
}

export function summarizeRate(r: Rate | undefined): RateSummary {
  if (!r || r.n === 0) return { k: 0, n: 0, rate: NaN, low: NaN, high: NaN };
  const ci = wilson(r.k, r.n);
  return { k: r.k, n: r.n, rate: r.k / r.n, low: ci.low, high: ci.high };
}

/**
 * One game's observation of a ratio of two sums (net points per hand over sessions of several
 * hands, points per win): its numerator y and denominator x. A game with neither (no hand of
 * the kind, no win) does not observe the ratio and is not counted, so the count says how many
 * games the ratio rests on: a ratio seen in 2 games of 100 rests on 2.
 */
export function addRatio(t: Tally, key: string, y: number, x: number): void {
  if (y === 0 && x === 0) return;
  addMean(t, `${key}/y`, y);
  addMean(t, `${key}/x`, x);
  addMean(t, `${key}/xy`, x * y);
}

export interface RatioSummary { n: number; ratio: number; low: number; high: number }

/**
 * The ratio of the sums with its 95% delta-method interval, over the n games that observed it:
 * the games are the independent units (the hands or wins of one game are not), so the interval
 * takes Student's t on n - 1 degrees of freedom.
 */
export function summarizeRatio(t: Tally, key: string): RatioSummary {
  const my = summarizeMean(t.means[`${key}/y`]);
  const mx = summarizeMean(t.means[`${key}/x`]);
  const mxy = summarizeMean(t.means[`${key}/xy`]);
  const n = my.n;
  if (n === 0 || mx.mean === 0) return { n, ratio: NaN, low: NaN, high: NaN };
  const r = my.mean / mx.mean;
  if (n < 2) return { n, ratio: r, low: -Infinity, high: Infinity };
  const sxy = ((mxy.mean - mx.mean * my.mean) * n) / (n - 1);
  const v = (my.sd ** 2 - 2 * r * sxy + r * r * mx.sd ** 2) / (n * mx.mean ** 2);
  const half = t975(n - 1) * Math.sqrt(Math.max(0, v));
  return { n, ratio: r, low: r - half, high: r + half };
}
