import type { StrategyDef } from '../../src/core/strategy.js';
import type { WolnamView } from '../../src/games/hwatu/wolnamppong/game.js';
import { FOLD } from '../../src/games/hwatu/wolnamppong/odds.js';

/** All or nothing: bets the whole pot (ado) when the win probability is at least p. */
export const ado: StrategyDef<WolnamView> = {
  name: 'ado',
  game: 'wolnamppong',
  doc: 'bets the whole pot (ado) when the exact win probability is at least p, else folds',
  params: [{ name: 'p', doc: 'least win probability', default: 0.75, min: 0, max: 1 }],
  make: ({ p }) => ({
    choose(v) {
      const o = v.prior[v.lo * 13 + v.hi]!;
      return o.pWin >= p! ? o.kind : FOLD;
    },
    amount: (_v, _a, _min, max) => max,
  }),
};
