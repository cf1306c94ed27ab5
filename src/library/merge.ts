import { InputError } from '../core/errors.js';
import { loadPlugins, pluginsOf } from './plugins.js';
import { buildId } from '../io/build.js';
import { VERSION } from '../io/package.js';
import type { Tally } from '../stats/tally.js';
import { buildExperiment } from '../runner/chunk.js';
import { checkPartials, foldPartials, readPartial, type Partial } from '../runner/partial.js';
import { experimentDef } from './studies.js';
import { given, list } from './control.js';
import { checkOut, outDir } from './options.js';
import { finish, type StudyResult, type StudyRun } from './study.js';
import { checkOptions, FLAG, LIST, PLUGINS, TEXT, type Keys } from './arguments.js';

export interface MergeOptions {
  /** The shard partials (from runs with `shard`). */
  partials: readonly string[];
  /** The output folder. */
  out: string;
  /** The strategy plug-ins the run played, by their contents: merge loads no code a partial names. */
  plugin?: string | string[];
  /** Also write the report page. */
  report?: boolean;
  force?: boolean;
}

const MERGE_KEYS: Keys<MergeOptions> = {
  partials: LIST('a list of shard partial files', (v) => typeof v === 'string'),
  out: TEXT('a folder name'),
  plugin: PLUGINS,
  report: FLAG,
  force: FLAG,
};

/**
 * Shard partials folded into the tallies one machine would have produced. Every partial is read
 * and checked against the others first, reading no code (runner/partial.ts); then the plug-ins
 * the user names (`plugins`, merge's --plugin) are loaded, each one the run played by its
 * contents: a path read from a partial is never loaded. Only then is the experiment built to
 * count its cells and fold them.
 */
export async function mergeShards(files: string[], plugins: readonly string[] = []): Promise<{ first: Partial; tallies: Tally[] }> {
  const parts = files.map(readPartial);
  const first = checkPartials(files, parts, VERSION, buildId());
  await loadPlugins(plugins, pluginsOf(first.params, files[0]!));
  return { first, tallies: foldPartials(files, parts, buildExperiment(experimentDef(first.experiment), first.params).cells.length) };
}

/** `merge`, with what the CLI prints as text. */
export async function mergeRun(o: MergeOptions): Promise<StudyRun> {
  const out = given(o.out, outDir)!;
  if (!o.partials.length) throw new InputError('merge: give the partial files to merge');
  checkOut('--out', out, 'dir', o.force);
  const files = [...o.partials];
  const { first, tallies } = await mergeShards(files, list('--plugin', o.plugin));
  return finish(first.experiment, first.params, first.seed, tallies, out, { mergedFrom: files.length }, o.report);
}

/** Folds shard partials into the CSVs one machine would write (`pongsim merge`). */
export async function merge(o: MergeOptions): Promise<StudyResult> {
  checkOptions('merge', o, MERGE_KEYS, ['partials', 'out']);
  return (await mergeRun(o)).result;
}
