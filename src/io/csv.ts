import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { Cellval, CsvTable } from '../experiment/experiment.js';

/** Numbers in CSVs: integers as they are, others to 7 significant digits, NaN empty. */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return '';
  if (Number.isInteger(x)) return String(x);
  return String(Number(x.toPrecision(7)));
}

export function csvText(table: CsvTable): string {
  const rows = table.rows.map((r) => r.map((v: Cellval) => (typeof v === 'number' ? formatNumber(v) : v)));
  return stringify([table.columns, ...rows]);
}

/**
 * Writes every file to a temporary name first and renames them only once all are written,
 * so a failed or interrupted run leaves the previous results intact.
 */
export function writeAtomically(files: { file: string; text: string }[]): void {
  const temps: { tmp: string; file: string }[] = [];
  try {
    for (const { file, text } of files) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, text);
      temps.push({ tmp, file });
    }
  } catch (e) {
    for (const { tmp } of temps) fs.rmSync(tmp, { force: true });
    throw e;
  }
  for (const { tmp, file } of temps) fs.renameSync(tmp, file);
}

/** Each table becomes DIR/<name>.csv with DIR/<name>.meta.json (provenance and timings) beside it. */
export function tableFiles(dir: string, tables: CsvTable[], meta: Record<string, unknown>): { file: string; text: string }[] {
  return tables.flatMap((t) => [
    { file: path.join(dir, `${t.name}.csv`), text: csvText(t) },
    { file: path.join(dir, `${t.name}.meta.json`), text: JSON.stringify({ table: t.name, ...meta }, null, 2) + '\n' },
  ]);
}
