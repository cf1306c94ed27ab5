import type { Command } from 'commander';
import { mergeRun } from '../library/merge.js';
import { outDir } from '../library/options.js';
import { collect } from './options.js';
import { printStudy } from './run.js';

export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description('fold shard partials (from run --shard k/N) into the CSVs one machine would write')
    .argument('<partials...>', 'partial files')
    .requiredOption('--out <dir>', 'output folder', outDir)
    .option(
      '--plugin <file.js>',
      'a strategy plug-in the run played, by its contents (repeatable; merge loads no code a partial names)',
      collect,
    )
    .option('--force', 'allow writing into results/reference/')
    .option('--report', 'also write DIR/index.html, the report page')
    .option('--json', 'print the tables as one JSON document')
    .action(async (partials: string[], flags: { out: string; plugin?: string[]; json?: boolean; force?: boolean; report?: boolean }) => {
      printStudy(await mergeRun({ ...flags, partials }), flags);
    });
}
