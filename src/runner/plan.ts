import { InputError } from '../core/errors.js';

/** One worker task: games [start, end) of one cell. */
export interface Task { cell: number; start: number; end: number }

/** Shard k of n (1-based), as given by `--shard k/N`. */
export interface Shard { k: number; n: number }

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const k = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || n < 1 || k < 1 || k > n) {
    throw new InputError(`--shard: expected k/N with 1 <= k <= N, e.g. 3/8 (got ${JSON.stringify(text)})`);
  }
  return { k, n };
}

/** `--shard-index i/N`: the same slice with a 0-based index (Kubernetes numbers pods from 0). */
export function parseShardIndex(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const i = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || n < 1 || i < 0 || i >= n) {
    throw new InputError(`--shard-index: expected i/N with 0 <= i < N, e.g. 0/8 (got ${JSON.stringify(text)})`);
  }
  return { k: i + 1, n };
}

/** The slice of [0, games) that shard k of n runs: contiguous, balanced, covering all. */
export function shardRange(games: number, shard: Shard | null): [number, number] {
  if (!shard) return [0, games];
  return [Math.floor((games * (shard.k - 1)) / shard.n), Math.floor((games * shard.k) / shard.n)];
}

/** Splits every cell's slice into fixed-size chunks. */
export function plan(cells: number, games: number, chunk: number, shard: Shard | null): Task[] {
  const [lo, hi] = shardRange(games, shard);
  const tasks: Task[] = [];
  for (let cell = 0; cell < cells; cell++) {
    for (let start = lo; start < hi; start += chunk) tasks.push({ cell, start, end: Math.min(hi, start + chunk) });
  }
  return tasks;
}
