import type { StrategyDef } from '../../src/core/strategy.js';
import { FOLD } from '../../src/games/hwatu/wolnamppong/odds.js';

/** Never bets: the baseline that only pays antes. */
export const fold: StrategyDef = {
  name: 'fold',
  game: 'wolnamppong',
  doc: 'never bets',
  params: [],
  make: () => ({ viewOnly: true, choose: () => FOLD }),
};
