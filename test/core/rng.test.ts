import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Rng, SEATS, dealRng } from '../../src/core/rng.js';

describe('Rng', () => {
  it('steps exactly as seedrandom alea for the same key', () => {
    const ours = new Rng('42/0/7/deal');
    const theirs = seedrandom.alea('42/0/7/deal');
    for (let i = 0; i < 1000; i++) expect(ours.next()).toBe(theirs());
  });

  it('a game stream steps exactly as seedrandom alea from the same state', () => {
    const ours = dealRng('42', 3, 123456789012);
    const theirs = seedrandom.alea('', { state: ours.state() });
    for (let i = 0; i < 1000; i++) expect(ours.next()).toBe(theirs());
    // The state runs a step ahead of the numbers once drawn from, so it is not offered.
    expect(() => ours.state()).toThrow(/before the first draw/);
  });

  it('game streams are uniform and independent across neighbouring indices', () => {
    // First draws of 20,000 consecutive games: uniform (chi-square over 10 bins) and
    // uncorrelated with the next game's first draw.
    const n = 20000,
      bins = new Array(10).fill(0);
    const xs = Array.from({ length: n }, (_, i) => dealRng('s', 0, i).next());
    xs.forEach((x) => bins[Math.floor(x * 10)]++);
    const chi2 = bins.reduce((s, c) => s + (c - n / 10) ** 2 / (n / 10), 0);
    expect(chi2).toBeLessThan(27.88); // 99.9% quantile, 9 df
    let sxy = 0;
    for (let i = 1; i < n; i++) sxy += (xs[i]! - 0.5) * (xs[i - 1]! - 0.5);
    expect(Math.abs(sxy / (n - 1) / (1 / 12))).toBeLessThan(4 / Math.sqrt(n));
  });

  it('derives distinct streams from seed, cell, index and seat', () => {
    const first = (r: Rng) => r.next();
    const values = [
      dealRng('1', 0, 0),
      dealRng('1', 0, 1),
      dealRng('1', 1, 0),
      dealRng('2', 0, 0),
      new Rng(null).reuse('1', 0, 0, SEATS[0]!),
      new Rng(null).reuse('1', 0, 0, SEATS[1]!),
    ].map(first);
    expect(new Set(values).size).toBe(values.length);
    expect(first(dealRng('1', 0, 1))).toBe(values[1]);
  });

  it('int(n) is uniform on [0, n) within a chi-square bound', () => {
    const r = new Rng('uniform');
    const n = 7,
      draws = 70000,
      counts = new Array(n).fill(0);
    for (let i = 0; i < draws; i++) counts[r.int(n)]++;
    const e = draws / n;
    const chi2 = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(chi2).toBeLessThan(22.46); // 99.9% quantile of chi-square with 6 df
  });

  it('copyFrom draws what the source would, and familyKey reads the next draws without taking them', () => {
    for (const fresh of [true, false]) {
      const src = dealRng('7', 1, 99);
      if (!fresh) for (let i = 0; i < 5; i++) src.next();
      const key = new Uint32Array(3);
      src.familyKey(key);
      const copy = new Rng(null).copyFrom(src);
      const ahead = [src.next(), src.next(), src.next()];
      expect(Array.from(key)).toEqual(ahead.map((u) => u * 4294967296));
      expect([copy.next(), copy.next(), copy.next()]).toEqual(ahead);
      expect(copy.next()).toBe(src.next());
    }
  });

  it('members of a family depend on the key and the member alone, and are uniform', () => {
    const key = new Uint32Array(3);
    dealRng('7', 0, 3).familyKey(key);
    const member = (n: number) => new Rng(null).seedFamily(key, n).next();
    expect(member(5)).toBe(member(5));
    const n = 20000,
      bins = new Array(10).fill(0);
    const xs = Array.from({ length: n }, (_, i) => member(i));
    expect(new Set(xs).size).toBe(n);
    xs.forEach((x) => bins[Math.floor(x * 10)]++);
    const chi2 = bins.reduce((s, c) => s + (c - n / 10) ** 2 / (n / 10), 0);
    expect(chi2).toBeLessThan(27.88); // 99.9% quantile, 9 df
    const other = new Uint32Array(3);
    dealRng('7', 0, 4).familyKey(other);
    expect(new Rng(null).seedFamily(other, 5).next()).not.toBe(member(5));
  });
});
