import type { WolnamState } from './game.js';
import { FOLD, unseenCounts } from './odds.js';
import type { WolnamRules } from './rules.js';

/**
 * The chips a bet of `bet` wins (negative: loses) when its result per chip is `f` (betFactor),
 * the pot holding `pot`: the settlement alone, before any ante. A loss is multiplied when the bet
 * was the whole pot (an ado), and a losing Ilbi's 1.5 times is kept exact or rounded as the rules
 * say.
 */
export function settled(r: WolnamRules, f: number, bet: number, pot: number): number {
  if (f > 0) return bet;
  if (f < 0) {
    const x = -f * bet * (bet === pot ? r.adoLossMultiplier : 1);
    return -(r.roundingOfFractionalLoss === 'ceil' ? Math.ceil(x) : r.roundingOfFractionalLoss === 'floor' ? Math.floor(x) : x);
  }
  return 0;
}

/**
 * The chips the seat to act wins (negative: loses) by a bet of `bet` of `kind` when the third
 * card is of month `m` (0: none is turned): the settlement alone, before any ante.
 */
export function betWon(s: WolnamState, kind: number, bet: number, m: number): number {
  return settled(s.r, s.factor[((s.lo * 13 + s.hi) * 4 + kind) * 13 + m]!, bet, s.pot);
}

/** What a bet brings over the third card: the chance it wins, its mean result per chip
 * (betFactor's), and the mean and mean square of the chips it wins (the ante paid again after an
 * ado that empties the pot taken off). */
export interface BetMoments {
  win: number;
  perChip: number;
  mean: number;
  square: number;
}

/**
 * The exact moments of a bet of `bet`, the pot holding `pot`, over the third card dealt uniformly
 * from the cards the bettor has not seen (`rem[m]` of month m, odds.ts unseenCounts): the odds
 * card's assumption. `factor[at + m]` is the bet's result per chip when the third card is of
 * month m (betFactor, as the state's table holds it: betFactors). Under
 * reanteOnEmptyPot=immediate a winning ado pays the ante again at once.
 */
export function betMoments(
  r: WolnamRules,
  factor: Float64Array,
  at: number,
  rem: ArrayLike<number>,
  bet: number,
  pot: number,
  out: BetMoments,
): BetMoments {
  let total = 0,
    wins = 0,
    perChip = 0,
    sum = 0,
    sq = 0;
  const reante = bet === pot && r.reanteOnEmptyPot === 'immediate' ? r.ante : 0;
  for (let m = 1; m <= 12; m++) {
    const c = rem[m]!;
    if (c <= 0) continue;
    total += c;
    const f = factor[at + m]!;
    const won = settled(r, f, bet, pot);
    const net = won > 0 ? won - reante : won;
    if (f > 0) wins += c;
    perChip += c * f;
    sum += c * net;
    sq += c * net * net;
  }
  out.win = wins / total;
  out.perChip = perChip / total;
  out.mean = sum / total;
  out.square = sq / total;
  return out;
}

const moments: BetMoments = { win: 0, perChip: 0, mean: 0, square: 0 };
const rem = new Int8Array(13);

/**
 * The exact expected result of a bet of `bet` of `kind` (or a fold, `kind` FOLD: 0) by the seat
 * to act, over the third card dealt uniformly from the cards it has not seen (betMoments): the
 * settlement, less the ante it pays again when its bet empties the pot. What later turns of the
 * cycle bring is left out. Undefined under rules that settle some hands without a decision (the
 * unseen cards are then not uniform) or ante after the cycle.
 */
export function betValue(s: WolnamState, kind: number, bet: number): number | undefined {
  if (s.autoRules || s.r.reanteOnEmptyPot !== 'immediate') return undefined;
  if (kind === FOLD) return 0;
  const at = ((s.lo * 13 + s.hi) * 4 + kind) * 13;
  return betMoments(s.r, s.factor, at, unseenCounts(s.lo, s.hi, s.seen, rem), bet, s.pot, moments).mean;
}
