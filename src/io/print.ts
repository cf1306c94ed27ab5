import { fewOf, SMALL_SAMPLE, type Cellval, type CsvTable } from '../core/table.js';
import { formatNumber } from './csv.js';

const short = (v: Cellval | undefined): string =>
  v === undefined ? '' : typeof v === 'number' ? (Number.isFinite(v) ? formatNumber(Number(v.toPrecision(4))) : '') : v;

/** A bound within float noise of 0 or 1 (a Wilson bound of 4e-19) is that number exactly. */
const snap = (v: number): number => (Math.abs(v) < 1e-12 ? 0 : Math.abs(v - 1) < 1e-12 ? 1 : v);

/** v with d decimals, trailing zeros of the fraction kept (they are significant), and no "-0"; exactly 0 or 1 as such. */
export const fixed = (v: number, d: number): string => {
  if (v === 0 || v === 1) return String(v);
  const t = v.toFixed(d);
  return /^-0\.?0*$/.test(t) ? t.slice(1) : t;
};

/**
 * An estimate at its interval's precision: rounded where the interval's half-width has its
 * second significant digit; "x ±h" when the interval is symmetric about x (within a tenth of
 * h), else "x [lo, hi]" (a rate near 0 or 1, a skewed mean). Bounds of exactly 0 or 1 print so.
 */
export function estimate(x: number, lo: number, hi: number): string {
  [lo, hi] = [snap(lo), snap(hi)];
  const half = (hi - lo) / 2;
  const d = decimalsFor(half);
  if (d === null) return short(x);
  const symmetric = Math.abs(hi - x - (x - lo)) <= 0.1 * half;
  return symmetric ? `${fixed(x, d)} ±${fixed(half, d)}` : `${fixed(x, d)} [${fixed(lo, d)}, ${fixed(hi, d)}]`;
}

/** An estimate in a sentence: "x [lo, hi]", each at its interval's precision (as `estimate`; an
 * interval of no width keeps its bounds, which the sentence names). An interval clear of 0 shows
 * it: its bound near 0 gets the decimals it needs not to read 0 ("better by 1.2 [0.004, 2.4]"). */
export function bracketed(x: number, lo: number, hi: number): string {
  [lo, hi] = [snap(lo), snap(hi)];
  const d = decimalsFor((hi - lo) / 2);
  if (d === null) return `${short(x)} [${short(lo)}, ${short(hi)}]`;
  const clear = (v: number): string => {
    let e = d;
    while (e < 12 && Number(fixed(v, e)) === 0) e++;
    return fixed(v, e);
  };
  return `${fixed(x, d)} [${lo > 0 ? clear(lo) : fixed(lo, d)}, ${hi < 0 ? clear(hi) : fixed(hi, d)}]`;
}

/** Figures in a sentence that share the interval [lo, hi], each at its precision (as `estimate`);
 * `otherwise` prints them where the interval has no width. */
export function atPrecisionOf(lo: number, hi: number, otherwise: (x: number) => string): (x: number) => string {
  const d = decimalsFor((hi - lo) / 2);
  return (x) => (d === null ? otherwise(x) : fixed(x, d));
}

/** The decimals that show an interval's half-width to its second significant digit; null where it
 * is no wider than float noise (rollouts that all gave one value, less their luck, differ in their
 * last bits: at most 12 decimals it would print "±0.000000000000", so the value alone). */
function decimalsFor(half: number): number | null {
  if (!Number.isFinite(half) || half < 5e-13) return null;
  return Math.min(12, Math.max(0, 1 - Math.floor(Math.log10(half))));
}

/**
 * An estimate as `estimate` prints it, marked with its count when it rests on few observations
 * (`n` from small_sample), and saying so when it has no interval (the CSV's small_sample says why).
 */
export function estimateOf(x: number, lo: number, hi: number, n: number | undefined): string {
  const none = !(Number.isFinite(lo) && Number.isFinite(hi));
  const marks = [...(n === undefined ? [] : [`n=${n}`]), ...(none ? ['no interval'] : [])];
  return `${estimate(x, lo, hi)}${marks.length ? ` (${marks.join(', ')})` : ''}`;
}

/**
 * A table as aligned text for the terminal. An estimate with its interval columns
 * (X, X_ci_low, X_ci_high) prints as one column (see `estimate`), marked "(n=K)" where the
 * small_sample column says it rests on few observations; the CSV keeps every column at full
 * precision. Fitted (`fit`): only the key columns that fit in `width`, the first always; `rest`
 * says where the others are (default: the table's CSV).
 */
export function printTable(t: CsvTable, maxRows = Infinity, fit: { columns?: string[]; width?: number; rest?: string } = {}): string {
  const cols: { name: string; cell: (r: Cellval[]) => string }[] = [];
  const small = t.columns.indexOf(SMALL_SAMPLE);
  t.columns.forEach((name, i) => {
    if (name.endsWith('_ci_low') || name.endsWith('_ci_high') || name === SMALL_SAMPLE) return;
    if (fit.columns && !fit.columns.includes(name)) return;
    const lo = t.columns.indexOf(`${name}_ci_low`);
    const hi = t.columns.indexOf(`${name}_ci_high`);
    if (lo < 0 || hi < 0) {
      cols.push({ name, cell: (r) => short(r[i]) });
      return;
    }
    cols.push({
      name,
      cell: (r) => {
        const [x, a, b] = [r[i], r[lo], r[hi]] as number[];
        return typeof x === 'number' && Number.isFinite(x) ? estimateOf(x, a!, b!, fewOf(r[small]).get(name)) : short(x);
      },
    });
  });
  const rows = [cols.map((c) => c.name), ...t.rows.slice(0, maxRows).map((r) => cols.map((c) => c.cell(r)))];
  const widths = cols.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  // Fitted to the terminal: the columns that fit, in order; the CSV has the rest.
  let shown = cols.length;
  if (fit.width !== undefined) {
    let used = widths[0]!;
    shown = 1;
    while (shown < cols.length && used + 2 + widths[shown]! <= fit.width) used += 2 + widths[shown++]!;
  }
  const lines = rows.map((r) =>
    r
      .slice(0, shown)
      .map((v, c) => v.padEnd(widths[c]!))
      .join('  ')
      .trimEnd(),
  );
  const hidden = t.columns.filter((c) => !c.endsWith('_ci_low') && !c.endsWith('_ci_high') && c !== SMALL_SAMPLE).length - shown;
  const rest = fit.rest ?? `${t.name}.csv`;
  if (t.rows.length > maxRows) lines.push(`... ${t.rows.length - maxRows} more rows in ${rest}`);
  if (hidden > 0) lines.push(`(${hidden} more columns in ${rest}; --wide prints them)`);
  return `${t.name}\n${lines.join('\n')}\n`;
}
