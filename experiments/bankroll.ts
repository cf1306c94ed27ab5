import { resolveRules } from '../src/core/rules.js';
import { parseSpec } from '../src/core/strategy.js';
import { Arm } from '../src/experiment/arm.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import { figureIn, figureTable, mean, meanColumns, quote, rateColumns } from '../src/experiment/columns.js';
import { CHIPS_WON, moneyOf, RISK_COLUMNS, riskColumns, riskFigures, type RiskParams } from '../src/experiment/risk.js';
import { bankrollNeed, RUIN_LIMIT } from '../src/stats/risk.js';
import { newSessions } from '../src/stats/sessions.js';
import { addMean, addSession } from '../src/stats/tally.js';
import { wolnamppong } from '../src/games/hwatu/wolnamppong/game.js';
import { wolnamSchema } from '../src/games/hwatu/wolnamppong/rules.js';
import { wolnamppongStrategies } from '../strategies/wolnamppong/index.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { FIELDS, FOCAL } from './wolnamppong-strategies.js';
import { ANY_REAL, NON_NEGATIVE, SHARE } from '../src/experiment/ranges.js';

/** A night at the table when --session is not given: 5 games of 20 deal cycles each. */
const NIGHT = 5;

/** The table: the tight field of wolnamppong-strategies at every other seat. */
const FIELD = FIELDS[1]!;

/**
 * `bankroll`: each Wolnamppong strategy in one seat, rotated through the table on the same
 * deals, against a tight field; a night is --session N consecutive games (sessions of 20
 * cycles). Per strategy, the bankroll that keeps the risk of ruin in a night at most 1%: the
 * 99% quantile of how far a night falls below its start.
 */
export const bankrollStudy: ExperimentDef = {
  name: 'bankroll',
  question: `Wolnamppong: how large a bankroll does a night at this table need, with this strategy, to keep the risk of ruin under ${RUIN_LIMIT * 100}%?`,
  keyColumns: { bankroll: ['strategy', 'bankroll_needed', 'ruin_above_needed', 'session_q05', 'session_cvar05'] },
  columns: {
    strategy: `the strategy in one seat, rotated through the table; every other seat plays ${FIELD}`,
    nights: "nights played: sessions of --session N consecutive games (the figures' observations)",
    night_games: "games in a night (--session N; each game is the rules' 20 deal cycles)",
    net_per_game: { meaning: "the strategy's mean net chips per game (higher is better): what the risk buys", range: ANY_REAL },
    bankroll_needed: {
      meaning: `the bankroll (chips) a night needs for a risk of ruin of at most ${RUIN_LIMIT * 100}%: the 99% quantile of how far a night's running total falls below its start, with its order-statistic interval; its n is the nights in the top 1%`,
      range: NON_NEGATIVE,
    },
    ruin_above_needed: {
      meaning:
        'the share of nights that fall further than bankroll_needed, which would ruin a bankroll just above it (Clopper-Pearson interval)',
      range: SHARE,
    },
    ...RISK_COLUMNS,
  },
  doc: "Wolnamppong: the bankroll a night needs with each strategy for a risk of ruin of at most 1%, with the night's result quantiles and CVaR",
  charts: [
    {
      name: 'bankroll',
      caption: `The bankroll a night needs with each strategy for a risk of ruin of at most ${RUIN_LIMIT * 100}% (the 99% quantile of a night's fall), with its 95% interval.`,
      spec: (tables) =>
        intervalChart({
          title: `Bankroll a night needs for a risk of ruin of at most ${RUIN_LIMIT * 100}%`,
          rows: rowsOf(tableNamed(tables, 'bankroll')),
          category: 'strategy',
          value: 'bankroll_needed',
          axis: 'bankroll needed (chips)',
        }),
    },
  ],
  defaultGames: 20000,
  risk: { night: NIGHT },
  build(params) {
    const rules = resolveRules(wolnamSchema, [{ where: 'bankroll', values: (params.rules as Record<string, unknown>) ?? {} }]);
    const n = rules.players;
    const parse = (s: string) => parseSpec(s, wolnamppongStrategies, 'wolnamppong', rules);
    const arms = FOCAL.map(
      (focal) => new Arm(wolnamppong, rules, [parse(focal), ...Array.from({ length: n - 1 }, () => parse(FIELD))], wolnamppongStrategies),
    );
    const risk = (params.risk as RiskParams | undefined) ?? { session: NIGHT };
    const money = moneyOf('wolnamppong', CHIPS_WON, rules as unknown as Record<string, unknown>, risk);
    const games = params.games ?? 20000;
    return {
      name: 'bankroll',
      games,
      chunk: 400,
      cells: [`field=${FIELD}`],
      provenance: { rules, focal: FOCAL.map((s) => parse(s).text), field: parse(FIELD).text, players: n, risk },
      runGame(cell, index, seed, tally) {
        arms.forEach((arm, k) => {
          arm.play(seed, cell, index, index % n);
          addMean(tally, `net.${k}`, arm.returns[0]!);
          addSession(tally, `net.${k}`, risk.session, index, money.sign * arm.returns[0]!);
        });
      },
      tables([t]) {
        const rows = FOCAL.map((focal, k) => {
          const s = t!.sessions?.[`net.${k}`] ?? newSessions(risk.session);
          const need = bankrollNeed(s, money.scale);
          return [
            parse(focal).text,
            need.ruinAbove.n,
            risk.session,
            mean(t!, `net.${k}`),
            need.needed,
            need.ruinAbove,
            ...riskFigures(t!, `net.${k}`, money, risk).map(([, f]) => f),
          ];
        });
        return [
          figureTable(
            'bankroll',
            [
              'strategy',
              'nights',
              'night_games',
              ...meanColumns('net_per_game'),
              ...meanColumns('bankroll_needed'),
              ...rateColumns('ruin_above_needed'),
              ...riskColumns(risk),
            ],
            rows,
            bankrollStudy.columns,
          ),
        ];
      },
      summary([t]) {
        const c = (name: string) => t!.columns.indexOf(name);
        const nights = t!.rows[0]?.[c('nights')];
        const lines = [
          `a night: ${risk.session} games of ${rules.cycles} deal cycles at a table of ${n}, every other seat ${parse(FIELD).text}; ${nights} nights per strategy`,
        ];
        if (nights === 0)
          return [...lines, `no night was completed: give --games at least ${risk.session} (thousands of nights for a 1% figure)`];
        for (const r of t!.rows) {
          const need = figureIn(t!, r, 'bankroll_needed');
          const above = figureIn(t!, r, 'ruin_above_needed');
          const stated = risk.bankroll !== undefined ? `; with ${risk.bankroll} chips, ruin ${quote(figureIn(t!, r, 'ruin'), 4)}` : '';
          lines.push(
            `${r[c('strategy')]}: chips needed: more than ${quote(need, 1, 'nights in the top 1%')}; nights that fall further: ${quote(above, 4)}${stated}`,
          );
        }
        return lines;
      },
    };
  },
};
