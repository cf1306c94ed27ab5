import { bool, int, intList, oneOf, setOf, type Option, type RulesSchema } from '../../../core/rules.js';
import { COMBO_IDS, COMBOS } from './combos.js';

/**
 * Nylon-ppong house rules, one key per row of the options table in
 * RULES.md, Options. Dotted keys are flat keys of this object.
 */
export interface NylonRules {
  players: number;
  handSize: number;
  rounds: number;
  firstStarter: 'random';
  nextStarter: 'mostPenaltyLastRound' | 'roundLoser' | 'roundEnderOrPenalised';
  starterTieBreak: 'random';
  direction: 'ccw' | 'cw';
  pongTiming: 'ownTurnOnly' | 'anyTime';
  pongWhenPileEmpty: boolean;
  stopLimit: number;
  stopRequiresOtherPong: boolean;
  stopCompareWith: 'allPlayers' | 'pongedPlayersOnly';
  stopTieFails: boolean;
  failedStopPenalty: number;
  stopSuccessBonus: 'none' | 'limitMinusSum';
  failedStopVictimScoresZero: boolean;
  dealInPenalty: number;
  dealInPenaltyConcealed: number | null;
  reshuffleLimit: number;
  reshuffleKeepsTopDiscard: boolean;
  'combos.enabled': string[];
  'combos.daeppangThreshold': 66 | 65 | 60;
  'combos.threePairsValue': number;
  'combos.twoTripletsValue': number;
  'combos.fourAndPairValue': number;
  'combos.straightValue': number | null;
  'combos.tenOrLessValue': number;
  'combos.fourOfAKindValue': number;
  'combos.daeppangValue': number;
  'combos.straightWrap': boolean;
  'combos.multiple': 'best';
  'combos.declareOptional': boolean;
  concealedTriplet: boolean;
  concealedTripletAloneEnds: boolean;
  concealedTripletScoring: 'ignore' | 'count';
  jayeonPpongLayDown: boolean;
  scoring: 'penaltyPoints' | 'moneyRanking';
  moneyPaymentVector: number[] | null;
  gameTie: 'share';
}

const PENALTY_MAX = 1000;

/** An integer, or null for "same as another option" (written `null` on the command line). */
function intOrNull(key: string, min: number, max: number, doc: string): Option<number | null> {
  return {
    key,
    doc,
    default: null,
    allowed: `null or an integer from ${min} to ${max}`,
    check: (v) => (v === null ? null : typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined),
    fromString: (s) => (s === 'null' ? null : s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : s),
  };
}

const value = (key: string, def: number, doc: string) => int(key, def, -PENALTY_MAX, PENALTY_MAX, doc);

const DEFAULT_COMBOS = ['threePairs', 'twoTriplets', 'fourAndPair', 'straight', 'tenOrLess'];

export const nylonRulesSchema: RulesSchema<NylonRules> = {
  game: 'nylonppong',
  options: [
    int('players', 4, 2, 6, 'number of players'),
    int('handSize', 5, 2, 8, 'cards dealt to each player; must leave 2 after ppongs (2, 5 or 8)'),
    int('rounds', 5, 1, 1000, 'rounds per game; the lowest cumulative total wins'),
    oneOf('firstStarter', 'random', ['random'] as const, 'who starts round 1'),
    oneOf(
      'nextStarter',
      'mostPenaltyLastRound',
      ['mostPenaltyLastRound', 'roundLoser', 'roundEnderOrPenalised'] as const,
      'who starts the next round: most points in the last round; its last place (FudaWiki 2022); or whoever ended it or took a penalty (bbong)',
    ),
    oneOf('starterTieBreak', 'random', ['random'] as const, 'how a tie for the next starter is broken'),
    oneOf('direction', 'ccw', ['ccw', 'cw'] as const, 'turn order (simulation-neutral)'),
    oneOf(
      'pongTiming',
      'ownTurnOnly',
      ['ownTurnOnly', 'anyTime'] as const,
      'ppong only on your own turn, or out of turn too (the players in between lose their turn)',
    ),
    bool('pongWhenPileEmpty', true, 'with the draw pile empty, a player may still stop or ppong before the round ends'),
    int('stopLimit', 10, 0, 24, 'a 2-card hand may stop when its month sum is at or below this'),
    bool('stopRequiresOtherPong', false, 'stop only when at least one other player has called ppong this round'),
    oneOf('stopCompareWith', 'allPlayers', ['allPlayers', 'pongedPlayersOnly'] as const, 'whose scores a stop must beat'),
    bool('stopTieFails', true, 'a tie for lowest makes the stop fail'),
    int('failedStopPenalty', 30, 0, PENALTY_MAX, 'extra points for a failed stop'),
    oneOf('stopSuccessBonus', 'none', ['none', 'limitMinusSum'] as const, 'a successful stopper scores -(stopLimit - sum) (bbong)'),
    bool('failedStopVictimScoresZero', false, 'when a stop fails, the lowest compared player scores 0 (bbong)'),
    int('dealInPenalty', 30, 0, PENALTY_MAX, 'extra points for the player whose discard a go-out ppong claimed'),
    intOrNull('dealInPenaltyConcealed', 0, PENALTY_MAX, 'deal-in penalty when the go-out used a concealed triplet (null = dealInPenalty)'),
    int('reshuffleLimit', 0, 0, 100, 'times the discards may be reshuffled into an empty draw pile (0 = the round ends)'),
    bool('reshuffleKeepsTopDiscard', true, 'a reshuffle leaves the top discard on the discard pile'),
    setOf('combos.enabled', DEFAULT_COMBOS, COMBO_IDS, 'six-card combinations that may be declared after a draw'),
    oneOf('combos.daeppangThreshold', 66, [66, 65, 60] as const, 'daeppang: six cards summing to at least this'),
    value('combos.threePairsValue', 0, 'score of three pairs'),
    value('combos.twoTripletsValue', 0, 'score of two triplets'),
    value('combos.fourAndPairValue', -50, 'score of four of a kind plus a pair'),
    intOrNull('combos.straightValue', -PENALTY_MAX, PENALTY_MAX, 'score of a straight (null = minus the sum of its months)'),
    value('combos.tenOrLessValue', -100, 'score of six cards summing to 10 or less'),
    value('combos.fourOfAKindValue', 0, 'score of four of a kind plus any two cards (bbong: -100)'),
    value('combos.daeppangValue', -100, 'score of daeppang'),
    bool('combos.straightWrap', false, 'a straight may wrap from 12 to 1'),
    oneOf('combos.multiple', 'best', ['best'] as const, 'a hand forming several combinations scores the lowest value'),
    bool('combos.declareOptional', true, 'a player may decline to declare a formed combination'),
    bool('concealedTriplet', false, 'jayeon-ppong: a 3+2 hand goes out by ppong with its pair'),
    bool('concealedTripletAloneEnds', false, 'with concealedTriplet: a 2-card pair that draws its third card may go out'),
    oneOf(
      'concealedTripletScoring',
      'ignore',
      ['ignore', 'count'] as const,
      'with concealedTriplet: a month held exactly 3 times scores 0 (ignore) or in full (count)',
    ),
    bool('jayeonPpongLayDown', false, 'after drawing to 6, a player may lay down 3 of a kind like a ppong, then discard (bbong)'),
    oneOf(
      'scoring',
      'penaltyPoints',
      ['penaltyPoints', 'moneyRanking'] as const,
      'penalty points, or money by finishing place (returns are then money lost)',
    ),
    intList(
      'moneyPaymentVector',
      null,
      -PENALTY_MAX,
      PENALTY_MAX,
      'money by place, 1st to last, one entry per player (null = +floor(k/2) .. -floor(k/2))',
    ),
    oneOf('gameTie', 'share', ['share'] as const, 'players tied for the lowest total share the game win'),
  ],
  presets: {
    fudawiki: { doc: 'the defaults (FudaWiki, newest revision)', set: {} },
    'fudawiki-optional': {
      doc: 'FudaWiki with its optional rules: four of a kind, daeppang 66+, concealed triplets (ignored in scoring)',
      set: { 'combos.enabled': [...COMBO_IDS], concealedTriplet: true, concealedTripletAloneEnds: true },
    },
    'fudawiki-2022': {
      doc: 'FudaWiki 2022 revisions: the round loser starts; daeppang at 65 or more',
      set: { nextStarter: 'roundLoser', 'combos.enabled': [...DEFAULT_COMBOS, 'fourOfAKind', 'daeppang'], 'combos.daeppangThreshold': 65 },
    },
    strict: {
      doc: 'FudaWiki with the higher penalties (50), stop limit 5 and stops only after another ppong',
      set: { stopLimit: 5, failedStopPenalty: 50, dealInPenalty: 50, stopRequiresOtherPong: true },
    },
    money: {
      doc: 'FudaWiki alternative money scoring by place, with four of a kind and 60 or more',
      set: { scoring: 'moneyRanking', 'combos.enabled': [...COMBO_IDS], 'combos.daeppangThreshold': 60 },
    },
    bbong: {
      doc: "yogoloper/bbong house rules (v1): out-of-turn ppong, stop vs ppong'd players, 20/50 deal-in, 2 reshuffles",
      set: {
        nextStarter: 'roundEnderOrPenalised',
        pongTiming: 'anyTime',
        stopRequiresOtherPong: true,
        stopCompareWith: 'pongedPlayersOnly',
        stopSuccessBonus: 'limitMinusSum',
        failedStopVictimScoresZero: true,
        dealInPenalty: 20,
        dealInPenaltyConcealed: 50,
        reshuffleLimit: 2,
        reshuffleKeepsTopDiscard: true,
        'combos.enabled': [...COMBO_IDS],
        'combos.fourOfAKindValue': -100,
        concealedTriplet: true,
        jayeonPpongLayDown: true,
      },
    },
    'bbong-v2': {
      doc: 'bbong with its later reshuffle: every discard goes back into the draw pile',
      set: {
        nextStarter: 'roundEnderOrPenalised',
        pongTiming: 'anyTime',
        stopRequiresOtherPong: true,
        stopCompareWith: 'pongedPlayersOnly',
        stopSuccessBonus: 'limitMinusSum',
        failedStopVictimScoresZero: true,
        dealInPenalty: 20,
        dealInPenaltyConcealed: 50,
        reshuffleLimit: 2,
        reshuffleKeepsTopDiscard: false,
        'combos.enabled': [...COMBO_IDS],
        'combos.fourOfAKindValue': -100,
        concealedTriplet: true,
        jayeonPpongLayDown: true,
      },
    },
  },
  houseRules: {
    skip: {
      players: 'the size of the table, not a rule of play',
      handSize: 'the size of a hand changes the game itself, not a house rule of it',
      rounds: 'the length of a game, not a rule of play (the figures are per round)',
      scoring: 'money by place changes the unit of every result: its figures are not comparable with penalty points',
      moneyPaymentVector: 'it applies under money scoring only (see scoring)',
    },
    values: {
      'combos.threePairsValue': [-50],
      'combos.twoTripletsValue': [-50],
      'combos.straightValue': [-50],
      dealInPenaltyConcealed: [50],
    },
    with: {
      reshuffleKeepsTopDiscard: { reshuffleLimit: 1 },
      'combos.daeppangThreshold': { 'combos.enabled': [...DEFAULT_COMBOS, 'daeppang'] },
      'combos.daeppangValue': { 'combos.enabled': [...DEFAULT_COMBOS, 'daeppang'] },
      'combos.fourOfAKindValue': { 'combos.enabled': [...DEFAULT_COMBOS, 'fourOfAKind'] },
      concealedTripletAloneEnds: { concealedTriplet: true },
      concealedTripletScoring: { concealedTriplet: true },
      dealInPenaltyConcealed: { concealedTriplet: true },
    },
  },
  validate(r) {
    if (r.handSize % 3 !== 2)
      return `nylonppong option "handSize" must be 2, 5 or 8 (a ppong sheds 3 cards and a hand goes out from 2; got ${r.handSize})`;
    if (r.players * r.handSize >= 48)
      return `nylonppong: ${r.players} players x ${r.handSize} cards leaves no draw pile; lower "players" or "handSize"`;
    if (r.concealedTripletAloneEnds && !r.concealedTriplet)
      return 'nylonppong option "concealedTripletAloneEnds" needs "concealedTriplet": true';
    const v = r.moneyPaymentVector;
    if (v !== null) {
      if (v.length !== r.players)
        return `nylonppong option "moneyPaymentVector" needs one entry per player (${r.players}; got ${v.length})`;
      if (v.reduce((a, b) => a + b, 0) !== 0) return `nylonppong option "moneyPaymentVector" must sum to 0 (got ${JSON.stringify(v)})`;
      for (let i = 1; i < v.length; i++) {
        if (v[i]! > v[i - 1]!)
          return `nylonppong option "moneyPaymentVector" must not increase from 1st to last (got ${JSON.stringify(v)})`;
      }
    }
    return null;
  },
};

/** Rule 21: +floor(k/2) down to -floor(k/2), with a 0 for the middle place only when k is odd. */
export function defaultPaymentVector(k: number): number[] {
  const h = Math.floor(k / 2);
  const v: number[] = [];
  for (let i = h; i >= 1; i--) v.push(i);
  if (k % 2 === 1) v.push(0);
  for (let i = 1; i <= h; i++) v.push(-i);
  return v;
}

// nextStarter codes; 0 is mostPenaltyLastRound.
export const NEXT_LOSER = 1;
export const NEXT_ENDER_OR_PENALISED = 2;

/** The rules as plain numbers and typed arrays for the hot loop. */
export interface Config {
  rules: NylonRules;
  players: number;
  handSize: number;
  rounds: number;
  nextStarter: number;
  /** +1 (ccw, increasing seat index) or n-1 (cw), added modulo n. */
  step: number;
  anyTime: boolean;
  pongWhenPileEmpty: boolean;
  stopLimit: number;
  stopRequiresOtherPong: boolean;
  compareAll: boolean;
  stopTieFails: boolean;
  failedStopPenalty: number;
  stopBonus: boolean;
  victimZero: boolean;
  dealInPenalty: number;
  dealInPenaltyConcealed: number;
  reshuffleLimit: number;
  keepTop: boolean;
  /** Bit per combination id (see combos.ts). */
  comboMask: number;
  comboValue: Int16Array;
  /** The straight scores minus its month sum unless combos.straightValue is set. */
  straightMinusSum: boolean;
  daeppangThreshold: number;
  straightWrap: boolean;
  declareOptional: boolean;
  concealed: boolean;
  aloneEnds: boolean;
  ignoreTriplets: boolean;
  layDown: boolean;
  money: boolean;
  payVector: Int32Array;
}

export function compileRules(r: NylonRules): Config {
  let comboMask = 0;
  for (const id of r['combos.enabled']) comboMask |= 1 << COMBO_IDS.indexOf(id as (typeof COMBO_IDS)[number]);
  const comboValue = new Int16Array(COMBOS);
  const values = [
    r['combos.threePairsValue'],
    r['combos.twoTripletsValue'],
    r['combos.fourAndPairValue'],
    r['combos.straightValue'] ?? 0,
    r['combos.tenOrLessValue'],
    r['combos.fourOfAKindValue'],
    r['combos.daeppangValue'],
  ];
  values.forEach((v, i) => (comboValue[i] = v));
  return {
    rules: r,
    players: r.players,
    handSize: r.handSize,
    rounds: r.rounds,
    nextStarter: ['mostPenaltyLastRound', 'roundLoser', 'roundEnderOrPenalised'].indexOf(r.nextStarter),
    step: r.direction === 'ccw' ? 1 : r.players - 1,
    anyTime: r.pongTiming === 'anyTime',
    pongWhenPileEmpty: r.pongWhenPileEmpty,
    stopLimit: r.stopLimit,
    stopRequiresOtherPong: r.stopRequiresOtherPong,
    compareAll: r.stopCompareWith === 'allPlayers',
    stopTieFails: r.stopTieFails,
    failedStopPenalty: r.failedStopPenalty,
    stopBonus: r.stopSuccessBonus === 'limitMinusSum',
    victimZero: r.failedStopVictimScoresZero,
    dealInPenalty: r.dealInPenalty,
    dealInPenaltyConcealed: r.dealInPenaltyConcealed ?? r.dealInPenalty,
    reshuffleLimit: r.reshuffleLimit,
    keepTop: r.reshuffleKeepsTopDiscard,
    comboMask,
    comboValue,
    straightMinusSum: r['combos.straightValue'] === null,
    daeppangThreshold: r['combos.daeppangThreshold'],
    straightWrap: r['combos.straightWrap'],
    declareOptional: r['combos.declareOptional'],
    concealed: r.concealedTriplet,
    aloneEnds: r.concealedTriplet && r.concealedTripletAloneEnds,
    ignoreTriplets: r.concealedTriplet && r.concealedTripletScoring === 'ignore',
    layDown: r.jayeonPpongLayDown,
    money: r.scoring === 'moneyRanking',
    payVector: Int32Array.from(r.moneyPaymentVector ?? defaultPaymentVector(r.players)),
  };
}
