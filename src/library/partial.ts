import { writeAtomically } from '../io/csv.js';
import { VERSION } from '../io/package.js';
import { buildId } from '../io/build.js';
import { PARTIAL_FORMAT, partialText, type Partial } from '../runner/partial.js';
import type { ExperimentParams } from '../experiment/experiment.js';
import type { Shard } from '../runner/plan.js';
import type { RunResult } from '../runner/pool.js';

/** Where a shard's run wrote its partial: what a sharded run's `--json` prints. */
export interface PartialWritten {
  experiment: string;
  partial: string;
}

/** Writes a shard's partial as `<base>.shard-k-of-N.partial.json`, for merge. */
export function writePartial(
  base: string,
  name: string,
  params: ExperimentParams,
  seed: string,
  shard: Shard,
  res: RunResult,
): PartialWritten {
  const { k, n } = shard;
  const partial: Partial = {
    format: PARTIAL_FORMAT,
    version: VERSION,
    build: buildId(),
    experiment: name,
    params,
    seed,
    games: params.games!,
    shard: { k, n },
    ranges: res.ranges,
    tallies: res.tallies,
  };
  const file = `${base}.shard-${k}-of-${n}.partial.json`;
  writeAtomically([{ file, text: partialText(partial) }]);
  return { experiment: name, partial: file };
}
