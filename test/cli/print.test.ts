// Numbers at their precision on the terminal.
import { describe, expect, it } from 'vitest';
import { bracketed, estimate, printTable } from '../../src/io/print.js';

describe('estimates at their precision', () => {
  it('rounds to the second significant digit of the half-width, symmetric intervals as ±', () => {
    expect(estimate(586.828, 555.6023, 618.0538)).toBe('587 ±31');
    expect(estimate(0.2414844, 0.2349974, 0.2480924)).toBe('0.2415 ±0.0065');
    expect(estimate(-23.31, -24.24676, -22.37924)).toBe('-23.31 ±0.93');
  });

  it('shows a skewed interval as [lo, hi], and bounds of exactly 0 or 1 as 0 and 1', () => {
    expect(estimate(0.00005, 0.0000088, 0.000283)).toBe('0.00005 [0.00001, 0.00028]');
    expect(estimate(0, 4.337e-19, 0.0009592)).toBe('0 [0, 0.00096]');
    expect(estimate(1, 0.9999904, 1 + 2.7e-20)).toBe('1 [0.9999904, 1]');
  });

  it('prints an exact figure (no interval) as it is', () => {
    expect(estimate(0.25, 0.25, 0.25)).toBe('0.25');
    // An interval no wider than float noise (rollouts of one value, less their luck, differing in
    // their last bits: a Wolnamppong bet's) is none, not "±0.000000000000".
    const x = 6.181818181818182;
    expect(estimate(x, x - 4e-15, x + 4e-15)).toBe('6.182');
    expect(estimate(2e-12, 1e-12, 3e-12)).toBe('0.000000000002 ±0.000000000001');
  });

  it('in a sentence, always as x [lo, hi] at the same precision, a bound that keeps the interval clear of 0 never reading 0', () => {
    expect(bracketed(16.442, 3.704, 29.18)).toBe('16 [4, 29]');
    expect(bracketed(-1.779, -5.974, 2.417)).toBe('-1.8 [-6.0, 2.4]');
    // "Better by 1.2 [0.0, 2.4]" would read as perhaps no better at all: the bound gets decimals.
    expect(bracketed(1.2, 0.003, 2.4)).toBe('1.2 [0.003, 2.4]');
    expect(bracketed(-1.2, -2.4, -0.0004)).toBe('-1.2 [-2.4, -0.0004]');
    // An interval of no width keeps its bounds, which the sentence names as its interval.
    expect(bracketed(0, 0, 0)).toBe('0 [0, 0]');
  });

  it('prints a table with the estimate in one column', () => {
    const text = printTable({ name: 't', columns: ['arm', 'rate', 'rate_ci_low', 'rate_ci_high'], rows: [['a', 0.5, 0.4, 0.6]] });
    expect(text).toBe('t\narm  rate\na    0.50 ±0.10\n');
  });
});
