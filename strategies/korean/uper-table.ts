import { InputError } from '../../src/core/errors.js';
import type { Strategy, StrategyDef } from '../../src/core/strategy.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import { packagePath } from '../../src/io/package.js';
import { EfficiencyPlayer } from './efficiency.js';
import * as uperBuckets from './uper-buckets.js';
import { uperWaitTest } from './uper-wait.js';

const { DECLARE_VERDICT, SILENT_VERDICT, TABLE_BOT, TABLE_BOT_W, UperBuckets } = uperBuckets;

/** The committed reference run of `korean-uper-table`, from the package root: rebuilding that
 * run changes what uper-table plays. */
export const UPER_TABLE_FILE = 'results/reference/korean-uper-table/korean-uper-table.csv';

let reference: uperBuckets.UperTable | null = null;

/** The reference table, read and checked once per process (per worker thread). */
function referenceTable(): uperBuckets.UperTable {
  return (reference ??= uperBuckets.readUperTable(packagePath(UPER_TABLE_FILE)));
}

/**
 * uper-wait(w=2), but each declaration it may make is weighed by `table`: declare where the
 * table says declare, stay silent where it says stay silent, and uper-wait's own test where
 * it is unsure or lacks the bucket. Among the declarations it would make, the one with the
 * most live waits (as every efficiency player).
 */
export function uperTableStrategy(table: uperBuckets.UperTable, rules: KoreanRules): Strategy<KoreanView> {
  const buckets = new UperBuckets(rules);
  const bot = uperWaitTest(TABLE_BOT_W, rules);
  const { verdicts } = table;
  return new EfficiencyPlayer(rules, {
    uper(v, k, live, waits) {
      const verdict = verdicts.get(buckets.key(v, k, live, waits));
      return verdict === DECLARE_VERDICT || (verdict !== SILENT_VERDICT && bot(v, k, live, waits));
    },
    open: true,
  });
}

/** The first hand rule on which `rules` differ from those the reference table was learned
 * under, as words, or null where uper-table plays. */
export function uperTableDiffers(rules: KoreanRules): string | null {
  return uperBuckets.rulesDiffer(referenceTable(), rules as unknown as Record<string, unknown>);
}

export const uperTable: StrategyDef<KoreanView, KoreanRules> = {
  name: 'uper-table',
  game: 'korean',
  doc:
    `${TABLE_BOT}, but at a decision where it may declare uper it does what the uper table learned by rollouts says for its bucket ` +
    `(uper-wait's own test where the table is unsure or lacks the bucket); the table is the reference run ${UPER_TABLE_FILE}, ` +
    'so rebuilding that run changes what it plays; only under the rules the table was learned under',
  params: [],
  check(rules) {
    const differ = uperTableDiffers(rules);
    if (differ)
      throw new InputError(
        `strategy uper-table: its table ${referenceTable().file} was learned under other rules (${differ}); it plays only under the rules it was learned under (those of one hand; the session's length, dealer rotation, round wind and pairing may differ)`,
      );
  },
  make: (_p, rules) => uperTableStrategy(referenceTable(), rules),
};
