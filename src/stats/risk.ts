import { clopperPearson, type Estimate } from './intervals.js';
import { countsOf, countTotal, expectedShortfall, quantile, type Counts } from './quantile.js';
import type { Sessions } from './sessions.js';

/** The share of nights the risk figures look at in the tail: the 5% worst. */
export const TAIL = 0.05;

/** The largest risk of ruin the bankroll study accepts. */
export const RUIN_LIMIT = 0.01;

/** What a night (a session) can bring, in money: quantiles of its result, the mean of its worst
 * 5% (CVaR) and the chance it ruins a bankroll, each with its 95% interval. */
export interface SessionRisk {
  sessions: number;
  q05: Estimate;
  q50: Estimate;
  q95: Estimate;
  cvar05: Estimate;
  ruin: Estimate;
}

/** A count table's values times `scale` (positive: the order stays). */
const scaled = (table: Record<string, number>, scale: number): Counts => countsOf(table).map(([v, c]) => [v * scale, c]);

/** The chance that a session's fall reaches `bankroll` (Clopper-Pearson interval). */
export function ruinOf(falls: Counts, bankroll: number): Estimate {
  const n = countTotal(falls);
  const k = falls.reduce((s, [v, c]) => s + (v >= bankroll ? c : 0), 0);
  const ci = clopperPearson(k, n);
  return { value: n ? k / n : NaN, low: n ? ci.low : NaN, high: n ? ci.high : NaN, n };
}

/**
 * The risk figures of completed sessions whose results, times `scale`, are money: a bankroll
 * of `bankroll` is ruined in a session whose running total falls to minus the bankroll or
 * below (its fall reaches the bankroll).
 */
export function sessionRisk(s: Sessions, scale: number, bankroll: number): SessionRisk {
  const results = scaled(s.results, scale);
  return {
    sessions: countTotal(results),
    q05: quantile(results, TAIL),
    q50: quantile(results, 0.5),
    q95: quantile(results, 1 - TAIL),
    cvar05: expectedShortfall(results, TAIL),
    ruin: ruinOf(scaled(s.falls, scale), bankroll),
  };
}

/** The bankroll a night needs, and how often a bankroll just above it is ruined. */
export interface BankrollNeed {
  needed: Estimate;
  ruinAbove: Estimate;
}

/**
 * The bankroll a night needs to keep the risk of ruin at most `limit`: the (1 - limit)-quantile
 * of the sessions' falls, with its order-statistic interval; its n is the sessions in that top
 * share, which it rests on. A bankroll above it is ruined only by a fall beyond it: `ruinAbove`
 * counts those sessions (at most the share `limit` of them by construction), with its
 * Clopper-Pearson interval, for the true risk.
 */
export function bankrollNeed(s: Sessions, scale: number, limit = RUIN_LIMIT): BankrollNeed {
  const falls = scaled(s.falls, scale);
  const q = quantile(falls, 1 - limit);
  const n = countTotal(falls);
  const k = falls.reduce((sum, [v, c]) => sum + (v > q.value ? c : 0), 0);
  const ci = clopperPearson(k, n);
  return {
    needed: { ...q, n: Math.ceil(limit * n) },
    ruinAbove: { value: n ? k / n : NaN, low: n ? ci.low : NaN, high: n ? ci.high : NaN, n },
  };
}
