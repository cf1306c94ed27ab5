// Each game's house-rule table (experiment/rule-table.ts): the key figures a finished game gives,
// read from its state, the headline first. A figure a game cannot observe (no bet made) is NaN:
// that game is left out of its mean and of its paired difference.

import type { GameDef } from '../core/game.js';
import type { StrategyDef } from '../core/strategy.js';
import { ruleTableDef, seatEdge, type KeyFigure } from '../experiment/rule-table.js';
import type { ExperimentDef } from '../experiment/experiment.js';
import { wolnamppong } from '../games/hwatu/wolnamppong/game.js';
import type { WolnamState } from '../games/hwatu/wolnamppong/game.js';
import { nylonppong } from '../games/hwatu/nylonppong/game.js';
import { END_COMBO, END_EXHAUSTED, END_GO_OUT, END_STOP, END_STOP_FAILED, type NylonState } from '../games/hwatu/nylonppong/state.js';
import { SEATS, type TableState } from '../games/mahjong/table/state.js';
import { wolnamppongStrategies } from '../../strategies/wolnamppong/index.js';
import { nylonppongStrategies } from '../../strategies/nylonppong/index.js';

const sumOf = (a: ArrayLike<number>): number => {
  let x = 0;
  for (let i = 0; i < a.length; i++) x += a[i]!;
  return x;
};

export const wolnamppongRuleTable: ExperimentDef = ruleTableDef<WolnamState>({
  game: wolnamppong,
  strategies: wolnamppongStrategies,
  seat: 'ev-threshold',
  figures: [
    {
      name: 'dealer_edge',
      kind: 'net',
      meaning:
        "seat 0's chips won per game less the other seats' mean (seat 0 deals every cycle, and bets last, unless dealerRotation moves the deal; chips)",
      axis: "change in the dealer's edge (chips/game)",
    },
    {
      name: 'first_edge',
      kind: 'net',
      meaning: "seat 1's chips won per game less the other seats' mean (seat 1 bets first on the fresh pot while seat 0 deals; chips)",
      axis: "change in the first bettor's edge (chips/game)",
    },
    {
      name: 'chips_bet',
      kind: 'amount',
      meaning: 'chips bet per game, all seats together (chips)',
      axis: 'change in chips bet (chips/game)',
    },
    { name: 'bet', kind: 'share', meaning: 'share of decisions that bet (0-1)', axis: 'change in the share of decisions that bet' },
    { name: 'win', kind: 'share', meaning: 'share of bets won (0-1)', axis: 'change in the share of bets won' },
    {
      name: 'pot_emptied',
      kind: 'share',
      meaning: 'share of deal cycles that empty the pot (0-1)',
      axis: 'change in the share of cycles emptying the pot',
    },
  ],
  measure(s, returns, out) {
    const bets = sumOf(s.bets);
    out[0] = seatEdge(returns, 0);
    out[1] = seatEdge(returns, 1);
    out[2] = sumOf(s.betChips);
    out[3] = bets / s.decisions;
    out[4] = bets > 0 ? sumOf(s.wins) / bets : NaN;
    out[5] = s.empties / s.r.cycles;
  },
  chunk: 20,
  defaultGames: 20000,
});

const NYLON_ENDS: [string, number, string][] = [
  ['end_stop', END_STOP, 'a successful stop'],
  ['end_stop_failed', END_STOP_FAILED, 'a failed stop'],
  ['end_go_out', END_GO_OUT, 'a player going out'],
  ['end_combo', END_COMBO, 'a declared combination'],
  ['end_exhausted', END_EXHAUSTED, 'an empty draw pile (the draw)'],
];

export const nylonppongRuleTable: ExperimentDef = ruleTableDef<NylonState>({
  game: nylonppong,
  strategies: nylonppongStrategies,
  seat: 'basic',
  figures: [
    {
      name: 'starter_edge',
      kind: 'net',
      meaning: "the round starter's penalty per round less the others' mean (negative: starting helps; penalty points)",
      axis: "change in the starter's edge (points/round)",
    },
    { name: 'penalty_per_round', kind: 'net', meaning: 'penalty points per seat per round', axis: 'change in penalty (points/round)' },
    { name: 'round_turns', kind: 'amount', meaning: 'turns per round', axis: 'change in turns per round' },
    ...NYLON_ENDS.map(
      ([name, , what]): KeyFigure => ({
        name,
        kind: 'share',
        meaning: `share of rounds ended by ${what} (0-1)`,
        axis: `change in rounds ended by ${what.replace(/ \(the draw\)$/, '')}`,
      }),
    ),
  ],
  measure(s, _returns, out) {
    const k = s.n;
    const R = s.cfg.rounds;
    let edge = 0;
    let total = 0;
    for (let r = 0; r < R; r++) {
      let round = 0;
      for (let seat = 0; seat < k; seat++) round += s.recScore[r * k + seat]!;
      const starter = s.recScore[r * k + s.recStarter[r]!]!;
      edge += starter - (round - starter) / (k - 1);
      total += round;
    }
    out[0] = edge / R;
    out[1] = total / (R * k);
    out[2] = sumOf(s.recTurns) / R;
    NYLON_ENDS.forEach(([, end], i) => {
      let n = 0;
      for (let r = 0; r < R; r++) if (s.recEnd[r] === end) n++;
      out[3 + i] = n / R;
    });
  },
  chunk: 20,
  defaultGames: 20000,
});

/** The key figures of a mahjong ruleset's session, from the table's statistics. */
const TABLE_FIGURES: KeyFigure[] = [
  {
    name: 'dealer_edge',
    kind: 'net',
    meaning: "the dealer's net points per hand dealt (the other three share its opposite; points)",
    axis: "change in the dealer's edge (points/hand)",
  },
  {
    name: 'draw',
    kind: 'share',
    meaning: 'share of hands that end with no winner: a wall game or exhaustive draw (0-1)',
    axis: 'change in the share of drawn hands',
  },
  {
    name: 'deal_in',
    kind: 'share',
    meaning: 'share of seat-hands that discard a winning tile (0-1)',
    axis: 'change in the share of seat-hands dealing in',
  },
  { name: 'hand_turns', kind: 'amount', meaning: 'discards per hand, all seats together', axis: 'change in discards per hand' },
  {
    name: 'points_won',
    kind: 'amount',
    meaning: 'points paid to the winners per hand (the money a hand moves, in points)',
    axis: 'change in points paid per hand',
  },
];

function measureTable(s: TableState, _returns: Float64Array, out: Float64Array): void {
  const st = s.stats;
  const hands = st.hands;
  out[0] = st.dealerNet / hands;
  out[1] = st.exhaustive / hands;
  out[2] = sumOf(st.dealIns) / (hands * SEATS);
  out[3] = st.turns / hands;
  out[4] = sumOf(st.winPoints) / hands;
}

/** Every hand dealt from a wall of its own and each seat drawing from places of its own: how
 * the mahjong tables key chance where two arms should stay paired (it changes no odds). */
export const SEAT_DRAWS = { pairing: 'seats' };

/**
 * A mahjong ruleset's table: `seat` in every seat, every hand dealt from walls of its
 * own and each seat drawing from places of its own (pairing=seats, which changes no odds), so
 * that a change that plays one hand differently leaves the later hands paired.
 */
export function mahjongRuleTable(game: GameDef, strategies: StrategyDef[], seat: string, defaultGames: number): ExperimentDef {
  return ruleTableDef<TableState>({
    game: game as unknown as GameDef<TableState>,
    strategies,
    seat,
    base: SEAT_DRAWS,
    figures: TABLE_FIGURES,
    measure: measureTable,
    chunk: 1,
    defaultGames,
  });
}
