import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { InputError } from '../core/errors.js';
import { type Cellval, type CsvTable, whyInterval } from '../core/table.js';

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
/** The commit record of a set being put in place: once it is written, the new set wins. */
const JOURNAL = '.pongsim-journal';

/**
 * Writes a result set whole: every file to a temporary name beside it first, each old file kept
 * as a second link, then a journal naming the set (the commit point), then each new file
 * renamed over its old one. An error before the journal removes the temporary files; an error
 * after it puts every old file back. Renaming over a file is atomic, so a reader never finds a
 * result file missing; a process killed outright (SIGKILL) may leave temporary files, which the
 * next write in that folder removes, finishing the renames if the journal was written.
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
  const [first] = files;
  if (!first) return;
  const dirs = [...new Set(files.map((f) => path.dirname(path.resolve(f.file))))];
  for (const dir of dirs) finish(dir);
  for (const dir of dirs) clean(dir);
  for (const { file } of files) {
    const what = notRegular(file);
    if (what) throw new InputError(`cannot write ${file}: it is ${what}, and pongsim replaces only a regular file`);
  }
  const made: string[] = [];
  const kept: string[] = [];
  const journal = path.join(path.dirname(path.resolve(first.file)), JOURNAL);
  // The file being written, for the message when writing fails (a full disk names no file).
  let at = first.file;
  try {
    for (const { file, text } of files) {
      at = file;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      made.push(file + TMP);
      // Made afresh ('wx'): a link left under the temporary name is never written through.
      fs.writeFileSync(file + TMP, text, { flag: 'wx' });
    }
    // One file needs no journal or second link: its rename is the whole change.
    if (files.length === 1) {
      fs.renameSync(first.file + TMP, first.file);
      return;
    }
    for (const { file } of files) {
      if (!fs.existsSync(file)) continue;
      at = file;
      kept.push(file);
      keepLink(file, file + OLD);
    }
    at = journal;
    fs.writeFileSync(journal, JSON.stringify(files.map((f) => path.resolve(f.file))));
  } catch (e) {
    for (const f of [...made, ...kept.map((k) => k + OLD)]) fs.rmSync(f, { force: true });
    throw cannotWrite(at, e);
  }
  try {
    for (const { file } of files) {
      at = file;
      fs.renameSync(file + TMP, file);
    }
  } catch (e) {
    // Back to the old set: old files return, files the old set lacked go. (Renaming a link
    // over the file it links to does nothing, so the kept link is removed after.)
    for (const { file } of files) {
      if (kept.includes(file)) fs.renameSync(file + OLD, file);
      else fs.rmSync(file, { force: true });
      for (const f of [file + OLD, file + TMP]) fs.rmSync(f, { force: true });
    }
    fs.rmSync(journal, { force: true });
    throw cannotWrite(at, e);
  }
  fs.rmSync(journal, { force: true });
  for (const file of kept) fs.rmSync(file + OLD, { force: true });
}

/** A failed write's error, naming the file (Node's own, "ENOSPC: no space left on device, write", names none). */
function cannotWrite(file: string, e: unknown): Error {
  return new Error(`cannot write ${file} (${e instanceof Error ? e.message : String(e)}); the files there before are as they were`);
}

/** A second name for `file` (a hard link; a copy where the file system has none). `to` is
 * free: clean() removed every kept link before the write began. */
function keepLink(file: string, to: string): void {
  try {
    fs.linkSync(file, to);
  } catch {
    fs.copyFileSync(file, to);
  }
}

/** Puts a folder's result set in order before it is read: a set a killed write had committed is
 * finished, the temporary files of one it had not are removed (its old files stay). */
export function settle(dir: string): void {
  finish(path.resolve(dir));
  clean(dir);
}

/** Finishes a set a killed write left committed in `dir` (its journal is readable): the remaining renames. */
function finish(dir: string): void {
  const journal = path.join(dir, JOURNAL);
  if (!fs.existsSync(journal)) return;
  let set: unknown;
  try {
    set = JSON.parse(fs.readFileSync(journal, 'utf8'));
  } catch {
    set = []; // written only part-way: the set was never committed
  }
  // Only files of this folder, from temporary files we wrote: a journal in a copied folder
  // names another machine's paths, or anything.
  const ours = (f: unknown): f is string =>
    typeof f === 'string' &&
    path.isAbsolute(f) &&
    path.dirname(f) === dir &&
    fs.lstatSync(f + TMP, { throwIfNoEntry: false })?.isFile() === true;
  if (Array.isArray(set)) for (const f of set) if (ours(f)) fs.renameSync(f + TMP, f);
  fs.rmSync(journal, { force: true });
}

/**
 * What `file` is when it is there and not a regular file ("a folder", "a symbolic link", "a
 * FIFO", ...), else null: a name pongsim writes over must be a regular file or nothing, so that
 * `--out /dev/null`, a pipe or a link is never replaced by a file (or written through).
 */
export function notRegular(file: string): string | null {
  let st: fs.Stats | undefined;
  try {
    st = fs.lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return null; // under a file: no file is there to replace (the write itself says why it cannot)
  }
  if (!st || st.isFile()) return null;
  if (st.isDirectory()) return 'a folder';
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return st.isSocket() ? 'a socket' : 'not a regular file';
}

/** Removes the temporary files and kept links a killed write left in `dir`. */
function clean(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) if (n.endsWith(TMP) || n.endsWith(OLD)) fs.rmSync(path.join(dir, n), { force: true });
}

/** Writes and removes a file in `dir`: a permission check passes for root where writing does
 * not (/proc, /sys, a read-only mount), and there the run failed only after its games. */
function probe(dir: string, fail: (why: string) => never): void {
  const file = path.join(dir, `.pongsim-probe-${process.pid}`);
  try {
    fs.closeSync(fs.openSync(file, 'wx'));
  } catch (e) {
    fail(`cannot write in ${dir} (${(e as NodeJS.ErrnoException).code ?? 'refused'})`);
  }
  fs.rmSync(file, { force: true });
}

/** What a checked target holds: for a folder, what goes in it (in messages); for a file, the
 * suffixes of the files written beside it (`.meta.json` beside FILE.csv is FILE.meta.json), and
 * the file the command reads (`input`, `what` it is in messages), which it never writes over. */
export interface Target {
  contents?: string;
  beside?: string[];
  input?: { file: string; what: string };
}

/** Whether `a` and `b` are one file that exists, by whatever names (a link, a hard link, another path). */
export function sameFile(a: string, b: string): boolean {
  const sa = fs.statSync(a, { throwIfNoEntry: false });
  const sb = fs.statSync(b, { throwIfNoEntry: false });
  return sa !== undefined && sb !== undefined && sa.dev === sb.dev && sa.ino === sb.ino;
}

/**
 * Checks, before any game is played, that results can be written at `target`: a folder
 * (`kind` dir: it exists as a folder, or can be made) or a file (a regular file or nothing, as
 * is each file written beside it, and its folder exists or can be made). Throws one line naming
 * the option and, for a folder, what it is for.
 */
export function checkWritable(
  flag: string,
  target: string,
  kind: 'dir' | 'file',
  { contents = 'the CSVs', beside = [], input }: Target = {},
): void {
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
  if (st && kind === 'dir' && !st.isDirectory()) fail(`is a file; it names the folder ${contents} go to`);
  if (kind === 'file') {
    const what = notRegular(target);
    if (what === 'a folder') fail('is a folder; it names the .csv file to write');
    if (what) fail(`is ${what}; pongsim replaces only a regular file, so give a new file's name`);
    if (input && sameFile(target, input.file)) fail(`is ${input.what}; give another name`);
    const base = target.replace(/\.csv$/, '');
    for (const suffix of beside) {
      const other = notRegular(base + suffix);
      if (other) fail(`${base + suffix}, written beside it, is ${other}; pongsim replaces only a regular file`);
      if (input && sameFile(base + suffix, input.file)) fail(`${base + suffix}, written beside it, is ${input.what}; give another name`);
    }
  }
  // The nearest folder that exists must be a folder we may write in.
  let dir = kind === 'dir' && st ? target : path.dirname(path.resolve(target));
  for (;;) {
    const d = stat(dir);
    if (d) {
      if (!d.isDirectory()) fail(`${dir} is a file, so no folder can be made under it`);
      probe(dir, fail);
      return;
    }
    dir = path.dirname(dir);
  }
}

/** `table` written to `file` (a .csv) with FILE.meta.json beside it (`meta` after the table's
 * name, the file's base name), atomically: both or neither. */
export function writeTableFile(file: string, table: CsvTable, meta: Record<string, unknown>): void {
  const base = file.replace(/\.csv$/, '');
  writeAtomically([
    { file, text: csvText(table) },
    { file: `${base}.meta.json`, text: `${JSON.stringify({ table: path.basename(base), ...meta }, null, 2)}\n` },
  ]);
}

/** Each table becomes DIR/<name>.csv with DIR/<name>.meta.json (provenance and timings) beside it. */
export function tableFiles(
  dir: string,
  tables: CsvTable[],
  meta: Record<string, unknown>,
  columns?: (t: CsvTable) => unknown,
): { file: string; text: string }[] {
  return tables.flatMap((t) => [
    { file: path.join(dir, `${t.name}.csv`), text: csvText(t) },
    {
      file: path.join(dir, `${t.name}.meta.json`),
      text: JSON.stringify({ table: t.name, ...meta, ...(columns ? { columns: columns(t) } : {}) }, null, 2) + '\n',
    },
  ]);
}

/**
 * Rows as objects keyed by column (non-finite numbers as null), for --json and charts. Each
 * figure X (with X_ci_low and X_ci_high) also gets X_ci_why after its bounds: why it has no
 * interval, with its count ("too few to say (n = 3)"), or null where it has one.
 */
export function tableObjects(t: CsvTable): Record<string, string | number | null>[] {
  const figures = new Set(t.columns.filter((c) => t.columns.includes(`${c}_ci_low`) && t.columns.includes(`${c}_ci_high`)));
  return t.rows.map((r) => {
    const entries: [string, string | number | null][] = [];
    t.columns.forEach((c, i) => {
      const v = r[i];
      entries.push([c, typeof v === 'number' && !Number.isFinite(v) ? null : (v ?? null)]);
      const figure = /^(.+)_ci_high$/.exec(c)?.[1];
      if (figure !== undefined && figures.has(figure)) entries.push([`${figure}_ci_why`, whyInterval(t, r, figure)]);
    });
    return Object.fromEntries(entries);
  });
}
