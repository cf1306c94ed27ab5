import type { Cellval, CsvTable } from '../experiment/experiment.js';
import { formatNumber } from '../io/csv.js';

const short = (v: Cellval | undefined): string =>
  v === undefined ? '' : typeof v === 'number' ? (Number.isFinite(v) ? formatNumber(Number(v.toPrecision(4))) : '') : v;

/**
 * A table as aligned text for the terminal. An estimate with its interval columns
 * (X, X_ci_low, X_ci_high) prints as one column "X ±half-width"; the CSV keeps all three
 * at full precision.
 */
export function printTable(t: CsvTable, maxRows = Infinity): string {
  const cols: { name: string; cell: (r: Cellval[]) => string }[] = [];
  t.columns.forEach((name, i) => {
    if (name.endsWith('_ci_low') || name.endsWith('_ci_high')) return;
    const lo = t.columns.indexOf(`${name}_ci_low`);
    const hi = t.columns.indexOf(`${name}_ci_high`);
    if (lo < 0 || hi < 0) { cols.push({ name, cell: (r) => short(r[i]) }); return; }
    cols.push({
      name,
      cell: (r) => {
        const [x, a, b] = [r[i], r[lo], r[hi]] as number[];
        const half = (b! - a!) / 2;
        return Number.isFinite(half) && half > 0 ? `${short(x)} ±${short(half)}` : short(x);
      },
    });
  });
  const rows = [cols.map((c) => c.name), ...t.rows.slice(0, maxRows).map((r) => cols.map((c) => c.cell(r)))];
  const widths = cols.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r) => r.map((v, c) => v.padEnd(widths[c]!)).join('  ').trimEnd());
  if (t.rows.length > maxRows) lines.push(`... ${t.rows.length - maxRows} more rows in ${t.name}.csv`);
  return `${t.name}\n${lines.join('\n')}\n`;
}

/** Rows as objects keyed by column, for --json. */
export function tableObjects(t: CsvTable): Record<string, string | number | null>[] {
  return t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => {
    const v = r[i];
    return [c, typeof v === 'number' && !Number.isFinite(v) ? null : (v ?? null)];
  })));
}
