import { bool, int, oneOf, type Option, type RulesSchema } from '../../../core/rules.js';
import { pairingOption, type Pairing } from '../table/pairing.js';

/** A false win ("jump", 쩜프): the offender's hand is dead; `payEach` adds a point fine. */
export type JumpPenalty = 'deadHand' | { payEach: number };

/**
 * Korean 2-point house rules: every option (written out in RULES.md, Options),
 * plus `roundWind` where the rules are silent (recorded as common play).
 */
export interface KoreanRules {
  tileSet: 'korean104' | 'korean100';
  flowersScore: number;
  allFlowersBonus: number;
  deadWall: 0 | 14;
  chowCalls: 'none' | 'leftOnly';
  multiRon: 'headBump' | 'all';
  abortiveDraws: 'none';
  sevenPairs: 4 | 2;
  sevenPairsAllowQuad: boolean;
  thirteenOrphans: boolean;
  prevalentWindYaku: boolean;
  pinfuOnlyOnRon: boolean;
  pinfuPairBan: 'seatPrevalentDragon' | 'seatWindOnly';
  pinfuRequiresTwoSidedWait: boolean;
  allSimplesOpenAllowed: boolean;
  yakuValues: 'standard' | 'nagari' | 'samsik' | 'coffee';
  gradedYakuStack: boolean;
  doraCountsMelds: boolean;
  allFlowersAdditive: boolean;
  'ante.concealedTsumo': number;
  'ante.openTsumo': number;
  'ante.ron': number;
  ronMultiplier: number;
  openUperRonMultiplier: number;
  dealerMultiplier: number;
  cap: number | null;
  uperMinWall: number;
  uperRonCheck: 'allWaits' | 'anyWait';
  uperAllowConcealedKong: boolean;
  uperWhileFuriten: 'selfDrawOnly' | 'dead';
  openUper: boolean;
  tempFuritenScope: 'sameTile' | 'allWaits';
  identicalFuriten: 'blocksAllRon' | 'blocksTileOnly';
  stemRule: 'allDiscards' | 'declarationOnly' | 'none';
  furitenIncludesClaimed: boolean;
  afterUperMissedWin: 'permanentNoRon' | 'temporary';
  afterUperDiscardWinningTile: 'dead' | 'permanentNoRon';
  jumpPenalty: JumpPenalty;
  exhaustiveDrawPayment: 'none';
  dealerRotation: 'renchanOnDealerWin' | 'always';
  roundWind: 'east' | 'byDealerCycle';
  handsPerSession: number;
  pairing: Pairing;
}

const cap: Option<number | null> = {
  key: 'cap',
  doc: 'most points one win is worth (ante + basic + bonus + dora) before the payment multipliers; null = no cap (wikidot and Four Winds: 80)',
  default: null,
  allowed: 'null (no cap) or an integer from 2 to 100000',
  check: (v) => (v === null ? null : typeof v === 'number' && Number.isInteger(v) && v >= 2 && v <= 1e5 ? v : undefined),
  fromString: (s) => (s === 'null' ? null : s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : s),
};

const jumpPenalty: Option<JumpPenalty> = {
  key: 'jumpPenalty',
  doc: "a false win: the offender's hand is dead (default, no points: unverified); {payEach: N} also makes it pay N to each other player",
  default: 'deadHand',
  allowed: '"deadHand" or {"payEach": N} with N an integer from 0 to 100000 (on the command line: payEach:N)',
  check: (v) => {
    if (v === 'deadHand') return 'deadHand';
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
    const keys = Object.keys(v);
    const n = (v as { payEach?: unknown }).payEach;
    return keys.length === 1 && typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 1e5 ? { payEach: n } : undefined;
  },
  fromString: (s) => {
    const m = /^payEach:(\d+)$/.exec(s.trim());
    return m ? { payEach: Number(m[1]) } : s.trim();
  },
};

export const koreanSchema: RulesSchema<KoreanRules> = {
  game: 'korean',
  options: [
    oneOf(
      'tileSet',
      'korean104',
      ['korean104', 'korean100'] as const,
      '104 tiles (m, p, honours, four flowers) or korean100 (the same without flowers)',
    ),
    int('flowersScore', 1, 0, 10, 'bonus points per flower (X3)'),
    int('allFlowersBonus', 8, 0, 100, 'bonus for all four flowers, 화만관 (X9)'),
    oneOf(
      'deadWall',
      0,
      [0, 14] as const,
      'tiles at the tail never drawn in turn; replacements come from the tail either way (0 = Korean, 14 = Japanese style)',
    ),
    oneOf(
      'chowCalls',
      'none',
      ['none', 'leftOnly'] as const,
      'no chow claims (a discard win may still complete a sequence from any seat), or chow from the player on the left',
    ),
    oneOf(
      'multiRon',
      'headBump',
      ['headBump', 'all'] as const,
      'several players going out on one discard: the first counter-clockwise from the discarder wins, or each is paid',
    ),
    oneOf('abortiveDraws', 'none', ['none'] as const, 'no abortive draws (four kongs allowed); no source has any'),
    oneOf('sevenPairs', 4, [4, 2] as const, 'basic points of seven pairs (B13); 2 in the samsik and coffee tables'),
    bool('sevenPairsAllowQuad', false, 'whether four of a kind counts as two of the seven pairs'),
    bool('thirteenOrphans', false, 'thirteen orphans: never in Korean play (and the 104-tile set has no bamboo to complete it)'),
    bool('prevalentWindYaku', true, 'a pung of the round wind scores (B2); often not used in time-based play'),
    bool('pinfuOnlyOnRon', true, 'all sequences (B7) scores only on a discard win'),
    oneOf(
      'pinfuPairBan',
      'seatPrevalentDragon',
      ['seatPrevalentDragon', 'seatWindOnly'] as const,
      'pairs that forbid all sequences: seat wind, prevalent wind and dragons, or seat wind only',
    ),
    bool('pinfuRequiresTwoSidedWait', false, 'all sequences needs the winning tile to complete a two-sided wait'),
    bool('allSimplesOpenAllowed', true, 'all simples (B8) scores with melds'),
    oneOf(
      'yakuValues',
      'standard',
      ['standard', 'nagari', 'samsik', 'coffee'] as const,
      'basic point table: the default column (RULES.md), or the namu-wiki 나가리, 삼식이 or 커피향 column (seven pairs follows sevenPairs)',
    ),
    bool(
      'gradedYakuStack',
      false,
      'graded pairs stack: four concealed pungs adds three, full flush adds half flush, all honours adds all terminals and honours',
    ),
    bool('doraCountsMelds', true, 'Korean dora counts copies of the winning tile in melds too'),
    bool(
      'allFlowersAdditive',
      true,
      'all four flowers scores 4 x flowersScore plus allFlowersBonus (false: the bonus replaces the per-flower points)',
    ),
    int('ante.concealedTsumo', 10, 0, 1000, 'ante of a concealed self-draw win ("1-5-10" scheme)'),
    int('ante.openTsumo', 5, 0, 1000, 'ante of a self-draw with melds'),
    int('ante.ron', 5, 0, 1000, 'ante of a discard win [partly unverified]'),
    int('ronMultiplier', 2, 1, 10, 'a discard win: the discarder alone pays this times the sum'),
    int('openUperRonMultiplier', 3, 1, 10, 'a deal-in on an open uper pays this times the sum'),
    int('dealerMultiplier', 1, 1, 10, 'every payment to or from the dealer is multiplied by this (1: no dealer multiplier)'),
    cap,
    int('uperMinWall', 4, 0, 104, 'uper needs at least this many live wall tiles left'),
    oneOf(
      'uperRonCheck',
      'allWaits',
      ['allWaits', 'anyWait'] as const,
      'uper needs 2 basic points on a discard win on every wait, or on at least one',
    ),
    bool('uperAllowConcealedKong', true, 'after uper, a concealed kong of the drawn tile is allowed when it leaves the waits unchanged'),
    oneOf(
      'uperWhileFuriten',
      'selfDrawOnly',
      ['selfDrawOnly', 'dead'] as const,
      "uper declared while a wait is among the player's discards: self-draw only, or a dead hand",
    ),
    bool(
      'openUper',
      false,
      'open uper (불러): waits of 3+ kinds and 9+ live tiles are shown; others may not discard them; +2 bonus; a deal-in pays openUperRonMultiplier',
    ),
    oneOf(
      'tempFuritenScope',
      'sameTile',
      ['sameTile', 'allWaits'] as const,
      "a passed winning discard blocks discard wins on that tile, or on every wait, until the player's next draw or claim",
    ),
    oneOf(
      'identicalFuriten',
      'blocksAllRon',
      ['blocksAllRon', 'blocksTileOnly'] as const,
      "a wait among the player's own discards blocks every discard win, or discard wins on that tile only",
    ),
    oneOf(
      'stemRule',
      'allDiscards',
      ['allDiscards', 'declarationOnly', 'none'] as const,
      'stem (1-4-7, 2-5-8, 3-6-9) sacred discard from every own discard, from the uper declaration tile only, or not at all',
    ),
    bool('furitenIncludesClaimed', true, 'own discards claimed by others still count for sacred discard'),
    oneOf(
      'afterUperMissedWin',
      'permanentNoRon',
      ['permanentNoRon', 'temporary'] as const,
      'after uper, passing a winning discard: no discard wins for the rest of the hand, or temporary as before uper',
    ),
    oneOf(
      'afterUperDiscardWinningTile',
      'dead',
      ['dead', 'permanentNoRon'] as const,
      'after uper, discarding a winning tile: a dead hand, or self-draw only',
    ),
    jumpPenalty,
    oneOf('exhaustiveDrawPayment', 'none', ['none'] as const, 'an exhaustive draw pays nothing (no noten penalty)'),
    oneOf(
      'dealerRotation',
      'renchanOnDealerWin',
      ['renchanOnDealerWin', 'always'] as const,
      'the dealer keeps the deal after a dealer win, or the deal always passes counter-clockwise',
    ),
    oneOf(
      'roundWind',
      'east',
      ['east', 'byDealerCycle'] as const,
      'prevalent wind: East all session (no round system), or advancing E, S, W, N each time the deal returns to the first dealer [common play; the rules are silent]',
    ),
    int('handsPerSession', 32, 1, 100000, 'hands in one game (a session); studies use 1'),
    // One stream a session by default, as before the shared table: Korean results keep their bytes.
    pairingOption('session'),
  ],
  presets: {
    default: { doc: 'the defaults: mahjong.co.kr series with the namu-wiki point table', set: {} },
    study: { doc: 'defaults, one hand per game (what the uper-furiten study plays)', set: { handsPerSession: 1 } },
    'no-flowers': { doc: '100 tiles, no flowers', set: { tileSet: 'korean100' } },
    'time-based': { doc: 'time-based play: no prevalent-wind yaku', set: { prevalentWindYaku: false } },
    nagari: { doc: 'the namu-wiki 나가리 column exactly (little three dragons 6, four concealed pungs 6)', set: { yakuValues: 'nagari' } },
    samsik: { doc: 'the namu-wiki 삼식이 column (seven pairs 2)', set: { yakuValues: 'samsik', sevenPairs: 2 } },
    coffee: { doc: 'the namu-wiki 커피향 column (seven pairs 2)', set: { yakuValues: 'coffee', sevenPairs: 2 } },
    'ante-10': { doc: "ante 10 for every win (if the series' discard example uses 10)", set: { 'ante.openTsumo': 10, 'ante.ron': 10 } },
    wikidot: { doc: 'wikidot Korean overview: 32 hands, at most 80 points', set: { cap: 80 } },
    'four-winds': {
      doc: 'Four Winds "Korean Style": identical sacred discard blocks only that tile, open (exposed) uper, limit 80',
      set: { identicalFuriten: 'blocksTileOnly', openUper: true, cap: 80 },
    },
    econovill: {
      doc: 'econovill column (S17): open uper 불러, stem sacred discard from the declaration tile only',
      set: { openUper: true, stemRule: 'declarationOnly' },
    },
    'riichi-like': {
      doc: 'Japanese-style sacred discard: no stem rule, a missed win after uper is temporary',
      set: { stemRule: 'none', afterUperMissedWin: 'temporary', afterUperDiscardWinningTile: 'permanentNoRon' },
    },
  },
  houseRules: {
    skip: {
      thirteenOrphans: 'the rules refuse it: Korean 2-point has no thirteen orphans',
      jumpPenalty: "pongsim's bots never declare a false win, so no game would differ",
      handsPerSession: 'the length of a game, not a rule of play (the figures are per hand)',
      pairing: 'how chance is keyed for paired comparisons, not a rule (the odds are the same); the table plays seats',
    },
    values: { flowersScore: [0, 2], cap: [80] },
    with: { openUperRonMultiplier: { openUper: true } },
  },
  validate(r) {
    if (r.thirteenOrphans)
      return 'thirteenOrphans must be false: Korean 2-point has no thirteen orphans and the set has no bamboo to complete it';
    return null;
  },
};
