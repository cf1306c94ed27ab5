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
  type Figure,
} from '../src/experiment/columns.js';
import { addMean, addRate, addRatio } from '../src/stats/tally.js';
import { POINTS_AT_A_VALUE, addNight, nightCells, nightColumns, RISK_COLUMNS, studyRisk } from '../src/experiment/risk.js';
import { chineseAmerican } from '../src/games/mahjong/chinese-american/game.js';
import { EXTRAS, ROWS } from '../src/games/mahjong/chinese-american/hands.js';
import { chineseAmericanSchema, type ChineseAmericanRules } from '../src/games/mahjong/chinese-american/rules.js';
import { chineseAmericanStrategies } from '../strategies/chinese-american/index.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL, NON_NEGATIVE, SHARE } from '../src/experiment/ranges.js';

/** Each line-up's strategy; the first, efficiency, is the baseline of every paired difference. */
const STRATEGIES = ['efficiency', 'tsumogiri', 'pong-hunter', 'flush-seeker', 'special-seeker', 'defensive'];
const SEATS = 4;
const SPECIAL = ROWS.map((r, i) => ({ r, i })).filter(({ r }) => r.id !== 'H1');

/**
 * `chinese-american-hands`: how often does each winning hand happen, what is it worth, does
 * chasing special hands pay, and what is the deal worth? A game is one round of the table
 * (each seat deals once, with the dealer keeping the deal on a win or a draw). Each cell is a
 * strategy S, played three ways on the same walls: four S seats (the hands S makes: rows,
 * extras, payments, draws, hand length, dealer's edge), S against three efficiency seats, and
 * four efficiency seats, the focal seat rotated by the game index (duplicate), so S's paired
 * difference against efficiency is the focal seat's net in the second arm less its net in the
 * third.
 */
export const chineseAmericanHands: ExperimentDef = {
  name: 'chinese-american-hands',
  question: 'Chinese-American: which special hands come up, what are they worth, and does chasing them pay?',
  keyColumns: {
    'chinese-american-hands': [
      'strategy',
      'hands',
      'win_rate',
      'draw_rate',
      'paid_per_win',
      'dealer_net_per_hand',
      'focal_diff_vs_efficiency_per_game',
    ],
    'chinese-american-special-rows': [],
  },
  columns: {
    // With --session N --point-value V: nights of N games of the strategy's one seat against efficiency, in money.
    ...RISK_COLUMNS,
    strategy: 'the strategy at all four seats (first table), or the line-up the row counts (second)',
    draw_rate: { meaning: 'share of hands that ended in a draw (0-1)', range: SHARE },
    paid_per_win: { meaning: 'points a winner received per win', range: NON_NEGATIVE },
    dealer_net_per_hand: { meaning: "the dealer's net points per hand it dealt (the dealer's edge)", range: ANY_REAL },
    focal_net_per_game_vs_efficiency_field: {
      meaning: 'net points per game of one seat playing the strategy against three efficiency seats',
      range: ANY_REAL,
    },
    focal_diff_vs_efficiency_per_game: {
      meaning: "that seat's paired difference against efficiency in the same seat on the same deals",
      range: ANY_REAL,
    },
    row: "the special hand's row id (H2-H21)",
    name: "the row's name",
    start: "the row's start value (points)",
    wins: 'wins with that row (count)',
    per_10000_hands: { meaning: 'wins with that row per 10,000 hands', range: NON_NEGATIVE },
  },
  doc: "Chinese-American: each row H1-H21 and each extra per hand, payments by seat and dealer, draws, hand length, dealer's edge, per strategy line-up, and each strategy's paired difference against efficiency",
  charts: [
    {
      name: 'chinese-american-hands',
      caption: "Each strategy's win rate with its 95% interval, four of it at the table.",
      spec: (tables) =>
        intervalChart({
          title: 'Chinese-American: win rate by strategy',
          rows: rowsOf(tableNamed(tables, 'chinese-american-hands')),
          category: 'strategy',
          value: 'win_rate',
          axis: 'win rate (share of hands)',
        }),
    },
    {
      name: 'chinese-american-special-rows',
      caption: 'How often each scoring row is won, per 10,000 hands with 95% intervals, a panel per strategy line-up.',
      spec: (tables) =>
        intervalChart({
          title: 'Chinese-American: winning rows per 10,000 hands',
          rows: rowsOf(tableNamed(tables, 'chinese-american-special-rows')).map((r) => ({ ...r, label: `${r.row} ${r.name}` })),
          category: 'label',
          categoryTitle: 'row',
          value: 'per_10000_hands',
          axis: 'wins per 10,000 hands',
          row: 'strategy',
        }),
    },
  ],
  defaultGames: 3000,
  risk: {},
  build(params) {
    const base = (params.rules as Record<string, unknown>) ?? {};
    const rules = resolveRules<ChineseAmericanRules>(chineseAmericanSchema, [
      { where: 'chinese-american-hands', values: { gameLengthDealerships: SEATS } },
      { where: 'chinese-american-hands --rules/--set', values: base },
    ]);
    const spec = (text: string) => parseSpec(text, chineseAmericanStrategies, 'chinese-american', rules);
    const eff = spec('efficiency');
    const specs = STRATEGIES.map(spec);
    const arms = specs.map((s) => ({
      alone: new Arm(chineseAmerican, rules, [s, s, s, s], chineseAmericanStrategies),
      focal: new Arm(chineseAmerican, rules, [s, eff, eff, eff], chineseAmericanStrategies),
    }));
    const baseline = new Arm(chineseAmerican, rules, [eff, eff, eff, eff], chineseAmericanStrategies);
    const names = specs.map((s) => s.text);
    const games = params.games ?? 3000;
    const risk = studyRisk('chinese-american', () => POINTS_AT_A_VALUE, rules, params);
    return {
      name: 'chinese-american-hands',
      games,
      chunk: 100,
      cells: names,
      provenance: { rules, strategies: names, field: eff.text },
      runGame(cell, index, seed, tally) {
        const rotation = index % SEATS;
        // Four of the strategy: what its hands are and are worth.
        const s = arms[cell]!.alone.play(seed, 0, index, rotation);
        const st = s.stats;
        addRate(tally, 'win', st.handsWon, st.hands);
        addRate(tally, 'draw', st.exhaustive, st.hands);
        addRate(tally, 'selfDraw', sum(st.selfDraws), sum(st.wins));
        ROWS.forEach((r, i) => addRate(tally, `row.${r.key}`, st.rows[i]!, st.hands));
        EXTRAS.forEach((e, i) => addRate(tally, `extra.${e.key}`, st.extras[i]!, st.hands));
        addMean(tally, 'hands', st.hands);
        addRatio(tally, 'turns', st.turns, st.hands);
        addRatio(tally, 'dealerNet', st.dealerNet, st.hands);
        addRatio(tally, 'paid', sum(st.winPoints), sum(st.wins));
        for (let y = 0; y < SEATS; y++) addRatio(tally, `seat${y}`, s.net[y]!, st.hands);
        // The strategy in one seat against efficiency, and efficiency in that seat.
        const focal = arms[cell]!.focal.play(seed, 1, index, rotation).net[rotation]!;
        addMean(tally, 'focal', focal);
        addNight(tally, 'focal', risk, index, focal);
        if (cell === 0) return; // efficiency against itself
        const ref = baseline.play(seed, 1, index, rotation).net[rotation]!;
        addMean(tally, 'diff', focal - ref);
      },
      tables(tallies) {
        // The strategies' differences against efficiency are one family: the answer flags them.
        const diffs = tallies.map((t, cell): Figure | '' => (cell === 0 ? '' : diff(t, 'diff')));
        family(diffs.filter((d) => d !== ''));
        const summaryRows = tallies.map((t, cell) => [
          names[cell]!,
          t.means.hands?.n ?? 0,
          t.rates.draw?.n ?? 0,
          rate(t, 'win'),
          rate(t, 'draw'),
          rate(t, 'selfDraw'),
          ratio(t, 'paid'),
          ratio(t, 'turns'),
          ratio(t, 'dealerNet'),
          ...Array.from({ length: SEATS }, (_, y) => ratio(t, `seat${y}`)),
          mean(t, 'focal'),
          diffs[cell]!,
          ...ROWS.map((r) => rate(t, `row.${r.key}`)),
          ...EXTRAS.map((e) => rate(t, `extra.${e.key}`)),
          ...nightCells(t, 'focal', risk),
        ]);
        const special = tallies.flatMap((t, cell) =>
          SPECIAL.map(({ r }) => {
            const x = t.rates[`row.${r.key}`];
            return [names[cell]!, r.id, r.name, r.start, x?.k ?? 0, x?.n ?? 0, scaled(rate(t, `row.${r.key}`), 1e4)];
          }),
        );
        return [
          figureTable(
            'chinese-american-hands',
            [
              'strategy',
              'games',
              'hands',
              ...rateColumns('win_rate'),
              ...rateColumns('draw_rate'),
              ...rateColumns('self_draw_share'),
              ...meanColumns('paid_per_win'),
              ...meanColumns('discards_per_hand'),
              ...meanColumns('dealer_net_per_hand'),
              ...Array.from({ length: SEATS }, (_, y) => meanColumns(`seat${y}_net_per_hand`)).flat(),
              ...meanColumns('focal_net_per_game_vs_efficiency_field'),
              ...diffColumns('focal_diff_vs_efficiency_per_game'),
              ...ROWS.flatMap((r) => rateColumns(`row_${r.key}_per_hand`)),
              ...EXTRAS.flatMap((e) => rateColumns(`extra_${e.key}_per_hand`)),
              ...nightColumns(risk),
            ],
            summaryRows,
            chineseAmericanHands.columns,
          ),
          figureTable(
            'chinese-american-special-rows',
            ['strategy', 'row', 'name', 'start', 'wins', 'hands', ...rateColumns('per_10000_hands')],
            special,
            chineseAmericanHands.columns,
          ),
        ];
      },
      summary([t]) {
        const c = (name: string) => t!.columns.indexOf(name);
        const f = (x: unknown, d = 2) => (x as number).toFixed(d);
        const tests = t!.rows.length - 1;
        return t!.rows.map((r, i) => {
          const d = figureIn(t!, r, 'focal_diff_vs_efficiency_per_game');
          const against =
            i === 0
              ? ''
              : `; one seat of it against three efficiency seats, net per game minus efficiency's in that seat ${quote(d)}, ${flagWords(d, games, tests)}`;
          // A table that draws most hands pays absurd-looking wins, rightly: a draw keeps the
          // dealer, and each retain adds its bonus to the dealer's next win or loss, so a win
          // after hundreds of draws pays hundreds of points. The line says so.
          const why =
            (r[c('draw_rate')] as number) >= 0.5
              ? `; its table draws most hands (${Math.round((r[c('hands')] as number) / (r[c('games')] as number))} a game), and each draw keeps the dealer and adds a retain bonus to the win that ends the run: hence its large wins`
              : '';
          return `${r[c('strategy')]}: win ${f(r[c('win_rate')], 3)}, draw ${f(r[c('draw_rate')], 3)}, paid per win ${quote(figureIn(t!, r, 'paid_per_win'), 2, 'games')}, dealer's edge per hand ${quote(figureIn(t!, r, 'dealer_net_per_hand'), 2, 'games')}${why}${against}`;
        });
      },
    };
  },
};

function sum(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]!;
  return s;
}
