import { describe, expect, it } from 'vitest';
import { agreement, bestOption, fitChoices, fitValues, type Choices } from '../../src/stats/choice-fit.js';
import { Rng } from '../../src/core/rng.js';

/** Decisions among 2 to 5 options with features uniform in [-1, 1], each choice drawn from the
 * softmax of the known weights `w`. */
function sample(w: number[], decisions: number): Choices {
  const rng = new Rng(null).reuse('choice-fit', 0, 0, 'test');
  const d = w.length;
  const starts = [0];
  const chosen: number[] = [];
  const x: number[] = [];
  for (let k = 0; k < decisions; k++) {
    const n = 2 + Math.floor(rng.next() * 4);
    const p: number[] = [];
    for (let o = 0; o < n; o++) {
      let s = 0;
      for (let j = 0; j < d; j++) {
        const v = 2 * rng.next() - 1;
        x.push(v);
        s += w[j]! * v;
      }
      p.push(Math.exp(s));
    }
    let u = rng.next() * p.reduce((a, b) => a + b, 0);
    let pick = 0;
    while (u > p[pick]! && pick < n - 1) u -= p[pick++]!;
    chosen.push(pick);
    starts.push(starts.at(-1)! + n);
  }
  return { width: d, starts, x: Float64Array.from(x), chosen };
}

describe('fitChoices', () => {
  it('recovers a known softmax policy within its standard errors', () => {
    const w = [1.5, -1, 0.5];
    const fit = fitChoices(sample(w, 3000));
    // Three weights at 4 standard errors each: a true fit fails with probability about 2e-4.
    for (let j = 0; j < w.length; j++) {
      expect(fit.se[j]).toBeLessThan(0.1);
      expect(Math.abs(fit.weights[j]! - w[j]!)).toBeLessThan(4 * fit.se[j]!);
    }
  });

  it('gives the same bytes for the same choices, and picks the highest score', () => {
    const c = sample([2, 0, -2], 500);
    const a = fitChoices(c);
    expect([...fitChoices(c).weights]).toEqual([...a.weights]);
    // Option scores 2 x0 - 2 x2 by hand, for the first decision.
    const scores = [];
    for (let o = c.starts[0]!; o < c.starts[1]!; o++) scores.push(2 * c.x[o * 3]! - 2 * c.x[o * 3 + 2]!);
    expect(bestOption(c, 0, [2, 0, -2])).toBe(scores.indexOf(Math.max(...scores)));
    // Weights of 0 tie every option: the first is picked, which the choices hit at about 1/3.5.
    expect(agreement(c, [0, 0, 0])).toBe(Array.from(c.chosen).filter((k) => k === 0).length / 500);
  });

  it('weighs a decision of weight 3 as the same decision seen three times', () => {
    const c = sample([1, -0.5, 0.25], 300);
    const d = c.width;
    // Every fifth decision three times over, and the same choices with it weighed 3 instead.
    const starts = [0];
    const chosen: number[] = [];
    const x: number[] = [];
    const weight: number[] = [];
    for (let k = 0; k + 1 < c.starts.length; k++) {
      weight.push(k % 5 === 0 ? 3 : 1);
      for (let rep = 0; rep < (k % 5 === 0 ? 3 : 1); rep++) {
        for (let i = c.starts[k]! * d; i < c.starts[k + 1]! * d; i++) x.push(c.x[i]!);
        chosen.push(c.chosen[k]!);
        starts.push(starts.at(-1)! + c.starts[k + 1]! - c.starts[k]!);
      }
    }
    const repeated = fitChoices({ width: d, starts, x: Float64Array.from(x), chosen });
    const weighed = fitChoices({ ...c, weight });
    for (let j = 0; j < d; j++) expect(weighed.weights[j]).toBeCloseTo(repeated.weights[j]!, 9);
    expect(weighed.logLik).toBeCloseTo(repeated.logLik, 9);
    // And the weights move: the fit is not the unweighed one.
    expect(Math.abs(weighed.weights[0]! - fitChoices(c).weights[0]!)).toBeGreaterThan(1e-3);
  });
});

describe('fitValues', () => {
  it('recovers the weights of values that are a linear score plus a constant per decision, exactly', () => {
    const c = sample([1, 1, 1], 200);
    const w = [0.7, -2, 3];
    // Each decision's values shifted by its own constant (gains over one of its options).
    const values: number[] = [];
    for (let k = 0; k + 1 < c.starts.length; k++)
      for (let o = c.starts[k]!; o < c.starts[k + 1]!; o++) values.push((k % 7) + w.reduce((s, wj, j) => s + wj * c.x[o * 3 + j]!, 0));
    const fit = fitValues(c, values, 1e-9);
    for (let j = 0; j < 3; j++) expect(fit[j]).toBeCloseTo(w[j]!, 6);
  });
});
