import { InputError } from '../core/errors.js';
import type { ChunkProgress } from '../runner/pool.js';
import { parseShard, parseShardIndex, type Shard } from '../runner/plan.js';
import { positiveInt, positiveNumber } from './options.js';
import { WORKER } from './studies.js';
import type { RiskParams } from '../experiment/risk.js';
import { checkOptions, FLAG, FUNCTION, isPlain, POSITIVE, SEED, SIGNAL, TEXT, WHOLE, type Keys } from './arguments.js';

export type { ChunkProgress } from '../runner/pool.js';

/** How a caller follows and stops a run (simulate, runStudy, compare, tune). */
export interface RunControl {
  /** Called as each chunk of games comes back, and awaited. What it throws, or what the promise
   * it returns rejects with, stops the run as a failed chunk does: the call rejects with an
   * Error naming it as the caller's, the original as its `cause`. */
  onProgress?: (p: ChunkProgress) => void | Promise<void>;
  /** Aborting it stops the run: the chunks in flight finish, the checkpoint (where the run keeps
   * one) is saved, and the call rejects with Interrupted. */
  signal?: AbortSignal;
  /** How to resume an interrupted run, for its message (the CLI passes its command line with
   * --resume). */
  resumeHint?: string;
}

const CONTROL: Keys<RunControl> = { onProgress: FUNCTION, signal: SIGNAL, resumeHint: TEXT('a string') };

/** Checks the second argument of `fn` (simulate, runStudy, compare, tune). */
export function checkControl(fn: string, c: unknown): asserts c is RunControl {
  checkOptions(fn, c, CONTROL, [], { noun: 'an object of controls { onProgress, signal } as its second argument' });
}

/** The interrupt message's way to resume, where the caller gives none. */
export const RESUME = 'the same call with resume: true';

/** An option given to a library function as plain data, read by the reader of the CLI's text. */
export function given<T>(value: unknown, read: (text: string) => T): T | undefined {
  return value === undefined ? undefined : read(typeof value === 'string' ? value : String(value));
}

/** A list option (--set, --plugin, --arm): a list of strings, or one string. */
export function list(flag: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  throw new InputError(`${flag}: expected a list of strings (got ${JSON.stringify(value)})`);
}

/** The slice a run plays: `shard` ('k/N', 'auto/N') or `shardIndex` ('i/N', from 0), at most
 * one; either may also be the slice read already, {k, n} with k from 1. */
export function sliceOf(o: { shard?: unknown; shardIndex?: unknown }): Shard | undefined {
  if (o.shard !== undefined && o.shardIndex !== undefined)
    throw new InputError('--shard and --shard-index: give one (they name the same slice, counted from 1 or from 0)');
  const read = (v: unknown, parse: (text: string) => Shard) =>
    typeof v === 'object' && v !== null ? parseShard(`${String((v as Shard).k)}/${String((v as Shard).n)}`) : given(v, parse);
  return read(o.shard, parseShard) ?? read(o.shardIndex, parseShardIndex);
}

/** Options every function that runs games shares, as the CLI names them. */
export interface RunOptions {
  seed?: string;
  /** Worker threads (default: PONGSIM_WORKERS, else the machine's cores). */
  workers?: number;
  /** Games per worker task (results do not depend on it). */
  chunk?: number;
  /** Seconds a strategy may spend on one decision before the run fails. */
  decisionTimeout?: number;
}

export const RUN_KEYS: Keys<RunOptions> = { seed: SEED, workers: WHOLE, chunk: WHOLE, decisionTimeout: POSITIVE };

/** How a run that writes results may be sliced, resumed, and let at the reference results. */
export interface SliceOptions {
  /** Play one slice of the run, 'k/N' (or {k, n}), and write its partial instead of results. */
  shard?: string | { k: number; n: number };
  /** The same slice counted from 0, 'i/N'. */
  shardIndex?: string;
  /** Continue the run interrupted with these options, from its checkpoint. */
  resume?: boolean;
  /** Allow writing into results/reference/. */
  force?: boolean;
}

export const SLICE_KEYS: Keys<SliceOptions> = {
  shard: { what: "a slice 'k/N' or { k, n }", fits: (v) => typeof v === 'string' || isPlain(v) },
  shardIndex: TEXT("a slice 'i/N'"),
  resume: FLAG,
  force: FLAG,
};

/** The runner's options from the library's. */
export function runnerOptions(o: RunOptions & { seed: string }, c: RunControl, shard?: Shard) {
  return {
    seed: o.seed,
    worker: WORKER,
    workers: given(o.workers, positiveInt('--workers', 256)),
    chunk: given(o.chunk, positiveInt('--chunk')),
    shard: shard ?? null,
    decisionTimeout: given(o.decisionTimeout, positiveNumber('--decision-timeout')),
    onProgress: c.onProgress,
    signal: c.signal,
  };
}

/** The risk options of a run, as the library takes them. */
export interface RiskOptions {
  /** Games in a session (a night at the table): consecutive games of the run. */
  session?: number;
  /** The money a player sits down with (with session: adds the risk of ruin). */
  bankroll?: number;
  /** What a point is worth, for a game that scores points (mahjong). */
  pointValue?: number;
}

export const RISK_KEYS: Keys<RiskOptions> = { session: WHOLE, bankroll: POSITIVE, pointValue: POSITIVE };

/**
 * The risk a run is asked for, checked, or undefined: --session asks for it, --bankroll and
 * --point-value come with it (the game's entry says whether it needs a value per point:
 * experiment/risk.ts). `session` is a study's own night where it has one.
 */
export function riskOf(o: RiskOptions, session?: number): RiskParams | undefined {
  const games = given(o.session, positiveInt('--session')) ?? session;
  const bankroll = given(o.bankroll, positiveNumber('--bankroll'));
  const pointValue = given(o.pointValue, positiveNumber('--point-value'));
  if (games === undefined) {
    const lone = bankroll !== undefined ? '--bankroll' : pointValue !== undefined ? '--point-value' : undefined;
    if (lone) throw new InputError(`${lone}: only with --session N (the risk of a night of N games)`);
    return undefined;
  }
  return { session: games, ...(bankroll !== undefined ? { bankroll } : {}), ...(pointValue !== undefined ? { pointValue } : {}) };
}
