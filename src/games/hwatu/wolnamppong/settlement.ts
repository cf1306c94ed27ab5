import type { WolnamState } from './game.js';

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
