/**
 * The sequential probability ratio test of a mean paired difference, as chess engines' test
 * servers run it on pairs of games (a generalized SPRT: the normal approximation to the
 * likelihood ratio, the variance estimated from the pairs seen so far). H0: the mean difference
 * is d0; H1: it is d1 (d1 > d0). With error rates alpha (accepting H1 when H0 holds) and beta
 * (accepting H0 when H1 holds), Wald's bounds are ln(beta / (1 - alpha)) below and
 * ln((1 - beta) / alpha) above: the test accepts H1 once the log-likelihood ratio reaches the
 * upper bound, H0 once it falls to the lower one, and is inconclusive while it lies between.
 */
export interface Sprt {
  llr: number;
  lower: number;
  upper: number;
  verdict: 'H1' | 'H0' | 'inconclusive';
}

export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/**
 * The test after n pairs with mean difference `mean` and sample variance `variance`: the
 * log-likelihood ratio of H1 against H0 for n normal observations of that variance,
 * n ((d1 - d0) mean - (d1^2 - d0^2) / 2) / variance. Pairs that never differ (variance 0) decide
 * at once by which hypothesis their mean is nearer.
 */
export function sprt(n: number, mean: number, variance: number, d0: number, d1: number, alpha: number, beta: number): Sprt {
  const { lower, upper } = sprtBounds(alpha, beta);
  let llr: number;
  if (n < 2) llr = 0;
  else if (variance > 0) llr = (n * ((d1 - d0) * mean - (d1 * d1 - d0 * d0) / 2)) / variance;
  else llr = mean > (d0 + d1) / 2 ? Infinity : mean < (d0 + d1) / 2 ? -Infinity : 0;
  const verdict = llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'inconclusive';
  return { llr, lower, upper, verdict };
}
