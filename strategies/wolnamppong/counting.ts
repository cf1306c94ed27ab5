import type { StrategyDef } from '../../src/core/strategy.js';
import type { WolnamView } from '../../src/games/hwatu/wolnamppong/game.js';
import { FOLD, bestBet, unseenCounts, type BetOdds } from '../../src/games/hwatu/wolnamppong/odds.js';
import { thresholdParams } from './ev-threshold.js';
import { stake } from './stake.js';

/** ev-threshold on the odds conditioned on the months revealed this cycle. */
export const counting: StrategyDef<WolnamView> = {
  name: 'counting',
  game: 'wolnamppong',
  doc: 'ev-threshold(t,f) on exact odds conditioned on the cards revealed this cycle (card counting)',
  params: thresholdParams,
  make: ({ t, f }) => {
    const rem = new Int8Array(13);
    const odds: BetOdds = { kind: 0, pWin: 0, pPost: 0, pOutside: 0, pLose: 0, ev: 0 };
    return {
      viewOnly: true,
      choose(v) {
        const o = bestBet(v.rules, v.lo, v.hi, unseenCounts(v.lo, v.hi, v.seen, rem), odds);
        return o.ev >= t! ? o.kind : FOLD;
      },
      amount: (v, _a, min, max) => stake(v, f! * v.pot, min, max),
    };
  },
};
