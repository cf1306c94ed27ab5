import { io } from './io.js';
import type { Command } from 'commander';
import { explain } from '../library/explain.js';
import { printJson } from './options.js';
import { terminalWidth, wrap } from '../io/wrap.js';

export function registerExplain(program: Command): void {
  program
    .command('explain')
    .description("what every column of an experiment's CSVs means, with its unit")
    .argument('<experiment>', 'a study, or sim, compare or tune')
    .option(
      '--json',
      'print { "experiment", "question", "tables": [{ "table", "columns": [{ "name", "meaning", "range" (a figure\'s: what values it can take) }] }] }',
    )
    .option('--wide', 'one line per column, however long (default: wrapped to the terminal, at most 100 columns)')
    .action((name: string, flags: { json?: boolean; wide?: boolean }) => {
      const e = explain({ experiment: name });
      if (flags.json) {
        printJson(e);
        return;
      }
      const width = flags.wide ? Infinity : terminalWidth(io().stdout);
      const lines = [...wrap(`${name}: ${e.question}`, width, '', '  '), ''];
      for (const t of e.tables) {
        lines.push(`${t.table}.csv`);
        const shown = t.columns.filter((c) => !/_ci_(low|high)$/.test(c.name));
        const names = Math.max(...shown.map((c) => c.name.length));
        for (const c of shown) {
          const values = c.range === undefined ? '' : `; its values: ${c.range}`;
          const bounds = t.columns.some((x) => x.name === `${c.name}_ci_low`) ? ` (with its 95% interval: _ci_low, _ci_high${values})` : '';
          // Each meaning continues under itself; under a long name (beside a short one), under the name.
          const hang = ' '.repeat(names + 4 > width / 2 ? 4 : names + 4);
          lines.push(...wrap(`${c.meaning}${bounds}`, width, `  ${c.name.padEnd(names)}  `, hang));
        }
        lines.push('');
      }
      io().stdout.write(lines.join('\n'));
    });
}
