import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { didYouMean } from '../core/suggest.js';
import { figureTable } from '../experiment/columns.js';
import { columnDictionary } from '../experiment/dictionary.js';
import type { CsvTable, ExperimentDef, ExperimentParams } from '../experiment/experiment.js';
import { EXPERIMENTS } from '../experiment/registry.js';
import { newTally } from '../stats/tally.js';
import { TUNE_COLUMNS, TUNE_TABLE_COLUMNS } from './tune.js';

/** The parameters a study's tables can be laid out with (sim and compare need a game and seats). */
const SAMPLE_PARAMS: Record<string, ExperimentParams> = {
  sim: { game: 'wolnamppong', rules: { players: 2 }, seats: ['min-bet', 'min-bet'], games: 1 },
  compare: { game: 'wolnamppong', arms: [{ name: 'a', rules: { players: 2 }, seats: ['min-bet', 'min-bet'] }, { name: 'b', rules: { players: 2 }, seats: ['min-bet', 'min-bet'] }], baseline: 0, focal: null, games: 1 },
};

/** Every table an experiment writes, with its columns explained. */
export function explainTables(def: ExperimentDef): { table: string; columns: { name: string; meaning: string }[] }[] {
  let tables: CsvTable[];
  let own = def.columns;
  if (def.name === 'tune') {
    tables = [figureTable('tune', TUNE_TABLE_COLUMNS, [])];
    own = TUNE_COLUMNS;
  } else {
    // The columns do not depend on the games played: lay the tables out from empty tallies.
    const exp = def.build(SAMPLE_PARAMS[def.name] ?? { games: 1 });
    tables = exp.tables(exp.cells.map(() => newTally()));
  }
  return tables.map((t) => ({ table: t.name, columns: columnDictionary(t, own) }));
}

export function registerExplain(program: Command): void {
  program
    .command('explain')
    .description('what every column of an experiment\'s CSVs means, with its unit')
    .argument('<experiment>', 'a study, or sim, compare or tune')
    .option('--json', 'print { "experiment", "question", "tables": [{ "table", "columns": [{ "name", "meaning" }] }] }')
    .action((name: string, flags: { json?: boolean }) => {
      const def = EXPERIMENTS.find((e) => e.name === name);
      if (!def) throw new InputError(`unknown experiment "${name}"${didYouMean(name, EXPERIMENTS.map((e) => e.name))}; allowed: ${EXPERIMENTS.map((e) => e.name).join(', ')}`);
      const tables = explainTables(def);
      if (flags.json) {
        process.stdout.write(JSON.stringify({ experiment: name, question: def.question ?? def.doc, tables }) + '\n');
        return;
      }
      const lines = [`${name}: ${def.question ?? def.doc}`, ''];
      for (const t of tables) {
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
