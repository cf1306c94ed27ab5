import type { Command } from 'commander';
import { checkOut, collect, outDir } from './options.js';
import { finish } from './run.js';
import { mergeShards } from '../runner/merge.js';

export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description('fold shard partials (from run --shard k/N) into the CSVs one machine would write')
    .argument('<partials...>', 'partial files')
    .requiredOption('--out <dir>', 'output folder', outDir)
    .option('--plugin <file.js>', 'a strategy plug-in the run played, by its contents (repeatable; merge loads no code a partial names)', collect)
    .option('--force', 'allow writing into results/reference/')
    .option('--report', 'also write DIR/index.html, the report page')
    .option('--json', 'print the tables as one JSON document')
    .action(async (files: string[], flags: { out: string; plugin?: string[]; json?: boolean; force?: boolean; report?: boolean }) => {
      checkOut('--out', flags.out, 'dir', flags.force);
      const { first, tallies } = await mergeShards(files, flags.plugin);
      const doc = await finish(first.experiment, first.params, first.seed, tallies, flags.out, { mergedFrom: files.length }, flags);
      if (doc) process.stdout.write(JSON.stringify(doc) + '\n');
    });
}
