import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { InputError } from '../core/errors.js';
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

const TMP = '.pongsim-tmp';
const OLD = '.pongsim-old';

/**
 * Writes a result set: every file to a temporary name beside it first, then each old file
 * aside and each new one into place, and only then the old ones away. An error at any step
 * (a full disk, a folder where a file should go) puts every old file back and removes every
 * temporary one, so the folder never holds new and old files of different runs side by side.
 * Temporary files a killed run left behind are removed by the next write.
 */
export function writeAtomically(files: { file: string; text: string }[]): void {
  // A Ctrl-C or SIGTERM that would end the process while the set is being put in place waits
  // the few milliseconds until it is whole (or rolled back), then ends it as it would have. (A
  // running study handles its own signals: it finishes writing before it stops.)
  const signals = (['SIGINT', 'SIGTERM'] as const).filter((s) => process.listenerCount(s) === 0);
  const held: NodeJS.Signals[] = [];
  const hold = (sig: NodeJS.Signals) => held.push(sig);
  for (const s of signals) process.on(s, hold);
  try {
    replaceAll(files);
  } finally {
    for (const s of signals) process.off(s, hold);
    if (held.length) process.kill(process.pid, held[0]);
  }
}

function replaceAll(files: { file: string; text: string }[]): void {
  for (const dir of new Set(files.map((f) => path.dirname(f.file)))) sweep(dir);
  for (const { file } of files) {
    if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`cannot write ${file}: a folder of that name is in the way`);
  }
  const placed: { file: string; old: boolean }[] = [];
  const temps: string[] = [];
  try {
    for (const { file, text } of files) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file + TMP, text);
      temps.push(file + TMP);
    }
    for (const { file } of files) {
      const old = fs.existsSync(file);
      if (old) fs.renameSync(file, file + OLD);
      placed.push({ file, old });
      fs.renameSync(file + TMP, file);
    }
  } catch (e) {
    for (const { file, old } of placed.reverse()) {
      fs.rmSync(file, { force: true, recursive: false });
      if (old) fs.renameSync(file + OLD, file);
    }
    for (const t of temps) fs.rmSync(t, { force: true });
    throw e;
  }
  for (const { file, old } of placed) if (old) fs.rmSync(file + OLD, { force: true });
}

/** Removes temporary files an interrupted write left in `dir` (restoring an old file set aside). */
function sweep(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    const f = path.join(dir, n);
    if (n.endsWith(TMP)) fs.rmSync(f, { force: true });
    else if (n.endsWith(OLD)) {
      const file = f.slice(0, -OLD.length);
      if (fs.existsSync(file)) fs.rmSync(f, { force: true });
      else fs.renameSync(f, file);
    }
  }
}

/**
 * Checks, before any game is played, that results can be written at `target`: a folder
 * (`kind` dir: it exists as a folder, or can be made) or a file (it is not a folder, and its
 * folder exists or can be made). Throws one line naming the option.
 */
export function checkWritable(flag: string, target: string, kind: 'dir' | 'file'): void {
  const fail = (why: string): never => {
    throw new InputError(`${flag} ${target}: ${why}`);
  };
  const stat = (p: string): fs.Stats | undefined => {
    try {
      return fs.statSync(p);
    } catch {
      return undefined; // missing, or under a file (found below)
    }
  };
  const st = stat(target);
  if (st) {
    if (kind === 'dir' && !st.isDirectory()) fail('is a file; it names the folder the CSVs go to');
    if (kind === 'file' && st.isDirectory()) fail('is a folder; it names the .csv file to write');
  }
  // The nearest folder that exists must be a folder we may write in.
  let dir = kind === 'dir' && st ? target : path.dirname(path.resolve(target));
  for (;;) {
    const d = stat(dir);
    if (d) {
      if (!d.isDirectory()) fail(`${dir} is a file, so no folder can be made under it`);
      try {
        fs.accessSync(dir, fs.constants.W_OK);
      } catch {
        fail(`cannot write in ${dir}`);
      }
      return;
    }
    dir = path.dirname(dir);
  }
}

/** Each table becomes DIR/<name>.csv with DIR/<name>.meta.json (provenance and timings) beside it. */
export function tableFiles(dir: string, tables: CsvTable[], meta: Record<string, unknown>, columns?: (t: CsvTable) => unknown): { file: string; text: string }[] {
  return tables.flatMap((t) => [
    { file: path.join(dir, `${t.name}.csv`), text: csvText(t) },
    { file: path.join(dir, `${t.name}.meta.json`), text: JSON.stringify({ table: t.name, ...meta, ...(columns ? { columns: columns(t) } : {}) }, null, 2) + '\n' },
  ]);
}

/** Rows as objects keyed by column (non-finite numbers as null), for --json and charts. */
export function tableObjects(t: CsvTable): Record<string, string | number | null>[] {
  return t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => {
    const v = r[i];
    return [c, typeof v === 'number' && !Number.isFinite(v) ? null : (v ?? null)];
  })));
}
