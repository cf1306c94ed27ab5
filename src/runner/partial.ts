import { InputError } from '../core/errors.js';
import { mergeTally, newTally, tallyFault, type Tally } from '../stats/tally.js';
import type { ExperimentParams } from '../experiment/experiment.js';
import { readSealed, sealedText } from '../io/sealed.js';
import { firstDifference } from '../io/difference.js';
import { shardRange } from './plan.js';
import { shortBuild } from '../io/build.js';

export const PARTIAL_FORMAT = 'pongsim-partial/2';

/** What `--shard k/N` writes: the accumulator state of one slice of a run, as JSON. */
export interface Partial {
  format: typeof PARTIAL_FORMAT;
  version: string;
  /** The build identity of the engine that played it (io/build.ts). */
  build: string;
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

const whole = (x: unknown, least: number): boolean => Number.isInteger(x) && (x as number) >= least;
const isObject = (x: unknown): boolean => x !== null && typeof x === 'object' && !Array.isArray(x);

/**
 * Reads a partial and checks its form. What its numbers say is checked with the other partials
 * of the run (checkPartials): only a file whose checksum was recomputed after an edit gets past
 * the seal with a fault, and it is named, not crashed on or merged.
 */
export function readPartial(file: string): Partial {
  const p = readSealed<Partial>(file, PARTIAL_FORMAT, 'partial', 'run that shard again');
  if (!Array.isArray(p.tallies) || !Array.isArray(p.ranges)) throw new InputError(`${file}: not a pongsim partial (no tallies or ranges)`);
  const sound =
    typeof p.version === 'string' &&
    typeof p.build === 'string' &&
    typeof p.experiment === 'string' &&
    typeof p.seed === 'string' &&
    isObject(p.params) &&
    whole(p.games, 1) &&
    whole(p.shard?.k, 1) &&
    whole(p.shard?.n, p.shard?.k) &&
    p.ranges.length >= 1 &&
    p.tallies.length === p.ranges.length &&
    p.ranges.every((r) => Array.isArray(r) && r.length === 2 && whole(r[0], 0) && whole(r[1], r[0]));
  if (!sound)
    throw new InputError(
      `${file}: not a pongsim partial (its version, build, experiment, seed, parameters, games, shard or ranges are malformed)`,
    );
  return p;
}

/** A value in a refusal, kept short: strings as they are, anything else as JSON, at most 40 characters. */
function brief(v: unknown): string {
  const s = v === undefined ? 'not set' : typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

/** Game indices [lo, hi) in words: "3 to 5", "3" or "none". */
const span = ([lo, hi]: [number, number]): string => (hi - lo > 1 ? `${lo} to ${hi - 1}` : hi > lo ? `${lo}` : 'none');
const games = (r: [number, number]): string => `${r[1] - r[0] === 1 ? 'game' : 'games'} ${span(r)}`;
const missing = (r: [number, number], where = ''): string =>
  `${games(r)} ${r[1] - r[0] === 1 ? 'is' : 'are'} missing${where} (no partial holds ${r[1] - r[0] === 1 ? 'it' : 'them'})`;

/** A run's parameters with its plug-ins named by their contents alone: where a shard's machine
 * kept a plug-in is no part of the run. */
function byContents(params: ExperimentParams): ExperimentParams {
  const p = params.plugins;
  return Array.isArray(p) ? { ...params, plugins: p.map((r: { sha256?: unknown } | null) => r?.sha256) } : params;
}

/**
 * How the runs of two partials differ, in words: the first of experiment, game count, seed,
 * rules, strategy specs or another parameter that differs, with both values; null for one run.
 */
function runDifference(a: Partial, b: Partial): string | null {
  if (a.experiment !== b.experiment) return `different experiments (${brief(a.experiment)} and ${brief(b.experiment)})`;
  if (a.games !== b.games) return `different game counts (${a.games} and ${b.games})`;
  if (a.seed !== b.seed) return `different seeds (${brief(a.seed)} and ${brief(b.seed)})`;
  const d = firstDifference(byContents(a.params), byContents(b.params));
  if (!d) return null;
  // Rules and seats sit at the top of a sim's parameters and inside each arm of a compare.
  const at = d.at.findIndex((k) => k === 'rules' || k === 'seats');
  const values = `${brief(d.a)} and ${brief(d.b)}`;
  if (at < 0) return `different parameters (${d.at.join('.')}: ${values})`;
  const before = d.at.slice(0, at).join('.');
  const after = d.at.slice(at + 1).join('.');
  const where = [before, d.at[at] === 'seats' ? `seat ${after}` : after].filter(Boolean).join(' ');
  return `different ${d.at[at] === 'seats' ? 'strategy specs' : 'rules'} (${where ? `${where}: ` : ''}${values})`;
}

/**
 * Checks shard partials (each read by readPartial) against one another, reading no code: they
 * must come from this version and build, and from the same experiment, parameters, seed and
 * size; each cell of each must hold the slice of games its shard declares, in a tally that could
 * come from those games (stats/tally.ts tallyFault); and their slices must tile [0, games)
 * exactly: no gap, no overlap. Each refusal is one line naming the file (or the two files) at
 * fault and what differs. Returns the first partial, which speaks for the run.
 */
export function checkPartials(files: string[], parts: Partial[], version: string, build: string): Partial {
  const first = parts[0];
  if (!first) throw new InputError('merge: give at least one partial file');
  parts.forEach((p, i) => {
    if (p.version !== version)
      throw new InputError(
        `${files[i]}: written by pongsim ${p.version}; this is ${version}, whose results may differ: run the shards again with this version`,
      );
    if (p.build !== build)
      throw new InputError(
        `${files[i]}: written by build ${shortBuild(p.build)} of pongsim; this is build ${shortBuild(build)}, which may play differently: run the shards again with this build`,
      );
  });
  parts.forEach((p, i) => {
    const d = runDifference(first, p);
    if (d) throw new InputError(`${files[0]} and ${files[i]}: ${d}`);
  });
  parts.forEach((p, i) => {
    if (p.ranges.length !== first.ranges.length)
      throw new InputError(`${files[i]}: holds ${p.ranges.length} cells; ${files[0]} holds ${first.ranges.length}`);
    const want = shardRange(p.games, p.shard);
    const c = p.ranges.findIndex((r) => r[0] !== want[0] || r[1] !== want[1]);
    if (c >= 0) {
      throw new InputError(
        `${files[i]}: its games are not those of shard ${p.shard.k}/${p.shard.n} (${span(want)}): cell ${c + 1} of ${p.ranges.length} holds ${games(p.ranges[c]!)}`,
      );
    }
    p.tallies.forEach((t, c) => {
      const fault = tallyFault(t, want[1] - want[0]);
      if (fault) throw new InputError(`${files[i]}: cell ${c + 1} of ${p.tallies.length}: ${fault}; run that shard again`);
    });
  });
  let at = 0;
  let last: number | null = null;
  for (const s of slices(parts)) {
    if (s.r[0] > at) {
      throw new InputError(
        last === null
          ? `merge: ${missing([at, s.r[0]])}; the first partial, ${files[s.i]}, starts at game ${s.r[0]}`
          : `${files[last]} and ${files[s.i]}: ${missing([at, s.r[0]], ' between them')}`,
      );
    }
    if (s.r[0] < at) throw new InputError(`${files[s.i]} overlaps ${files[last!]}: both hold ${games([s.r[0], Math.min(at, s.r[1])])}`);
    at = s.r[1];
    last = s.i;
  }
  if (at !== first.games) {
    throw new InputError(
      `merge: ${missing([at, first.games])}${last === null ? '' : `; the last partial, ${files[last]}, ends at game ${at - 1}`}`,
    );
  }
  return first;
}

/** The partials' slices in game order. Every cell of a partial holds its shard's slice
 * (checkPartials), so one order serves every cell; an empty slice (more shards than games)
 * holds nothing. */
function slices(parts: Partial[]): { r: [number, number]; i: number }[] {
  return parts
    .map((p, i) => ({ r: p.ranges[0]!, i }))
    .filter((s) => s.r[1] > s.r[0])
    .sort((a, b) => a.r[0] - b.r[0]);
}

/** Folds partials that checkPartials passed into the tallies one machine would have produced,
 * once each holds the `cells` cells its experiment has. */
export function foldPartials(files: string[], parts: Partial[], cells: number): Tally[] {
  parts.forEach((p, i) => {
    if (p.ranges.length !== cells)
      throw new InputError(`${files[i]}: holds ${p.ranges.length} cells; ${p.experiment} with these parameters has ${cells}`);
  });
  const tallies = Array.from({ length: cells }, () => newTally());
  for (const s of slices(parts)) parts[s.i]!.tallies.forEach((t, c) => mergeTally(tallies[c]!, t));
  return tallies;
}
