import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../core/errors.js';
import { notRegular, settle } from '../io/csv.js';
import { readRecord } from '../records/check.js';
import type { EventFormat } from '../records/format.js';
import { recordPage } from '../records/page.js';
import type { GameEvent } from '../core/trace.js';

/**
 * A study's recorded games on its report page: the records `run --record DIR` kept of it, each
 * drawn as its viewer page in the study's folder (GAMES/), so that the page links only files of
 * its folder. A record belongs to a study when its own start line says so (the study's
 * experiment, seed and game), whatever its file is called.
 */

/** The folder of a study's viewer pages, beside its CSVs. */
export const GAMES = 'games';

/** One recorded game: what the page calls it, and its viewer page (a file of GAMES/). */
export interface RecordedGame {
  label: string;
  page: string;
  html: string;
}

/** A record of the folder, by its start line. */
export interface RecordFile {
  file: string;
  start: GameEvent;
}

/**
 * What reading a study's records takes from above the report, handed over by the library
 * (library/report.ts): the game a study plays where its meta file does not say, and a record
 * re-played as `check` re-plays one.
 */
export interface RecordReader {
  /** The game whose study `experiment` is, if it is one game's. */
  gameOf(experiment: string): string | undefined;
  /** The events of record `file`, re-played under its rules (one InputError line where that fails). */
  checked(file: string): GameEvent[];
  /** The record format, every game's events (what a record is read against and its page drawn with). */
  format: EventFormat;
}

/** What a study's meta file says of the run that wrote it (report/page.ts, checked there). */
export interface StudyRun {
  experiment: string;
  seed?: string;
  provenance?: unknown;
}

const wrapped = <T>(f: () => T): T => {
  try {
    return f();
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`report: ${e.message}`);
    throw e;
  }
};

/**
 * The records of folder `records` (every .jsonl file), each read as `check` reads a record
 * handed over (a regular file, not a link; every line well-formed), once a set a killed run left
 * half in place there is finished: anything else is one InputError line.
 */
export function recordFiles(records: string, format: EventFormat): RecordFile[] {
  if (!fs.lstatSync(records, { throwIfNoEntry: false })?.isDirectory())
    throw new InputError(`report: --records ${records} is not a folder; give the folder run --record DIR wrote the records to`);
  settle(records);
  return fs
    .readdirSync(records)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => {
      const file = path.join(records, f);
      const what = notRegular(file);
      if (what) throw new InputError(`report: ${file} is ${what}; report reads only regular record files`);
      return { file, start: wrapped(() => readRecord(file, format))[0]! };
    });
}

/** The game a study plays in `cell`, as its meta file says: its provenance's (sim, compare, tune;
 * each cell's in a study of several games), else the game whose study it is (`reader`'s). */
function gameOf(run: StudyRun, cell: number, reader: RecordReader): string | undefined {
  const p = run.provenance !== null && typeof run.provenance === 'object' ? (run.provenance as Record<string, unknown>) : {};
  if (Array.isArray(p.games)) {
    const g = (p.games[cell] as { game?: unknown } | undefined)?.game;
    return typeof g === 'string' ? g : undefined;
  }
  if (typeof p.game === 'string') return p.game;
  return reader.gameOf(run.experiment);
}

/**
 * The games of `records` that the run of a study recorded: those whose start line names its
 * experiment and seed and the game it plays in that cell, in the order cell, game, table (the
 * file name's -tableT, the table of a game several line-ups play). Each is re-played as `check`
 * checks it before its page is drawn (`reader`): one InputError line for a record check refuses.
 */
export function recordedGames(records: readonly RecordFile[], run: StudyRun, reader: RecordReader): RecordedGame[] {
  if (run.seed === undefined) return [];
  const cellOf = (s: GameEvent) => (typeof s.cell === 'number' ? s.cell : 0);
  const tableOf = (file: string) => Number(/-table(\d+)\.jsonl$/.exec(file)?.[1] ?? 0);
  const ours = records
    .filter(
      ({ start: s }) =>
        s.type === 'start' && s.experiment === run.experiment && s.seed === run.seed && s.game === gameOf(run, cellOf(s), reader),
    )
    .map((r) => ({ ...r, cell: cellOf(r.start), index: Number(r.start.index ?? 0), table: tableOf(r.file) }))
    .sort((a, b) => a.cell - b.cell || a.index - b.index || a.table - b.table || a.file.localeCompare(b.file));
  const cells = ours.some((r) => r.cell > 0);
  return ours.map(({ file, cell, index, table }) => {
    const events = wrapped(() => reader.checked(file));
    const name = path.basename(file);
    const label = `${cells ? `cell ${cell}, ` : ''}game ${index}${table ? `, table ${table}` : ''}`;
    return {
      label,
      page: `${path.basename(file, '.jsonl')}.html`,
      html: recordPage(events, `${String(events[0]!.game)} ${name}`, reader.format),
    };
  });
}

/** Where a study's viewer pages go (`dir`/GAMES), refused when that is anything but a folder or nothing. */
export function gamesFolder(dir: string): string {
  const out = path.join(dir, GAMES);
  const st = fs.lstatSync(out, { throwIfNoEntry: false });
  if (st && !st.isDirectory())
    throw new InputError(
      `report: ${out} is ${notRegular(out) ?? 'a file'}; the viewer pages of a study's recorded games go in a folder of that name`,
    );
  return out;
}
