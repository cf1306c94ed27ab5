import { fracText, fracValue } from '../../../stats/fraction.js';
import type { Cellval } from '../../../core/table.js';
import { BET_HIGHER, BET_LOWER, exactBestBet, unseen } from './odds.js';
import { betOutcomes, kellyFraction, ruinOfBets } from './kelly.js';
import type { WolnamRules } from './rules.js';

export const ODDS_COLUMNS = [
  'lo',
  'hi',
  'bet',
  'p_win',
  'p_post',
  'p_outside',
  'p_lose',
  'ev_per_chip',
  'p_win_exact',
  'p_post_exact',
  'p_outside_exact',
  'p_lose_exact',
  'ev_per_chip_exact',
  'note',
];

/** Why a hand never reaches a betting decision, or its result is certain. */
function note(r: WolnamRules, lo: number, hi: number): string {
  if (r.deathByRain && hi === 12)
    return lo === 12 && r.doubleRainTakesPot ? 'no bet: takes the pot (deathByRain)' : 'no bet: pays the penalty (deathByRain)';
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

/** What `odds --bankroll B` adds to each hand. */
export const KELLY_COLUMNS = ['kelly_fraction', 'kelly_bet', 'ruin_kelly'];

/** A bankroll and the bets in a row it is staked on (`odds --bankroll B --session N`). */
export interface Stake {
  bankroll: number;
  bets: number;
}

/**
 * The exact odds of the best bet on every hand lo <= hi, given the months already revealed
 * this cycle (`seen`). Hands that cannot exist beside the seen cards are left out.
 * EV is per chip bet, before the ado multiplier and rounding. With a stake, each hand also has
 * its Kelly fraction, the Kelly bet in whole chips (0 below minBet) and the chance that betting
 * it on these odds `bets` times in a row ruins the bankroll.
 */
export function oddsRows(r: WolnamRules, seen: readonly number[], stake?: Stake): Cellval[][] {
  const rows: Cellval[][] = [];
  for (let lo = 1; lo <= 12; lo++) {
    for (let hi = lo; hi <= 12; hi++) {
      const rem = unseen(lo, hi, seen);
      if (typeof rem === 'string') continue;
      if (rem.reduce((a, b) => a + b, 0) === 0) continue;
      const o = exactBestBet(r, lo, hi, rem);
      const bet = o.kind === BET_HIGHER ? 'higher' : o.kind === BET_LOWER ? 'lower' : 'between';
      const fr = [o.pWin, o.pPost, o.pOutside, o.pLose, o.ev];
      const why = note(r, lo, hi);
      const row: Cellval[] = [lo, hi, bet, ...fr.map(fracValue), ...fr.map(fracText), why];
      if (stake && why.startsWith('no bet')) row.push('', '', '');
      else if (stake) {
        const outcomes = betOutcomes(r, lo, hi, o.kind, rem);
        const f = kellyFraction(outcomes);
        const chips = Math.floor(f * stake.bankroll);
        const kelly = chips >= r.minBet ? chips : 0;
        row.push(f, kelly, ruinOfBets(outcomes, kelly, stake.bankroll, stake.bets));
      }
      rows.push(row);
    }
  }
  return rows;
}

/**
 * The rule of thumb the table holds, in words: from which gap between the two months every
 * hand is worth a bet (positive EV per chip), and which pairs are, under these rules.
 */
export function ruleOfThumb(rows: Cellval[][]): string {
  const col = (name: string) => ODDS_COLUMNS.indexOf(name);
  const ev = (r: Cellval[]) => r[col('ev_per_chip')] as number;
  const worth = (r: Cellval[]) => ev(r) > 0 && (r[col('note')] as string).startsWith('no bet') === false;
  const gaps = new Map<number, Cellval[][]>();
  for (const r of rows) {
    const gap = (r[col('hi')] as number) - (r[col('lo')] as number);
    if (gap > 0) gaps.set(gap, [...(gaps.get(gap) ?? []), r]);
  }
  let from = Infinity;
  for (const g of [...gaps.keys()].sort((a, b) => b - a)) {
    if (!gaps.get(g)!.every(worth)) break;
    from = g;
  }
  const also = rows.filter((r) => worth(r) && (r[col('hi')] as number) - (r[col('lo')] as number) < from && r[col('lo')] !== r[col('hi')]);
  const pairs = rows
    .filter((r) => r[col('lo')] === r[col('hi')] && worth(r))
    .map((r) => `${r[col('lo')]}-${r[col('hi')]} (${r[col('bet')]})`);
  const parts = [
    from === Infinity
      ? 'no gap between the months makes every hand worth a bet'
      : `bet when the months are at least ${from} apart (${from - 1} or more months strictly between): those hands have a positive EV per chip`,
  ];
  if (also.length) parts.push(`also ${also.map((r) => `${r[col('lo')]}-${r[col('hi')]}`).join(', ')}`);
  parts.push(pairs.length ? `pairs worth a bet: ${pairs.join(', ')}` : 'no pair is worth a bet');
  return `Under these rules: ${parts.join('; ')}; fold the rest.`;
}
