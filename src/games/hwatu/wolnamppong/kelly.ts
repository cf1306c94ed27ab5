import { betFactor } from './odds.js';
import type { WolnamRules } from './rules.js';

/** A bet's results per chip, each with its probability: the third card's months, grouped by what they pay. */
export type Outcomes = { factor: number; p: number }[];

/** The exact outcomes of a bet of `kind` on lo-hi, the third card drawn from the unseen months `rem`. */
export function betOutcomes(r: WolnamRules, lo: number, hi: number, kind: number, rem: ArrayLike<number>): Outcomes {
  const by = new Map<number, number>();
  let total = 0;
  for (let m = 1; m <= 12; m++) {
    const c = rem[m]!;
    if (c === 0) continue;
    total += c;
    const f = betFactor(r, lo, hi, kind, m);
    by.set(f, (by.get(f) ?? 0) + c);
  }
  return [...by].sort((a, b) => a[0] - b[0]).map(([factor, c]) => ({ factor, p: c / total }));
}

/**
 * The Kelly fraction: the share of the bankroll to bet that maximizes the expected logarithm of
 * the bankroll after the bet, sum p log(1 + f x). Zero where the bet's EV is not positive; below
 * 1 / (the largest loss per chip) always, so that one bet never takes the whole bankroll. The
 * derivative falls as f grows, so bisection finds where it reaches zero.
 */
export function kellyFraction(o: Outcomes): number {
  const ev = o.reduce((s, { factor, p }) => s + p * factor, 0);
  if (!(ev > 0)) return 0;
  const worst = Math.max(0, ...o.map(({ factor }) => -factor));
  if (worst === 0) return 1; // a bet that cannot lose: the whole bankroll (the table's cap decides)
  const slope = (f: number) => o.reduce((s, { factor, p }) => s + (p * factor) / (1 + f * factor), 0);
  let lo = 0;
  let hi = 1 / worst;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (slope(mid) > 0) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * The chance that betting `bet` chips on the same odds `bets` times in a row ruins a bankroll
 * of `bankroll` chips: that the running total falls to -bankroll or below after some bet. A sum
 * over every sequence of outcomes (dynamic programming over the running total, counted in half
 * bets: every factor is a multiple of 1/2), not a simulation.
 */
export function ruinOfBets(o: Outcomes, bet: number, bankroll: number, bets: number): number {
  if (bet <= 0) return 0;
  const steps = o.map(({ factor, p }) => ({ d: Math.round(2 * factor), p }));
  const down = Math.floor((-2 * bankroll) / bet); // ruined at or below this total
  const up = Math.max(0, ...steps.map((s) => s.d)) * bets;
  // Totals from down + 1 to up, offset so the lowest alive total is index 0.
  const size = up - down;
  let alive = new Float64Array(size);
  let next = new Float64Array(size);
  alive[-down - 1] = 1;
  let ruined = 0;
  for (let k = 0; k < bets; k++) {
    next.fill(0);
    for (let i = 0; i < size; i++) {
      const q = alive[i]!;
      if (q === 0) continue;
      for (const { d, p } of steps) {
        const j = i + d;
        if (j < 0) ruined += q * p;
        else next[j]! += q * p;
      }
    }
    [alive, next] = [next, alive];
  }
  return ruined;
}
