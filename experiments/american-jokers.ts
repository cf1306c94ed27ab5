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
} from '../src/experiment/columns.js';
import { addMean, addRate, addRatio, type Tally } from '../src/stats/tally.js';
import { american, type AmericanState } from '../src/games/mahjong/american/game.js';
import { americanSchema, cardProvenance, type AmericanRules } from '../src/games/mahjong/american/rules.js';
import { JOKER_ROWS } from '../src/games/mahjong/american/payments.js';
import { americanStrategies } from '../strategies/american/index.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL, SHARE } from '../src/experiment/ranges.js';

const SEATS = 4;
const HANDS = 4;

/** The focal seat's wins and the whole table's jokerless wins and exchanges, under `key`. */
function tableFigures(tally: Tally, key: string, s: AmericanState, seat: number): void {
  const st = s.stats;
  const wins = st.totalWins();
  let jokerless = 0;
  for (let l = 0; l < st.lineJokerless.length; l++) jokerless += st.lineJokerless[l]!;
  addRate(tally, `${key}Win`, st.wins[seat]!, st.hands);
  addRate(tally, `${key}Jokerless`, jokerless, wins);
  addRatio(tally, `${key}Exchanges`, st.exchanges, st.hands);
}

/**
 * `american-jokers`: what is a joker worth? Four line-chasers play sessions of four hands;
 * each seat-hand is filed under the jokers it was dealt (0 to 4, 4 meaning four or more): its
 * win rate and its net. Joker exchange: the same walls are played again with one seat (rotated
 * by the game index) that never exchanges; its net less that seat's net in the first play is
 * the paired value of the exchange policy.
 */
export const americanJokers: ExperimentDef = {
  name: 'american-jokers',
  question: 'American: what is a dealt joker worth, and what is joker exchange worth?',
  keyColumns: {
    'american-jokers': ['jokers_dealt', 'seat_hands', 'win_rate', 'net_per_hand'],
    'american-joker-exchange': ['policy', 'win_rate', 'net_per_hand', 'net_diff_vs_exchange_per_hand'],
  },
  columns: {
    jokers_dealt: "jokers in the seat's dealt tiles (the last row: that many or more)",
    seat_hands: 'seat-hands dealt that many jokers (count)',
    win_rate: { meaning: "share of the row's seat-hands won (0-1)", range: SHARE },
    net_per_hand: { meaning: 'net points per seat-hand of the row', range: ANY_REAL },
    policy: "the focal seat's joker-exchange policy (the other three always exchange)",
    net_diff_vs_exchange_per_hand: { meaning: 'paired difference in net points per hand against exchanging, same walls', range: ANY_REAL },
    table_jokerless_win_share: "share of the whole table's wins holding no joker (0-1)",
    table_exchanges_per_hand: 'joker exchanges per hand at the whole table (count)',
  },
  doc: 'American: win rate and net per seat-hand by jokers dealt (four line-chasers), jokerless share and exchanges per hand, and the paired value of joker exchange (one seat that never exchanges, same walls)',
  charts: [
    {
      name: 'american-jokers',
      caption: "A seat's win rate by the number of jokers it was dealt, with 95% intervals.",
      spec: (tables) =>
        intervalChart({
          title: 'American: win rate by jokers dealt',
          rows: rowsOf(tableNamed(tables, 'american-jokers')),
          category: 'jokers_dealt',
          categoryTitle: 'jokers dealt',
          value: 'win_rate',
          axis: 'win rate (share of hands)',
        }),
    },
    {
      name: 'american-joker-exchange',
      caption: 'Net points per hand with and without joker exchange, with 95% intervals.',
      spec: (tables) =>
        intervalChart({
          title: 'American: net per hand with and without joker exchange',
          rows: rowsOf(tableNamed(tables, 'american-joker-exchange')),
          category: 'policy',
          value: 'net_per_hand',
          axis: 'net per hand (points)',
          reference: 0,
        }),
    },
  ],
  defaultGames: 2000,
  build(params) {
    const base = (params.rules as Record<string, unknown>) ?? {};
    const rules = resolveRules<AmericanRules>(americanSchema, [
      { where: 'american-jokers', values: { handsPerSession: HANDS } },
      { where: 'american-jokers --rules/--set/--card', values: base },
    ]);
    const on = parseSpec('line-chaser', americanStrategies, 'american', rules);
    const off = parseSpec('line-chaser(x=0)', americanStrategies, 'american', rules);
    const field = new Arm(american, rules, [on, on, on, on], americanStrategies);
    const focal = new Arm(american, rules, [off, on, on, on], americanStrategies);
    const games = params.games ?? 2000;
    return {
      name: 'american-jokers',
      games,
      chunk: 50,
      cells: ['line-chaser x4'],
      provenance: { card: cardProvenance(rules), rules, exchange: on.text, noExchange: off.text, handsPerGame: HANDS },
      runGame(_cell, index, seed, tally) {
        const rotation = index % SEATS;
        const s = field.play(seed, 0, index, rotation);
        const st = s.stats;
        for (let j = 0; j <= JOKER_ROWS; j++) {
          addRate(tally, `win.${j}`, st.jokerWins[j]!, st.jokerSeats[j]!);
          addRatio(tally, `net.${j}`, st.jokerNet[j]!, st.jokerSeats[j]!);
        }
        const seat = rotation; // strategy 0 sits at seat (0 + rotation) mod 4
        const onNet = field.returns[0]!;
        tableFigures(tally, 'on', s, seat);
        const t = focal.play(seed, 0, index, rotation);
        tableFigures(tally, 'off', t, seat);
        addMean(tally, 'on', onNet / HANDS);
        addMean(tally, 'off', focal.returns[0]! / HANDS);
        addMean(tally, 'diff', (focal.returns[0]! - onNet) / HANDS);
      },
      tables([t]: Tally[]) {
        const byJokers = Array.from({ length: JOKER_ROWS + 1 }, (_, j) => [
          j === JOKER_ROWS ? `${j}+` : String(j),
          t!.rates[`win.${j}`]?.n ?? 0,
          rate(t!, `win.${j}`),
          ratio(t!, `net.${j}`),
        ]);
        // The one difference the answer flags is a family of its own.
        const never = diff(t!, 'diff');
        family([never]);
        const arm = (name: string, key: 'on' | 'off', d: ReturnType<typeof diff> | '') => [
          name,
          t!.rates[`${key}Win`]?.n ?? 0,
          rate(t!, `${key}Win`),
          mean(t!, key),
          d,
          rate(t!, `${key}Jokerless`).value,
          ratio(t!, `${key}Exchanges`).value,
        ];
        return [
          figureTable(
            'american-jokers',
            ['jokers_dealt', 'seat_hands', ...rateColumns('win_rate'), ...meanColumns('net_per_hand')],
            byJokers,
            americanJokers.columns,
          ),
          figureTable(
            'american-joker-exchange',
            [
              'policy',
              'hands',
              ...rateColumns('win_rate'),
              ...meanColumns('net_per_hand'),
              ...diffColumns('net_diff_vs_exchange_per_hand'),
              'table_jokerless_win_share',
              'table_exchanges_per_hand',
            ],
            [arm('exchange (line-chaser)', 'on', ''), arm('never exchange (line-chaser x=0)', 'off', never)],
            americanJokers.columns,
          ),
        ];
      },
      summary([j, x]) {
        const [on, off] = x!.rows as [(string | number)[], (string | number)[]];
        const never = figureIn(x!, off, 'net_diff_vs_exchange_per_hand');
        const share = (name: string, d: number) => (on[x!.columns.indexOf(name)] as number).toFixed(d);
        return [
          ...j!.rows.map(
            (r) =>
              `${r[0]} joker${r[0] === '1' ? '' : 's'} dealt: win rate ${quote(figureIn(j!, r, 'win_rate'), 3, 'seat-hands')}, net per hand ${quote(figureIn(j!, r, 'net_per_hand'), 1, 'games')}`,
          ),
          `never exchanging a joker: net per hand ${quote(never)} against exchanging, on the same walls, ${flagWords(never, games, 1, 'sessions')} (a table of exchangers makes ${share('table_exchanges_per_hand', 2)} exchanges per hand; ${share('table_jokerless_win_share', 3)} of its wins hold no joker)`,
        ];
      },
    };
  },
};
