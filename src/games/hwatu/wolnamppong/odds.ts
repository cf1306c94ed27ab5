import { frac, type Fraction } from '../../../stats/fraction.js';
import type { WolnamRules } from './rules.js';

/** Bet kinds. A pair under pairRule=callHighLow bets higher or lower; every other bet is
 * on "strictly between". */
export const FOLD = 0;
export const BET = 1;
export const BET_HIGHER = 2;
export const BET_LOWER = 3;

export const isIlbi = (lo: number, hi: number): boolean => lo === 1 && hi === 12;

/**
 * The bettor's result per chip bet when the third card is month m, before the ado
 * multiplier and rounding: +1 a win, 0 a push, negative a loss (-1.5 for a lost Ilbi).
 * This one function settles real bets and builds every odds table, so the two agree.
 */
export function betFactor(r: WolnamRules, lo: number, hi: number, kind: number, m: number): number {
  let f: number;
  if (lo === hi) {
    if (r.pairRule === 'push') return 0;
    if (r.pairRule !== 'callHighLow') return -1;
    if (m === lo) return -r.pairHighLowMatchMultiplier;
    return (kind === BET_HIGHER ? m > lo : m < lo) ? 1 : -1;
  }
  if (hi - lo === 1) return -1;
  if (m > lo && m < hi) return 1;
  if (m === lo || m === hi) f = r.postResult === 'push' ? 0 : r.postResult === 'loseDouble' ? -2 : -1;
  else f = -1;
  return f < 0 && isIlbi(lo, hi) ? f * r.ilbiLossMultiplier : f;
}

/** Whether a bet on this hand turns a third card (a pair push or a consecutive loss is
 * certain and, by default, turns none). */
export function betDrawsCard(r: WolnamRules, lo: number, hi: number): boolean {
  if (lo === hi) return r.pairRule === 'callHighLow' || r.forcedResultDrawsCard;
  if (hi - lo === 1) return r.forcedResultDrawsCard;
  return true;
}

// Rules that settle a newly dealt hand before its holder decides (RULES.md, A deal cycle and
// Death by Rain), checked in this order.
export const AUTO_NONE = 0;
export const AUTO_RAIN = 1;
export const AUTO_PAIR = 2;
export const AUTO_CONSECUTIVE = 3;

/** Which rule settles the newly dealt hand lo <= hi with no decision, or AUTO_NONE. */
export function autoRule(r: WolnamRules, lo: number, hi: number): number {
  if (r.deathByRain && hi === 12) return AUTO_RAIN;
  if (lo === hi && r.pairRule === 'winFixed') return AUTO_PAIR;
  if (hi - lo === 1 && r.consecutiveRule === 'autoLoseNoBet') return AUTO_CONSECUTIVE;
  return AUTO_NONE;
}

/** Whether the hand lo <= hi is laid aside for two new cards (consecutiveRule=redeal): while
 * the pile, `left` cards after it was dealt, still holds the new hand and a third card for
 * this player, and three cards for each of the `later` players of the cycle. */
export function redeals(r: WolnamRules, lo: number, hi: number, left: number, later: number): boolean {
  return hi - lo === 1 && r.consecutiveRule === 'redeal' && left >= 3 + 3 * later;
}

/** The bet kinds a hand allows. */
export function betKinds(r: WolnamRules, lo: number, hi: number): number[] {
  return lo === hi && r.pairRule === 'callHighLow' ? [BET_HIGHER, BET_LOWER] : [BET];
}

/** Odds of one bet given the months still unseen (`rem[m]` cards of month m, m = 1..12). */
export interface BetOdds {
  kind: number;
  pWin: number;
  pPost: number;
  pOutside: number;
  pLose: number;
  ev: number;
}

/** Exact odds as fractions: the same sums over months, kept as integers. */
export interface ExactOdds {
  kind: number;
  pWin: Fraction;
  pPost: Fraction;
  pOutside: Fraction;
  pLose: Fraction;
  ev: Fraction;
}

function sums(r: WolnamRules, lo: number, hi: number, kind: number, rem: ArrayLike<number>) {
  let total = 0,
    win = 0,
    post = 0,
    lose = 0,
    ev2 = 0;
  for (let m = 1; m <= 12; m++) {
    const c = rem[m]!;
    if (c === 0) continue;
    total += c;
    const f = betFactor(r, lo, hi, kind, m);
    if (f > 0) win += c;
    if (f < 0) lose += c;
    if (m === lo || m === hi) post += c;
    ev2 += c * f * 2; // factors are multiples of 1/2
  }
  return { total, win, post, lose, ev2 };
}

/** The best bet kind for a hand and its odds, as floats (used by strategies). */
export function bestBet(r: WolnamRules, lo: number, hi: number, rem: ArrayLike<number>, out: BetOdds): BetOdds {
  out.ev = -Infinity;
  for (const kind of lo === hi && r.pairRule === 'callHighLow' ? CALLS : PLAIN) {
    const s = sums(r, lo, hi, kind, rem);
    const ev = s.ev2 / 2 / s.total;
    if (ev > out.ev) {
      out.kind = kind;
      out.ev = ev;
      out.pWin = s.win / s.total;
      out.pPost = s.post / s.total;
      out.pOutside = (s.total - s.win - s.post) / s.total;
      out.pLose = s.lose / s.total;
    }
  }
  return out;
}
const CALLS = [BET_HIGHER, BET_LOWER];
const PLAIN = [BET];

export function exactBestBet(r: WolnamRules, lo: number, hi: number, rem: ArrayLike<number>): ExactOdds {
  let best: ExactOdds | null = null;
  for (const kind of betKinds(r, lo, hi)) {
    const s = sums(r, lo, hi, kind, rem);
    const ev = frac(s.ev2, 2 * s.total);
    if (!best || ev.n / ev.d > best.ev.n / best.ev.d) {
      const outside = s.total - s.win - s.post;
      // A post that pushes is neither won nor lost; outside cards beyond the hand lose.
      best = {
        kind,
        pWin: frac(s.win, s.total),
        pPost: frac(s.post, s.total),
        pOutside: frac(outside, s.total),
        pLose: frac(s.lose, s.total),
        ev,
      };
    }
  }
  return best!;
}

/** Unseen month counts once the bettor's own hand and the `seen` months are removed.
 * Returns null (with the reason) when the cards cannot all exist. */
export function unseen(lo: number, hi: number, seen: readonly number[]): number[] | string {
  const rem = [0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4];
  for (const m of [lo, hi, ...seen]) {
    if (--rem[m]! < 0) return `month ${m} would appear more than 4 times`;
  }
  return rem;
}

/** Into out[1..12]: the cards of each month the holder of lo <= hi has not seen, `seen[m]` of
 * month m revealed this cycle besides its own two. */
export function unseenCounts(lo: number, hi: number, seen: ArrayLike<number>, out: Int8Array): Int8Array {
  for (let m = 1; m <= 12; m++) out[m] = 4 - seen[m]!;
  out[lo]!--;
  out[hi]!--;
  return out;
}

/** The prior best bet for every hand (lo <= hi), indexed lo * 13 + hi: strategies look
 * these up instead of summing per decision. */
export function priorTable(r: WolnamRules): BetOdds[] {
  const t: BetOdds[] = [];
  for (let lo = 1; lo <= 12; lo++) {
    for (let hi = lo; hi <= 12; hi++) {
      const rem = unseen(lo, hi, []) as number[];
      t[lo * 13 + hi] = bestBet(r, lo, hi, rem, { kind: BET, pWin: 0, pPost: 0, pOutside: 0, pLose: 0, ev: 0 });
    }
  }
  return t;
}
