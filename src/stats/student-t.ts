import { gammaln } from 'simple-statistics';
import { betaFraction } from './beta.js';

/**
 * Student's t distribution with a whole number of degrees of freedom: its two-sided
 * probability, exact by the finite series of Abramowitz and Stegun 26.7.3-4, and its quantile by
 * bisection. The search bot needs it: a paired difference's standard error from n rollouts is
 * itself an estimate, and with n = 4 the normal quantile trusts it far too much. Its tail,
 * the p-value of a t statistic, comes from the incomplete beta function instead: one minus the
 * series loses every digit of a small p-value.
 */

/** P(|T| <= t) for T with `df` degrees of freedom (t >= 0, df a whole number >= 1). */
export function studentTwoSided(t: number, df: number): number {
  const theta = Math.atan(t / Math.sqrt(df));
  const s = Math.sin(theta);
  const c2 = Math.cos(theta) ** 2;
  if (df % 2 === 1) {
    // (2/pi) [theta + sin cos (1 + 2/3 cos^2 + 2*4/(3*5) cos^4 + ...)], the sum up to cos^(df-2).
    let term = 1;
    let sum = df > 1 ? 1 : 0;
    for (let k = 2; k <= df - 2; k += 2) {
      term *= (k / (k + 1)) * c2;
      sum += term;
    }
    return (2 / Math.PI) * (theta + s * Math.cos(theta) * sum);
  }
  // sin (1 + 1/2 cos^2 + 1*3/(2*4) cos^4 + ...), the sum up to cos^(df-2).
  let term = 1;
  let sum = 1;
  for (let k = 2; k <= df - 2; k += 2) {
    term *= ((k - 1) / k) * c2;
    sum += term;
  }
  return s * sum;
}

/** The t with P(T <= t) = p, for 0.5 <= p < 1. */
export function studentQuantile(p: number, df: number): number {
  const target = 2 * p - 1;
  let lo = 0;
  let hi = 1;
  while (studentTwoSided(hi, df) < target) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTwoSided(mid, df) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * P(|T| >= t) for T with `df` degrees of freedom (df > 0): the two-sided p-value of a t
 * statistic, accurate far into the tail (a p-value of 1e-20 keeps its digits). It is the
 * regularized incomplete beta I_x(df/2, 1/2) at x = df / (df + t^2).
 */
export function studentTail(t: number, df: number): number {
  const t2 = t * t;
  if (Number.isNaN(t2) || !(df > 0)) return NaN;
  // Past 1e8 degrees of freedom (far more games than any run plays; Infinity is the normal)
  // the tail is taken at 1e8: 1 - x below would keep too few digits. That is the normal's
  // within 1e-6 of itself out to |t| = 3, 3e-5 at |t| = 10.
  df = Math.min(df, 1e8);
  if (t2 === Infinity) return 0;
  if (t2 === 0) return 1;
  const a = df / 2;
  const b = 0.5;
  // x and 1 - x and their logarithms, each without the cancellation of 1 - x near 1.
  const x = df / (df + t2);
  const y = t2 / (df + t2);
  const front = Math.exp(logGammaHalfRatio(a) - LOG_SQRT_PI - a * Math.log1p(t2 / df) + b * Math.log(y));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, y)) / b;
}

const LOG_SQRT_PI = 0.5 * Math.log(Math.PI);

/**
 * ln Gamma(a + 1/2) - ln Gamma(a). For large a, where the two log-gammas are large and their
 * difference would keep few digits, by its asymptotic series (the next term is under 1e-13 from
 * a = 100 on).
 */
function logGammaHalfRatio(a: number): number {
  return a < 100 ? gammaln(a + 0.5) - gammaln(a) : 0.5 * Math.log(a) - 1 / (8 * a) + 1 / (192 * a ** 3);
}

/** The t with P(|T| >= t) = p (0 < p <= 1): the two-sided critical value at level p, by bisection on studentTail. */
export function studentTailInverse(p: number, df: number): number {
  let lo = 0;
  let hi = 1;
  while (studentTail(hi, df) > p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTail(mid, df) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
