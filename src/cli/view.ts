import { io } from './io.js';
import type { Command } from 'commander';
import { viewRecord } from '../library/records.js';
import { EVENTS_FORMAT } from '../core/trace.js';
import { printJson } from './options.js';

export function registerView(program: Command): void {
  program
    .command('view')
    .description(`write the viewer page of a game record (${EVENTS_FORMAT}): one self-contained page stepping through the game`)
    .argument('<record>', 'the record file: one JSON event a line')
    .requiredOption('--html <file.html>', 'the page to write')
    .option('--force', 'allow writing into results/reference/')
    .option('--json', 'print {"html"}')
    .action((record: string, flags: { html: string; force?: boolean; json?: boolean }) => {
      const r = viewRecord({ record, ...flags });
      if (flags.json) printJson(r);
      else io().stdout.write(`wrote ${r.html}\n`);
    });
}
