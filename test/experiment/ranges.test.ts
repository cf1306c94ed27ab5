// Every interval pongsim writes lies inside what its figure can be. Each study, sim, compare and
// tune runs at a small size (small samples are where intervals leak: a t interval of a share from
// 9 games reached -0.12); every figure of every CSV it writes and of the JSON it gives is checked
// against its column's range as the column dictionary declares it, and a figure with no interval
// says why, in small_sample and in JSON's X_ci_why.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { compare, league, runStudy, simulate, tune } from 'pongsim';
import { studyGame } from '../../src/catalog/index.js';
import { figureTable, type Figure } from '../../src/experiment/columns.js';
import { fewOf, SMALL_SAMPLE, whyOf } from '../../src/core/table.js';
import { columnRange, type ColumnDoc } from '../../src/experiment/dictionary.js';
import type { ExperimentDef } from '../../src/experiment/experiment.js';
import { ANY_REAL, inRange, NON_NEGATIVE, PLACE, rangeOf, SHARE, type Range } from '../../src/experiment/ranges.js';
import { EXPERIMENTS, STUDIES } from '../../src/library/studies.js';
import { TUNE_COLUMNS } from '../../src/library/tune.js';
import { SPRT_COLUMNS, SPSA_COLUMNS } from '../../src/library/spsa.js';
import { FEW } from '../../src/stats/intervals.js';
import { tempDir } from '../support/cli.js';

type Row = Record<string, string | number | null>;

/** One run: what it writes into `dir` and gives as JSON, the column dictionary of its tables, and the players at its tables. */
interface Case {
  name: string;
  run: (dir: string) => Promise<unknown>;
  docs: Record<string, ColumnDoc>;
  /** The players at a row's table, for a place's range: the row's own `players` where it has one. */
  players?: number;
  /** At its size some figures have no interval (the card lines, a 5% quantile of 20 nights), and say why. */
  without?: boolean;
  /** At its size no figure has an interval (one game each: the search bot plays slowly). */
  none?: boolean;
}

const SEED = '7';
const def = (name: string): ExperimentDef => EXPERIMENTS.find((e) => e.name === name)!;
const card = { card: 'src/games/mahjong/american/cards/sample-2031.json' };

const CASES: Case[] = [
  ...STUDIES.map(
    (s): Case => ({
      name: s.name,
      // The search bot and the calibration's rollouts play slowly: one game; a house-rule table
      // plays every change of every option (some fifty arms a game): three; the rest a few, so
      // most figures rest on few.
      run: (out) =>
        runStudy({
          experiment: s.name,
          games: s.name === 'search-strength' || s.name === 'advise-calibration' ? 1 : s.name.endsWith('-rule-table') ? 3 : 6,
          seed: SEED,
          workers: 1,
          out,
          ...(studyGame(s)?.card ? card : {}),
        }),
      docs: s.columns ?? {},
      players: s.name === 'nylonppong-house-rules' ? 4 : undefined,
      without: s.name === 'american-card-lines',
      none: s.name === 'search-strength' || s.name === 'advise-calibration',
    }),
  ),
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

/** The figures of a table: the columns X with X_ci_low and X_ci_high. */
const figuresOf = (columns: string[]): string[] =>
  columns.filter((c) => columns.includes(`${c}_ci_low`) && columns.includes(`${c}_ci_high`));

const num = (v: unknown): number => (v === '' || v === null || v === undefined ? NaN : Number(v));

/**
 * Checks one row's figures against their columns' declared ranges: the estimate and both bounds
 * inside the range, the bounds around the estimate, or no interval at all with why (`why`: the
 * reason the row gives, from small_sample or JSON's X_ci_why). Returns how many intervals it saw.
 */
function checkRow(where: string, c: Case, columns: string[], row: Row, why: (figure: string) => string | null | undefined): number {
  let seen = 0;
  for (const x of figuresOf(columns)) {
    const [v, lo, hi] = [num(row[x]), num(row[`${x}_ci_low`]), num(row[`${x}_ci_high`])];
    if (row[x] === '' || row[x] === null) continue; // no figure in this row (a baseline's difference with itself)
    const declared = columnRange(x, c.docs);
    expect(declared, `${where}: ${x} declares its range`).toBeDefined();
    const players = row.players === undefined ? c.players : Number(row.players);
    const [a, b] = rangeOf(declared!, row.kind ?? undefined).bounds(players ?? NaN);
    const at = `${where}: ${x} = ${v} [${lo}, ${hi}] in [${a}, ${b}]`;
    if (Number.isFinite(v)) expect(a <= v && v <= b, at).toBe(true);
    if (Number.isNaN(lo) && Number.isNaN(hi)) {
      expect(why(x), `${at}: says why it has no interval`).toMatch(/\S/);
      continue;
    }
    expect(a <= lo && lo <= v && v <= hi && hi <= b, at).toBe(true);
    seen++;
  }
  return seen;
}

/** Every CSV under `dir`, as its columns and rows. */
function csvs(dir: string): { file: string; columns: string[]; rows: Row[] }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .map((f) => {
      const [columns, ...rows] = parse(fs.readFileSync(path.join(dir, f), 'utf8')) as string[][];
      return { file: f, columns: columns!, rows: rows.map((r) => Object.fromEntries(columns!.map((col, i) => [col, r[i]!]))) };
    });
}

/** Every table of a run's JSON: rows of objects, wherever the result keeps them. */
function jsonTables(name: string, result: Record<string, unknown>): { table: string; rows: Row[] }[] {
  if (name === 'tune') return [{ table: 'tune', rows: result.rounds as Row[] }];
  if (name === 'tune-spsa')
    return [
      { table: 'spsa', rows: result.steps as Row[] },
      { table: 'sprt', rows: (result.sprt as { batches: Row[] }).batches },
    ];
  if (name === 'sim') {
    const r = result as { seats: Row[]; rates: Record<string, Row>; risk?: { seats: Row[] } };
    // Under sim's JSON names, each figure's range as the sim table's kind gives it.
    const seats = r.seats.flatMap((s) =>
      (
        [
          ['mean', 'seat'],
          ['win_prob', 'win'],
          ['mean_place', 'place'],
        ] as const
      ).map(([name, kind]) => figureRow(s, name, kind)),
    );
    const rates = Object.values(r.rates).map((x) => figureRow(x, 'rate', 'rate'));
    const risk = (r.risk?.seats ?? []).flatMap((s) =>
      ['session_q05', 'session_q50', 'session_q95', 'session_cvar05', 'ruin'].map((k) => figureRow(s, k, k)),
    );
    return [{ table: 'sim', rows: [...seats, ...rates, ...risk] }];
  }
  return Object.entries(result.tables as Record<string, Row[]>).map(([table, rows]) => ({ table, rows }));
}

/** One figure of sim's JSON as a row of the sim table's shape (value, its bounds and why, by kind). */
function figureRow(from: Row, name: string, kind: string): Row {
  return {
    kind,
    value: from[name]!,
    value_ci_low: from[`${name}_ci_low`]!,
    value_ci_high: from[`${name}_ci_high`]!,
    value_ci_why: from[`${name}_ci_why`]!,
  };
}

describe('every interval lies inside what its figure can be', () => {
  for (const c of CASES) {
    it(`${c.name}: every figure of every CSV and of its JSON`, async () => {
      const dir = tempDir();
      const result = (await c.run(dir)) as Record<string, unknown>;
      let seen = 0;
      let without = 0;
      for (const t of csvs(dir)) {
        expect(t.columns.at(-1), t.file).toBe(SMALL_SAMPLE);
        t.rows.forEach((row, i) => {
          const small = row[SMALL_SAMPLE];
          // A figure with no interval is in small_sample, with why unless it rests on nothing.
          const why = (x: string) => whyOf(small).get(x) ?? (fewOf(small).get(x) === 0 ? 'no observations' : null);
          seen += checkRow(`${t.file} row ${i + 1}`, c, t.columns, row, why);
          without += figuresOf(t.columns).filter((x) => num(row[x]) === num(row[x]) && row[`${x}_ci_low`] === '').length;
        });
      }
      for (const t of jsonTables(c.name, result)) {
        for (const [i, row] of t.rows.entries()) {
          const columns = Object.keys(row);
          // JSON gives every figure its why: null with an interval, the reason without one.
          for (const x of figuresOf(columns)) {
            expect(columns, `${t.table} JSON row ${i + 1}`).toContain(`${x}_ci_why`);
            const none = row[`${x}_ci_low`] === null && row[`${x}_ci_high`] === null;
            if (!none) expect(row[`${x}_ci_why`], `${t.table} JSON row ${i + 1}: ${x}`).toBeNull();
            if (none && row[x] !== null && row[x] !== '') expect(row[`${x}_ci_why`]).toMatch(/ \(n = \d+\)$/);
          }
          checkRow(`${t.table} JSON row ${i + 1}`, c, columns, row, (x) => row[`${x}_ci_why`] as string | null);
        }
      }
      // Each run shows intervals.
      if (!c.none) expect(seen, 'intervals checked').toBeGreaterThan(0);
      if (c.without) expect(without, 'figures without an interval').toBeGreaterThan(0);
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
