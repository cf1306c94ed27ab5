import { createRequire } from 'node:module';

// stdlib's packages are loaded on first use, not with this module: together they are some 440
// files, which every process and worker thread that imports pongsim would read and compile
// before its first game, most of them never asking for a quantile.
const require = createRequire(import.meta.url);
/** The function a stdlib package exports, required once when first asked for. */
function lazy<F>(name: string): () => F {
  let f: F | undefined;
  return () => (f ??= require(name) as F);
}
const normalQuantileOf = lazy<typeof import('@stdlib/stats-base-dists-normal-quantile')>('@stdlib/stats-base-dists-normal-quantile');
const normalCdf = lazy<typeof import('@stdlib/stats-base-dists-normal-cdf')>('@stdlib/stats-base-dists-normal-cdf');
const tQuantile = lazy<typeof import('@stdlib/stats-base-dists-t-quantile')>('@stdlib/stats-base-dists-t-quantile');
const tCdf = lazy<typeof import('@stdlib/stats-base-dists-t-cdf')>('@stdlib/stats-base-dists-t-cdf');
const binomialCdfOf = lazy<typeof import('@stdlib/stats-base-dists-binomial-cdf')>('@stdlib/stats-base-dists-binomial-cdf');
const betaQuantileOf = lazy<typeof import('@stdlib/stats-base-dists-beta-quantile')>('@stdlib/stats-base-dists-beta-quantile');

/**
 * The distributions pongsim's intervals and p-values take their quantiles and tails from: the
 * normal, Student's t, the binomial and the beta. The numerics are stdlib's (the @stdlib
 * packages, each tested against reference implementations); these wrappers only say what
 * pongsim asks of them: the standard normal, t on infinitely many degrees of freedom as the
 * normal (stdlib's t takes finite ones only), and a two-sided tail that keeps its digits far
 * out (a p-value of 1e-20 is not one minus a number near 1).
 */

/** The z with P(Z <= z) = p, Z standard normal. */
export const normalQuantile = (p: number): number => normalQuantileOf()(p, 0, 1);

/** P(Z <= z), Z standard normal. */
export const normalBelow = (z: number): number => normalCdf()(z, 0, 1);

/** The t with P(T <= t) = p, T Student's t on `df` degrees of freedom (Infinity: the normal). */
export function studentQuantile(p: number, df: number): number {
  return df === Infinity ? normalQuantile(p) : tQuantile()(p, df);
}

/**
 * P(|T| >= |t|), T Student's t on `df` degrees of freedom (df > 0, not necessarily whole;
 * Infinity: the normal): the two-sided p-value of a t statistic. NaN where there is none.
 */
export function studentTail(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  const x = -Math.abs(t);
  return 2 * (df === Infinity ? normalCdf()(x, 0, 1) : tCdf()(x, df));
}

/** The t with P(|T| >= t) = p (0 < p <= 1): the two-sided critical value at level p (from the
 * lower tail, where a small p keeps its digits). */
export const studentTailInverse = (p: number, df: number): number => -studentQuantile(p / 2, df);

/** P(X <= k), X binomial with n trials of probability p. */
export const binomialCdf = (k: number, n: number, p: number): number => binomialCdfOf()(k, n, p);

/** The x with P(X <= x) = p, X beta with shape parameters a and b. */
export const betaQuantile = (p: number, a: number, b: number): number => betaQuantileOf()(p, a, b);
