// A table of results as the layers above the games pass it around: the CSV's columns and rows
// of plain cells, the charts drawn from tables, and the small_sample column every table of
// figures ends with, read back. The experiments build tables (experiment/columns.ts
// figureTable); io writes and prints them, report draws them, and the Hwatu odds tables are
// tables too: each imports the shape from here.

export type Cellval = string | number;

/** One CSV table: column names and rows of plain values. */
export interface CsvTable {
  name: string;
  columns: string[];
  rows: Cellval[][];
}

/** A chart written beside a run's CSVs as `<name>.svg`, drawn from its tables. */
export interface ChartDef {
  name: string;
  /** What it shows, in a sentence (the report page's caption). */
  caption: string;
  /** The Vega-Lite spec for these tables (see src/report/specs.ts). */
  spec(tables: CsvTable[]): Record<string, unknown>;
}

/**
 * The last column of every table with figures (experiment/columns.ts figureTable; the column
 * dictionary says what it holds): those of the row that rest on fewer than FEW observations,
 * each with its count (`win_rate n=2; net_per_hand n=2`), and those with no interval whatever
 * their count, with why (`session_q05 n=60 (no interval: ...)`); empty when there are none.
 */
export const SMALL_SAMPLE = 'small_sample';

/** The figures a row's small_sample cell names, each with its count. */
export function fewOf(cell: unknown): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of String(cell ?? '').matchAll(/(\S+) n=(\d+)/g)) out.set(m[1]!, Number(m[2]));
  return out;
}

/** The figures a row's small_sample cell says have no interval, each with why. */
export function whyOf(cell: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of String(cell ?? '').matchAll(/(\S+) n=\d+ \(no interval: ([^)]*)\)/g)) out.set(m[1]!, m[2]!);
  return out;
}

/**
 * Why figure `name` of a row has no interval, with its count, as JSON says it ("too few to say
 * (n = 3)"), or null where it has one or there is no figure (a baseline's difference with itself).
 */
export function whyInterval(t: CsvTable, row: readonly Cellval[], name: string): string | null {
  const at = (c: string) => row[t.columns.indexOf(c)];
  const [value, low, high] = [at(name), at(`${name}_ci_low`), at(`${name}_ci_high`)];
  if (value === '' || (Number.isFinite(low) && Number.isFinite(high))) return null;
  const small = at(SMALL_SAMPLE);
  const n = fewOf(small).get(name);
  if (n === undefined) return null;
  return `${whyOf(small).get(name) ?? 'no observations'} (n = ${n})`;
}
