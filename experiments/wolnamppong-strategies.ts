import { resolveRules } from '../src/core/rules.js';
import { parseSpec } from '../src/core/strategy.js';
import { Arm } from '../src/experiment/arm.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import { mean, meanColumns, rate, rateColumns, ratioWithInterval } from '../src/experiment/columns.js';
import { addMean, addRate } from '../src/stats/tally.js';
import { wolnamppong } from '../src/games/hwatu/wolnamppong/game.js';
import { wolnamSchema } from '../src/games/hwatu/wolnamppong/rules.js';
import { wolnamppongStrategies } from '../strategies/wolnamppong/index.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';

/** The strategies compared, the first being the baseline of every paired difference. */
const FOCAL = [
  'min-bet', 'fold', 'ev-threshold(t=0,f=0.5)', 'ev-threshold(t=0.1,f=0.5)', 'ev-threshold(t=0.1,f=1)',
  'kelly(c=0.5)', 'kelly(c=1)', 'counting(t=0.1,f=0.5)', 'ado(p=0.75)',
];
/** The other players at the table: a loose field that bets every hand, and a tight one. */
const FIELDS = ['min-bet', 'ev-threshold(t=0.1,f=0.5)'];

/**
 * `wolnamppong-strategies`: one focal seat per arm against a fixed field, default rules,
 * sessions of 20 cycles. Every arm plays the same deal for a game index, with the focal
 * seat rotated through the table by the index (duplicate deals), so arms differ only in
 * the focal strategy and their paired difference against min-bet is narrow.
 */
export const wolnamppongStrategiesExperiment: ExperimentDef = {
  name: 'wolnamppong-strategies',
  question: 'Wolnamppong: which betting strategy wins, and with what risk?',
  keyColumns: {
    'wolnamppong-strategies': ['field', 'strategy', 'net_per_session', 'diff_vs_min_bet', 'p_down_10_antes', 'ado_rate'],
  },
  columns: {
    field: 'the strategy at every other seat',
    strategy: 'the focal strategy, rotated through the seats on the same deals',
    net_per_session: 'the focal seat\'s net chips per session (higher is better)',
    net_per_chip_bet: 'the focal seat\'s net chips per chip it bet',
    diff_vs_min_bet: 'paired difference in net chips per session against min-bet in the same seat on the same deals',
    p_down_10_antes: 'probability of ending a session more than 10 antes down (0-1)',
    bets_per_turn: 'bets per deal cycle (count; one turn a cycle)',
    ado_rate: 'share of bets that stake the whole pot (ado; 0-1)',
    deals_to_empty_pot: 'deal cycles from the ante that filled the pot to its emptying (count)',
  },
  doc: 'Wolnamppong strategies on the same deals against a loose and a tight field: net chips per session and per bet, risk, ado rate, pot life',
  charts: [{
    name: 'wolnamppong-strategies',
    caption: 'Net result per session of each strategy with its 95% interval, a panel per field of opponents.',
    spec: (tables) => intervalChart({
      title: 'Wolnamppong: net per session by strategy',
      rows: rowsOf(tableNamed(tables, 'wolnamppong-strategies')),
      category: 'strategy', value: 'net_per_session', axis: 'net per session (chips)', row: 'field', reference: 0,
    }),
  }],
  defaultGames: 20000,
  build(params) {
    const rules = resolveRules(wolnamSchema, [{ where: 'wolnamppong-strategies', values: (params.rules as Record<string, unknown>) ?? {} }]);
    const n = rules.players;
    const parse = (s: string) => parseSpec(s, wolnamppongStrategies, 'wolnamppong', rules);
    const arms = FIELDS.map((field) =>
      FOCAL.map((focal) => new Arm(wolnamppong, rules, [parse(focal), ...Array.from({ length: n - 1 }, () => parse(field))], wolnamppongStrategies)),
    );
    const down = -10 * rules.ante;
    return {
      name: 'wolnamppong-strategies',
      games: params.games ?? 20000,
      chunk: 400,
      cells: FIELDS.map((f) => `field=${f}`),
      provenance: { rules, focal: FOCAL.map((s) => parse(s).text), fields: FIELDS.map((s) => parse(s).text), players: n },
      runGame(cell, index, seed, tally) {
        let base = 0;
        arms[cell]!.forEach((arm, k) => {
          const s = arm.play(seed, cell, index, index % n);
          const focalSeat = index % n;
          const net = arm.returns[0]!;
          const bet = s.betChips[focalSeat]!;
          if (k === 0) base = net;
          addMean(tally, `net.${k}`, net);
          addMean(tally, `bet.${k}`, bet);
          addMean(tally, `netbet.${k}`, net * bet);
          addMean(tally, `diff.${k}`, net - base);
          addRate(tally, `down.${k}`, net < down ? 1 : 0, 1);
          addRate(tally, `ado.${k}`, s.ados[focalSeat]!, s.bets[focalSeat]!);
          addRate(tally, `betRate.${k}`, s.bets[focalSeat]!, s.r.cycles);
          addMean(tally, `deals.${k}`, s.dealsToEmpty);
          addMean(tally, `empties.${k}`, s.empties);
          addMean(tally, `dealsEmpties.${k}`, s.dealsToEmpty * s.empties);
        });
      },
      tables(tallies) {
        const rows = FIELDS.flatMap((field, cell) =>
          FOCAL.map((focal, k) => {
            const t = tallies[cell]!;
            return [
              parse(field).text, parse(focal).text, t.means[`net.${k}`]?.n ?? 0,
              ...mean(t, `net.${k}`), ...ratioWithInterval(t, `net.${k}`, `bet.${k}`, `netbet.${k}`),
              ...mean(t, `diff.${k}`), ...rate(t, `down.${k}`), ...rate(t, `betRate.${k}`), ...rate(t, `ado.${k}`),
              ...ratioWithInterval(t, `deals.${k}`, `empties.${k}`, `dealsEmpties.${k}`),
            ];
          }),
        );
        return [{
          name: 'wolnamppong-strategies',
          columns: [
            'field', 'strategy', 'sessions', ...meanColumns('net_per_session'), ...meanColumns('net_per_chip_bet'),
            ...meanColumns('diff_vs_min_bet'), ...rateColumns('p_down_10_antes'), ...rateColumns('bets_per_turn'),
            ...rateColumns('ado_rate'), ...meanColumns('deals_to_empty_pot'),
          ],
          rows,
        }];
      },
      summary([t]) {
        const c = (name: string) => t!.columns.indexOf(name);
        return FIELDS.map((field) => {
          const mine = t!.rows.filter((r) => r[c('field')] === parse(field).text);
          const best = mine.reduce((a, b) => ((b[c('net_per_session')] as number) > (a[c('net_per_session')] as number) ? b : a));
          const f = (x: unknown) => (x as number).toFixed(2);
          return `field ${parse(field).text}: best ${best[c('strategy')]} nets ${f(best[c('net_per_session')])} chips per session ` +
            `(${f(best[c('diff_vs_min_bet')])} more than min-bet, 95% CI ${f(best[c('diff_vs_min_bet_ci_low')])} to ${f(best[c('diff_vs_min_bet_ci_high')])}); ` +
            `P(down > 10 antes) ${f(best[c('p_down_10_antes')])}`;
        });
      },
    };
  },
};
