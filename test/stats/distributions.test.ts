// The distributions behind every interval and p-value (src/stats/distributions.ts, stdlib's
// numerics): a grid of published table values, typed in with their sources, and closed forms
// where a table has too few digits (the t tail at one and two degrees of freedom, the binomial
// as a sum of its probabilities, the beta at a shape of 1).
import { describe, expect, it } from 'vitest';
import {
  betaQuantile,
  binomialCdf,
  normalQuantile,
  studentQuantile,
  studentTail,
  studentTailInverse,
} from '../../src/stats/distributions.js';
import { clopperPearson, t975, Z95 } from '../../src/stats/intervals.js';

/** Upper-tail probabilities of the t table's columns. */
const TAILS = [0.1, 0.05, 0.025, 0.01, 0.005];

/**
 * Critical values t with P(T > t) = the column's probability, by degrees of freedom:
 * NIST/SEMATECH e-Handbook of Statistical Methods, section 1.3.6.7.2, "Critical Values of
 * the Student's t Distribution" (three decimals, rounded; Infinity is its last row, the normal).
 */
const T_TABLE: [df: number, row: number[]][] = [
  [1, [3.078, 6.314, 12.706, 31.821, 63.657]],
  [2, [1.886, 2.92, 4.303, 6.965, 9.925]],
  [3, [1.638, 2.353, 3.182, 4.541, 5.841]],
  [4, [1.533, 2.132, 2.776, 3.747, 4.604]],
  [5, [1.476, 2.015, 2.571, 3.365, 4.032]],
  [6, [1.44, 1.943, 2.447, 3.143, 3.707]],
  [7, [1.415, 1.895, 2.365, 2.998, 3.499]],
  [8, [1.397, 1.86, 2.306, 2.896, 3.355]],
  [9, [1.383, 1.833, 2.262, 2.821, 3.25]],
  [10, [1.372, 1.812, 2.228, 2.764, 3.169]],
  [15, [1.341, 1.753, 2.131, 2.602, 2.947]],
  [20, [1.325, 1.725, 2.086, 2.528, 2.845]],
  [25, [1.316, 1.708, 2.06, 2.485, 2.787]],
  [29, [1.311, 1.699, 2.045, 2.462, 2.756]],
  [30, [1.31, 1.697, 2.042, 2.457, 2.75]],
  [40, [1.303, 1.684, 2.021, 2.423, 2.704]],
  [60, [1.296, 1.671, 2.0, 2.39, 2.66]],
  [100, [1.29, 1.66, 1.984, 2.364, 2.626]],
  [Infinity, [1.282, 1.645, 1.96, 2.326, 2.576]],
];

describe("Student's t quantiles", () => {
  it('give the published table of critical values to its three decimals', () => {
    for (const [df, row] of T_TABLE) {
      row.forEach((t, i) => {
        const got = studentQuantile(1 - TAILS[i]!, df);
        expect(Math.abs(got - t), `df ${df}, tail ${TAILS[i]}: ${got} against ${t}`).toBeLessThanOrEqual(0.0005);
      });
    }
  });

  it('give the 95% half-width and the two-sided critical values', () => {
    // The same table, the 0.025 column: the quantile of every 95% t interval.
    for (const [df, row] of T_TABLE) expect(Math.abs(t975(df) - row[2]!)).toBeLessThanOrEqual(0.0005);
    expect(t975(0)).toBe(Infinity);
    expect(studentTailInverse(0.05, 3)).toBeCloseTo(studentQuantile(0.975, 3), 12);
    expect(studentTailInverse(0.05, Infinity)).toBeCloseTo(Z95, 12);
  });
});

describe('normal quantiles', () => {
  it('give the published percentage points of the normal distribution', () => {
    // Abramowitz and Stegun, Handbook of Mathematical Functions, Table 26.5 (Q = 1 - p).
    const table: [number, number][] = [
      [0.95, 1.644853627],
      [0.975, 1.959963985],
      [0.99, 2.326347874],
      [0.995, 2.575829304],
      [0.999, 3.090232306],
      [0.9995, 3.290526731],
    ];
    for (const [p, z] of table) expect(Math.abs(normalQuantile(p) - z)).toBeLessThan(1e-9);
    expect(Math.abs(Z95 - 1.959963985)).toBeLessThan(1e-9);
    // Z95, the constant pongsim's Wilson intervals take, is the library's to a few units of the last place.
    expect(Math.abs(Z95 - normalQuantile(0.975))).toBeLessThan(1e-15);
  });
});

describe("Student's t tail (p-values)", () => {
  const close = (got: number, want: number, rel: number) => expect(Math.abs(got - want) / want, `${got} against ${want}`).toBeLessThan(rel);

  it('is exact at one and two degrees of freedom, however small the p-value', () => {
    for (const t of [0.01, 0.5, 1, 3, 12.7, 1e3, 1e8]) {
      close(studentTail(t, 1), (2 / Math.PI) * Math.atan(1 / t), 1e-12);
      const r = Math.sqrt(2 + t * t);
      close(studentTail(t, 2), 2 / (r * (r + t)), 1e-12);
    }
  });

  it('inverts the quantiles at the table values, and is the normal on infinitely many degrees of freedom', () => {
    for (const [df, row] of T_TABLE) {
      for (const p of TAILS) close(studentTail(studentQuantile(1 - p, df), df), 2 * p, 1e-9);
      expect(studentTail(row[2]!, df)).toBeCloseTo(0.05, 3);
    }
    // 2 P(Z > 2) and 2 P(Z > 10): erfc(sqrt(2)) and erfc(10 / sqrt(2)).
    close(studentTail(2, Infinity), 0.04550026389635842, 1e-12);
    close(studentTail(10, Infinity), 1.523970604832105e-23, 1e-9);
    // Many degrees of freedom: the normal tail plus its first correction in 1 / df,
    // 2 phi(t) (t^3 + t) / (4 df); the next term is of order 1 / df^2.
    const phi = (t: number) => Math.exp((-t * t) / 2) / Math.sqrt(2 * Math.PI);
    for (const df of [1e6, 1e8, 1e10])
      for (const t of [1, 3, 5]) close(studentTail(t, df), studentTail(t, Infinity) + (2 * phi(t) * (t ** 3 + t)) / (4 * df), 1e-7);
  });

  it('is 1 at 0, 0 at infinity, symmetric, and NaN for what has no p-value', () => {
    expect(studentTail(0, 5)).toBe(1);
    expect(studentTail(Infinity, 5)).toBe(0);
    expect(studentTail(-2.5, 7)).toBe(studentTail(2.5, 7));
    expect(studentTail(NaN, 5)).toBeNaN();
    expect(studentTail(1, 0)).toBeNaN();
  });
});

describe('binomial', () => {
  it('gives the published cumulative binomial table', () => {
    // P(X <= k) for n trials of probability p, to four decimals, as the standard cumulative
    // binomial tables print them (e.g. Walpole, Myers, Myers and Ye, Probability and
    // Statistics for Engineers and Scientists, Table A.1).
    const table: [k: number, n: number, p: number, cdf: number][] = [
      [2, 10, 0.3, 0.3828],
      [3, 10, 0.3, 0.6496],
      [5, 10, 0.3, 0.9527],
      [5, 20, 0.5, 0.0207],
      [10, 20, 0.5, 0.5881],
      [1, 15, 0.1, 0.549],
      [3, 15, 0.1, 0.9444],
    ];
    for (const [k, n, p, cdf] of table) expect(Math.abs(binomialCdf(k, n, p) - cdf)).toBeLessThanOrEqual(0.00005);
  });

  it('is the sum of its probabilities', () => {
    const choose = (n: number, k: number): number => {
      let c = 1;
      for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
      return c;
    };
    for (const [n, p] of [
      [10, 0.3],
      [40, 0.05],
      [25, 0.5],
    ] as const) {
      let sum = 0;
      for (let k = 0; k <= n; k++) {
        sum += choose(n, k) * p ** k * (1 - p) ** (n - k);
        expect(binomialCdf(k, n, p)).toBeCloseTo(sum, 12);
      }
    }
  });
});

describe('beta quantiles and Clopper-Pearson', () => {
  it('are the closed forms at a shape of 1', () => {
    // Beta(a, 1) has distribution x^a, Beta(1, b) 1 - (1 - x)^b.
    for (const p of [0.025, 0.5, 0.975]) {
      for (const a of [1, 3, 10]) {
        expect(betaQuantile(p, a, 1)).toBeCloseTo(p ** (1 / a), 12);
        expect(betaQuantile(p, 1, a)).toBeCloseTo(1 - (1 - p) ** (1 / a), 12);
      }
    }
  });

  it('match their closed forms and published values', () => {
    // No event in n: the upper end solves (1 - p)^n = 0.025.
    expect(clopperPearson(0, 10).high).toBeCloseTo(1 - 0.025 ** (1 / 10), 12);
    expect(clopperPearson(10, 10).low).toBeCloseTo(0.025 ** (1 / 10), 12);
    // 5 of 10: 0.187086, 0.812914 (as R's binom.test(5, 10) prints it: 0.1870860 0.8129140).
    const half = clopperPearson(5, 10);
    expect(half.low).toBeCloseTo(0.187086, 6);
    expect(half.high).toBeCloseTo(0.812914, 6);
    // Each end is where the one-sided binomial test at 2.5% turns.
    for (const [k, n] of [
      [3, 20],
      [1, 100],
      [37, 50],
    ] as const) {
      const ci = clopperPearson(k, n);
      expect(1 - binomialCdf(k - 1, n, ci.low)).toBeCloseTo(0.025, 10);
      expect(binomialCdf(k, n, ci.high)).toBeCloseTo(0.025, 10);
    }
  });
});
