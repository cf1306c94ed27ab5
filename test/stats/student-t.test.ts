// Student's t quantiles against published table values (and the normal limit), which the
// search bot's threshold uses.
import { probit } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { studentQuantile, studentTwoSided } from '../../src/stats/student-t.js';

describe("Student's t", () => {
  it('gives the table quantiles, odd and even degrees of freedom', () => {
    const table: [number, number, number][] = [
      [0.95, 1, 6.313752], [0.99, 2, 6.964557], [0.975, 3, 3.182446], [0.9, 4, 1.533206],
      [0.975, 15, 2.13145], [0.995, 30, 2.749996],
    ];
    for (const [p, df, t] of table) expect(studentQuantile(p, df)).toBeCloseTo(t, 5);
  });

  it('is the Cauchy distribution at one degree of freedom and tends to the normal', () => {
    expect(studentTwoSided(1, 1)).toBeCloseTo(0.5, 12);
    expect(studentQuantile(0.975, 2000)).toBeCloseTo(probit(0.975), 2);
  });
});
