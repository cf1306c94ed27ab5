/** 95% intervals: Wilson for proportions, Student t for means. */

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

export function wilson(k: number, n: number, z = Z95): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const mid = (p + z2 / (2 * n)) / den;
  const half = (z / den) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, mid - half), high: Math.min(1, mid + half) };
}

/** Two-sided 97.5% quantile of Student's t with `df` degrees of freedom (Hill's 1970
 * expansion; exact to ~1e-6 for df >= 3, tabulated below that). */
export function t975(df: number): number {
  if (df < 1) return Infinity;
  if (df === 1) return 12.706204736174698;
  if (df === 2) return 4.302652729749464;
  const z = Z95;
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  const g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384;
  const g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

export function meanInterval(mean: number, sd: number, n: number): Interval {
  if (n < 2) return { low: -Infinity, high: Infinity };
  const half = (t975(n - 1) * sd) / Math.sqrt(n);
  return { low: mean - half, high: mean + half };
}
