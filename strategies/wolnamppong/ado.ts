import type { StrategyDef } from '../../src/core/strategy.js';
import type { WolnamView } from '../../src/games/hwatu/wolnamppong/game.js';
import type { WolnamRules } from '../../src/games/hwatu/wolnamppong/rules.js';
import { betTable } from './bet-table.js';

/** All or nothing: bets the whole pot (ado) when the win probability is at least p. */
export const ado: StrategyDef<WolnamView, WolnamRules> = {
  name: 'ado',
  game: 'wolnamppong',
  doc: 'bets the whole pot (ado) when the exact win probability is at least p, else folds',
  params: [{ name: 'p', doc: 'least win probability', default: 0.75, min: 0, max: 1 }],
  make: ({ p }, rules) => {
    const kinds = betTable(rules, (o) => o.pWin >= p!);
    return {
      viewOnly: true,
      choose: (v) => kinds[v.lo * 13 + v.hi]!,
      amount: (_v, _a, _min, max) => max,
    };
  },
};
