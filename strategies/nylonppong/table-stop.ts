import { InputError } from '../../src/core/errors.js';
import type { Strategy, StrategyDef } from '../../src/core/strategy.js';
import { packagePath } from '../../src/io/package.js';
import type { NylonRules } from '../../src/games/hwatu/nylonppong/rules.js';
import type { NylonView } from '../../src/games/hwatu/nylonppong/view.js';
import { carefulStops, carefulWith } from './careful.js';
import * as stopTable from './stop-table.js';

const { bucketOf, PLAY_ON_VERDICT, STOP_VERDICT, TABLE_BOT, TABLE_BOT_K, TABLE_BOT_T } = stopTable;

/** The committed reference run of `nylonppong-stop-table`, from the package root: rebuilding
 * that run changes what table-stop plays. */
export const STOP_TABLE_FILE = 'results/reference/nylonppong-stop-table/nylonppong-stop-table.csv';

let reference: stopTable.StopTable | null = null;

/** The reference table, read and checked once per process (per worker thread). */
function referenceTable(): stopTable.StopTable {
  return (reference ??= stopTable.readStopTable(packagePath(STOP_TABLE_FILE)));
}

/** careful(t=4,k=0.1), but where `table` answers stop or play on for its bucket, that answer. */
export function tableStopStrategy(table: stopTable.StopTable): Strategy<NylonView> {
  const careful = carefulStops(TABLE_BOT_T, TABLE_BOT_K);
  const { verdicts } = table;
  return carefulWith((v) => {
    const verdict = verdicts.get(bucketOf(v));
    return verdict === STOP_VERDICT || (verdict !== PLAY_ON_VERDICT && careful(v));
  });
}

export const tableStop: StrategyDef<NylonView, NylonRules> = {
  name: 'table-stop',
  game: 'nylonppong',
  doc:
    `${TABLE_BOT}, but at a decision where it may stop it does what the stop table learned by rollouts says for its bucket ` +
    `(careful's own test where the table is unsure or lacks the bucket); the table is the reference run ${STOP_TABLE_FILE}, ` +
    'so rebuilding that run changes what it plays; only under the rules the table was learned under',
  params: [],
  check(rules) {
    const table = referenceTable();
    const differ = stopTable.rulesDiffer(table, rules as unknown as Record<string, unknown>);
    if (differ)
      throw new InputError(
        `strategy table-stop: its table ${table.file} was learned under other rules (${differ}); it plays only under the rules it was learned under (those of one round; the number of rounds and who starts may differ)`,
      );
  },
  make: () => tableStopStrategy(referenceTable()),
};
