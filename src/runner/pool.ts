import { InputError, Interrupted, revived } from '../core/errors.js';
import fs from 'node:fs';
import os from 'node:os';
import { Piscina } from 'piscina';
import { mergeTally, newTally, type Tally } from '../stats/tally.js';
import type { ChunkResult } from './worker.js';
import type { ExperimentDef, ExperimentParams } from '../experiment/experiment.js';
import { buildExperiment, type ChunkTask } from './chunk.js';
import { plan, shardRange, type Shard, type Task } from './plan.js';
import { stuckMessage, Watchdog } from './watchdog.js';
import { buildId } from '../io/build.js';
import { CHECKPOINT_FORMAT, checkDone, checkpointEvery, loadCheckpoint, saveCheckpoint, type CheckpointPlan } from './checkpoint.js';

export interface RunOptions {
  seed: string;
  /** The module each worker thread loads: the library's (library/worker-entry.cts), which hands
   * runner/worker.ts the studies the library built, this run's among them. */
  worker: URL;
  workers?: number;
  shard?: Shard | null;
  /** Override the experiment's chunk size (tests use it to show results do not depend on it). */
  chunk?: number;
  /** Called as each chunk comes back (the CLI's progress bar), and awaited; what it throws or
   * rejects with fails the run (callerFailed). */
  onProgress?: (p: ChunkProgress) => void | Promise<void>;
  /** Stops the run: it lets the chunks in flight finish, saves its checkpoint and throws
   * Interrupted, whose reason is the signal's (a string reason, e.g. 'SIGINT', else 'aborted'). */
  signal?: AbortSignal;
  /** Play only games [start, end) of each cell (a block of a run that grows until its intervals are narrow). */
  range?: [number, number];
  /** Keep a checkpoint of the finished chunks (and with `resume`, continue from one). */
  checkpoint?: CheckpointPlan;
  /** Seconds a strategy may take over one decision before the run fails (default DECISION_TIMEOUT). */
  decisionTimeout?: number;
}

/** A chunk of `games` games of cell `cell` came back, played in `seconds` by its worker; the
 * run has `cellGames[c]` games to play in each cell (this run's share), on `workers` workers. */
export interface ChunkProgress {
  experiment: string;
  cellGames: readonly number[];
  workers: number;
  cell: number;
  games: number;
  seconds: number;
  /** What the run counts, where it is not games (a benchmark build's decisions). */
  unit?: string;
  /** Items too uneven to time the run by its first ones (a build's first decisions cost three
   * times its mean): the bar then says how far it has come at each tenth, not how long is left. */
  uneven?: true;
}

/** `workers` worker threads that run chunks, each loading module `worker` (runner/worker.ts). */
function workerPool(worker: URL, workers: number): Piscina {
  return new Piscina({
    filename: worker.href,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 1000,
  });
}

/**
 * Worker pools kept across runs (and replays) in this process, one per worker module and count: a
 * program (or a test file) that runs many experiments pays each worker's start, which loads every
 * game, once. Idle workers do not keep the process alive (piscina unrefs them); a pool whose
 * worker is stuck is ended and forgotten (endStuck).
 */
const kept = new Map<string, Piscina>();

const keyOf = (worker: URL, workers: number) => `${workers} ${worker.href}`;

export function keptPool(worker: URL, workers: number): Piscina {
  let pool = kept.get(keyOf(worker, workers));
  if (!pool) kept.set(keyOf(worker, workers), (pool = workerPool(worker, workers)));
  return pool;
}

/** Ends `pool`, one of whose workers is stuck in a decision (terminating a worker stops even a
 * loop that never yields), and forgets it if it is the pool kept for `worker` and `workers`. */
export function endStuck(worker: URL, workers: number, pool: Piscina): Promise<void> {
  if (kept.get(keyOf(worker, workers)) === pool) kept.delete(keyOf(worker, workers));
  return pool.destroy();
}

/** Runs `task` on `pool`: an error the worker handed back as data (library/worker.ts) is thrown
 * as its own class, so that bad input met on a worker is refused as input, as in one thread. */
export async function runTask(pool: Piscina, task: object, options?: Parameters<Piscina['run']>[1]): Promise<unknown> {
  const r: unknown = await pool.run(task, options);
  const e = revived(r);
  if (e) throw e;
  return r;
}

/** The default limit on one decision: generous, since a slow bot is no fault, only a stuck one. */
export const DECISION_TIMEOUT = 60;

export interface RunResult {
  tallies: Tally[];
  /** Per cell, the game index range this run covered. */
  ranges: [number, number][];
  seconds: number;
  workers: number;
  /** Whether the run's checkpoint holds every chunk of it (it had one, and saved it at the end). */
  checkpointed: boolean;
}

export function defaultWorkers(): number {
  const env = process.env.PONGSIM_WORKERS;
  if (env === undefined || env === '') return Math.max(1, os.availableParallelism());
  const n = Number(env);
  if (!/^\d+$/.test(env.trim()) || n < 1 || n > 256)
    throw new InputError(`PONGSIM_WORKERS: expected an integer from 1 to 256 (got ${JSON.stringify(env)})`);
  return n;
}

/**
 * Runs study `def`'s tasks on a piscina pool, folding each finished chunk's tally into its
 * cell's. The caller hands the study over (the library, which builds the list of studies); the
 * workers find it by its name in the same list. Tallies merge exactly in any order, so the result is the same for any worker count,
 * chunk size, shard split or interruption and resume.
 *
 * Chunks are handed out a few at a time rather than queued all at once, so a run can stop
 * handing them out: when `signal` aborts it lets the chunks in flight finish, writes its
 * checkpoint and throws `Interrupted`. A chunk that fails stops the run the same way, its
 * checkpoint keeping the work finished before it, and its error (naming the game) is thrown.
 */
export async function runExperiment(def: ExperimentDef, params: ExperimentParams, opts: RunOptions): Promise<RunResult> {
  const exp = buildExperiment(def, params);
  const workers = opts.workers ?? defaultWorkers();
  const cp = opts.checkpoint;
  const resumed = cp?.resume ? loadCheckpoint(cp, exp.cells.length) : null;
  // Results never depend on the chunk size (sums are exact), so a large run may use
  // bigger tasks than the experiment's floor: about 64 per worker and cell, which keeps
  // piscina's per-task cost negligible and the last task's tail, when one worker has
  // finished and the other has not, under 1% of the run. A resumed run keeps its chunks.
  const chunk = resumed?.chunk ?? opts.chunk ?? Math.max(exp.chunk, Math.ceil(exp.games / (workers * 64)));
  const range = opts.range ?? shardRange(exp.games, opts.shard ?? null);
  if (resumed) checkDone(cp!.file, resumed, range);
  const finished = new Set(resumed?.done.map(([c, start]) => `${c}:${start}`));
  const all = plan(exp.cells.length, exp.games, chunk, null, range);
  // Each cell's games still to play, for the progress bar and the time estimate.
  const left = exp.cells.map(() => range[1] - range[0]);
  for (const [c, start] of resumed?.done ?? []) left[c]! -= Math.min(range[1], start + chunk) - start;
  const tallies = resumed?.tallies ?? exp.cells.map(() => newTally());
  const done: [number, number][] = resumed?.done ?? [];
  // A checkpoint that cannot be saved (a full disk) stops the run; what it said is kept for its message.
  let unsaved: string | null = null;
  const save = (): boolean => {
    if (!cp) return false;
    try {
      saveCheckpoint(cp.file, { format: CHECKPOINT_FORMAT, identity: cp.identity, chunk, done, tallies });
      return true;
    } catch (e) {
      unsaved = e instanceof Error ? e.message : String(e);
      return false;
    }
  };
  const savedBefore = () =>
    cp && fs.existsSync(cp.file)
      ? `; ${cp.file}, saved before, holds the chunks finished until then: make room and continue with: ${cp.how}`
      : '';
  const started = process.hrtime.bigint();
  const pool = keptPool(opts.worker, workers);
  let stop: string | null = null;
  let failure: { error: unknown } | null = null;
  const watchdog = new Watchdog(workers, 1000 * (opts.decisionTimeout ?? DECISION_TIMEOUT));
  let ended: Promise<void> | null = null;
  // The pool outlives the run, unless a worker must be stopped.
  const end = (stuck = false) => (ended ??= stuck ? endStuck(opts.worker, workers, pool) : Promise.resolve());
  watchdog.start((s) => {
    failure ??= {
      error: new Error(stuckMessage(s, `experiment ${exp.name}, cell ${exp.cells[s.cell]}, game index ${s.game}, seed ${opts.seed}`)),
    };
    void end(true); // terminating the workers stops even a loop that never yields
  });
  const onAbort = () => {
    const reason: unknown = opts.signal!.reason;
    stop = typeof reason === 'string' ? reason : 'aborted';
  };
  if (opts.signal?.aborted) onAbort();
  opts.signal?.addEventListener('abort', onAbort);
  // The caller hears of each chunk in turn: one onProgress call at a time, in the order the
  // chunks came back, none once one has failed (a later call gives that failure back).
  let told: Promise<Error | null> = Promise.resolve(null);
  const tell = (p: ChunkProgress) => (told = told.then((fault) => fault ?? callerFailed(() => opts.onProgress!(p))));
  const every = checkpointEvery();
  let saved = Date.now();
  try {
    let next = 0;
    // Two chunks in flight per worker: none waits for the main thread between chunks.
    const lane = async () => {
      while (next < all.count && !stop && !failure) {
        const t = all.at(next++);
        if (finished.has(`${t.cell}:${t.start}`)) continue;
        const task: ChunkTask = { ...t, experiment: def.name, params, seed: opts.seed, build: buildId(), pulse: watchdog.buffer };
        let r: ChunkResult;
        try {
          r = (await runTask(pool, task)) as ChunkResult;
        } catch (error) {
          failure ??= { error: located(error, exp.name, exp.cells[t.cell]!, t, opts.seed) };
          return;
        }
        // The chunk is done, in the tallies and the list alike, before the caller hears of it:
        // whatever its onProgress does, the checkpoint holds what it says it holds.
        mergeTally(tallies[t.cell]!, r.tally);
        done.push([t.cell, t.start]);
        if (opts.onProgress && !failure) {
          const fault = await tell({
            experiment: exp.name,
            cellGames: left,
            workers,
            cell: t.cell,
            games: t.end - t.start,
            seconds: r.seconds,
          });
          if (fault) {
            failure ??= { error: fault };
            return;
          }
        }
        if (cp && Date.now() - saved >= every) {
          if (!save()) {
            failure ??= { error: new Error(`${unsaved}${savedBefore()}`) };
            return;
          }
          saved = Date.now();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(all.count - finished.size, workers * 2) }, lane));
    if (failure || stop) {
      const kept = done.length > 0 && unsaved === null && save();
      if (failure) {
        const { error } = failure as { error: unknown };
        if (cp && kept && error instanceof Error)
          error.message += `; the ${done.length} chunks finished before it are saved in ${cp.file}; continue with: ${cp.how}`;
        throw error;
      }
      if (!cp) throw new Interrupted(stop!, `interrupted (${stop}); nothing was written`);
      throw new Interrupted(
        stop!,
        unsaved === null
          ? `interrupted (${stop}): ${all.count - done.length} of ${all.count} chunks left, the finished ones saved in ${cp.file}; continue with: ${cp.how}`
          : `interrupted (${stop}): its checkpoint could not be saved (${unsaved})${savedBefore()}`,
      );
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    // Saved whole once more, so that results that cannot be written (a full disk) are not lost:
    // --resume then only writes them.
    const checkpointed = save();
    return { tallies, ranges: exp.cells.map(() => range), seconds, workers, checkpointed };
  } finally {
    watchdog.stop();
    opts.signal?.removeEventListener('abort', onAbort);
    await end();
  }
}

/**
 * Calls the caller's onProgress and awaits what it returns; gives the Error that fails the run
 * when it throws or rejects, named as the caller's (the original as its `cause`), else null.
 * Awaited here, a rejection never goes unhandled to end the host process.
 */
async function callerFailed(call: () => void | Promise<void>): Promise<Error | null> {
  let returned: void | Promise<void>;
  const failed = (how: string, e: unknown) =>
    new Error(`the caller's onProgress ${how}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  try {
    returned = call();
  } catch (e) {
    return failed('threw', e);
  }
  try {
    await returned;
  } catch (e) {
    return failed('rejected', e);
  }
  return null;
}

/**
 * A failed chunk's error, naming where it happened. A game that throws already names its game
 * index (runChunk); a worker that died (a plug-in calling process.exit, memory exhausted) can
 * only be placed in its chunk's games.
 */
function located(error: unknown, experiment: string, cell: string, t: Task, seed: string): unknown {
  const msg = error instanceof Error ? error.message : String(error);
  if (error instanceof InputError || /\[experiment .*, seed /.test(msg)) return error;
  return new Error(
    `a worker stopped: ${msg} [experiment ${experiment}, cell ${cell}, game indices ${t.start} to ${t.end - 1}, seed ${seed}]`,
  );
}
