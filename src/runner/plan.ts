import { InputError } from '../core/errors.js';

/** One worker task: games [start, end) of one cell. */
export interface Task {
  cell: number;
  start: number;
  end: number;
}

/** The most games a run plays (--games, --budget, ...), and so one more than the highest game
 * index, and the most shards a run is cut into: every count stays an exact whole number. */
export const MAX_GAMES = 1e12;

/** N of k/N, a whole number of digits: past MAX_GAMES (1/1e20, or digits that read as
 * Infinity) it is refused, not rounded to another value. */
const shards = (text: string): number => (/^\d{1,13}$/.test(text) && Number(text) <= MAX_GAMES ? Number(text) : NaN);

/** Shard k of n (1-based), as given by `--shard k/N`. */
export interface Shard {
  k: number;
  n: number;
}

export function parseShard(text: string): Shard {
  return shardOf(text).shard;
}

/** `--shard k/N` or `auto/N`, and for auto the variable that named the slice (for the command to say). */
export function shardOf(text: string): { shard: Shard; from: string | null } {
  const auto = /^auto\/(\d+)$/.exec(text.trim());
  if (auto && shards(auto[1]!) >= 1) return shardFromEnv(Number(auto[1]), process.env);
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const k = m ? shards(m[1]!) : NaN;
  const n = m ? shards(m[2]!) : NaN;
  if (!(n >= 1 && k >= 1 && k <= n)) {
    throw new InputError(
      `--shard: expected k/N with 1 <= k <= N <= ${MAX_GAMES} (the most games a run plays), e.g. 3/8, or auto/N (got ${JSON.stringify(text)})`,
    );
  }
  return { shard: { k, n }, from: null };
}

/**
 * `--shard auto/N`: the slice a batch system's array index names: Kubernetes Indexed Jobs'
 * JOB_COMPLETION_INDEX (from 0) or Slurm's SLURM_ARRAY_TASK_ID (from SLURM_ARRAY_TASK_MIN,
 * default 1). Returns the shard and which variable gave it, for the run to say.
 */
export function shardFromEnv(n: number, env: NodeJS.ProcessEnv): { shard: Shard; from: string } {
  const whole = (name: string): number => {
    const v = env[name]!;
    const k = shards(v.trim());
    if (Number.isNaN(k))
      throw new InputError(`--shard auto/${n}: ${name}=${JSON.stringify(v)} is not a whole number from 0 to ${MAX_GAMES}`);
    return k;
  };
  let k: number;
  let from: string;
  if (env.JOB_COMPLETION_INDEX !== undefined) {
    k = whole('JOB_COMPLETION_INDEX') + 1;
    from = `JOB_COMPLETION_INDEX=${env.JOB_COMPLETION_INDEX}`;
  } else if (env.SLURM_ARRAY_TASK_ID !== undefined) {
    const min = env.SLURM_ARRAY_TASK_MIN !== undefined ? whole('SLURM_ARRAY_TASK_MIN') : 1;
    k = whole('SLURM_ARRAY_TASK_ID') - min + 1;
    from = `SLURM_ARRAY_TASK_ID=${env.SLURM_ARRAY_TASK_ID}${env.SLURM_ARRAY_TASK_MIN !== undefined ? ` (from ${min})` : ''}`;
  } else {
    throw new InputError(
      `--shard auto/${n}: neither JOB_COMPLETION_INDEX (Kubernetes) nor SLURM_ARRAY_TASK_ID (Slurm) is set; give --shard k/N`,
    );
  }
  if (!(k >= 1 && k <= n)) throw new InputError(`--shard auto/${n}: ${from} names shard ${k}, outside 1..${n}`);
  return { shard: { k, n }, from };
}

/** `--shard-index i/N`: the same slice with a 0-based index (Kubernetes numbers pods from 0). */
export function parseShardIndex(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const i = m ? shards(m[1]!) : NaN;
  const n = m ? shards(m[2]!) : NaN;
  if (!(n >= 1 && i >= 0 && i < n)) {
    throw new InputError(
      `--shard-index: expected i/N with 0 <= i < N <= ${MAX_GAMES} (the most games a run plays), e.g. 0/8 (got ${JSON.stringify(text)})`,
    );
  }
  return { k: i + 1, n };
}

/** The slice of [0, games) that shard k of n runs: contiguous, balanced, covering all. */
export function shardRange(games: number, shard: Shard | null): [number, number] {
  if (!shard) return [0, games];
  return [Math.floor((games * (shard.k - 1)) / shard.n), Math.floor((games * shard.k) / shard.n)];
}

/** A run's chunks, each worked out when it is handed out: `--chunk 1` with a trillion games
 * must not build its tasks in memory first. */
export interface Plan {
  /** How many chunks there are. */
  count: number;
  /** Chunk i, 0 <= i < count. */
  at(i: number): Task;
}

/**
 * Splits every cell's slice into fixed-size chunks, in the order they are handed out: each
 * cell's first chunk, then each cell's second, and so on. Results do not depend on the order
 * (tallies merge exactly), but the run's time estimate does: cells can differ a hundredfold in
 * cost (search-strength's cells of a card game and of a mahjong game), and the first chunks must sample them all.
 */
export function plan(cells: number, games: number, chunk: number, shard: Shard | null, range?: [number, number]): Plan {
  const [lo, hi] = range ?? shardRange(games, shard);
  return {
    count: cells * Math.ceil((hi - lo) / chunk),
    at(i) {
      const start = lo + Math.floor(i / cells) * chunk;
      return { cell: i % cells, start, end: Math.min(hi, start + chunk) };
    },
  };
}
