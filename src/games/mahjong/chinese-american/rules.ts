import { bool, int, oneOf, setOf, type Option, type RulesSchema } from '../../../core/rules.js';
import { pairingOption, type Pairing } from '../table/pairing.js';
import { SPECIAL_ROW_IDS } from './hands.js';

/** Chinese-American house rules (Donny Yee, 2003): every option of RULES.md, "Options". */
export interface ChineseAmericanRules {
  diceCount: 2 | 3;
  flowerReplacement: 'dealerFirstFromBack';
  tripleSixBonus: number;
  pongBeatsChow: boolean;
  reserveTiles: number;
  reserveBlocksReplacement: boolean;
  multiWin: 'headBump' | 'all';
  robConcealedKong: boolean;
  missedWinLock: boolean;
  declinedSelfDrawPenalty: number;
  beginnerExempt: boolean;
  wrongCountDeadHand: 'playOnCannotWin';
  specialHands: string[];
  unrevealedDiscardWin: boolean;
  discardWinPongIsExposed: boolean;
  allHonorsSevenPairs: boolean;
  jewelFamily: 'suitAndDragon' | 'americanJewels';
  sevenPairsAllowQuad: boolean;
  gatesRequirePureWait: boolean;
  fastWinCutoff: 'beforeDealerSecondDiscard' | 'firstFourDraws';
  concealedKongBreaksConcealment: boolean;
  baseCombination: 'max' | 'additive';
  noHonorsScope: 'anyTile' | 'sets';
  orphansGetWindDragonBonus: boolean;
  allDragonsRule: 'oneOfEach';
  noFlowersNoHonorsCumulative: boolean;
  soloPieceRule: 'oneTileType';
  tileOfTheDay: string | null;
  sevenFlowersFlat: boolean;
  sevenFlowersCountsAsWin: boolean;
  eightFlowers: 'sevenFlowersNoDouble' | 'ignore';
  dealerBonusScope: 'dealerTransactionOnly' | 'allPayers';
  retainBonusPer: number;
  limit: number | null;
  gameLengthDealerships: number;
  handsLimit: number | null;
  pairing: Pairing;
}

const TILES = [...'123456789'].flatMap((d) => ['m', 'p', 's'].map((s) => s + d)).concat([...'1234567'].map((d) => 'z' + d));

const tileOfTheDay: Option<string | null> = {
  key: 'tileOfTheDay',
  doc: 'the tile of the day (+5 when it is the winning tile): drawn at random for each session, a fixed tile, or null = off',
  default: 'randomPerSession',
  allowed: '"randomPerSession", a tile such as "p5" or "z7", or null',
  check: (v) => (v === null ? null : v === 'randomPerSession' || (typeof v === 'string' && TILES.includes(v)) ? v : undefined),
  fromString: (s) => (s === 'null' ? null : s.trim()),
};

const limit: Option<number | null> = {
  key: 'limit',
  doc: 'most any one payer pays for a win, after the last-tile double; null = no limit',
  default: null,
  allowed: 'null or an integer from 1 to 100000',
  check: (v) => (v === null ? null : typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 1e5 ? v : undefined),
  fromString: (s) => (s === 'null' ? null : s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : s),
};

const handsLimit: Option<number | null> = {
  key: 'handsLimit',
  doc: 'a game also ends after this many hands (a dealer who keeps drawing keeps the deal for ever); null = no limit',
  default: null,
  allowed: 'null or an integer from 1 to 100000',
  check: (v) => (v === null ? null : typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 1e5 ? v : undefined),
  fromString: (s) => (s === 'null' ? null : s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : s),
};

export const chineseAmericanSchema: RulesSchema<ChineseAmericanRules> = {
  game: 'chinese-american',
  options: [
    oneOf('diceCount', 3, [2, 3] as const, 'dice the dealer rolls at the start of a hand (triple sixes needs 3)'),
    oneOf(
      'flowerReplacement',
      'dealerFirstFromBack',
      ['dealerFirstFromBack'] as const,
      'flowers are replaced from the back of the wall, the dealer first',
    ),
    int('tripleSixBonus', 6, 0, 1000, 'points each other player pays the dealer who rolls three sixes (0 = off)'),
    bool('pongBeatsChow', true, 'a pong or kong claim beats a chow claim on the same discard'),
    int('reserveTiles', 16, 0, 32, 'the hand is a draw when this many undrawn tiles remain'),
    bool('reserveBlocksReplacement', true, 'kong and flower replacements may not draw from the reserve either'),
    oneOf(
      'multiWin',
      'headBump',
      ['headBump', 'all'] as const,
      'several wins on one discard: the first in turn order wins, or each is paid',
    ),
    bool('robConcealedKong', false, 'a concealed kong can be robbed too (added kongs always can)'),
    bool('missedWinLock', true, 'a player who lets a winning tile go may not win on a discard until its next draw (claims do not lift it)'),
    int('declinedSelfDrawPenalty', 24, 0, 1000, 'points a player pays each other player for declining a self-drawn win'),
    bool('beginnerExempt', false, 'beginners do not pay the declined self-draw penalty'),
    oneOf(
      'wrongCountDeadHand',
      'playOnCannotWin',
      ['playOnCannotWin'] as const,
      'a wrong tile count: play on, never win (bots never miscount)',
    ),
    setOf('specialHands', SPECIAL_ROW_IDS, SPECIAL_ROW_IDS, 'the special rows H2-H21 that may win (H1, the normal win, always can)'),
    bool('unrevealedDiscardWin', true, 'an UNREVEALED hand may be completed by a discard'),
    bool('discardWinPongIsExposed', true, 'a pong completed by the winning discard is exposed (not concealed)'),
    bool('allHonorsSevenPairs', true, 'All Honors (H8) also accepts seven honour pairs'),
    oneOf(
      'jewelFamily',
      'suitAndDragon',
      ['suitAndDragon', 'americanJewels'] as const,
      'the jewel-dragon hands H11-H14: a suit and its dragon, or the American jewel tiles',
    ),
    bool('sevenPairsAllowQuad', false, 'four of a kind counts as two of the seven pairs'),
    bool('gatesRequirePureWait', false, 'Gates of Heaven needs the 13 tiles before the win to be exactly 1112345678999'),
    oneOf(
      'fastWinCutoff',
      'beforeDealerSecondDiscard',
      ['beforeDealerSecondDiscard', 'firstFourDraws'] as const,
      'how early a Fast Win (H21) must be',
    ),
    bool('concealedKongBreaksConcealment', false, 'a concealed kong makes the hand no longer concealed'),
    oneOf(
      'baseCombination',
      'max',
      ['max', 'additive'] as const,
      'the start value: the best row, or the best row plus the suit bonus on four-pong rows',
    ),
    oneOf('noHonorsScope', 'anyTile', ['anyTile', 'sets'] as const, 'no honours: no honour tile anywhere, or no honour pong'),
    bool('orphansGetWindDragonBonus', true, 'Thirteen Unique Wonders also gets all winds and all dragons'),
    oneOf('allDragonsRule', 'oneOfEach', ['oneOfEach'] as const, 'all dragons: one of each dragon anywhere in the hand'),
    bool(
      'noFlowersNoHonorsCumulative',
      true,
      'no flowers and no honours is +1 on top of each (+3 in all); false: not paid, the two +1s alone',
    ),
    oneOf('soloPieceRule', 'oneTileType', ['oneTileType'] as const, 'solo piece: only one tile type could complete the hand'),
    tileOfTheDay,
    bool('sevenFlowersFlat', true, 'Seven Flowers pays 15 flat, no dealer or retain bonus'),
    bool('sevenFlowersCountsAsWin', true, 'Seven Flowers counts as a win for the dealer rotation'),
    oneOf(
      'eightFlowers',
      'sevenFlowersNoDouble',
      ['sevenFlowersNoDouble', 'ignore'] as const,
      'all eight flowers in one hand: settled as Seven Flowers without the double, or nothing',
    ),
    oneOf(
      'dealerBonusScope',
      'dealerTransactionOnly',
      ['dealerTransactionOnly', 'allPayers'] as const,
      'who adds the dealer bonus: only the payment between dealer and winner, or every payer',
    ),
    int('retainBonusPer', 2, 0, 100, 'dealer bonus per time the dealer has kept the deal in a row'),
    limit,
    int('gameLengthDealerships', 16, 1, 1000, 'dealerships in a game (each player deals four times)'),
    handsLimit,
    pairingOption('seats'),
  ],
  presets: {
    default: { doc: 'the defaults', set: {} },
    additive: { doc: 'start value plus the suit bonus on four-pong rows', set: { baseCombination: 'additive' } },
    'american-jewels': { doc: 'American jewel tiles for H11-H14', set: { jewelFamily: 'americanJewels' } },
    'all-payers': { doc: 'every payer adds the dealer bonus', set: { dealerBonusScope: 'allPayers' } },
  },
  houseRules: {
    skip: {
      gameLengthDealerships: 'the length of a game, not a rule of play (the figures are per hand)',
      handsLimit: 'the length of a game, not a rule of play (the figures are per hand)',
      pairing: 'how chance is keyed for paired comparisons, not a rule (the odds are the same)',
    },
    // The special rows all off at once: each alone comes up in a few hands in a thousand (the
    // chinese-american-hands study gives each row's frequency).
    values: { specialHands: [[]], tileOfTheDay: [null], limit: [100] },
  },
};
