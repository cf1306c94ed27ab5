import { io } from './io.js';
import type { Command } from 'commander';
import { writeReport } from '../library/report.js';

export function registerReport(program: Command): void {
  program
    .command('report')
    .description(
      "write DIR/index.html: one self-contained page with each study's question, answer, charts, headline tables, provenance and links to its CSVs",
    )
    .argument('<dir>', 'a folder a run wrote (results/<experiment>), or a folder of them (results/default)')
    .option(
      '--records <dir>',
      "the folder the run's --record wrote to: each study links its recorded games' viewer pages (written to its games/ folder)",
    )
    .action((dir: string, o: { records?: string }) => {
      io().stdout.write(`${writeReport(dir, o.records)}\n`);
    });
}
