import type { FeatureSet } from '../../src/core/features.js';
import { DECLARE, DISCARD, JAYEON, LAY_DOWN, PPONG, STOP } from '../../src/games/hwatu/nylonppong/actions.js';
import type { NylonView } from '../../src/games/hwatu/nylonppong/view.js';
import { failedStopChance } from './careful.js';
import { holdsPair } from './stop-table.js';

/**
 * What a distilled Nylon-ppong policy scores an action by (beside whether careful, its base, would
 * play it). Drawing, or passing an offer, is the action every other is measured against: it has
 * no feature of its own. A stop is scored by careful's estimate that it fails (its stop odds),
 * the sum it stops with, a pair (which can still go out by ppong) and the draw pile; a ppong by
 * whether it goes out and what it takes off the hand; a discard by its month, whether it breaks a
 * pair or a single, how many of the month the others may still hold to ppong it, and what the
 * hand keeps (a two-card hand that may stop next turn, or a pair).
 */
const NAMES = [
  'stop',
  'stop_fail_chance',
  'stop_sum',
  'stop_pair',
  'stop_pile_empty',
  'stop_pile',
  'ppong',
  'ppong_out',
  'ppong_month',
  'declare',
  'jayeon',
  'lay_down',
  'discard_month',
  'discard_single',
  'discard_from_pair',
  'discard_unseen',
  'discard_keeps_stop',
  'discard_keeps_pair',
] as const;

const F = Object.fromEntries(NAMES.map((name, i) => [name, i])) as Record<(typeof NAMES)[number], number>;

const MONTHS = 12;

export const nylonppongFeatures: FeatureSet<NylonView> = {
  names: NAMES,
  fill(v, a, out, at) {
    out.fill(0, at, at + NAMES.length);
    if (a === STOP) {
      out[at + F.stop] = 1;
      out[at + F.stop_fail_chance] = failedStopChance(v);
      out[at + F.stop_sum] = v.handSum / MONTHS;
      out[at + F.stop_pair] = holdsPair(v) ? 1 : 0;
      out[at + F.stop_pile_empty] = v.pileLeft === 0 ? 1 : 0;
      out[at + F.stop_pile] = Math.min(v.pileLeft, 20) / 20;
    } else if (a === PPONG) {
      out[at + F.ppong] = 1;
      out[at + F.ppong_out] = v.handSize === 2 ? 1 : 0;
      out[at + F.ppong_month] = v.top / MONTHS;
    } else if (a === DECLARE) out[at + F.declare] = 1;
    else if (a === JAYEON) out[at + F.jayeon] = 1;
    else if (a >= LAY_DOWN) out[at + F.lay_down] = 1;
    else if (a >= DISCARD) {
      const m = a - DISCARD + 1;
      const held = v.hand[m]!;
      out[at + F.discard_month] = m / MONTHS;
      out[at + F.discard_single] = held === 1 ? 1 : 0;
      out[at + F.discard_from_pair] = held === 2 ? 1 : 0;
      out[at + F.discard_unseen] = (4 - held - v.discards[m]!) / 4;
      // After the discard: a hand of two cards that sums within the stop limit may stop next turn.
      const left = v.handSize - 1;
      const sum = v.handSum - m;
      out[at + F.discard_keeps_stop] = left === 2 && sum <= v.cfg.stopLimit ? 1 : 0;
      out[at + F.discard_keeps_pair] = left === 2 && keepsPairOfTwo(v, m) ? 1 : 0;
    }
  },
};

/** Whether the hand left after discarding a card of month m is two cards of one month. */
function keepsPairOfTwo(v: NylonView, m: number): boolean {
  for (let k = 1; k <= MONTHS; k++) if ((k === m ? v.hand[k]! - 1 : v.hand[k]!) === 2) return true;
  return false;
}
