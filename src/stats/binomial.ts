import { regularizedBeta } from './beta.js';
import type { Interval } from './intervals.js';

/** P(X <= k) for X binomial with n trials of probability p. */
export function binomialCdf(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (p <= 0) return 1;
  if (p >= 1) return 0;
  return regularizedBeta(n - k, k + 1, 1 - p);
}

/** The p in [0, 1] where the increasing function f crosses `target`, by bisection. */
function crossing(f: (p: number) => number, target: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 100 && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The Clopper-Pearson ("exact") 95% interval of a proportion, k events in n trials: every p
 * the two one-sided binomial tests at 2.5% keep. It never covers less than 95%, which matters
 * for a small probability such as a risk of ruin near 1%, where Wilson's can fall short.
 */
export function clopperPearson(k: number, n: number): Interval {
  if (n === 0) return { low: 0, high: 1 };
  // P(X >= k) and P(X > k) both grow with p.
  const low = k === 0 ? 0 : crossing((p) => 1 - binomialCdf(k - 1, n, p), 0.025);
  const high = k === n ? 1 : crossing((p) => 1 - binomialCdf(k, n, p), 0.975);
  return { low, high };
}
