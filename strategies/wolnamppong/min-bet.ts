import type { StrategyDef } from '../../src/core/strategy.js';
import type { WolnamView } from '../../src/games/hwatu/wolnamppong/game.js';

/** Always bets the minimum, on the better side when a pair may call higher or lower. */
export const minBet: StrategyDef<WolnamView> = {
  name: 'min-bet',
  game: 'wolnamppong',
  doc: 'always bets the minimum (the better call on a pair under callHighLow)',
  params: [],
  make: () => ({
    viewOnly: true,
    choose: (v) => v.prior[v.lo * 13 + v.hi]!.kind,
    amount: (_v, _a, min) => min,
  }),
};
