import type { WolnamRules } from '../../src/games/hwatu/wolnamppong/rules.js';
import { FOLD, priorTable, type BetOdds } from '../../src/games/hwatu/wolnamppong/odds.js';

/**
 * For a strategy whose choice depends on its two months alone: the bet kind (or FOLD) for
 * every hand, indexed lo * 13 + hi, where `bets` says whether a hand's best bet is taken.
 * Tabulated once per strategy, a decision is one load and no data-dependent branch.
 */
export function betTable(rules: WolnamRules, bets: (o: BetOdds) => boolean): Int8Array {
  const kinds = new Int8Array(13 * 13).fill(FOLD);
  priorTable(rules).forEach((o, i) => {
    if (bets(o)) kinds[i] = o.kind;
  });
  return kinds;
}
