import { InputError } from '../core/errors.js';
import { mergeTally, newTally, type Tally } from '../stats/tally.js';
import type { ExperimentParams } from '../experiment/experiment.js';
import { readSealed, sealedText } from './sealed.js';
import { shardRange } from '../runner/plan.js';

/** What `--shard k/N` writes: the accumulator state of one slice of a run, as JSON. */
export interface Partial {
  format: 'pongsim-partial/1';
  version: string;
  experiment: string;
  params: ExperimentParams;
  seed: string;
  games: number;
  shard: { k: number; n: number };
  ranges: [number, number][];
  tallies: Tally[];
}

/** A partial as the text of its file, sealed so that an edited or damaged sum, count or range is caught at merge. */
export function partialText(p: Partial): string {
  return sealedText(p);
}

export function readPartial(file: string): Partial {
  const p = readSealed<Partial>(file, 'pongsim-partial/1', 'partial', 'run that shard again');
  if (!Array.isArray(p.tallies) || !Array.isArray(p.ranges)) throw new InputError(`${file}: not a pongsim partial (no tallies or ranges)`);
  return p;
}

/**
 * Folds shard partials into the tallies one machine would have produced. The partials
 * must come from the same experiment, parameters, seed and size, and their ranges must
 * tile [0, games) of every cell exactly: no gap, no overlap.
 */
export function mergePartials(files: string[], parts: Partial[], version: string, cellsOf: (p: Partial) => number): { first: Partial; tallies: Tally[] } {
  const first = parts[0];
  if (!first) throw new InputError('merge: give at least one partial file');
  parts.forEach((p, i) => {
    if (p.version !== version) throw new InputError(`${files[i]}: written by pongsim ${p.version}; this is ${version}, whose results may differ: run the shards again with this version`);
    const cells = cellsOf(p);
    if (p.ranges.length !== cells || p.tallies.length !== cells) {
      throw new InputError(`${files[i]}: holds ${p.tallies.length} cells; ${p.experiment} with these parameters has ${cells}`);
    }
    const want = shardRange(p.games, p.shard);
    if (p.ranges.some((r) => r[0] !== want[0] || r[1] !== want[1])) {
      throw new InputError(`${files[i]}: its games are not those of shard ${p.shard.k}/${p.shard.n} (${want[0]} to ${want[1] - 1})`);
    }
  });
  const same = (p: Partial) => JSON.stringify([p.experiment, p.params, p.seed, p.games]);
  parts.forEach((p, i) => {
    if (same(p) !== same(first)) {
      throw new InputError(`${files[i]}: a different run (experiment, parameters, seed or games) from ${files[0]}`);
    }
  });
  const cells = first.ranges.length;
  const tallies = Array.from({ length: cells }, () => newTally());
  for (let c = 0; c < cells; c++) {
    const slices = parts
      .map((p, i) => ({ r: p.ranges[c]!, t: p.tallies[c]!, file: files[i]! }))
      .sort((a, b) => a.r[0] - b.r[0]);
    let at = 0;
    for (const s of slices) {
      if (s.r[0] > at) throw new InputError(`merge: games ${at} to ${s.r[0] - 1} are missing (no partial covers them)`);
      if (s.r[0] < at) throw new InputError(`merge: ${s.file} overlaps another partial at game ${s.r[0]}`);
      mergeTally(tallies[c]!, s.t);
      at = s.r[1];
    }
    if (at !== first.games) throw new InputError(`merge: games ${at} to ${first.games - 1} are missing (no partial covers them)`);
  }
  return { first, tallies };
}
