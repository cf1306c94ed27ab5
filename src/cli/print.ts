import type { CsvTable } from '../experiment/experiment.js';
import { formatNumber } from '../io/csv.js';

/** A table as aligned text for the terminal (CSV files hold the full precision). */
export function printTable(t: CsvTable, maxRows = Infinity): string {
  const cell = (v: string | number) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : formatNumber(Number(v.toPrecision(4)))) : v);
  const rows = [t.columns, ...t.rows.slice(0, maxRows).map((r) => r.map(cell))];
  const widths = t.columns.map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)));
  const lines = rows.map((r) => r.map((v, c) => String(v ?? '').padEnd(widths[c]!)).join('  ').trimEnd());
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
