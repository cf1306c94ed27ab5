import type { GameState } from '../core/game.js';
import { recording, type GameRecorder, type Table } from '../core/play.js';
import { buildId } from '../io/build.js';
import { EVENTS_FORMAT, Trace, type GameEvent } from '../core/trace.js';

/** One recorded game: where it sits in its run, and its events from `start` to `end`. */
export interface GameRecord {
  seed: string;
  cell: number;
  index: number;
  /** The how-manieth table of this game (a study's game may play several line-ups), from 0. */
  table: number;
  events: GameEvent[];
}

/** The record's first line: the format, the game, its rules, who sits where, and the run it
 * belongs to (the experiment, as its results name it, and seed, cell, index: its chance events
 * follow from them) and the build that played. */
export function startEvent(table: Table<GameState, unknown>, experiment: string, seed: string, cell: number, index: number): GameEvent {
  return {
    type: 'start',
    format: EVENTS_FORMAT,
    game: table.game.id,
    rules: table.rules,
    seats: table.names.map((strategy, seat) => ({ seat, strategy })),
    experiment,
    seed,
    cell,
    index,
    build: buildId(),
  };
}

/** The record's last line: each seat's result for the whole game. */
export function endEvent(table: Table<GameState, unknown>): GameEvent {
  const out = new Float64Array(table.names.length);
  table.game.returns(table.state, out);
  return { type: 'end', returns: Array.from(out), lowerIsBetter: table.game.lowerIsBetter };
}

/** A record as text: one JSON object a line. */
export function recordText(events: readonly GameEvent[]): string {
  return events.map((e) => JSON.stringify(e)).join('\n') + '\n';
}

/** Records the games `keep` picks (by cell and index) of a run of `experiment` ('sim', or a
 * study's name), every table each of them plays. */
export class Recorder implements GameRecorder {
  readonly records: GameRecord[] = [];
  private last = '';
  private tables = 0;
  private open_: Omit<GameRecord, 'events'> | null = null;

  constructor(
    private readonly experiment: string,
    private readonly keep: (cell: number, index: number) => boolean,
  ) {}

  open(table: Table<GameState, unknown>, seed: string, cell: number, index: number): Trace | null {
    if (!this.keep(cell, index)) return null;
    const key = `${seed}/${cell}/${index}`;
    this.tables = key === this.last ? this.tables + 1 : 0;
    this.last = key;
    this.open_ = { seed, cell, index, table: this.tables };
    return new Trace(null, [startEvent(table, this.experiment, seed, cell, index)]);
  }

  close(table: Table<GameState, unknown>, trace: Trace): void {
    trace.event(endEvent(table));
    this.records.push({ ...this.open_!, events: trace.events! });
    this.open_ = null;
  }
}

/** Runs `f` with `recorder` recording the games played meanwhile in this thread. */
export function withRecorder<T>(recorder: Recorder, f: () => T): T {
  const before = recording.recorder;
  recording.recorder = recorder;
  try {
    return f();
  } finally {
    recording.recorder = before;
  }
}
