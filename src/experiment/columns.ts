import { ALPHA, holm, meanP } from '../stats/family.js';
import { FEW, t975, Z95 } from '../stats/intervals.js';
import { studentTail, studentTailInverse } from '../stats/distributions.js';
import { summarizeMean, summarizeRate, summarizeRatio, type Tally } from '../stats/tally.js';
import { fewOf, SMALL_SAMPLE, whyOf, type Cellval, type CsvTable } from '../core/table.js';
import { columnRange, type ColumnDoc } from './dictionary.js';
import { inRange, rangeOf, type Bounded } from './ranges.js';

/**
 * A figure of a table: its estimate, its 95% interval and the observations behind it (games
 * for a mean per game, trials for a rate, the games that observed it for a ratio). A paired
 * difference also carries its p-value against no difference (`p`) and, once the family of
 * figures it is flagged with is known, Holm's adjusted p-value (`holm`). A figure with no
 * interval has NaN bounds and says why (`why`); its column's range decides the rest (ranges.ts:
 * `largeSample`, and `players` for a place).
 */
export interface Figure extends Bounded {
  p?: number;
  holm?: number;
}

/**
 * Column helpers so every table reports a figure the same way: the estimate, then its 95%
 * interval (X, X_ci_low, X_ci_high); a paired difference that is flagged also its p-value and
 * its Holm-adjusted p-value (X_p, X_p_holm). A table built by `figureTable` takes one Figure
 * in a row for those three or five columns.
 */
export const meanColumns = (name: string): string[] => [name, `${name}_ci_low`, `${name}_ci_high`];
export const rateColumns = meanColumns;
export const diffColumns = (name: string): string[] => [...meanColumns(name), `${name}_p`, `${name}_p_holm`];

/** A mean per game, with its Student's t interval. */
export function mean(t: Tally, key: string): Figure {
  const s = summarizeMean(t.means[key]);
  return { value: s.mean, low: s.low, high: s.high, n: s.n, largeSample: true };
}

export function rate(t: Tally, key: string): Figure {
  const s = summarizeRate(t.rates[key]);
  return { value: s.rate, low: s.low, high: s.high, n: s.n };
}

/** A ratio tallied with addRatio (src/stats/tally.ts). */
export function ratio(t: Tally, key: string): Figure {
  const s = summarizeRatio(t, key);
  const f: Figure = { value: s.ratio, low: s.low, high: s.high, n: s.n, largeSample: true };
  return s.n > 0 && Number.isNaN(s.ratio) ? { ...f, why: 'a total of 0 to divide by' } : f;
}

/** A paired difference: the mean of per-game differences, with its p-value against none. */
export function diff(t: Tally, key: string): Figure {
  const s = summarizeMean(t.means[key]);
  return { value: s.mean, low: s.low, high: s.high, n: s.n, largeSample: true, p: meanP(s) };
}

/** A figure as its column shows it in a table built by figureTable (a column of one range, not by kind). */
export function shown(f: Figure, column: string, own: Record<string, ColumnDoc> = {}): Figure {
  const declared = columnRange(column, own);
  if (!declared) throw new Error(`${column} declares no range of values in the column dictionary`);
  return inRange(f, rangeOf(declared, undefined));
}

/**
 * The half-width of a figure's Student's t interval: half of it, or, where the interval was cut
 * to its column's range (one side visibly shorter), its longer side, which the cut left whole.
 */
function halfWidth(f: Figure): number {
  const below = f.value - f.low;
  const above = f.high - f.value;
  // Rounding leaves the sides of a whole interval unequal by ulps of the estimate, far under this.
  return Math.abs(below - above) > 1e-9 * Math.max(Math.abs(f.value), below, above) ? Math.max(below, above) : (f.high - f.low) / 2;
}

/**
 * The two-sided p-value of a mean or ratio against x0, from its Student's t interval: the
 * test that interval inverts.
 */
export function pAgainst(f: Figure, x0: number): number {
  if (!(f.n >= 2) || !Number.isFinite(f.high - f.low)) return NaN;
  const se = halfWidth(f) / t975(f.n - 1);
  return se > 0 ? studentTail((f.value - x0) / se, f.n - 1) : f.value === x0 ? 1 : 0;
}

/**
 * The two-sided p-value of the difference between two independent means (from separate
 * games), Welch's test from their intervals. A figure read back from a table with n unknown
 * (FEW or more) is taken as large: its standard error is then a little overstated, never
 * understated.
 */
export function apartP(a: Figure, b: Figure): number {
  const se2 = (f: Figure) => (halfWidth(f) / (f.n < Infinity ? t975(f.n - 1) : Z95)) ** 2;
  const [va, vb] = [se2(a), se2(b)];
  if (!Number.isFinite(va + vb) || !(a.n >= 2 && b.n >= 2)) return NaN;
  if (va + vb === 0) return a.value === b.value ? 1 : 0;
  const part = (v: number, n: number) => (n < Infinity ? (v * v) / (n - 1) : 0);
  const df = (va + vb) ** 2 / (part(va, a.n) + part(vb, b.n));
  return studentTail((a.value - b.value) / Math.sqrt(va + vb), df);
}

/** The figure times k (per round from per game, per 10,000 from per hand); a negative k swaps the bounds. */
export function scaled(f: Figure, k: number): Figure {
  return { ...f, value: f.value * k, low: (k < 0 ? f.high : f.low) * k, high: (k < 0 ? f.low : f.high) * k };
}

/** Gives each figure its Holm-adjusted p-value, the figures being one family (see src/stats/family.ts). */
export function family(figures: Figure[]): void {
  const adjusted = holm(figures.map((f) => f.p ?? NaN));
  figures.forEach((f, i) => {
    f.holm = adjusted[i];
  });
}

/** Copies of mean figures read from a table, each tested against 0 by its interval, the copies one family. */
export function tested(figures: Figure[]): Figure[] {
  const out = figures.map((f) => ({ ...f, p: pAgainst(f, 0) }));
  family(out);
  return out;
}

/** Whether a figure is flagged: its Holm-adjusted p-value below 5%. */
export const significant = (f: Figure): boolean => (f.holm ?? NaN) < ALPHA;

const isFigure = (x: unknown): x is Figure => typeof x === 'object' && x !== null && 'value' in x;

/** A figure's entry in its row's small_sample cell, or '' when it needs none. */
function sampleNote(column: string, f: Figure): string {
  // With no observation at all the count says everything.
  const none = f.why !== undefined && f.n > 0;
  if (f.n >= FEW && !none) return '';
  return `${column} n=${f.n}${none ? ` (no interval: ${f.why})` : ''}`;
}

/**
 * A table whose rows hold Figures: `columns` names every CSV column but the last (a figure's
 * with meanColumns or diffColumns), and a row holds one Figure where its figure's columns are,
 * or '' where the row has no such figure (a baseline's difference with itself). Each figure is
 * shown as its column's declared range allows (`own`: the study's column dictionary, over the
 * shared one; ranges.ts inRange). The table gains the small_sample column.
 */
export function figureTable(name: string, columns: string[], rows: (Cellval | Figure)[][], own: Record<string, ColumnDoc> = {}): CsvTable {
  // Each slot of a row: a plain column, or a figure spanning 3 or 5 columns.
  const slots: { name: string; width: number }[] = [];
  for (let i = 0; i < columns.length; ) {
    const c = columns[i]!;
    const bounded = columns[i + 1] === `${c}_ci_low` && columns[i + 2] === `${c}_ci_high`;
    const tested = bounded && columns[i + 3] === `${c}_p` && columns[i + 4] === `${c}_p_holm`;
    const width = tested ? 5 : bounded ? 3 : 1;
    slots.push({ name: c, width });
    i += width;
  }
  const kindSlot = slots.findIndex((s) => s.name === 'kind' && s.width === 1);
  const out = rows.map((row) => {
    if (row.length !== slots.length) throw new Error(`${name}: a row of ${row.length} cells for ${slots.length} columns and figures`);
    const cells: Cellval[] = [];
    const notes: string[] = [];
    row.forEach((x, k) => {
      const { name: column, width } = slots[k]!;
      if (!isFigure(x)) {
        if (width > 1 && x !== '') throw new Error(`${name}: ${column} takes a figure or '', not ${JSON.stringify(x)}`);
        cells.push(x, ...Array.from({ length: width - 1 }, () => ''));
        return;
      }
      if (width === 1) throw new Error(`${name}: ${column} is no figure's column`);
      const declared = columnRange(column, own);
      if (!declared) throw new Error(`${name}: ${column} declares no range of values in the column dictionary`);
      const f = inRange(x, rangeOf(declared, kindSlot < 0 ? undefined : (row[kindSlot] as Cellval)));
      cells.push(f.value, f.low, f.high);
      if (width === 5) cells.push(f.p ?? NaN, f.holm ?? NaN);
      const note = sampleNote(column, f);
      if (note) notes.push(note);
    });
    cells.push(notes.join('; '));
    return cells;
  });
  return { name, columns: [...columns, SMALL_SAMPLE], rows: out };
}

/**
 * Figure `name` of a row of a table built by figureTable, as its CSV holds it; its n is the
 * count small_sample gives, or Infinity when it rests on FEW or more, and its why the reason
 * small_sample gives for no interval.
 */
export function figureIn(t: CsvTable, row: readonly Cellval[], name: string): Figure {
  const at = (c: string) => {
    const i = t.columns.indexOf(c);
    const v = i < 0 ? NaN : row[i];
    return typeof v === 'number' ? v : NaN;
  };
  const i = t.columns.indexOf(name);
  if (i < 0) throw new Error(`${t.name} has no column ${name}`);
  const small = row[t.columns.indexOf(SMALL_SAMPLE)];
  const why = whyOf(small).get(name);
  return {
    value: at(name),
    low: at(`${name}_ci_low`),
    high: at(`${name}_ci_high`),
    p: at(`${name}_p`),
    holm: at(`${name}_p_holm`),
    n: fewOf(small).get(name) ?? Infinity,
    ...(why === undefined ? {} : { why }),
  };
}

/** Decimals for a figure in words: two significant digits of its interval's half-width (2 without one). */
export function digits(f: Figure): number {
  const half = (f.high - f.low) / 2;
  return Number.isFinite(half) && half > 0 ? Math.min(6, Math.max(0, 1 - Math.floor(Math.log10(half)))) : 2;
}

/** " (2 observations only)" after a figure that rests on fewer than FEW, else nothing. */
export function fewWords(f: Figure, unit = 'observations'): string {
  return f.n < FEW ? ` (${f.n} ${f.n === 1 ? unit.replace(/s$/, '') : unit} only)` : '';
}

/**
 * A figure in an answer's words: the estimate with `d` decimals and its interval, and what it
 * rests on when that is few (`110.0 [-21.2, 241.2] (2 observations only)`); with no interval,
 * why and what it rests on (`133 (too few to say: 3 games)`).
 */
export function quote(f: Figure, d = 2, unit = 'observations'): string {
  const x = (v: number) => v.toFixed(d);
  if (!Number.isFinite(f.value)) return `-${fewWords(f, unit)}`;
  if (Number.isFinite(f.low) && Number.isFinite(f.high)) return `${x(f.value)} [${x(f.low)}, ${x(f.high)}]${fewWords(f, unit)}`;
  const count = Number.isFinite(f.n) ? `: ${f.n} ${f.n === 1 ? unit.replace(/s$/, '') : unit}` : '';
  return `${x(f.value)} (${f.why ?? 'no interval'}${count})`;
}

/**
 * About how many games (of the kind `games` counts) would flag a difference of the size seen,
 * tested with `tests` others in its family: the interval's half-width shrinks as one over the
 * square root of the games, and the first figure Holm flags must pass at 5% / tests. Rounded up
 * to two significant digits; Infinity for a difference of exactly 0.
 */
export function gamesToFlag(f: Figure, games: number, tests = 1): number {
  const half = halfWidth(f);
  if (!(Math.abs(f.value) > 0) || !Number.isFinite(half)) return Infinity;
  const stricter = studentTailInverse(ALPHA / tests, Infinity) / studentTailInverse(ALPHA, Infinity);
  const n = games * ((half * stricter) / Math.abs(f.value)) ** 2;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.ceil(n / step) * step;
}

/**
 * Whether a difference of a family of `tests` is flagged, in words: "significant", or that
 * `games` cannot tell it from none and about how many games would flag one of its size.
 */
export function flagWords(f: Figure, games: number, tests: number, unit = 'games'): string {
  const among = tests > 1 ? ` (Holm among ${tests})` : '';
  if (significant(f)) return `significant${among}`;
  // Every paired difference 0 (two arms that played alike, game for game): no sample size
  // would tell it from none, and saying that more games might would mislead.
  if (f.value === 0 && f.low === 0 && f.high === 0) return `not significant: no difference in any of the ${games} ${unit}`;
  if (Number.isNaN(f.p ?? NaN)) return 'not tested';
  const need = gamesToFlag(f, games, tests);
  if (need <= games) return `not significant${among}`;
  const would = Number.isFinite(need) ? `; about --games ${need} would flag a difference of this size` : '';
  return `not significant: ${games} ${unit} cannot tell it from none${would}`;
}
