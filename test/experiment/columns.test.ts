// How a table carries its figures: each with its interval, a difference with its p-values, and
// a small_sample column naming every figure of a row that rests on fewer than 30 observations;
// and how an answer words a figure and a flag.
import { describe, expect, it } from 'vitest';
import { figureIn, figureTable, flagWords, gamesToFlag, quote, type Figure } from '../../src/experiment/columns.js';
import { SMALL_SAMPLE } from '../../src/core/table.js';
import { ANY_REAL } from '../../src/experiment/ranges.js';

const fig = (value: number, low: number, high: number, n: number, p?: number, holm?: number): Figure => ({ value, low, high, n, p, holm });

describe('figureTable', () => {
  it('spreads each figure over its columns and names the figures from fewer than 30 observations', () => {
    const t = figureTable(
      't',
      ['row', 'x', 'x_ci_low', 'x_ci_high', 'd', 'd_ci_low', 'd_ci_high', 'd_p', 'd_p_holm'],
      [
        ['a', fig(1, 0, 2, 30), fig(0.5, 0.1, 0.9, 30, 0.01, 0.02)],
        ['b', fig(4, 3, 5, 29), ''],
        ['c', fig(NaN, NaN, NaN, 0), fig(2, 1, 3, 2, 0.04, 0.08)],
      ],
      { x: { meaning: 'x', range: ANY_REAL }, d: { meaning: 'd', range: ANY_REAL } },
    );
    expect(t.columns.at(-1)).toBe(SMALL_SAMPLE);
    expect(t.rows).toEqual([
      ['a', 1, 0, 2, 0.5, 0.1, 0.9, 0.01, 0.02, ''],
      ['b', 4, 3, 5, '', '', '', '', '', 'x n=29'],
      ['c', NaN, NaN, NaN, 2, 1, 3, 0.04, 0.08, 'x n=0; d n=2'],
    ]);
    expect(figureIn(t, t.rows[2]!, 'd')).toEqual(fig(2, 1, 3, 2, 0.04, 0.08));
    expect(figureIn(t, t.rows[0]!, 'x').n).toBe(Infinity);
  });

  it('refuses a row that does not fit its columns', () => {
    expect(() => figureTable('t', ['x', 'x_ci_low', 'x_ci_high'], [[1, 2, 3]])).toThrow(/a row of 3 cells for 1 columns/);
    expect(() => figureTable('t', ['x', 'x_ci_low', 'x_ci_high'], [[7]])).toThrow(/x takes a figure/);
  });
});

describe('answers', () => {
  it('say when a figure rests on few observations, and when it has no interval', () => {
    expect(quote(fig(110, -17.06, 237.06, 2), 1, 'games')).toBe('110.0 [-17.1, 237.1] (2 games only)');
    expect(quote(fig(3, -Infinity, Infinity, 1), 1, 'games')).toBe('3.0 (no interval: 1 game)');
    expect(quote({ ...fig(133.3, NaN, NaN, 3), why: 'too few to say' }, 0, 'games')).toBe('133 (too few to say: 3 games)');
    expect(quote(fig(0.25, 0.2, 0.3, 500))).toBe('0.25 [0.20, 0.30]');
  });

  it('say what a size cannot tell, and about what would: the half-width shrinks as one over the root of the games', () => {
    // Half-width 0.4 around 0.1 at 1,000 games: 0.4/0.1 squared is 16 times the games.
    const d = fig(0.1, -0.3, 0.5, 1000, 0.6, 0.6);
    expect(gamesToFlag(d, 1000)).toBe(16000);
    expect(flagWords(d, 1000, 1)).toBe(
      'not significant: 1000 games cannot tell it from none; about --games 16000 would flag a difference of this size',
    );
    // Among 20 tests the first must pass at 0.05/20: z 3.023 against 1.960, 16 x 2.379 = 38.07 times.
    expect(gamesToFlag(d, 1000, 20)).toBe(39000);
    expect(flagWords(fig(0.1, 0.05, 0.15, 1000, 0.001, 0.02), 1000, 20)).toBe('significant (Holm among 20)');
    expect(gamesToFlag(fig(0, -1, 1, 100), 100)).toBe(Infinity);
    // Arms that played alike in every game: no size would tell them apart, and none is named.
    expect(flagWords(fig(0, 0, 0, 20, 1, 1), 20, 12)).toBe('not significant: no difference in any of the 20 games');
    expect(flagWords(fig(0, -1, 1, 100, 1, 1), 100, 1)).toBe('not significant: 100 games cannot tell it from none');
  });
});
