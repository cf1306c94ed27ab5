import { resolveRules } from '../src/core/rules.js';
import { parseSpec } from '../src/core/strategy.js';
import { Arm } from '../src/experiment/arm.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import { mean, meanColumns, rate, rateColumns, ratioWithInterval } from '../src/experiment/columns.js';
import { addMean, addRate, type Tally } from '../src/stats/tally.js';
import { american, type AmericanState } from '../src/games/mahjong/american/game.js';
import { americanSchema, cardProvenance, type AmericanRules } from '../src/games/mahjong/american/rules.js';
import { americanStrategies } from '../strategies/american/index.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';

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
    'american-charleston': ['charleston', 'wall_game_rate', 'win_rate', 'tiles_away_after_charleston', 'east_edge_per_hand', 'wall_game_diff_vs_standard', 'tiles_away_diff_vs_standard'],
  },
  columns: {
    charleston: 'the Charleston rules of the row (standard, or what is turned off or always on)',
    wall_game_rate: 'share of hands with no Mah Jongg (0-1)',
    tiles_away_after_charleston: 'tiles a seat is from its nearest card line when the Charleston ends (mean over seat-hands)',
    east_win_rate: 'share of hands East (the dealer) won (0-1)',
    other_seat_win_rate: 'share of hands each other seat won, on average (0-1)',
    east_edge_per_hand: 'East\'s net points per hand it dealt',
    second_charleston_rate: 'share of hands that played the second Charleston (0-1)',
    blind_tiles_per_hand: 'tiles passed blind per hand, all seats (count)',
    courtesy_tiles_per_hand: 'tiles swapped in the courtesy pass per hand, all seats (count)',
    wall_game_diff_vs_standard: 'paired difference in wall-game rate against the standard rules on the same walls',
    win_rate_diff_vs_standard: 'paired difference in win rate against the standard rules',
    tiles_away_diff_vs_standard: 'paired difference in tiles away after the Charleston against the standard rules',
    discards_diff_vs_standard: 'paired difference in discards per hand against the standard rules',
    east_edge_diff_vs_standard: 'paired difference in East\'s edge per hand against the standard rules',
  },
  doc: 'American: second Charleston, courtesy pass and blind passing on or off, four line-chasers: wall-game rate, win rate, tiles away after the Charleston, hand length, East\'s edge, each with its paired difference against the standard rules on the same walls',
  charts: [{
    name: 'american-charleston',
    caption: 'Share of hands ending in a wall game under each Charleston variant, with 95% intervals.',
    spec: (tables) => intervalChart({
      title: 'American: wall games by Charleston variant',
      rows: rowsOf(tableNamed(tables, 'american-charleston')),
      category: 'charleston', categoryTitle: 'Charleston', value: 'wall_game_rate', axis: 'wall-game rate (share of hands)',
    }),
  }],
  defaultGames: 2000,
  build(params) {
    const base = (params.rules as Record<string, unknown>) ?? {};
    const rulesOf = VARIANTS.map((v) => resolveRules<AmericanRules>(americanSchema, [
      { where: 'american-charleston', values: { handsPerSession: HANDS } },
      { where: 'american-charleston --rules/--set/--card', values: base },
      { where: `american-charleston variant ${v.name}`, values: v.set },
    ]));
    const spec = parseSpec('line-chaser', americanStrategies, 'american', rulesOf[0]!);
    const arms = rulesOf.map((r) => new Arm(american, r, [spec, spec, spec, spec], americanStrategies));
    const keys = ['wall', 'win', 'away', 'length', 'dealerNet'];
    return {
      name: 'american-charleston',
      games: params.games ?? 2000,
      chunk: 50,
      cells: VARIANTS.map((v) => v.name),
      provenance: { card: cardProvenance(rulesOf[0]!), variants: VARIANTS.map((v, i) => ({ name: v.name, rules: rulesOf[i] })), strategy: spec.text, handsPerGame: HANDS },
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
        addMean(tally, 'seatHands', SEATS * st.hands);
        addMean(tally, 'away', st.awayAfterCharleston);
        addMean(tally, 'awaySeatHands', st.awayAfterCharleston * SEATS * st.hands);
        addMean(tally, 'turns', st.turns);
        addMean(tally, 'turnsHands', st.turns * st.hands);
        addMean(tally, 'dealerNet', st.dealerNet);
        addMean(tally, 'dealerNetHands', st.dealerNet * st.hands);
        addMean(tally, 'blind', st.blindTiles);
        addMean(tally, 'blindHands', st.blindTiles * st.hands);
        addMean(tally, 'courtesy', st.courtesyTiles);
        addMean(tally, 'courtesyHands', st.courtesyTiles * st.hands);
        // The same walls under the standard rules.
        const b = cell === 0 ? f : figures(arms[0]!.play(seed, 0, index));
        for (const k of keys) addMean(tally, `diff.${k}`, f[k]! - b[k]!);
      },
      tables(tallies: Tally[]) {
        const rows = tallies.map((t, cell) => [
          VARIANTS[cell]!.name, t.means.hands?.n ?? 0, t.rates.wall?.n ?? 0,
          ...rate(t, 'wall'), ...rate(t, 'win'),
          ...ratioWithInterval(t, 'away', 'seatHands', 'awaySeatHands'),
          ...ratioWithInterval(t, 'turns', 'hands', 'turnsHands'),
          ...rate(t, 'eastWin'), ...rate(t, 'otherWin'),
          ...ratioWithInterval(t, 'dealerNet', 'hands', 'dealerNetHands'),
          ...rate(t, 'second'),
          ...ratioWithInterval(t, 'blind', 'hands', 'blindHands'),
          ...ratioWithInterval(t, 'courtesy', 'hands', 'courtesyHands'),
          ...keys.flatMap((k) => mean(t, `diff.${k}`)),
        ]);
        return [{
          name: 'american-charleston',
          columns: [
            'charleston', 'games', 'hands', ...rateColumns('wall_game_rate'), ...rateColumns('win_rate'),
            ...meanColumns('tiles_away_after_charleston'), ...meanColumns('discards_per_hand'),
            ...rateColumns('east_win_rate'), ...rateColumns('other_seat_win_rate'), ...meanColumns('east_edge_per_hand'),
            ...rateColumns('second_charleston_rate'), ...meanColumns('blind_tiles_per_hand'), ...meanColumns('courtesy_tiles_per_hand'),
            ...meanColumns('wall_game_diff_vs_standard'), ...meanColumns('win_rate_diff_vs_standard'),
            ...meanColumns('tiles_away_diff_vs_standard'), ...meanColumns('discards_diff_vs_standard'), ...meanColumns('east_edge_diff_vs_standard'),
          ],
          rows,
        }];
      },
      summary([t]) {
        const c = (name: string) => t!.columns.indexOf(name);
        const f = (x: unknown, d: number) => (x as number).toFixed(d);
        const ci = (r: (string | number)[], key: string, d: number) => `${f(r[c(key)], d)} [${f(r[c(`${key}_ci_low`)], d)}, ${f(r[c(`${key}_ci_high`)], d)}]`;
        return t!.rows.map((r) => r[0] === 'standard'
          ? `standard: wall games ${ci(r, 'wall_game_rate', 3)} of hands, tiles away after the Charleston ${ci(r, 'tiles_away_after_charleston', 2)}, East wins ${f(r[c('east_win_rate')], 3)} vs ${f(r[c('other_seat_win_rate')], 3)} for each other seat`
          : `${r[0]}: wall games ${f(r[c('wall_game_rate')], 3)}, ${ci(r, 'wall_game_diff_vs_standard', 3)} vs standard; tiles away after the Charleston ${ci(r, 'tiles_away_diff_vs_standard', 2)} vs standard`);
      },
    };
  },
};
