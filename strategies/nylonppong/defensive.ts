import type { StrategyDef } from '../../src/core/strategy.js';
import type { NylonRules } from '../../src/games/hwatu/nylonppong/rules.js';
import type { NylonView } from '../../src/games/hwatu/nylonppong/view.js';
import { basicWith, tParam } from './basic.js';

const unseen = new Uint8Array(13);

/** Opponents with 2 cards who could claim this seat's discard: the next seat, or any when ppong may come out of turn. */
function claimers(v: NylonView): number {
  if (!v.cfg.anyTime) return v.sizes[v.next(v.seat)] === 2 ? 1 : 0;
  let k = 0;
  for (let q = 0; q < v.players; q++) if (q !== v.seat && v.sizes[q] === 2) k++;
  return k;
}

/**
 * The discard with the least expected cost: P(a claimer holds a pair of its month) x the
 * deal-in penalty, less the month shed, plus 12 for breaking a pair (so with no threat it
 * discards exactly like basic). A claimer's hand is a pair with prior chance q (bots keep
 * their pairs: under four basic seats it is about 0.58), of a month in proportion to the
 * pairs the unseen cards of each month can make.
 */
function safeDiscard(v: NylonView, q: number): number {
  const c = claimers(v);
  if (c === 0) return v.highestSingle();
  v.unseen(unseen);
  let pairs = 0;
  for (let m = 1; m <= 12; m++) pairs += (unseen[m]! * (unseen[m]! - 1)) / 2;
  let best = 0;
  let bestCost = Infinity;
  for (let m = 12; m >= 1; m--) {
    if (!v.hand[m]) continue;
    const u = unseen[m]!;
    const danger = pairs > 0 ? (c * q * u * (u - 1)) / 2 / pairs : 0;
    const cost = danger * v.cfg.dealInPenalty - m + (v.hand[m]! >= 2 ? 12 : 0);
    if (cost < bestCost) {
      best = m;
      bestCost = cost;
    }
  }
  return best;
}

export const defensive: StrategyDef<NylonView, NylonRules> = {
  name: 'defensive',
  game: 'nylonppong',
  doc:
    'basic, but when a 2-card player could claim its discard it weighs the chance that player holds ' +
    'a pair of that month (prior q, spread over months by the unseen cards) x the deal-in penalty against the points shed',
  params: [tParam, { name: 'q', doc: 'prior chance that a 2-card opponent holds a pair (0 = basic)', default: 0.5, min: 0, max: 1 }],
  make(p) {
    const t = p.t!;
    const q = p.q!;
    return basicWith(
      (v) => v.handSum <= t,
      (v) => safeDiscard(v, q),
    );
  },
};
