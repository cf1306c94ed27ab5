import { InputError } from '../core/errors.js';
import { mergeShards } from '../runner/merge.js';
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
