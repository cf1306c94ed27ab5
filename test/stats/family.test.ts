// Many figures flagged at once: Holm's adjustment against a textbook example, the family-wise
// level it keeps where flagging each figure at 5% does not, and the p-value of a mean.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { ALPHA, holm, meanP } from '../../src/stats/family.js';

describe('Holm', () => {
  it('multiplies the k-th smallest of m by m - k + 1 and keeps the order', () => {
    const adjusted = holm([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((want, i) => expect(adjusted[i]).toBeCloseTo(want, 15));
    expect(holm([0.5, 0.9])).toEqual([1, 1]);
  });

  it('leaves an untested figure out of the count', () => {
    const adjusted = holm([NaN, 0.01, 0.02]);
    expect(adjusted[0]).toBeNaN();
    expect(adjusted.slice(1)).toEqual([0.02, 0.02]);
  });

  it('flags a figure of 60 that do not differ in about 5% of families, where 5% each flags about 3 a family', () => {
    const rng = new Rng('holm');
    const families = 4000;
    let anyRaw = 0;
    let flaggedRaw = 0;
    let anyHolm = 0;
    for (let f = 0; f < families; f++) {
      const p = Array.from({ length: 60 }, () => rng.next());
      const raw = p.filter((x) => x < ALPHA).length;
      flaggedRaw += raw;
      if (raw > 0) anyRaw++;
      if (holm(p).some((x) => x < ALPHA)) anyHolm++;
    }
    // Independent nulls: 1 - (1 - 0.05/60)^60 = 0.0488 of families; 4000 families give 195
    // +- 14 (sd), so 250 is four standard deviations above.
    expect(anyHolm).toBeLessThan(250);
    expect(anyHolm).toBeGreaterThan(140);
    expect(flaggedRaw / families).toBeCloseTo(3, 0);
    expect(anyRaw / families).toBeGreaterThan(0.9);
  });
});

describe('the p-value of a mean', () => {
  it("is Student's t on n - 1 degrees of freedom", () => {
    // 1 and 3: mean 2, sd sqrt(2), standard error 1, t = 2 on 1 degree of freedom.
    expect(meanP({ n: 2, mean: 2, sd: Math.SQRT2 })).toBeCloseTo(1 - (2 / Math.PI) * Math.atan(2), 14);
  });

  it('is 1 when every difference was 0, 0 when each was the same other value, NaN under two', () => {
    expect(meanP({ n: 50, mean: 0, sd: 0 })).toBe(1);
    expect(meanP({ n: 50, mean: 0.5, sd: 0 })).toBe(0);
    expect(meanP({ n: 1, mean: 3, sd: NaN })).toBeNaN();
  });
});
