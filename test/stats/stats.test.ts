import { describe, expect, it } from 'vitest';
import { addTo, value, type Partials } from '../../src/stats/exact-sum.js';
import { t975, wilson } from '../../src/stats/intervals.js';
import { addMean, addRate, addRatio, mergeTally, newTally, summarizeMean, summarizeRatio, tallyFault } from '../../src/stats/tally.js';
import { Rng } from '../../src/core/rng.js';

describe('exact sums', () => {
  it('give the same bits in any order and grouping', () => {
    const r = new Rng('sums');
    const xs = Array.from({ length: 5000 }, () => (r.next() - 0.5) * 10 ** r.int(12));
    const a: Partials = [];
    xs.forEach((x) => addTo(a, x));
    const b: Partials = [];
    [...xs].reverse().forEach((x) => addTo(b, x));
    const c: Partials = [];
    for (let k = 0; k < xs.length; k += 333) {
      const part: Partials = [];
      xs.slice(k, k + 333).forEach((x) => addTo(part, x));
      part.forEach((x) => addTo(c, x));
    }
    expect(value(b)).toBe(value(a));
    expect(value(c)).toBe(value(a));
  });

  it('are exact where naive summation drifts', () => {
    const p: Partials = [];
    for (const x of [1e16, 1, -1e16, 1]) addTo(p, x);
    expect(value(p)).toBe(2);
    const q: Partials = [];
    for (let i = 0; i < 10; i++) addTo(q, 0.1);
    expect(value(q)).toBe(1);
  });
});

describe('intervals', () => {
  it('Wilson matches a textbook value', () => {
    // 81 of 263: 95% Wilson interval 0.2553 to 0.3662.
    const w = wilson(81, 263);
    expect(w.low).toBeCloseTo(0.2553, 4);
    expect(w.high).toBeCloseTo(0.3662, 4);
    expect(wilson(0, 10).low).toBe(0);
    // Exactly 0 and 1 at the ends, whatever the rounding of the formula (it left 2.8e-17 at 0 of 7).
    for (const n of [1, 7, 10, 263, 1e6]) expect([wilson(0, n).low, wilson(n, n).high]).toEqual([0, 1]);
  });
});

describe('tallies', () => {
  it('merge to the same summary as one pass', () => {
    const one = newTally(),
      a = newTally(),
      b = newTally();
    for (let i = 0; i < 100; i++) {
      addMean(one, 'x', i * 0.5);
      addMean(i < 37 ? a : b, 'x', i * 0.5);
      addRate(one, 'r', i % 3 === 0 ? 1 : 0, 1);
      addRate(i < 37 ? a : b, 'r', i % 3 === 0 ? 1 : 0, 1);
    }
    const merged = mergeTally(mergeTally(newTally(), b), a);
    expect(merged.rates.r).toEqual(one.rates.r);
    expect(summarizeMean(merged.means.x)).toEqual(summarizeMean(one.means.x));
    const s = summarizeMean(one.means.x);
    expect(s.mean).toBe(24.75);
    expect(s.sd).toBeCloseTo(Math.sqrt((0.25 * 100 * 101) / 12), 10);
  });
});

describe('what a tally read back from a file must be', () => {
  /** Three games: one observation of x each, two of them also of y; a rate of 5 trials. */
  const good = () => {
    const t = newTally();
    for (const v of [1, 2, 4]) addMean(t, 'x', v);
    for (const v of [-1, 3]) addMean(t, 'y', v);
    addRate(t, 'r', 2, 5);
    t.games = 3;
    return JSON.parse(JSON.stringify(t));
  };

  it('holds the games of its range, means of at most one observation a game, rates of events within trials', () => {
    expect(tallyFault(good(), 3)).toBeNull();
    const merged = mergeTally(newTally(), good());
    expect(merged.games).toBe(3);
    expect(tallyFault(mergeTally(merged, good()), 6)).toBeNull();
    // Emptied: what once merged to 400 sessions in a run of 600.
    expect(tallyFault({ means: {}, rates: {} }, 3)).toBe('its tally is not one (means, rates and a count of games)');
    expect(tallyFault(newTally(), 3)).toBe('its tally holds 0 games where its range has 3');
    expect(tallyFault(good(), 4)).toBe('its tally holds 3 games where its range has 4');
    const more = good();
    more.means.x.n = 4;
    expect(tallyFault(more, 3)).toBe('mean "x" counts 4 observations in 3 games (a mean takes at most one a game)');
    const rate = good();
    rate.rates.r.k = 6;
    expect(tallyFault(rate, 3)).toBe('rate "r" is not a count of events within a count of trials');
  });

  it('has sums some observations could have', () => {
    const negative = good();
    negative.means.x.q = [-1];
    expect(tallyFault(negative, 3)).toBe('mean "x": no 3 observations have the sum 7 and the sum of squares -1');
    // 7^2 > 3 * 16: no three numbers sum to 7 with squares summing to 16 (Cauchy-Schwarz).
    const tight = good();
    tight.means.x.q = [16];
    expect(tallyFault(tight, 3)).toBe('mean "x": no 3 observations have the sum 7 and the sum of squares 16');
    // Three equal observations sit on the bound: allowed.
    const equal = good();
    equal.means.x = { n: 3, s: [0.30000000000000004], q: [0.030000000000000006] };
    expect(tallyFault(equal, 3)).toBeNull();
    const nan = good();
    nan.means.y.s = ['1'];
    expect(tallyFault(nan, 3)).toBe('mean "y" is not a count of observations with their sums');
  });
});

describe('ratios over games', () => {
  it("rest on the games that observed them, with Student's t: a ratio seen in 2 games of 100 is no normal interval", () => {
    // The American joker study's case: 98 games dealt no one four jokers, 2 games one seat-hand
    // each, netting 100 and 120.
    const t = newTally();
    for (let i = 0; i < 98; i++) addRatio(t, 'net', 0, 0);
    addRatio(t, 'net', 100, 1);
    addRatio(t, 'net', 120, 1);
    const r = summarizeRatio(t, 'net');
    expect(r.n).toBe(2);
    expect(r.ratio).toBe(110);
    // Residuals of +-10 on 1 degree of freedom: standard error 10, t quantile 12.706.
    expect(r.high - r.ratio).toBeCloseTo(10 * t975(1), 9);
    expect(r.ratio - r.low).toBeCloseTo(10 * t975(1), 9);
  });

  it('count a game with a numerator and no denominator (antes lost without a bet), and have no interval from one game', () => {
    const t = newTally();
    addRatio(t, 'perChip', -2, 0);
    addRatio(t, 'perChip', 6, 4);
    expect(summarizeRatio(t, 'perChip')).toMatchObject({ n: 2, ratio: 1 });
    const one = newTally();
    addRatio(one, 'x', 3, 2);
    expect(summarizeRatio(one, 'x')).toEqual({ n: 1, ratio: 1.5, low: -Infinity, high: Infinity });
  });
});
