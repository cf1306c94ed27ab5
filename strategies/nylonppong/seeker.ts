import type { StrategyDef } from '../../src/core/strategy.js';
import { DECLARE, DISCARD, DRAW, has, JAYEON, LAY_DOWN, PASS, PPONG, STOP } from '../../src/games/hwatu/nylonppong/actions.js';
import { comboMask } from '../../src/games/hwatu/nylonppong/combos.js';
import type { NylonRules } from '../../src/games/hwatu/nylonppong/rules.js';
import { PHASE_AFTER_DRAW, PHASE_OFFER, PHASE_START } from '../../src/games/hwatu/nylonppong/state.js';
import type { NylonView } from '../../src/games/hwatu/nylonppong/view.js';
import { tParam } from './basic.js';

const unseen = new Uint8Array(13);
const hand = new Uint8Array(13);

/** Unseen cards that would complete an enabled combination if drawn into the 5-card `hand`. */
function outs(v: NylonView, sum: number): number {
  const { cfg } = v;
  let k = 0;
  for (let x = 1; x <= 12; x++) {
    if (unseen[x] === 0) continue;
    hand[x]!++;
    if (comboMask(hand, 0, sum + x, cfg.straightWrap, cfg.daeppangThreshold) & cfg.comboMask) k += unseen[x]!;
    hand[x]!--;
  }
  return k;
}

/** Whether the hand, after shedding two of month `m` by ppong, still holds a pair (a go-out chance). */
function keepsPair(v: NylonView, m: number): boolean {
  for (let x = 1; x <= 12; x++) if ((x === m ? v.hand[x]! - 2 : v.hand[x]!) >= 2) return true;
  return false;
}

/** The discard from 6 cards that leaves the most outs; ties keep pairs, then shed the higher month. */
function seekDiscard(v: NylonView): number {
  let best = 0;
  let bestOuts = -1;
  let bestSingle = false;
  for (let m = 12; m >= 1; m--) {
    if (!v.hand[m]) continue;
    hand[m]!--;
    const k = outs(v, v.handSum - m);
    hand[m]!++;
    const single = v.hand[m] === 1;
    if (k > bestOuts || (k === bestOuts && single && !bestSingle)) {
      best = m;
      bestOuts = k;
      bestSingle = single;
    }
  }
  return best;
}

export const seeker: StrategyDef<NylonView, NylonRules> = {
  name: 'seeker',
  game: 'nylonppong',
  doc:
    'hunts six-card combinations and go-outs: discards to keep the most unseen cards that complete a ' +
    'combination, and calls ppong only if the 2 cards left can hold a pair (a go-out chance) or its 5-card hand has fewer than o such outs',
  params: [
    tParam,
    { name: 'o', doc: 'outs at which it keeps the 5-card hand rather than ppong', default: 1, min: 0, max: 48, integer: true },
  ],
  make(p) {
    const t = p.t!;
    const o = p.o!;
    return {
      choose(v, legal, n) {
        if (v.phase === PHASE_START || v.phase === PHASE_OFFER) {
          if (has(legal, n, JAYEON)) return JAYEON;
          const claim = has(legal, n, PPONG);
          if (claim && v.handSize === 2) return PPONG;
          if (has(legal, n, STOP) && v.handSum <= t) return STOP;
          if (claim) {
            if (keepsPair(v, v.top)) return PPONG;
            v.unseen(unseen);
            hand.set(v.hand);
            if (v.handSize !== 5 || outs(v, v.handSum) < o) return PPONG;
          }
          return v.phase === PHASE_START ? DRAW : PASS;
        }
        if (v.phase === PHASE_AFTER_DRAW) {
          if (v.combo >= 0) return DECLARE;
          if (has(legal, n, JAYEON)) return JAYEON;
          if (v.cfg.layDown) for (let m = 12; m >= 1; m--) if (v.hand[m]! >= 3 && has(legal, n, LAY_DOWN + m - 1)) return LAY_DOWN + m - 1;
          if (v.handSize === 6) {
            v.unseen(unseen);
            hand.set(v.hand);
            return DISCARD + seekDiscard(v) - 1;
          }
        }
        return DISCARD + v.highestSingle() - 1;
      },
    };
  },
};
