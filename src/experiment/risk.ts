import { InputError } from '../core/errors.js';
import { sessionRisk } from '../stats/risk.js';
import { newSessions } from '../stats/sessions.js';
import { addSession, type Tally } from '../stats/tally.js';
import { meanColumns, type Figure } from './columns.js';
import type { ColumnDoc } from './dictionary.js';
import type { ExperimentParams } from './experiment.js';
import { ANY_REAL, SHARE, type Range } from './ranges.js';

/** What a game's results are worth in money, for the risk figures (typed by the game's rules, `R`). */
export interface RiskQuery<R = unknown> {
  /** How a seat's result under `rules` becomes money, or (a sentence) why these rules play for none. */
  stake(rules: R): Stake | string;
}

export interface Stake {
  /** 1 where a seat's result is what it won; -1 where it is what it lost (a penalty). */
  sign: 1 | -1;
  /** What the money is counted in (chips; money for the value of a point). */
  unit: string;
  /** Whether the results are points a table values at an agreed amount each (--point-value). */
  perPoint: boolean;
}

/** Results in points, each worth what the table agrees (--point-value): the mahjong rulesets. */
export const POINTS_AT_A_VALUE: RiskQuery = { stake: () => ({ sign: 1, unit: 'money', perPoint: true }) };

/** Results in the chips won, money already: a game played for a pot. */
export const CHIPS_WON: RiskQuery = { stake: () => ({ sign: 1, unit: 'chips', perPoint: false }) };

/** What a run asks of the risk of a night (`--session`, `--bankroll`, `--point-value`). */
export interface RiskParams {
  /** Games in a session: a night at the table is this many consecutive games of the run. */
  session: number;
  /** The money a player sits down with, in the game's unit: adds the risk of ruin. */
  bankroll?: number;
  /** What a point is worth, where the results are points (mahjong). */
  pointValue?: number;
}

/** How a seat's result becomes money: times `sign` at every game (exact), times `scale` when reported. */
export interface Money {
  sign: 1 | -1;
  scale: number;
  unit: string;
}

/**
 * How `game`'s results under `rules` become money, by `query` (its catalog entry's risk: the
 * catalog's riskQuery, or a study's own game's, since the catalog lists the studies); an
 * InputError line where these rules play for none, or where a value per point is missing or
 * has nothing to value.
 */
export function moneyOf(game: string, query: RiskQuery, rules: Record<string, unknown>, risk: RiskParams): Money {
  const stake = query.stake(rules);
  if (typeof stake === 'string') throw new InputError(`--session: ${stake}`);
  if (stake.perPoint && risk.pointValue === undefined) {
    throw new InputError(
      `--point-value: ${game} scores points; give what a point is worth in money (e.g. --point-value 0.5), the money the risk figures count`,
    );
  }
  if (!stake.perPoint && risk.pointValue !== undefined)
    throw new InputError(`--point-value: ${game}'s results are ${stake.unit} already; leave --point-value out`);
  return { sign: stake.sign, scale: risk.pointValue ?? 1, unit: stake.unit };
}

/**
 * Checks a run's risk options against its games: `games` must make at least one session. The
 * games left over after the last whole session are in every other figure but no session's.
 */
export function checkSessions(risk: RiskParams, games: number): void {
  if (games < risk.session)
    throw new InputError(
      `--session: ${games} games make no session of ${risk.session}; give --games at least ${risk.session} (a few hundred sessions for the 5% figures)`,
    );
}

/** The risk figures, each a kind of row of sim's and compare's tables, in order. */
export const RISK_KINDS = ['session_q05', 'session_q50', 'session_q95', 'session_cvar05', 'ruin'] as const;

/** What each risk kind means, for the column dictionaries and the charts' panels. */
export const RISK_MEANING: Record<(typeof RISK_KINDS)[number], string> = {
  session_q05: 'the result (money) of a session of --session N consecutive games that 5% of sessions fall to or below',
  session_q50: 'the median result (money) of a session of --session N games',
  session_q95: 'the result (money) of a session of --session N games that 95% of sessions stay at or below',
  session_cvar05: 'expected shortfall (CVaR 5%): the mean result (money) of the worst 5% of sessions of --session N games',
  ruin: 'probability that a session of --session N games ruins --bankroll B: its running total falls to -B or below',
};

/** How the intervals of the risk figures are taken, for the column dictionaries and the README. */
export const RISK_METHODS =
  'quantiles: order-statistic intervals (n = sessions); CVaR: normal interval of its asymptotic variance (n = sessions in the worst 5%); ruin: Clopper-Pearson (n = sessions)';

/** What values each risk figure can take: a session's result in money any real number, the risk of ruin a share. */
export const RISK_RANGE: Record<(typeof RISK_KINDS)[number], Range> = {
  session_q05: ANY_REAL,
  session_q50: ANY_REAL,
  session_q95: ANY_REAL,
  session_cvar05: ANY_REAL,
  ruin: SHARE,
};

/** The risk figures' columns in a money study's column dictionary. */
export const RISK_COLUMNS: Record<string, ColumnDoc> = Object.fromEntries(
  RISK_KINDS.map((k) => [k, { meaning: RISK_MEANING[k], range: RISK_RANGE[k] }]),
);

/** The risk kinds a run reports: ruin only with a bankroll. */
export const riskKinds = (risk: RiskParams): string[] => RISK_KINDS.filter((k) => k !== 'ruin' || risk.bankroll !== undefined);

/** The risk figures of the sessions kept under `key`, in money, in riskKinds order. */
export function riskFigures(t: Tally, key: string, money: Money, risk: RiskParams): [kind: string, figure: Figure][] {
  const r = sessionRisk(t.sessions?.[key] ?? newSessions(risk.session), money.scale, risk.bankroll ?? Infinity);
  const all: [string, Figure][] = [
    ['session_q05', r.q05],
    ['session_q50', r.q50],
    ['session_q95', r.q95],
    ['session_cvar05', r.cvar05],
    ['ruin', r.ruin],
  ];
  return risk.bankroll === undefined ? all.slice(0, 4) : all;
}

/** A money study's table with the risk of a night: one column and its interval per risk figure. */
export const riskColumns = (risk: RiskParams): string[] => riskKinds(risk).flatMap((k) => meanColumns(k));

/** What a money study was asked of the risk of a night, and how its results become money. */
export interface StudyRisk {
  risk: RiskParams;
  money: Money;
}

/** A money study's risk from its parameters (params.risk, set by --session), or undefined;
 * `query` says how `game`'s results become money (moneyOf), asked only when risk is. */
export function studyRisk(game: string, query: () => RiskQuery, rules: object, params: ExperimentParams): StudyRisk | undefined {
  const risk = params.risk as RiskParams | undefined;
  return risk && { risk, money: moneyOf(game, query(), rules as Record<string, unknown>, risk) };
}

/** Game `index`'s `result` (the game's own, before it becomes money) into the nights kept under `key`. */
export function addNight(t: Tally, key: string, r: StudyRisk | undefined, index: number, result: number): void {
  if (r) addSession(t, key, r.risk.session, index, r.money.sign * result);
}

/** A money study's risk columns (riskColumns), none when it was not asked for. */
export const nightColumns = (r: StudyRisk | undefined): string[] => (r ? riskColumns(r.risk) : []);

/** The figures of the nights kept under `key` for a row's riskColumns, none when not asked for. */
export const nightCells = (t: Tally, key: string, r: StudyRisk | undefined): Figure[] =>
  r ? riskFigures(t, key, r.money, r.risk).map(([, f]) => f) : [];
