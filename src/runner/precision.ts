import { InputError } from '../core/errors.js';
import type { ExperimentDef, ExperimentParams } from '../experiment/experiment.js';
import type { CsvTable } from '../core/table.js';
import { mergeTally, newTally, type Tally } from '../stats/tally.js';
import { buildExperiment } from './chunk.js';
import { runExperiment, type RunOptions, type RunResult } from './pool.js';

/** Games per cell a block adds: a fixed multiple of the study's chunk, so where a run stops never depends on the workers. */
const BLOCK_CHUNKS = 8;

/** The widest of the headline intervals (the columns X with X_ci_low and X_ci_high among `key`), or Infinity while one is unknown. */
export function widestInterval(
  tables: CsvTable[],
  key: (t: CsvTable) => string[] | undefined,
  row: (t: CsvTable, r: (string | number)[]) => boolean = () => true,
): number {
  let widest = 0;
  let seen = false;
  for (const t of tables) {
    const cols = key(t) ?? t.columns;
    for (const c of cols) {
      const lo = t.columns.indexOf(`${c}_ci_low`);
      const hi = t.columns.indexOf(`${c}_ci_high`);
      if (lo < 0 || hi < 0) continue;
      for (const r of t.rows) {
        if (!row(t, r)) continue;
        // An interval that cannot exist (no trials yet, a baseline's difference with itself left
        // blank) is no headline; one that can must be narrow, and a figure that has none yet
        // (too few games to say) is not.
        const w = (r[hi] as number) - (r[lo] as number);
        const v = r[t.columns.indexOf(c)];
        if (typeof v === 'number' && Number.isFinite(v) && !Number.isFinite(w)) return Infinity;
        if (typeof r[hi] !== 'number' || typeof r[lo] !== 'number' || Number.isNaN(w)) continue;
        seen = true;
        widest = Math.max(widest, w);
      }
    }
  }
  return seen ? widest : Infinity;
}

/**
 * `--until-ci W`: plays blocks of games, checking after each whether every headline interval
 * is narrower than W, up to `maxGames` games per cell. Blocks have a fixed size and the
 * tallies merge exactly, so the stopping point is a pure function of the seed and W, and the
 * result the same bytes as one run of that many games.
 */
export async function runUntilNarrow(
  def: ExperimentDef,
  params: ExperimentParams,
  opts: RunOptions,
  width: number,
  maxGames: number,
  key: (t: CsvTable) => string[] | undefined,
  row?: (t: CsvTable, r: (string | number)[]) => boolean,
): Promise<RunResult & { games: number; widest: number }> {
  if (opts.shard)
    throw new InputError('--until-ci: a run that stops when its intervals are narrow cannot be sharded; give --games with --shard');
  const exp = buildExperiment(def, { ...params, games: maxGames });
  const block = exp.chunk * BLOCK_CHUNKS;
  const tallies: Tally[] = exp.cells.map(() => newTally());
  let games = 0;
  let seconds = 0;
  let workers = 0;
  let widest = Infinity;
  while (games < maxGames) {
    const end = Math.min(maxGames, games + block);
    const res = await runExperiment(def, { ...params, games: maxGames }, { ...opts, range: [games, end], onProgress: undefined });
    res.tallies.forEach((t, i) => mergeTally(tallies[i]!, t));
    seconds += res.seconds;
    workers = res.workers;
    games = end;
    widest = widestInterval(buildExperiment(def, { ...params, games }).tables(tallies), key, row);
    if (widest < width) break;
  }
  return { tallies, ranges: exp.cells.map(() => [0, games]), seconds, workers, games, widest, checkpointed: false };
}
