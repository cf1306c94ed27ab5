import { fracText, fracValue } from '../../../stats/fraction.js';
import type { Cellval } from '../../../experiment/experiment.js';
import { BET_HIGHER, BET_LOWER, exactBestBet, unseen } from './odds.js';
import type { WolnamRules } from './rules.js';

export const ODDS_COLUMNS = [
  'lo', 'hi', 'bet', 'p_win', 'p_post', 'p_outside', 'p_lose', 'ev_per_chip',
  'p_win_exact', 'p_post_exact', 'p_outside_exact', 'p_lose_exact', 'ev_per_chip_exact', 'note',
];

/** Why a hand never reaches a betting decision, or its result is certain. */
function note(r: WolnamRules, lo: number, hi: number): string {
  if (r.deathByRain && hi === 12) return lo === 12 && r.doubleRainTakesPot ? 'no bet: takes the pot (deathByRain)' : 'no bet: pays the penalty (deathByRain)';
  if (lo === hi) {
    if (r.pairRule === 'winFixed') return 'no bet: takes pairWinFixedAmount';
    if (r.pairRule === 'push') return 'pair: bet returned';
    if (r.pairRule === 'lose') return 'pair: bet lost';
  }
  if (hi - lo === 1) {
    if (r.consecutiveRule === 'autoLoseNoBet') return 'no bet: pays minBet';
    if (r.consecutiveRule === 'redeal') return 'no bet: redealt';
    return 'consecutive: bet lost';
  }
  return lo === 1 && hi === 12 ? `Ilbi: a loss pays ${r.ilbiLossMultiplier}x` : '';
}

/**
 * The exact odds of the best bet on every hand lo <= hi, given the months already revealed
 * this cycle (`seen`). Hands that cannot exist beside the seen cards are left out.
 * EV is per chip bet, before the ado multiplier and rounding.
 */
export function oddsRows(r: WolnamRules, seen: readonly number[]): Cellval[][] {
  const rows: Cellval[][] = [];
  for (let lo = 1; lo <= 12; lo++) {
    for (let hi = lo; hi <= 12; hi++) {
      const rem = unseen(lo, hi, seen);
      if (typeof rem === 'string') continue;
      if (rem.reduce((a, b) => a + b, 0) === 0) continue;
      const o = exactBestBet(r, lo, hi, rem);
      const bet = o.kind === BET_HIGHER ? 'higher' : o.kind === BET_LOWER ? 'lower' : 'between';
      const fr = [o.pWin, o.pPost, o.pOutside, o.pLose, o.ev];
      rows.push([lo, hi, bet, ...fr.map(fracValue), ...fr.map(fracText), note(r, lo, hi)]);
    }
  }
  return rows;
}
