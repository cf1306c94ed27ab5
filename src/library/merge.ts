import { InputError } from '../core/errors.js';
import { loadPlugins } from '../experiment/plugins.js';
import { VERSION } from '../io/package.js';
import { mergePartials, readPartial, type Partial } from '../io/partial.js';
import { buildExperiment } from '../runner/chunk.js';
import { given } from './control.js';
import { checkOut, outDir } from './options.js';
import { finish, type StudyResult, type StudyRun } from './study.js';

export interface MergeOptions {
  /** The shard partials (from runs with `shard`). */
  partials: readonly string[];
  /** The output folder. */
  out: string;
  /** Also write the report page. */
  report?: boolean;
  force?: boolean;
}

/** A run with plug-in strategies (sim, compare) rebuilds its tables with them: they are loaded
 * from where the run found them (merge checks that every partial names the same ones). */
async function pluginsOf(file: string, p: Partial): Promise<void> {
  try {
    await loadPlugins((p.params.plugins as string[] | undefined) ?? []);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${file}: the run's strategy plug-ins are needed to merge it: ${e.message}`);
    throw e;
  }
}

/** `merge`, with what the CLI prints as text. */
export async function mergeRun(o: MergeOptions): Promise<StudyRun> {
  const out = given(o.out, outDir);
  if (out === undefined) throw new InputError('--out: required: the folder the merged results go into');
  if (!o.partials.length) throw new InputError('merge: give the partial files to merge');
  checkOut('--out', out, 'dir', o.force);
  const files = [...o.partials];
  const parts = files.map(readPartial);
  await pluginsOf(files[0]!, parts[0]!);
  const { first, tallies } = mergePartials(files, parts, VERSION, (p) => buildExperiment(p.experiment, p.params).cells.length);
  return finish(first.experiment, first.params, first.seed, tallies, out, { mergedFrom: files.length }, o.report);
}

/** Folds shard partials into the CSVs one machine would write (`pongsim merge`). */
export async function merge(o: MergeOptions): Promise<StudyResult> {
  return (await mergeRun(o)).result;
}
