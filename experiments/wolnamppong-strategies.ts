import { resolveRules } from '../src/core/rules.js';
import { parseSpec } from '../src/core/strategy.js';
import { Arm } from '../src/experiment/arm.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import {
  diff,
  diffColumns,
  family,
  figureIn,
  figureTable,
  flagWords,
  mean,
  meanColumns,
  quote,
  rate,
  rateColumns,
  ratio,
  scaled,
  significant,
  type Figure,
} from '../src/experiment/columns.js';
import { addMean, addRate, addRatio } from '../src/stats/tally.js';
import { CHIPS_WON, addNight, nightCells, nightColumns, RISK_COLUMNS, studyRisk } from '../src/experiment/risk.js';
import { wolnamppong } from '../src/games/hwatu/wolnamppong/game.js';
import { wolnamSchema } from '../src/games/hwatu/wolnamppong/rules.js';
import { wolnamppongStrategies } from '../strategies/wolnamppong/index.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL, NON_NEGATIVE, SHARE } from '../src/experiment/ranges.js';

/** The strategies compared, the first being the baseline of every paired difference. */
export const FOCAL = [
  'min-bet',
  'fold',
  'ev-threshold(t=0,f=0.5)',
  'ev-threshold(t=0.1,f=0.5)',
  'ev-threshold(t=0.1,f=1)',
  'kelly(c=0.5)',
  'kelly(c=1)',
  'counting(t=0.1,f=0.5)',
  'ado(p=0.75)',
];
/** The other players at the table: a loose field that bets every hand, and a tight one. */
export const FIELDS = ['min-bet', 'ev-threshold(t=0.1,f=0.5)'];

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
    'wolnamppong-strategies-best': ['field', 'best', 'runner_up', 'margin_per_session'],
  },
  columns: {
    field: 'the strategy at every other seat',
    strategy: 'the focal strategy, rotated through the seats on the same deals',
    net_per_session: { meaning: "the focal seat's net chips per session (higher is better)", range: ANY_REAL },
    net_per_chip_bet: { meaning: "the focal seat's net chips per chip it bet", range: ANY_REAL },
    diff_vs_min_bet: {
      meaning: 'paired difference in net chips per session against min-bet in the same seat on the same deals',
      range: ANY_REAL,
    },
    p_down_10_antes: { meaning: 'probability of ending a session more than 10 antes down (0-1)', range: SHARE },
    bets_per_turn: { meaning: 'bets per deal cycle (count; one turn a cycle)', range: NON_NEGATIVE },
    ado_rate: { meaning: 'share of bets that stake the whole pot (ado; 0-1)', range: SHARE },
    deals_to_empty_pot: { meaning: 'deal cycles from the ante that filled the pot to its emptying (count)', range: NON_NEGATIVE },
    best: 'the strategy with the highest net per session against the field',
    runner_up: 'the strategy with the next highest',
    margin_per_session: { meaning: 'paired difference in net chips per session, best less runner-up, same deals', range: ANY_REAL },
    // With --session N: a night of N sessions (games) of the focal strategy.
    ...RISK_COLUMNS,
  },
  risk: {},
  doc: 'Wolnamppong strategies on the same deals against a loose and a tight field: net chips per session and per bet, risk, ado rate, pot life',
  charts: [
    {
      name: 'wolnamppong-strategies',
      caption: 'Net result per session of each strategy with its 95% interval, a panel per field of opponents.',
      spec: (tables) =>
        intervalChart({
          title: 'Wolnamppong: net per session by strategy',
          rows: rowsOf(tableNamed(tables, 'wolnamppong-strategies')),
          category: 'strategy',
          value: 'net_per_session',
          axis: 'net per session (chips)',
          row: 'field',
          reference: 0,
        }),
    },
  ],
  defaultGames: 20000,
  build(params) {
    const rules = resolveRules(wolnamSchema, [
      { where: 'wolnamppong-strategies', values: (params.rules as Record<string, unknown>) ?? {} },
    ]);
    const n = rules.players;
    const parse = (s: string) => parseSpec(s, wolnamppongStrategies, 'wolnamppong', rules);
    const arms = FIELDS.map((field) =>
      FOCAL.map(
        (focal) => new Arm(wolnamppong, rules, [parse(focal), ...Array.from({ length: n - 1 }, () => parse(field))], wolnamppongStrategies),
      ),
    );
    const down = -10 * rules.ante;
    const nets = new Float64Array(FOCAL.length);
    // Every two strategies a < b, with the tally key of their paired difference, built once.
    const pairs = FOCAL.flatMap((_s, a) => FOCAL.slice(a + 1).map((_t, i) => ({ a, b: a + 1 + i, key: `pair.${a}.${a + 1 + i}` })));
    const games = params.games ?? 20000;
    const risk = studyRisk('wolnamppong', () => CHIPS_WON, rules, params);
    return {
      name: 'wolnamppong-strategies',
      games,
      chunk: 400,
      cells: FIELDS.map((f) => `field=${f}`),
      provenance: {
        rules,
        focal: FOCAL.map((s) => parse(s).text),
        fields: FIELDS.map((s) => parse(s).text),
        players: n,
        ...(risk ? { risk: risk.risk } : {}),
      },
      runGame(cell, index, seed, tally) {
        arms[cell]!.forEach((arm, k) => {
          const s = arm.play(seed, cell, index, index % n);
          const focalSeat = index % n;
          const net = arm.returns[0]!;
          nets[k] = net;
          addMean(tally, `net.${k}`, net);
          addNight(tally, `net.${k}`, risk, index, net);
          addRatio(tally, `perChip.${k}`, net, s.betChips[focalSeat]!);
          addRate(tally, `down.${k}`, net < down ? 1 : 0, 1);
          addRate(tally, `ado.${k}`, s.ados[focalSeat]!, s.bets[focalSeat]!);
          addRate(tally, `betRate.${k}`, s.bets[focalSeat]!, s.r.cycles);
          addRatio(tally, `deals.${k}`, s.dealsToEmpty, s.empties);
        });
        // Every two strategies paired on the same deals: against min-bet (the table's
        // difference), and the best against the runner-up (the answer's).
        for (const { a, b, key } of pairs) addMean(tally, key, nets[a]! - nets[b]!);
      },
      tables(tallies) {
        // Every strategy against min-bet is one family; min-bet is strategy 0, so the tally holds min-bet less k.
        const diffs = FIELDS.map((_f, cell) =>
          FOCAL.map((_s, k): Figure | '' => (k === 0 ? '' : scaled(diff(tallies[cell]!, `pair.0.${k}`), -1))),
        );
        family(diffs.flat().filter((d) => d !== ''));
        const rows = FIELDS.flatMap((field, cell) =>
          FOCAL.map((focal, k) => {
            const t = tallies[cell]!;
            return [
              parse(field).text,
              parse(focal).text,
              t.means[`net.${k}`]?.n ?? 0,
              mean(t, `net.${k}`),
              ratio(t, `perChip.${k}`),
              diffs[cell]![k]!,
              rate(t, `down.${k}`),
              rate(t, `betRate.${k}`),
              rate(t, `ado.${k}`),
              ratio(t, `deals.${k}`),
              ...nightCells(t, `net.${k}`, risk),
            ];
          }),
        );
        // Per field, the best strategy and the runner-up, paired on the same deals.
        const best = FIELDS.map((field, cell) => {
          const t = tallies[cell]!;
          const order = FOCAL.map((_s, k) => k).sort((a, b) => mean(t, `net.${b}`).value - mean(t, `net.${a}`).value);
          const [b, r] = [order[0]!, order[1]!];
          return { field, b, r, margin: scaled(diff(t, `pair.${Math.min(b, r)}.${Math.max(b, r)}`), b < r ? 1 : -1) };
        });
        family(best.map((x) => x.margin));
        return [
          figureTable(
            'wolnamppong-strategies',
            [
              'field',
              'strategy',
              'sessions',
              ...meanColumns('net_per_session'),
              ...meanColumns('net_per_chip_bet'),
              ...diffColumns('diff_vs_min_bet'),
              ...rateColumns('p_down_10_antes'),
              ...rateColumns('bets_per_turn'),
              ...rateColumns('ado_rate'),
              ...meanColumns('deals_to_empty_pot'),
              ...nightColumns(risk),
            ],
            rows,
            wolnamppongStrategiesExperiment.columns,
          ),
          figureTable(
            'wolnamppong-strategies-best',
            ['field', 'best', 'runner_up', ...diffColumns('margin_per_session')],
            best.map((x) => [parse(x.field).text, parse(FOCAL[x.b]!).text, parse(FOCAL[x.r]!).text, x.margin]),
            wolnamppongStrategiesExperiment.columns,
          ),
        ];
      },
      summary([t, best]) {
        const c = (name: string) => t!.columns.indexOf(name);
        const f = (x: unknown) => (x as number).toFixed(2);
        const tests = t!.rows.filter((r) => r[c('diff_vs_min_bet')] !== '').length;
        return best!.rows.map((b) => {
          const row = t!.rows.find((r) => r[c('field')] === b[0] && r[c('strategy')] === b[1])!;
          const vsMin = figureIn(t!, row, 'diff_vs_min_bet');
          const margin = figureIn(best!, b, 'margin_per_session');
          const ahead = significant(margin)
            ? `clearly ahead of the runner-up, ${b[2]}, by ${quote(margin)}`
            : `not told apart from the runner-up, ${b[2]}: ${quote(margin)}, ${flagWords(margin, games, best!.rows.length, 'sessions')}`;
          return (
            `field ${b[0]}: best ${b[1]} nets ${f(row[c('net_per_session')])} chips per session, ${ahead}; ` +
            `${quote(vsMin)} more than min-bet, ${flagWords(vsMin, games, tests, 'sessions')}; P(down > 10 antes) ${f(row[c('p_down_10_antes')])}`
          );
        });
      },
    };
  },
};
