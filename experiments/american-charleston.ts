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
  meanColumns,
  quote,
  rate,
  rateColumns,
  ratio,
  type Figure,
} from '../src/experiment/columns.js';
import { addMean, addRate, addRatio, type Tally } from '../src/stats/tally.js';
import { american, type AmericanState } from '../src/games/mahjong/american/game.js';
import { americanSchema, cardProvenance, type AmericanRules } from '../src/games/mahjong/american/rules.js';
import { americanStrategies } from '../strategies/american/index.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL, NON_NEGATIVE, SHARE, SHARE_DIFFERENCE } from '../src/experiment/ranges.js';

const SEATS = 4;
const HANDS = 4;
/** Charleston rules varied from the standard (the first, the baseline of every paired difference). */
const VARIANTS: { name: string; set: Partial<AmericanRules> }[] = [
  { name: 'standard', set: {} },
  { name: 'second-never', set: { 'charleston.second': 'never' } },
  { name: 'second-always', set: { 'charleston.second': 'always' } },
  { name: 'no-courtesy', set: { 'charleston.courtesy': false } },
  { name: 'no-blind', set: { blindPass: false } },
  { name: 'first-only', set: { 'charleston.second': 'never', 'charleston.courtesy': false, blindPass: false } },
];

/** The paired differences' columns, in `keys` order. */
const DIFF_COLUMNS = [
  'wall_game_diff_vs_standard',
  'win_rate_diff_vs_standard',
  'tiles_away_diff_vs_standard',
  'discards_diff_vs_standard',
  'east_edge_diff_vs_standard',
];

/** The per-game figures of one session (HANDS hands), for the tally and the paired differences. */
function figures(s: AmericanState): Record<string, number> {
  const st = s.stats;
  return {
    wall: st.exhaustive / st.hands,
    win: st.handsWon / st.hands,
    away: st.awayAfterCharleston / (SEATS * st.hands),
    length: st.turns / st.hands,
    dealerNet: st.dealerNet / st.hands,
  };
}

/**
 * `american-charleston`: do the second Charleston, the courtesy pass and blind passing help?
 * Each cell is a Charleston rule set played by four line-chasers for sessions of four hands
 * (each seat East once); the same walls are played under the standard rules, so every figure
 * has a paired difference against them.
 */
export const americanCharleston: ExperimentDef = {
  name: 'american-charleston',
  question: 'American: do the second Charleston, the courtesy pass and blind passing change how hands end?',
  keyColumns: {
    'american-charleston': [
      'charleston',
      'wall_game_rate',
      'win_rate',
      'tiles_away_after_charleston',
      'east_edge_per_hand',
      'wall_game_diff_vs_standard',
      'tiles_away_diff_vs_standard',
    ],
  },
  columns: {
    charleston: 'the Charleston rules of the row (standard, or what is turned off or always on)',
    wall_game_rate: { meaning: 'share of hands with no Mah Jongg (0-1)', range: SHARE },
    tiles_away_after_charleston: {
      meaning: 'tiles a seat is from its nearest card line when the Charleston ends (mean over seat-hands)',
      range: NON_NEGATIVE,
    },
    east_win_rate: { meaning: 'share of hands East (the dealer) won (0-1)', range: SHARE },
    other_seat_win_rate: { meaning: 'share of hands each other seat won, on average (0-1)', range: SHARE },
    east_edge_per_hand: { meaning: "East's net points per hand it dealt", range: ANY_REAL },
    second_charleston_rate: { meaning: 'share of hands that played the second Charleston (0-1)', range: SHARE },
    blind_tiles_per_hand: { meaning: 'tiles passed blind per hand, all seats (count)', range: NON_NEGATIVE },
    courtesy_tiles_per_hand: { meaning: 'tiles swapped in the courtesy pass per hand, all seats (count)', range: NON_NEGATIVE },
    wall_game_diff_vs_standard: {
      meaning: 'paired difference in wall-game rate against the standard rules on the same walls',
      range: SHARE_DIFFERENCE,
    },
    win_rate_diff_vs_standard: { meaning: 'paired difference in win rate against the standard rules', range: SHARE_DIFFERENCE },
    tiles_away_diff_vs_standard: {
      meaning: 'paired difference in tiles away after the Charleston against the standard rules',
      range: ANY_REAL,
    },
    discards_diff_vs_standard: { meaning: 'paired difference in discards per hand against the standard rules', range: ANY_REAL },
    east_edge_diff_vs_standard: { meaning: "paired difference in East's edge per hand against the standard rules", range: ANY_REAL },
  },
  doc: "American: second Charleston, courtesy pass and blind passing on or off, four line-chasers: wall-game rate, win rate, tiles away after the Charleston, hand length, East's edge, each with its paired difference against the standard rules on the same walls",
  charts: [
    {
      name: 'american-charleston',
      caption: 'Share of hands ending in a wall game under each Charleston variant, with 95% intervals.',
      spec: (tables) =>
        intervalChart({
          title: 'American: wall games by Charleston variant',
          rows: rowsOf(tableNamed(tables, 'american-charleston')),
          category: 'charleston',
          categoryTitle: 'Charleston',
          value: 'wall_game_rate',
          axis: 'wall-game rate (share of hands)',
        }),
    },
  ],
  defaultGames: 2000,
  build(params) {
    const base = (params.rules as Record<string, unknown>) ?? {};
    const rulesOf = VARIANTS.map((v) =>
      resolveRules<AmericanRules>(americanSchema, [
        { where: 'american-charleston', values: { handsPerSession: HANDS } },
        { where: 'american-charleston --rules/--set/--card', values: base },
        { where: `american-charleston variant ${v.name}`, values: v.set },
      ]),
    );
    const spec = parseSpec('line-chaser', americanStrategies, 'american', rulesOf[0]!);
    const arms = rulesOf.map((r) => new Arm(american, r, [spec, spec, spec, spec], americanStrategies));
    const keys = ['wall', 'win', 'away', 'length', 'dealerNet'];
    const games = params.games ?? 2000;
    return {
      name: 'american-charleston',
      games,
      chunk: 50,
      cells: VARIANTS.map((v) => v.name),
      provenance: {
        card: cardProvenance(rulesOf[0]!),
        variants: VARIANTS.map((v, i) => ({ name: v.name, rules: rulesOf[i] })),
        strategy: spec.text,
        handsPerGame: HANDS,
      },
      runGame(cell, index, seed, tally) {
        const s = arms[cell]!.play(seed, 0, index);
        const st = s.stats;
        const f = figures(s);
        const wins = st.totalWins();
        addRate(tally, 'win', st.handsWon, st.hands);
        addRate(tally, 'wall', st.exhaustive, st.hands);
        addRate(tally, 'eastWin', st.dealerWins, st.hands);
        addRate(tally, 'otherWin', wins - st.dealerWins, 3 * st.hands);
        addRate(tally, 'second', st.secondCharlestons, st.hands);
        addMean(tally, 'hands', st.hands);
        addRatio(tally, 'away', st.awayAfterCharleston, SEATS * st.hands);
        addRatio(tally, 'turns', st.turns, st.hands);
        addRatio(tally, 'dealerNet', st.dealerNet, st.hands);
        addRatio(tally, 'blind', st.blindTiles, st.hands);
        addRatio(tally, 'courtesy', st.courtesyTiles, st.hands);
        // The same walls under the standard rules.
        if (cell === 0) return;
        const b = figures(arms[0]!.play(seed, 0, index));
        for (const k of keys) addMean(tally, `diff.${k}`, f[k]! - b[k]!);
      },
      tables(tallies: Tally[]) {
        // Every difference against the standard rules is one family: the answer flags them.
        const diffs = tallies.map((t, cell) => keys.map((k): Figure | '' => (cell === 0 ? '' : diff(t, `diff.${k}`))));
        family(diffs.flat().filter((d) => d !== ''));
        const rows = tallies.map((t, cell) => [
          VARIANTS[cell]!.name,
          t.means.hands?.n ?? 0,
          t.rates.wall?.n ?? 0,
          rate(t, 'wall'),
          rate(t, 'win'),
          ratio(t, 'away'),
          ratio(t, 'turns'),
          rate(t, 'eastWin'),
          rate(t, 'otherWin'),
          ratio(t, 'dealerNet'),
          rate(t, 'second'),
          ratio(t, 'blind'),
          ratio(t, 'courtesy'),
          ...diffs[cell]!,
        ]);
        return [
          figureTable(
            'american-charleston',
            [
              'charleston',
              'games',
              'hands',
              ...rateColumns('wall_game_rate'),
              ...rateColumns('win_rate'),
              ...meanColumns('tiles_away_after_charleston'),
              ...meanColumns('discards_per_hand'),
              ...rateColumns('east_win_rate'),
              ...rateColumns('other_seat_win_rate'),
              ...meanColumns('east_edge_per_hand'),
              ...rateColumns('second_charleston_rate'),
              ...meanColumns('blind_tiles_per_hand'),
              ...meanColumns('courtesy_tiles_per_hand'),
              ...DIFF_COLUMNS.flatMap(diffColumns),
            ],
            rows,
            americanCharleston.columns,
          ),
        ];
      },
      summary([t]) {
        const c = (name: string) => t!.columns.indexOf(name);
        const f = (x: unknown, d: number) => (x as number).toFixed(d);
        const tests = DIFF_COLUMNS.length * (t!.rows.length - 1);
        const vs = (r: (string | number)[], name: string, d: number) => {
          const x = figureIn(t!, r, name);
          return `${quote(x, d)} vs standard, ${flagWords(x, games, tests, 'sessions')}`;
        };
        return t!.rows.map((r) =>
          r[0] === 'standard'
            ? `standard: wall games ${quote(figureIn(t!, r, 'wall_game_rate'), 3, 'hands')} of hands, tiles away after the Charleston ${quote(figureIn(t!, r, 'tiles_away_after_charleston'), 2, 'sessions')}, East wins ${quote(figureIn(t!, r, 'east_win_rate'), 3, 'hands')} of hands, each other seat ${quote(figureIn(t!, r, 'other_seat_win_rate'), 3, 'seat-hands')}`
            : `${r[0]}: wall games ${f(r[c('wall_game_rate')], 3)}, ${vs(r, 'wall_game_diff_vs_standard', 3)}; tiles away after the Charleston ${vs(r, 'tiles_away_diff_vs_standard', 2)}`,
        );
      },
    };
  },
};
