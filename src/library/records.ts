import fs from 'node:fs';
import path from 'node:path';
import { entryFor, EVENT_FORMAT } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import type { Experiment } from '../experiment/experiment.js';
import { notRegular, writeAtomically } from '../io/csv.js';
import { checkEvents, readRecord, type TableChanceOf } from '../records/check.js';
import type { GameEntry } from '../catalog/entry.js';
import { Recorder, recordText, withRecorder, type GameRecord } from '../records/record.js';
import { recordPage, type PageMark } from '../records/page.js';
import { EVENTS_FORMAT, type GameEvent } from '../core/trace.js';
import { newTally } from '../stats/tally.js';
import { given } from './control.js';
import { checkOut, GAME, gameRules, pathName, positiveInt } from './options.js';
import { checkOptions, TEXT, WHOLE, type Keys } from './arguments.js';

/** The options that keep records of a run's games (`sim`, `run`). */
export interface RecordOptions {
  /** Write the records of a sample of the games into this folder. */
  record?: string;
  /** Record game indices 0, N, 2N, ... of each cell (default 1000). */
  recordEvery?: number;
}

/** Where a run keeps its records and which games: read and checked before any game is played. */
export interface RecordPlan {
  dir: string;
  every: number;
}

export const RECORD_KEYS: Keys<RecordOptions> = { record: TEXT('a folder name'), recordEvery: WHOLE };

export const DEFAULT_RECORD_EVERY = 1000;

/**
 * Reads --record and --record-every of a run of `name` at `seed`; `sliced` says the run is one
 * shard (which keeps none). The folder is checked as --out is, and so is every file in it the
 * run's records would replace (a link, a FIFO: refused before any game is played).
 */
export function recordPlan(o: RecordOptions & { force?: boolean }, sliced: boolean, name: string, seed: string): RecordPlan | undefined {
  const every = given(o.recordEvery, positiveInt('--record-every'));
  const dir = given(o.record, pathName('--record', 'a folder name'));
  if (dir === undefined) {
    if (every !== undefined) throw new InputError('--record-every: only with --record DIR (the folder the records go to)');
    return undefined;
  }
  if (sliced) throw new InputError('--record with a shard: record from the whole run, or replay a game with replay --format events');
  checkOut('--record', dir, 'dir', o.force, { contents: 'the records' });
  const ours = recordNames(name, seed);
  const present = fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() ? fs.readdirSync(dir) : [];
  for (const f of present.filter((n) => ours.test(n))) {
    const what = notRegular(path.join(dir, f));
    if (what)
      throw new InputError(
        `--record ${dir}: ${path.join(dir, f)}, a record this run writes, is ${what}; pongsim replaces only a regular file`,
      );
  }
  return { dir, every: every ?? DEFAULT_RECORD_EVERY };
}

/**
 * Plays again, in this thread and with the recorder on, the games of a finished run that the
 * plan samples (index 0, every, 2 every, ... of each cell), and writes each table each of them
 * played as PLAN.dir/NAME[-cellC]-seedS-gameI[-tableT].jsonl. A game is a pure function of its
 * seed, cell and index, so it plays as it did in the run; the run itself never records, and so
 * is not slowed. Gives the files written.
 */
export function keepRecords(plan: RecordPlan, name: string, exp: Experiment, seed: string, games: number): string[] {
  const rec = new Recorder(name, (_cell, index) => index % plan.every === 0);
  withRecorder(rec, () => {
    for (let cell = 0; cell < exp.cells.length; cell++) {
      for (let index = 0; index < games; index += plan.every) exp.runGame(cell, index, seed, newTally());
    }
  });
  const files = rec.records.map((r) => ({
    file: path.join(plan.dir, recordName(name, r, exp.cells.length > 1)),
    text: recordText(r.events),
  }));
  writeAtomically(files);
  return files.map((f) => f.file);
}

/** A record's file name: the run, the cell where a run has several, the seed, the game and, after the first, the table. */
function recordName(name: string, r: GameRecord, cells: boolean): string {
  return `${name}${cells ? `-cell${r.cell}` : ''}-seed${r.seed}-game${r.index}${r.table > 0 ? `-table${r.table}` : ''}.jsonl`;
}

/** Every name recordName gives the records of a run of `name` at `seed`. */
function recordNames(name: string, seed: string): RegExp {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(name)}(-cell\\d+)?-seed${literal(seed)}-game\\d+(-table\\d+)?\\.jsonl$`);
}

export interface ViewOptions {
  /** The record file (pongsim-events/1). */
  record: string;
  /** The page to write. */
  html: string;
  /** Allow writing into results/reference/. */
  force?: boolean;
}

/** `pongsim view RECORD --html FILE`: writes the viewer page of a record, read and re-played as
 * `check` checks it first (a record check refuses would draw a page whose steps make no sense,
 * or whose script breaks), and gives where. */
export function viewRecord(o: ViewOptions): { html: string } {
  const file = given(o.record, pathName('RECORD', 'a record file'))!;
  htmlOut(o.html, o.force, file);
  const events = checkedRecord(file, 'view');
  return { html: writeRecordPage(events, o.html, o.force, path.basename(file)) };
}

/** --html FILE, checked as a page pongsim may write (never over `record`, the record it draws). */
export function htmlOut(html: string, force: boolean | undefined, record?: string): string {
  const out = given(html, pathName('--html', 'an .html file name'))!;
  if (!out.endsWith('.html')) throw new InputError(`--html ${out}: expected a file name ending in .html`);
  checkOut('--html', out, 'file', force, record === undefined ? {} : { input: { file: record, what: 'the record being read' } });
  return out;
}

/** Writes the viewer page of `events` as `html` (checked first), the decisions `marked` marked
 * (a review's); gives `html`. */
export function writeRecordPage(
  events: readonly GameEvent[],
  html: string,
  force: boolean | undefined,
  title: string,
  marked: readonly PageMark[] = [],
): string {
  const out = htmlOut(html, force);
  writeAtomically([{ file: out, text: recordPage(events, `${String(events[0]!.game)} ${title}`, EVENT_FORMAT, marked) }]);
  return out;
}

export interface CheckOptions {
  game: string;
  /** The record file (pongsim-events/1). */
  record: string;
}

const CHECK_KEYS: Keys<CheckOptions> = { game: GAME('records'), record: TEXT('a record file') };

/** What `check --json` prints for a record found right. */
export interface CheckResult {
  game: string;
  record: string;
  format: string;
  events: number;
  decisions: number;
  result: { seat: number; strategy: string; return: number }[];
}

/** A record read for a command on its game, with what re-playing it takes: its game's entry,
 * its rules, its events and the chance of a record without a seed (checkEvents). */
export interface OpenRecord {
  entry: GameEntry;
  file: string;
  rules: Record<string, unknown>;
  events: GameEvent[];
  seats: { seat: number; strategy: string }[];
  table: TableChanceOf;
}

/**
 * Reads a record of `game` handed over for `command` (check, review, advise --record): the file
 * as data, its start event naming this game and rules that read, its seats as many as the game
 * has, and only events the game lists. Not yet re-played: checkEvents does that.
 */
export function openRecord(game: string, record: unknown, command: string, flag = 'RECORD'): OpenRecord {
  const entry = entryFor(game, 'records', command);
  const file = given(record, pathName(flag, 'a record file'))!;
  return recordOf(entry, file, readRecord(file, EVENT_FORMAT), command);
}

/** A game entry that keeps records. */
type RecordsEntry = GameEntry & Required<Pick<GameEntry, 'records'>>;

/** The events of a record, `file`, checked as openRecord checks them, of `entry`'s game. */
function recordOf(entry: RecordsEntry, file: string, events: GameEvent[], command: string): OpenRecord {
  const game = entry.def.id;
  const start = events[0]!;
  const head = `${file} line 1`;
  if (start.type !== 'start') throw new InputError(`${head}: expected the start event (type "start"), got a ${start.type} event`);
  if (start.game !== game)
    throw new InputError(
      `${head}: a record of ${String(start.game)}, not of ${game}${command === 'check' ? `; check it as pongsim check ${String(start.game)} ${file}` : ''}`,
    );
  const known = new Set(['start', 'end', ...entry.records.events.map((k) => k.type)]);
  const stray = events.findIndex((e) => !known.has(e.type));
  if (stray >= 0)
    throw new InputError(
      `${file} line ${stray + 1}: ${game} records have no ${events[stray]!.type} event; its events: ${[...known].join(', ')}`,
    );
  let rules: Record<string, unknown>;
  try {
    rules = gameRules(entry, start.rules as Record<string, unknown>);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${head}: rules: ${e.message}`);
    throw e;
  }
  const seats = start.seats as { seat: number; strategy: string }[];
  const need = entry.def.seats(rules);
  if (seats.length !== need) throw new InputError(`${head}: ${game} with these rules has ${need} seats; the record seats ${seats.length}`);
  const table = { chance: entry.records.tableChance, rules: entry.records.tableRules };
  return { entry, file, rules, events, seats, table };
}

/**
 * The events of `file`, a record of whichever game its start names, read and re-played as
 * `check` checks it (view, and report's recorded games): anything check refuses is the same one
 * InputError line.
 */
export function checkedRecord(file: string, command: string): GameEvent[] {
  const events = readRecord(file, EVENT_FORMAT);
  const start = events[0]!;
  if (start.type !== 'start') throw new InputError(`${file} line 1: expected the start event (type "start"), got a ${start.type} event`);
  let entry: RecordsEntry;
  try {
    entry = entryFor(String(start.game), 'records', command);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${file} line 1: ${e.message}`);
    throw e;
  }
  const open = recordOf(entry, file, events, command);
  checkEvents(entry.def, open.rules, events, file, open.table);
  return events;
}

/**
 * `pongsim check`: plays the game of a record again under its rules and confirms every event,
 * decision and settlement; a record at fault is one InputError line naming the first line that
 * is wrong, what the game expected there and what was allowed.
 */
export function checkRecord(o: CheckOptions): CheckResult {
  checkOptions('checkRecord', o, CHECK_KEYS, ['game', 'record']);
  const { entry, file, rules, events, seats, table } = openRecord(o.game, o.record, 'check');
  const checked = checkEvents(entry.def, rules, events, file, table);
  return {
    game: o.game,
    record: file,
    format: EVENTS_FORMAT,
    events: checked.events,
    decisions: checked.decisions,
    result: checked.returns.map((x, seat) => ({ seat, strategy: seats[seat]!.strategy, return: x })),
  };
}

/** The record format, pongsim-events/1, as one JSON Schema document (draft 2020-12): the frame
 * (start, end) and every game's event types, composed from the catalog's entries. */
export function eventsSchema(): Record<string, unknown> {
  return EVENT_FORMAT.schema();
}
