import type { Command } from 'commander';
import { mergePartials, readPartial, type Partial } from '../io/partial.js';
import { checkOut, outDir } from './options.js';
import { buildExperiment } from '../runner/chunk.js';
import { finish } from './run.js';
import { VERSION } from './version.js';
import { buildId } from '../io/build.js';
import { InputError } from '../core/errors.js';
import { loadPlugins } from '../experiment/plugins.js';

export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description('fold shard partials (from run --shard k/N) into the CSVs one machine would write')
    .argument('<partials...>', 'partial files')
    .requiredOption('--out <dir>', 'output folder', outDir)
    .option('--force', 'allow writing into results/reference/')
    .option('--report', 'also write DIR/index.html, the report page')
    .option('--json', 'print the tables as one JSON document')
    .action(async (files: string[], flags: { out: string; json?: boolean; force?: boolean; report?: boolean }) => {
      checkOut('--out', flags.out, 'dir', flags.force);
      const parts = files.map(readPartial);
      await pluginsOf(files[0]!, parts[0]!);
      const { first, tallies } = mergePartials(files, parts, VERSION, buildId(), (p) => buildExperiment(p.experiment, p.params).cells.length);
      const doc = await finish(first.experiment, first.params, first.seed, tallies, flags.out, { mergedFrom: files.length }, flags);
      if (doc) process.stdout.write(JSON.stringify(doc) + '\n');
    });
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
