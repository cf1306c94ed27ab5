import type { FeatureSet } from '../../src/core/features.js';
import { DECLARE, DISCARD, JAYEON, LAY_DOWN, PPONG, STOP } from '../../src/games/hwatu/nylonppong/actions.js';
import type { NylonView } from '../../src/games/hwatu/nylonppong/view.js';
import { failedStopChance } from './careful.js';
import { GAME_LEVEL_RULES, holdsPair } from './stop-table.js';

/**
 * What a distilled Nylon-ppong policy scores an action by (beside whether careful, its base, would
 * play it). Drawing, or passing an offer, is the action every other is measured against: it has
 * no feature of its own. A stop is scored by careful's estimate that it fails (its stop odds),
 * the sum it stops with, a pair (which can still go out by ppong) and the draw pile; a ppong by
 * whether it goes out and what it takes off the hand; a discard by its month, whether it breaks a
 * single, a pair or a triplet, how many of the month the others may still hold to ppong it (none
 * can with fewer than two unseen), the chance that a seat who may claim it holds a pair of its
 * month (and, holding two cards, goes out on it: a deal-in), where it stands among the months
 * held, and what the hand keeps (a two-card hand that may stop next turn, or a pair). A discard
 * that leaves two cards, which may stop next turn, weighs these otherwise than an earlier one:
 * its features are a block of their own.
 */
const PLAY = [
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
] as const;

const DISCARD_FEATURES = [
  'month',
  'single',
  'from_pair',
  'from_triplet',
  'unseen',
  'dead',
  'claim_chance',
  'deal_in_chance',
  'highest',
  'months_above',
  'keeps_stop',
  'keeps_pair',
] as const;

const NAMES = [...PLAY, ...DISCARD_FEATURES.map((n) => `discard_${n}`), ...DISCARD_FEATURES.map((n) => `last_discard_${n}`)];

const F = Object.fromEntries(PLAY.map((name, i) => [name, i])) as Record<(typeof PLAY)[number], number>;
const D = Object.fromEntries(DISCARD_FEATURES.map((name, i) => [name, i])) as Record<(typeof DISCARD_FEATURES)[number], number>;
/** Where each block of discard features starts. */
const EARLY = PLAY.length;
const LAST = PLAY.length + DISCARD_FEATURES.length;

const MONTHS = 12;

export const nylonppongFeatures: FeatureSet<NylonView> = {
  names: NAMES,
  // The stop table's: no feature reads the round or the scores.
  sessionRules: [...GAME_LEVEL_RULES],
  fill(v, a, _amount, out, at) {
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
    else if (a >= DISCARD) discardFeatures(v, a - DISCARD + 1, out, at);
  },
};

const unseen = new Uint8Array(13);

function discardFeatures(v: NylonView, m: number, out: Float64Array, at: number): void {
  const held = v.hand[m]!;
  const left = v.handSize - 1;
  const b = at + (left === 2 ? LAST : EARLY);
  out[b + D.month] = m / MONTHS;
  out[b + D.single] = held === 1 ? 1 : 0;
  out[b + D.from_pair] = held === 2 ? 1 : 0;
  out[b + D.from_triplet] = held >= 3 ? 1 : 0;
  const u = 4 - held - v.discards[m]!;
  out[b + D.unseen] = u / 4;
  out[b + D.dead] = u < 2 ? 1 : 0;
  claimChances(v, m, out, b);
  const above = v.held >>> m;
  out[b + D.highest] = above === 0 ? 1 : 0;
  out[b + D.months_above] = popcount(above) / 4;
  // A hand of two cards left that sums within the stop limit may stop next turn.
  out[b + D.keeps_stop] = left === 2 && v.handSum - m <= v.cfg.stopLimit ? 1 : 0;
  out[b + D.keeps_pair] = left === 2 && keepsPair(v, m) ? 1 : 0;
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

/** The chance that h cards dealt from `total` unseen cards, `u` of them of one month, hold at
 * least two of it (the hypergeometric tail). */
function pairChance(total: number, u: number, h: number): number {
  if (u < 2 || h < 2 || h > total) return 0;
  // P(none) and P(exactly one), as products of the draws one by one.
  let none = 1;
  for (let i = 0; i < h; i++) none *= (total - u - i) / (total - i);
  let one = (h * u) / (total - h + 1);
  for (let i = 0; i < h - 1; i++) one *= (total - u - i) / (total - i);
  return Math.max(0, 1 - none - one);
}

/**
 * Writes, for a discard of month m, the chances summed over the seats that may claim it (the
 * next seat, or under pongTiming = anyTime every other seat) that the seat holds a pair of m, and
 * that it holds one in a two-card hand (it goes out on the discard: the discarder deals in).
 * Each hand is taken as a uniform draw from the cards this seat cannot see, as careful's stop
 * odds take it.
 */
function claimChances(v: NylonView, m: number, out: Float64Array, b: number): void {
  const total = v.unseen(unseen);
  let claim = 0,
    dealIn = 0;
  for (let q = v.next(v.seat); q !== v.seat; q = v.next(q)) {
    const h = v.sizes[q]!;
    const p = pairChance(total, unseen[m]!, h);
    claim += p;
    if (h === 2) dealIn += p;
    if (!v.cfg.anyTime) break;
  }
  out[b + D.claim_chance] = claim;
  out[b + D.deal_in_chance] = dealIn;
}

/** Whether the hand left after discarding a card of month m is two cards of one month. */
function keepsPair(v: NylonView, m: number): boolean {
  for (let k = 1; k <= MONTHS; k++) if ((k === m ? v.hand[k]! - 1 : v.hand[k]!) === 2) return true;
  return false;
}
