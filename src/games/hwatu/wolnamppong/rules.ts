import { bool, int, intList, num, oneOf, type Option, type RulesSchema } from '../../../core/rules.js';

/** Wolnamppong house rules: every option (written out in RULES.md, Options). */
export interface WolnamRules {
  players: number;
  ante: number;
  minBet: number;
  maxBet: 'pot' | 'halfPotFirstCycle' | 'schedule';
  maxBetSchedule: number[] | null;
  postResult: 'lose' | 'push' | 'loseDouble';
  ilbiLossMultiplier: 1 | 1.5 | 2;
  pairRule: 'push' | 'lose' | 'callHighLow' | 'winFixed';
  pairHighLowMatchMultiplier: number;
  pairWinFixedAmount: number;
  consecutiveRule: 'betLoses' | 'autoLoseNoBet' | 'redeal';
  forcedResultDrawsCard: boolean;
  adoLossMultiplier: number;
  deathByRain: boolean;
  deathByRainPenalty: number | null;
  doubleRainTakesPot: boolean;
  reanteOnEmptyPot: 'immediate' | 'endOfCycle';
  dealerRotation: 'fixed' | 'rightEachCycle' | 'rightWhenPotEmpties';
  roundingOfFractionalLoss: 'exact' | 'ceil' | 'floor';
  bankrollCap: boolean;
  bankroll: number;
  cycles: number;
}

/** `deathByRainPenalty`: a chip amount, or null for "the ante" (the default, RULES.md). */
const rainPenalty: Option<number | null> = {
  key: 'deathByRainPenalty',
  doc: 'chips a player holding a Rain card pays into the pot under deathByRain (null = the ante)',
  default: null,
  allowed: 'null (= the ante) or an integer from 0 to 1000000',
  check: (v) => (v === null ? null : typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1e6 ? v : undefined),
  fromString: (s) => (s === 'null' ? null : Number.isFinite(Number(s)) && s.trim() !== '' ? Number(s) : s),
};

export const wolnamSchema: RulesSchema<WolnamRules> = {
  game: 'wolnamppong',
  options: [
    int('players', 6, 2, 16, 'players at the table (16 is the most one deal cycle can serve: 3 cards each)'),
    int('ante', 1, 1, 1e6, 'chips every player puts into the pot at the start and whenever it empties'),
    int('minBet', 1, 1, 1e6, 'smallest bet [GUESS: unstated; In Between uses 1 chip]'),
    oneOf(
      'maxBet',
      'pot',
      ['pot', 'halfPotFirstCycle', 'schedule'] as const,
      'cap on a bet: the pot; half the pot in the first cycle; or maxBetSchedule per cycle (still at most the pot)',
    ),
    intList('maxBetSchedule', null, 1, 1e9, 'with maxBet=schedule: the cap for cycle 1, 2, ...; the last entry repeats'),
    oneOf('postResult', 'lose', ['lose', 'push', 'loseDouble'] as const, 'a third card matching a hand card (a post)'),
    oneOf('ilbiLossMultiplier', 1.5, [1, 1.5, 2] as const, 'a losing Ilbi (1 and 12) pays this times the bet'),
    oneOf(
      'pairRule',
      'push',
      ['push', 'lose', 'callHighLow', 'winFixed'] as const,
      'a pair: bet returned; bet lost; call higher or lower; or win pairWinFixedAmount with no bet',
    ),
    int('pairHighLowMatchMultiplier', 3, 1, 10, 'with pairRule=callHighLow: a third card of the same month loses this times the bet'),
    int('pairWinFixedAmount', 2, 0, 1e6, 'with pairRule=winFixed: chips a pair takes from the pot (at most the pot)'),
    oneOf(
      'consecutiveRule',
      'betLoses',
      ['betLoses', 'autoLoseNoBet', 'redeal'] as const,
      'months one apart: a bet loses (folding allowed); the player pays minBet with no choice; or the cards are laid aside and two new ones dealt',
    ),
    bool('forcedResultDrawsCard', false, 'whether a bet on a pair push or a consecutive loss still turns a third card [GUESS]'),
    num('adoLossMultiplier', 1, 1, 10, 'a lost ado (bet of the whole pot) pays this times the bet [GUESS: 1]'),
    bool('deathByRain', false, 'a Rain (12) card in hand: no fold, pay deathByRainPenalty; two Rains take the pot'),
    rainPenalty,
    bool('doubleRainTakesPot', true, 'under deathByRain, a hand of two Rain cards takes the whole pot'),
    oneOf(
      'reanteOnEmptyPot',
      'immediate',
      ['immediate', 'endOfCycle'] as const,
      'when an ado empties the pot: everyone antes at once, or the rest of the cycle is skipped and everyone antes after it',
    ),
    oneOf(
      'dealerRotation',
      'fixed',
      ['fixed', 'rightEachCycle', 'rightWhenPotEmpties'] as const,
      'when the deal (and so the first turn) moves one seat to the right',
    ),
    oneOf(
      'roundingOfFractionalLoss',
      'exact',
      ['exact', 'ceil', 'floor'] as const,
      'fractional losses (1.5 x bet): kept exact, or rounded up or down to whole chips',
    ),
    bool('bankrollCap', false, "bets are capped so the worst loss fits the bettor's chips (false: debt allowed, net tracked)"),
    int('bankroll', 100, 0, 1e9, 'chips each player starts the session with'),
    int('cycles', 20, 1, 100000, 'deal cycles in one session (one game)'),
  ],
  presets: {
    default: { doc: 'FudaWiki (newest revision): posts lose, Ilbi loses 1.5x, pairs push', set: {} },
    'namu-post-push': { doc: 'namu.wiki / older namu text: a post is a push', set: { postResult: 'push' } },
    'in-between': {
      doc: 'Western In Between: posts lose double, call higher/lower on a pair, half-pot cap in the first cycle',
      set: { postResult: 'loseDouble', pairRule: 'callHighLow', maxBet: 'halfPotFirstCycle', ilbiLossMultiplier: 1 },
    },
    'ilbi-2x': { doc: 'regional: a losing Ilbi pays double', set: { ilbiLossMultiplier: 2 } },
    'death-by-rain': { doc: 'FudaWiki optional regional rule: Rain cards are deadly', set: { deathByRain: true } },
  },
  houseRules: {
    skip: {
      players: 'the size of the table, not a rule of play',
      cycles: 'the length of a game, not a rule of play',
    },
    // maxBet=schedule is played by maxBetSchedule's change, with the schedule it needs.
    values: { maxBet: ['halfPotFirstCycle'], maxBetSchedule: [[5, 10, 20]], deathByRainPenalty: [2] },
    with: {
      maxBetSchedule: { maxBet: 'schedule' },
      pairHighLowMatchMultiplier: { pairRule: 'callHighLow' },
      pairWinFixedAmount: { pairRule: 'winFixed' },
      deathByRainPenalty: { deathByRain: true },
      doubleRainTakesPot: { deathByRain: true },
      bankroll: { bankrollCap: true },
    },
  },
  validate(r) {
    if (r.maxBet === 'schedule' && !r.maxBetSchedule) return 'maxBet=schedule needs maxBetSchedule (e.g. 5,10,20)';
    return null;
  },
};
