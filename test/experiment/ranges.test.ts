// Every interval pongsim writes lies inside what its figure can be (test/support/ranges.ts). A
// sim, a compare, a tuning run and a league run here at a small size (small samples are where
// intervals leak: a t interval of a share from 9 games reached -0.12); every study is checked on
// its whole run in test/cli/merge-every.test.ts, which runs each one anyway.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compare, league, simulate, tune } from 'pongsim';
import { figureTable, type Figure } from '../../src/experiment/columns.js';
import type { ColumnDoc } from '../../src/experiment/dictionary.js';
import type { ExperimentDef } from '../../src/experiment/experiment.js';
import { ANY_REAL, inRange, NON_NEGATIVE, PLACE, SHARE, type Range } from '../../src/experiment/ranges.js';
import { EXPERIMENTS } from '../../src/library/studies.js';
import { TUNE_COLUMNS } from '../../src/library/tune.js';
import { SPRT_COLUMNS, SPSA_COLUMNS } from '../../src/library/spsa.js';
import { FEW } from '../../src/stats/intervals.js';
import { tempDir } from '../support/cli.js';
import { checkRanges, figuresOf, type RangeCase } from '../support/ranges.js';

/** One run: what it writes into `dir` and gives as JSON, checked as its RangeCase says. */
interface Case extends RangeCase {
  run: (dir: string) => Promise<unknown>;
}

const SEED = '7';
const def = (name: string): ExperimentDef => EXPERIMENTS.find((e) => e.name === name)!;

const CASES: Case[] = [
  {
    // Enough games that a share's t interval (win_prob) has one, cut to [0, 1] where it leaks,
    // and nights too few for a 5% quantile's interval.
    name: 'sim',
    run: (out) =>
      simulate({ game: 'wolnamppong', games: 40, seed: SEED, workers: 1, out: path.join(out, 'sim.csv'), session: 2, bankroll: 20 }),
    docs: def('sim').columns!,
    players: 6,
    without: true,
  },
  {
    name: 'compare',
    run: (out) =>
      compare({ game: 'nylonppong', arm: ['default:', 'deal-in 20: --set dealInPenalty=20'], games: 12, seed: SEED, workers: 1, out }),
    docs: def('compare').columns!,
    players: 4,
  },
  {
    name: 'tune',
    run: (out) => tune({ game: 'nylonppong', strategy: 'basic(t=[4,10])', budget: 200, seed: SEED, workers: 1, out }),
    docs: TUNE_COLUMNS,
  },
  {
    name: 'tune-spsa',
    run: (out) =>
      tune({
        game: 'nylonppong',
        method: 'spsa',
        strategy: 'basic(t=0..10)',
        budget: 400,
        sprt: '0,1',
        sprtGames: 40,
        seed: SEED,
        workers: 1,
        out,
      }),
    docs: { ...SPSA_COLUMNS, ...SPRT_COLUMNS },
  },
  {
    name: 'league',
    run: (out) => league({ game: 'nylonppong', specs: 'basic,careful,random', set: 'players=2', games: 6, seed: SEED, workers: 1, out }),
    docs: def('league').columns!,
  },
];

describe('every interval lies inside what its figure can be', () => {
  for (const c of CASES) {
    it(`${c.name}: every figure of every CSV and of its JSON`, async () => {
      const dir = tempDir();
      checkRanges(c, dir, (await c.run(dir)) as Record<string, unknown>);
    });
  }
});

describe('a figure shown in its range', () => {
  const figure = (value: number, low: number, high: number, n: number, largeSample = true): Figure => ({
    value,
    low,
    high,
    n,
    largeSample,
  });

  it('has no interval below FEW observations where its range is bounded, "too few to say"', () => {
    // The issue's own figure: wins per chase 0.38 [-0.12, 0.87] from 9 games.
    const f = inRange(figure(0.38, -0.12, 0.87, 9), NON_NEGATIVE);
    expect([f.value, f.low, f.high, f.why]).toEqual([0.38, NaN, NaN, 'too few to say']);
    // Any real number: the t interval stands, however few the games.
    expect(inRange(figure(0.38, -0.12, 0.87, 9), ANY_REAL)).toMatchObject({ low: -0.12, high: 0.87 });
    // A method that respects the range (Wilson's) keeps its interval at any count.
    expect(inRange(figure(0.1, 0.02, 0.4, 9, false), SHARE)).toMatchObject({ low: 0.02, high: 0.4 });
  });

  it('is cut to its range from FEW on, and left alone inside it', () => {
    expect(inRange(figure(0.02, -0.01, 0.05, FEW), SHARE)).toMatchObject({ low: 0, high: 0.05 });
    expect(inRange(figure(0.98, 0.95, 1.01, 200), SHARE)).toMatchObject({ low: 0.95, high: 1 });
    const inside = figure(0.5, 0.4, 0.6, 200);
    expect(inRange(inside, SHARE)).toBe(inside);
  });

  it('takes a place between 1 and the players, and refuses a place figure that does not say them', () => {
    expect(inRange({ ...figure(3.95, 3.9, 4.02, 100), players: 4 }, PLACE)).toMatchObject({ low: 3.9, high: 4 });
    expect(() => inRange(figure(3.95, 3.9, 4.02, 100), PLACE)).toThrow(/players/);
  });

  it('says why where its maker gave none', () => {
    expect(inRange(figure(5, -Infinity, Infinity, 1), ANY_REAL).why).toBe('one observation');
    expect(inRange(figure(NaN, NaN, NaN, 0, false), SHARE).why).toBe('no observations');
  });

  it('is written so by figureTable, which refuses a figure whose column declares no range', () => {
    const shares: Record<string, ColumnDoc> = { share: { meaning: 'a share', range: SHARE } };
    const t = figureTable('t', ['name', 'share', 'share_ci_low', 'share_ci_high'], [['a', figure(0.38, -0.12, 0.87, 9)]], shares);
    expect(t.rows[0]).toEqual(['a', 0.38, NaN, NaN, 'share n=9 (no interval: too few to say)']);
    expect(() => figureTable('t', ['name', 'x', 'x_ci_low', 'x_ci_high'], [['a', figure(1, 0, 2, 40)]])).toThrow(/x declares no range/);
  });

  it('takes the range of its row’s kind in a table of many kinds', () => {
    const docs: Record<string, ColumnDoc> = { value: { meaning: 'v', range: { byKind: { seat: ANY_REAL, win: SHARE } } } };
    const columns = ['kind', 'value', 'value_ci_low', 'value_ci_high'];
    const t = figureTable(
      't',
      columns,
      [
        ['seat', figure(0.1, -0.3, 0.5, 40)],
        ['win', figure(0.1, -0.3, 0.5, 40)],
      ],
      docs,
    );
    expect(t.rows.map((r) => r.slice(2, 4))).toEqual([
      [-0.3, 0.5],
      [0, 0.5],
    ]);
    expect(() => figureTable('t', columns, [['place', figure(2, 1, 3, 40)]], docs)).toThrow(/kind "place"/);
  });
});

// The declared range of a figure column, in words, as explain prints it: every figure of every experiment has one.
describe('the column dictionary', () => {
  it('declares a range for every figure column of every experiment', async () => {
    const { explain } = await import('../../src/library/explain.js');
    for (const e of EXPERIMENTS) {
      for (const t of explain({ experiment: e.name }).tables) {
        const names = t.columns.map((x) => x.name);
        for (const x of figuresOf(names)) expect(t.columns.find((y) => y.name === x)!.range, `${e.name} ${t.table} ${x}`).toMatch(/\S/);
      }
    }
  });

  it('says which ranges exist in words', () => {
    const words = (r: Range) => r.words;
    expect([SHARE, NON_NEGATIVE, ANY_REAL].map(words)).toEqual([
      'a share, from 0 to 1',
      'a non-negative amount, 0 or more',
      'any real number',
    ]);
  });
});
