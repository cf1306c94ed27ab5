// The check that every interval a run writes lies inside what its figure can be: every figure of
// every CSV it writes and of the JSON it gives, against its column's range as the column
// dictionary declares it; a figure with no interval says why, in small_sample and in JSON's
// X_ci_why. test/experiment/ranges.test.ts runs it on sim, compare, tune and league runs,
// test/cli/merge-every.test.ts on the whole run of every study it shards (one run of each study
// serves both checks), and test/readme.test.ts on the CSVs of the two studies merge-every leaves
// to it (search-strength and advise-calibration, whose one game costs some ten seconds).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { fewOf, SMALL_SAMPLE, whyOf } from '../../src/core/table.js';
import { columnRange, type ColumnDoc } from '../../src/experiment/dictionary.js';
import { rangeOf } from '../../src/experiment/ranges.js';

type Row = Record<string, string | number | null>;

/** What a run is checked against: its name (which picks how its JSON holds its tables), the
 * column dictionary of its tables, and the players at its tables. */
export interface RangeCase {
  name: string;
  docs: Record<string, ColumnDoc>;
  /** The players at a row's table, for a place's range: the row's own `players` where it has one. */
  players?: number;
  /** At its size some figures have no interval (the card lines, a 5% quantile of 20 nights), and say why. */
  without?: boolean;
  /** At its size no figure has an interval (one game each: the search bot plays slowly). */
  none?: boolean;
}

/** The figures of a table: the columns X with X_ci_low and X_ci_high. */
export const figuresOf = (columns: string[]): string[] =>
  columns.filter((c) => columns.includes(`${c}_ci_low`) && columns.includes(`${c}_ci_high`));

const num = (v: unknown): number => (v === '' || v === null || v === undefined ? NaN : Number(v));

/**
 * Checks one row's figures against their columns' declared ranges: the estimate and both bounds
 * inside the range, the bounds around the estimate, or no interval at all with why (`why`: the
 * reason the row gives, from small_sample or JSON's X_ci_why). Returns how many intervals it saw.
 */
function checkRow(where: string, c: RangeCase, columns: string[], row: Row, why: (figure: string) => string | null | undefined): number {
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

/** Checks every figure of run `c`, which wrote into `dir` and gave `result` as its JSON (the
 * CSVs alone where the run was a command that printed text). */
export function checkRanges(c: RangeCase, dir: string, result?: Record<string, unknown>): void {
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
  for (const t of result ? jsonTables(c.name, result) : []) {
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
}
