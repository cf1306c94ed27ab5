/**
 * Student's t distribution with a whole number of degrees of freedom: its two-sided
 * probability, exact by the finite series of Abramowitz and Stegun 26.7.3-4, and its quantile by
 * bisection. The search bot needs it: a paired difference's standard error from n rollouts is
 * itself an estimate, and with n = 4 the normal quantile trusts it far too much.
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
