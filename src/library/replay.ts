import { entryFor } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import type { GameEvent } from '../core/trace.js';
import { replayGame } from '../runner/replay.js';
import { given } from './control.js';
import { MAX_GAMES, nonNegativeInt, positiveNumber, seedText } from './options.js';
import { simParams, TABLE_KEYS, type TableOptions } from './simulate.js';
import { checkOptions, FLAG, POSITIVE, SEED, TEXT, WHOLE, type Keys } from './arguments.js';
import { htmlOut, writeRecordPage } from './records.js';
import { WORKER } from './studies.js';

export interface ReplayOptions extends TableOptions {
  /** The seed of the sim run. */
  seed: string;
  /** The game's index within the run (from 0). */
  index: number;
  /** Seconds a strategy may spend on one decision before the replay fails, as in the run. */
  decisionTimeout?: number;
  /** 'trace' (the default: the prose trace) or 'events' (the game's record, pongsim-events/1). */
  format?: string;
  /** Also write the game's viewer page here (an .html file). */
  html?: string;
  /** Allow writing into results/reference/. */
  force?: boolean;
}

const REPLAY_KEYS: Keys<ReplayOptions> = {
  ...TABLE_KEYS,
  seed: SEED,
  index: WHOLE,
  decisionTimeout: POSITIVE,
  format: TEXT('trace or events'),
  html: TEXT('an .html file name'),
  force: FLAG,
};

/** What `replay --json` prints: the game's trace and each seat's result, or, for a game that
 * ended in an illegal move, the trace up to it and the move. */
export interface ReplayResult {
  game: string;
  seed: string;
  index: number;
  trace: string[];
  /** With format 'events': the record, one event a line when written out (records/record.ts recordText). */
  events?: GameEvent[];
  result?: { seat: number; strategy: string; return: number }[];
  illegalMove?: string;
  /** With html: the viewer page written. */
  html?: string;
}

/**
 * Plays game `index` of a sim run again, exactly as the run played it (`pongsim replay`), and
 * gives its trace and result. It plays on a worker thread under the run's watchdog: a strategy
 * stuck in one decision fails the replay after `decisionTimeout` seconds instead of hanging it.
 */
export async function replay(o: ReplayOptions): Promise<ReplayResult> {
  checkOptions('replay', o, REPLAY_KEYS, ['game', 'seed', 'index']);
  const seed = given(o.seed, seedText)!;
  const index = given(o.index, nonNegativeInt('--index', MAX_GAMES - 1))!;
  const decisionTimeout = given(o.decisionTimeout, positiveNumber('--decision-timeout'));
  const format = o.format ?? 'trace';
  if (format !== 'trace' && format !== 'events') throw new InputError(`--format: expected trace or events (got ${JSON.stringify(format)})`);
  const record = format === 'events' || o.html !== undefined;
  if (record) entryFor(o.game, 'records', o.html !== undefined ? 'replay --html' : 'replay --format events');
  if (o.html !== undefined) htmlOut(o.html, o.force);
  const params = await simParams(o, index + 1);
  // A game that ended in an illegal move comes back with its trace up to that move (and no record).
  const r: ReplayResult = { game: o.game, seed, index, ...(await replayGame(WORKER, params, seed, index, decisionTimeout, record)) };
  if (o.html !== undefined && r.events) r.html = writeRecordPage(r.events, o.html, o.force, `seed ${seed} game ${index}`);
  // The prose trace is what the replay shows unless the record was asked for.
  if (format !== 'events' && r.events) {
    delete r.events;
    return { ...r, ...(await replayGame(WORKER, params, seed, index, decisionTimeout, false)) };
  }
  return r;
}
