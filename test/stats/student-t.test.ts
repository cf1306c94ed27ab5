// Student's t quantiles against published table values (and the normal limit), which the
// search bot's threshold uses, and its tail (every p-value pongsim prints) against the closed
// forms of one and two degrees of freedom and the normal limit, far into the tail.
import { probit } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { studentQuantile, studentTail, studentTailInverse, studentTwoSided } from '../../src/stats/student-t.js';

describe("Student's t", () => {
  it('gives the table quantiles, odd and even degrees of freedom', () => {
    const table: [number, number, number][] = [
      [0.95, 1, 6.313752],
      [0.99, 2, 6.964557],
      [0.975, 3, 3.182446],
      [0.9, 4, 1.533206],
      [0.975, 15, 2.13145],
      [0.995, 30, 2.749996],
    ];
    for (const [p, df, t] of table) expect(studentQuantile(p, df)).toBeCloseTo(t, 5);
  });

  it('is the Cauchy distribution at one degree of freedom and tends to the normal', () => {
    expect(studentTwoSided(1, 1)).toBeCloseTo(0.5, 12);
    expect(studentQuantile(0.975, 2000)).toBeCloseTo(probit(0.975), 2);
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

  it('agrees with the series where one minus it keeps its digits, and tends to the normal', () => {
    for (const df of [3, 4, 7, 10, 29, 30, 99, 101, 2000]) {
      for (const t of [0.3, 1, 2, 2.5, 4]) close(studentTail(t, df), 1 - studentTwoSided(t, df), 1e-10);
    }
    // 2 P(Z > 2) and 2 P(Z > 10), as near as t on 1e8 degrees of freedom comes to them.
    close(studentTail(2, Infinity), 0.04550026389635842, 1e-6);
    close(studentTail(10, Infinity), 1.523970604832105e-23, 3e-5);
  });

  it('inverts to the critical values', () => {
    expect(studentTailInverse(0.05, 3)).toBeCloseTo(3.182446, 5);
    expect(studentTailInverse(0.05, Infinity)).toBeCloseTo(1.959964, 5);
    expect(studentTailInverse(0.05 / 20, Infinity)).toBeCloseTo(3.023341, 5);
  });

  it('is 1 at 0, 0 at infinity, symmetric, and NaN for what has no p-value', () => {
    expect(studentTail(0, 5)).toBe(1);
    expect(studentTail(Infinity, 5)).toBe(0);
    expect(studentTail(-2.5, 7)).toBe(studentTail(2.5, 7));
    expect(studentTail(NaN, 5)).toBeNaN();
    expect(studentTail(1, 0)).toBeNaN();
  });
});
