import fs from 'node:fs';
import { InputError } from '../core/errors.js';
import { mergeTally, newTally, type Tally } from '../stats/tally.js';
import type { ExperimentParams } from '../experiment/experiment.js';

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

export function readPartial(file: string): Partial {
  let p: Partial;
  try {
    p = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial;
  } catch (e) {
    throw new InputError(`${file}: not a readable partial file (${e instanceof Error ? e.message.split('\n')[0] : e})`);
  }
  if (p?.format !== 'pongsim-partial/1' || !Array.isArray(p.tallies) || !Array.isArray(p.ranges)) {
    throw new InputError(`${file}: not a pongsim partial (expected "format": "pongsim-partial/1")`);
  }
  return p;
}

/**
 * Folds shard partials into the tallies one machine would have produced. The partials
 * must come from the same experiment, parameters, seed and size, and their ranges must
 * tile [0, games) of every cell exactly: no gap, no overlap.
 */
export function mergePartials(files: string[], parts: Partial[]): { first: Partial; tallies: Tally[] } {
  const first = parts[0];
  if (!first) throw new InputError('merge: give at least one partial file');
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
