import { InputError } from '../core/errors.js';
import os from 'node:os';
import { Piscina } from 'piscina';
import { mergeTally, newTally, type Tally } from '../stats/tally.js';
import type { ExperimentParams } from '../experiment/experiment.js';
import { buildExperiment, type ChunkTask } from './chunk.js';
import { plan, shardRange, type Shard } from './plan.js';
import { Progress } from './progress.js';

export interface RunOptions {
  seed: string;
  workers?: number;
  shard?: Shard | null;
  /** Override the experiment's chunk size (tests use it to show results do not depend on it). */
  chunk?: number;
  quiet?: boolean;
  /** Play only games [start, end) of each cell (a block of a run that grows until its intervals are narrow). */
  range?: [number, number];
}

export interface RunResult {
  tallies: Tally[];
  /** Per cell, the game index range this run covered. */
  ranges: [number, number][];
  seconds: number;
  workers: number;
}

export function defaultWorkers(): number {
  const env = process.env.PONGSIM_WORKERS;
  if (env === undefined || env === '') return Math.max(1, os.availableParallelism());
  const n = Number(env);
  if (!/^\d+$/.test(env.trim()) || n < 1 || n > 256) throw new InputError(`PONGSIM_WORKERS: expected an integer from 1 to 256 (got ${JSON.stringify(env)})`);
  return n;
}

/**
 * Runs an experiment's tasks on a piscina pool and folds each cell's chunk tallies in
 * chunk order. Tallies merge exactly, so the result is the same for any worker count,
 * chunk size or shard split.
 */
export async function runExperiment(name: string, params: ExperimentParams, opts: RunOptions): Promise<RunResult> {
  const exp = buildExperiment(name, params);
  const workers = opts.workers ?? defaultWorkers();
  // Results never depend on the chunk size (sums are exact), so a large run may use
  // bigger tasks than the experiment's floor: about 64 per worker and cell, which keeps
  // piscina's per-task cost negligible and the last task's tail, when one worker has
  // finished and the other has not, under 1% of the run.
  const chunk = opts.chunk ?? Math.max(exp.chunk, Math.ceil(exp.games / (workers * 64)));
  const tasks = plan(exp.cells.length, exp.games, chunk, opts.shard ?? null, opts.range);
  const started = process.hrtime.bigint();
  const pool = new Piscina({
    filename: new URL('./worker-entry.cjs', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 1000,
  });
  const progress = opts.quiet ? null : new Progress(exp.name, tasks.reduce((n, t) => n + t.end - t.start, 0));
  try {
    const results = await Promise.all(
      tasks.map(async (t) => {
        const task: ChunkTask = { ...t, experiment: name, params, seed: opts.seed };
        const tally = (await pool.run(task)) as Tally;
        progress?.advance(t.end - t.start);
        return tally;
      }),
    );
    const tallies = exp.cells.map(() => newTally());
    results.forEach((tally, i) => mergeTally(tallies[tasks[i]!.cell]!, tally));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const ranges = exp.cells.map(() => opts.range ?? shardRange(exp.games, opts.shard ?? null));
    return { tallies, ranges, seconds, workers };
  } finally {
    progress?.done();
    await pool.destroy();
  }
}
