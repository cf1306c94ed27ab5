import crypto from 'node:crypto';
import fs from 'node:fs';
import { InputError } from '../core/errors.js';
import { mergeTally, newTally, type Tally } from '../stats/tally.js';
import type { ExperimentParams } from '../experiment/experiment.js';
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

const digest = (body: string): string => crypto.createHash('sha256').update(body).digest('hex');

/** A partial as the text of its file: the body with a sha256 of the body first, so that an
 * edited or damaged sum, count or range is caught at merge. */
export function partialText(p: Partial): string {
  const body = JSON.stringify(p);
  return JSON.stringify({ sha256: digest(body), ...p }) + '\n';
}

export function readPartial(file: string): Partial {
  let raw: Partial & { sha256?: string };
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial & { sha256?: string };
  } catch (e) {
    throw new InputError(`${file}: not a readable partial file (${e instanceof Error ? e.message.split('\n')[0] : e})`);
  }
  if (raw?.format !== 'pongsim-partial/1' || !Array.isArray(raw.tallies) || !Array.isArray(raw.ranges)) {
    throw new InputError(`${file}: not a pongsim partial (expected "format": "pongsim-partial/1")`);
  }
  const { sha256, ...p } = raw;
  if (sha256 !== digest(JSON.stringify(p))) {
    throw new InputError(`${file}: its contents do not match its checksum (edited or damaged); run that shard again`);
  }
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
