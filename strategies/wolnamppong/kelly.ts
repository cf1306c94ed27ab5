import type { StrategyDef } from '../../src/core/strategy.js';
import type { WolnamView } from '../../src/games/hwatu/wolnamppong/game.js';
import { FOLD, betFactor, priorTable, unseen } from '../../src/games/hwatu/wolnamppong/odds.js';
import type { WolnamRules } from '../../src/games/hwatu/wolnamppong/rules.js';
import { stake } from './stake.js';

/**
 * The Kelly fraction of a bankroll for one hand: the x maximising E[log(1 + F x)], where F
 * is the result per chip (+1, 0, -1, -1.5, ...) over the unseen third card. The
 * derivative is decreasing in x, so bisection on it finds the optimum.
 */
function kellyFraction(r: WolnamRules, lo: number, hi: number, kind: number): number {
  const rem = unseen(lo, hi, []) as number[];
  let total = 0;
  for (let m = 1; m <= 12; m++) total += rem[m]!;
  const slope = (x: number) => {
    let g = 0;
    for (let m = 1; m <= 12; m++) {
      const f = betFactor(r, lo, hi, kind, m);
      g += (rem[m]! / total) * (f / (1 + f * x));
    }
    return g;
  };
  if (slope(0) <= 0) return 0;
  let worst = 0;
  for (let m = 1; m <= 12; m++) if (rem[m]! > 0) worst = Math.max(worst, -betFactor(r, lo, hi, kind, m));
  let a = 0;
  let b = worst > 0 ? 1 / worst : 1;
  if (worst === 0) return 1; // cannot lose: stake everything the cap allows
  for (let i = 0; i < 60; i++) {
    const x = (a + b) / 2;
    if (slope(x) > 0) a = x;
    else b = x;
  }
  return a;
}

/** A fraction c of the Kelly stake of its own bankroll, capped by the pot. */
export const kelly: StrategyDef<WolnamView, WolnamRules> = {
  name: 'kelly',
  game: 'wolnamppong',
  doc: 'stakes a fraction c of the Kelly stake of its own bankroll (capped by the pot); folds when that is under the minimum',
  params: [{ name: 'c', doc: 'fraction of the full Kelly stake', default: 0.5, min: 0, max: 2 }],
  make: ({ c }, rules) => {
    const prior = priorTable(rules);
    const frac: number[] = [];
    for (let lo = 1; lo <= 12; lo++) {
      for (let hi = lo; hi <= 12; hi++) frac[lo * 13 + hi] = kellyFraction(rules, lo, hi, prior[lo * 13 + hi]!.kind);
    }
    return {
      viewOnly: true,
      choose(v) {
        const x = frac[v.lo * 13 + v.hi]! * c! * v.bankroll;
        return x >= v.minBet && x >= 1 ? v.prior[v.lo * 13 + v.hi]!.kind : FOLD;
      },
      amount: (v, _a, min, max) => stake(v, frac[v.lo * 13 + v.hi]! * c! * v.bankroll, min, max),
    };
  },
};
