// The race's standard error where the rollouts were dealt from independent filters (core/advise.ts
// `spread`): the filter's own doubt, the spread of the groups' means beyond the rollouts' luck,
// is counted, and where the groups agree no more than luck makes them, it is the plain one.
import { describe, expect, it } from 'vitest';
import { spread } from '../../src/core/advise.js';
import { Rng } from '../../src/core/rng.js';

/** n results, rollout i from group i % groups: group g's mean offset[g], and noise of sd 1. */
function results(n: number, offset: readonly number[], seed: string): number[] {
  const rng = new Rng(seed);
  return Array.from({ length: n }, (_, i) => {
    // A standard normal by Box-Muller.
    const z = Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
    return offset[i % offset.length]! + z;
  });
}

const plainSe = (v: number[]) => {
  const m = v.reduce((a, b) => a + b, 0) / v.length;
  return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1) / v.length);
};

describe('spread', () => {
  it('is the plain standard error on n - 1 degrees for one group', () => {
    const v = results(100, [0], 'one');
    const s = spread(v, 1);
    expect(s.se).toBeCloseTo(plainSe(v), 12);
    expect(s.df).toBe(99);
    expect(s.doubt).toBe(0);
  });

  it("is the groups' means' own spread where the filters disagree: the mean square between over n, on groups - 1 degrees nearly", () => {
    // Eight groups of 100 whose means lie 1 apart in sd (the luck within them 1): the mean's
    // true standard error is sqrt(1 / 800 + 1 / 8) = 0.356, the plain one about 0.05.
    const offset = [-1.5, 0.2, 1.1, -0.4, 0.9, -1.2, 0.3, 0.6];
    const v = results(800, offset, 'apart');
    const s = spread(v, 8);
    const m = v.reduce((a, b) => a + b, 0) / v.length;
    const means = offset.map((_, g) => v.filter((_, i) => i % 8 === g).reduce((a, b) => a + b, 0) / 100);
    const msb = (100 * means.reduce((a, x) => a + (x - m) ** 2, 0)) / 7;
    // Balanced groups: luck / n plus the doubt is exactly the mean square between over n.
    expect(s.se).toBeCloseTo(Math.sqrt(msb / 800), 12);
    expect(s.se).toBeGreaterThan(4 * plainSe(v));
    expect(s.df).toBeGreaterThan(7);
    expect(s.df).toBeLessThan(8);
    // The doubt is nearly all of it (1 / 8 of the true variance against 1 / 800 of luck), which
    // advice says more playouts do not settle.
    expect(s.doubt).toBeGreaterThan(0.9);
  });

  it("is the rollouts' luck alone where the groups agree, on n - groups degrees", () => {
    // No group effect; at this seed the groups' means spread less than the luck makes them.
    const v = results(800, [0, 0, 0, 0, 0, 0, 0, 0], 'together');
    const s = spread(v, 8);
    expect(s.df).toBe(792);
    expect(s.doubt).toBe(0);
    expect(s.se / plainSe(v)).toBeGreaterThan(0.95);
    expect(s.se / plainSe(v)).toBeLessThan(1.05);
  });
});
