import type { WolnamState } from './game.js';
import { FOLD } from './odds.js';

/**
 * The chips the seat to act wins (negative: loses) by a bet of `bet` of `kind` when the third
 * card is of month `m` (0: none is turned): the settlement alone, before any ante. A losing
 * Ilbi's 1.5 times is kept exact or rounded as the rules say.
 */
export function betWon(s: WolnamState, kind: number, bet: number, m: number): number {
  const f = s.factor[((s.lo * 13 + s.hi) * 4 + kind) * 13 + m]!;
  if (f > 0) return bet;
  if (f < 0) {
    const r = s.r;
    const x = -f * bet * (bet === s.pot ? r.adoLossMultiplier : 1);
    return -(r.roundingOfFractionalLoss === 'ceil' ? Math.ceil(x) : r.roundingOfFractionalLoss === 'floor' ? Math.floor(x) : x);
  }
  return 0;
}

/**
 * The exact expected result of a bet of `bet` of `kind` (or a fold, `kind` FOLD: 0) by the seat
 * to act, over the third card dealt uniformly from the cards it has not seen (the odds card's
 * assumption): the settlement, less the ante it pays again when its bet empties the pot (an ado
 * that wins, with reanteOnEmptyPot=immediate). What later turns of the cycle bring is left out.
 * Undefined under rules that settle some hands without a decision (the unseen cards are then
 * not uniform) or ante after the cycle.
 */
export function betValue(s: WolnamState, kind: number, bet: number): number | undefined {
  if (s.autoRules || s.r.reanteOnEmptyPot !== 'immediate') return undefined;
  if (kind === FOLD) return 0;
  let total = 0,
    sum = 0;
  for (let m = 1; m <= 12; m++) {
    const c = 4 - s.seen[m]! - (m === s.lo ? 1 : 0) - (m === s.hi ? 1 : 0);
    if (c <= 0) continue;
    total += c;
    const won = betWon(s, kind, bet, m);
    sum += c * (won > 0 && bet === s.pot ? won - s.r.ante : won);
  }
  return sum / total;
}
