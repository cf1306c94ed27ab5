import type { Command } from 'commander';
import { explain } from '../library/explain.js';
import { printJson } from './options.js';

export function registerExplain(program: Command): void {
  program
    .command('explain')
    .description('what every column of an experiment\'s CSVs means, with its unit')
    .argument('<experiment>', 'a study, or sim, compare or tune')
    .option('--json', 'print { "experiment", "question", "tables": [{ "table", "columns": [{ "name", "meaning" }] }] }')
    .action((name: string, flags: { json?: boolean }) => {
      const e = explain({ experiment: name });
      if (flags.json) {
        printJson(e);
        return;
      }
      const lines = [`${name}: ${e.question}`, ''];
      for (const t of e.tables) {
        lines.push(`${t.table}.csv`);
        const shown = t.columns.filter((c) => !/_ci_(low|high)$/.test(c.name));
        const width = Math.max(...shown.map((c) => c.name.length));
        for (const c of shown) {
          const bounds = t.columns.some((x) => x.name === `${c.name}_ci_low`) ? ' (with its 95% interval: _ci_low, _ci_high)' : '';
          lines.push(`  ${c.name.padEnd(width)}  ${c.meaning}${bounds}`);
        }
        lines.push('');
      }
      process.stdout.write(lines.join('\n'));
    });
}
