import { GAMES } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { didYouMean } from '../core/suggest.js';
import { columnDictionary, type ColumnEntry } from '../experiment/dictionary.js';
import { figureTable } from '../experiment/columns.js';
import type { ExperimentDef, ExperimentParams } from '../experiment/experiment.js';
import type { CsvTable } from '../core/table.js';
import { EXPERIMENTS } from './studies.js';
import { newTally } from '../stats/tally.js';
import { tableOf } from './options.js';
import { TUNE_COLUMNS, TUNE_TABLE_COLUMNS } from './tune.js';
import { checkOptions, TEXT } from './arguments.js';

/** The parameters sim's and compare's tables are laid out with: the first game's default
 * table (their columns are the same for every game). */
function sampleParams(name: string): ExperimentParams {
  const g = GAMES[0]!;
  const table = { game: g.def.id, ...tableOf(g, {}) };
  if (name === 'sim') return { ...table, games: 1 };
  if (name === 'compare')
    return { game: g.def.id, arms: ['a', 'b'].map((arm) => ({ name: arm, ...tableOf(g, {}) })), baseline: 0, focal: null, games: 1 };
  if (name === 'league') return { ...table, specs: [g.defaultSeat, g.defaultSeat], games: 1 };
  return { games: 1 };
}

/** Every table an experiment writes, with its columns explained. */
export function explainTables(def: ExperimentDef): { table: string; columns: ColumnEntry[] }[] {
  let tables: CsvTable[];
  let own = def.columns;
  if (def.name === 'tune') {
    tables = [figureTable('tune', TUNE_TABLE_COLUMNS, [], TUNE_COLUMNS)];
    own = TUNE_COLUMNS;
  } else {
    // The columns do not depend on the games played: lay the tables out from empty tallies.
    const exp = def.build(sampleParams(def.name));
    tables = exp.tables(exp.cells.map(() => newTally()));
  }
  return tables.map((t) => ({ table: t.name, columns: columnDictionary(t, own) }));
}

/** What `explain --json` prints. */
export interface Explanation {
  experiment: string;
  question: string;
  tables: { table: string; columns: ColumnEntry[] }[];
}

/** What every column of an experiment's CSVs means, with its unit (`pongsim explain`). */
export function explain(o: { experiment: string }): Explanation {
  checkOptions('explain', o, { experiment: TEXT(() => `an experiment: ${EXPERIMENTS.map((e) => e.name).join(', ')}`) }, ['experiment']);
  const name = o.experiment;
  const def = EXPERIMENTS.find((e) => e.name === name);
  if (!def)
    throw new InputError(
      `unknown experiment "${name}"${didYouMean(
        name,
        EXPERIMENTS.map((e) => e.name),
      )}; allowed: ${EXPERIMENTS.map((e) => e.name).join(', ')}`,
    );
  return { experiment: name, question: def.question ?? def.doc, tables: explainTables(def) };
}
