import type { ParamDef, StrategyDef } from '../../src/core/strategy.js';
import type { WolnamView } from '../../src/games/hwatu/wolnamppong/game.js';
import type { WolnamRules } from '../../src/games/hwatu/wolnamppong/rules.js';
import { betTable } from './bet-table.js';
import { stake } from './stake.js';

/** The parameters of ev-threshold, shared by counting: threshold t and pot fraction f. */
export const thresholdParams: ParamDef[] = [
  { name: 't', doc: 'least EV per chip to bet', default: 0.1, min: -2, max: 1 },
  { name: 'f', doc: 'fraction of the pot to bet', default: 0.5, min: 0, max: 1 },
];

/** Bets a fraction f of the pot when the exact prior EV per chip is at least t. */
export const evThreshold: StrategyDef<WolnamView, WolnamRules> = {
  name: 'ev-threshold',
  game: 'wolnamppong',
  doc: 'bets a fraction f of the pot when the exact EV per chip (no card counting) is at least t',
  params: thresholdParams,
  make: ({ t, f }, rules) => {
    const kinds = betTable(rules, (o) => o.ev >= t!);
    return {
      viewOnly: true,
      choose: (v) => kinds[v.lo * 13 + v.hi]!,
      amount: (v, _a, min, max) => stake(v, f! * v.pot, min, max),
    };
  },
};
