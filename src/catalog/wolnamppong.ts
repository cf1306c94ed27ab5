import { wolnamppong, type WolnamState } from '../games/hwatu/wolnamppong/game.js';
import { WOLNAMPPONG_EVENTS } from '../games/hwatu/wolnamppong/events.js';
import { dueCards, TableChance } from '../games/hwatu/table-chance.js';
import { oddsCard } from './wolnamppong-odds-card.js';
import { KELLY_COLUMNS, ODDS_COLUMNS, oddsRows, ruleOfThumb } from '../games/hwatu/wolnamppong/odds-table.js';
import type { WolnamRules } from '../games/hwatu/wolnamppong/rules.js';
import { InputError } from '../core/errors.js';
import { wolnamppongStrategies } from '../../strategies/wolnamppong/index.js';
import { wolnamppongFeatures } from '../../strategies/wolnamppong/features.js';
import { wolnamppongOdds } from '../../experiments/wolnamppong-odds.js';
import { wolnamppongStrategiesExperiment } from '../../experiments/wolnamppong-strategies.js';
import { bankrollStudy } from '../../experiments/bankroll.js';
import { benchWolnamppong } from '../bench/wolnamppong.js';
import { readSituation, situationState } from '../games/hwatu/wolnamppong/situation.js';
import { defineEntry, type AdviseQuery, type OddsQuery } from './entry.js';
import { CHIPS_WON } from '../experiment/risk.js';
import { BET, BET_HIGHER, BET_LOWER, FOLD } from '../games/hwatu/wolnamppong/odds.js';
import { wolnamppongRuleTable } from './rule-tables.js';
import { betValue } from '../games/hwatu/wolnamppong/settlement.js';

/** `--seen 3,3,7,12`: months already revealed this cycle. */
function seenMonths(text: string): number[] {
  const parts = text.trim() === '' ? [] : text.split(',').map((x) => x.trim());
  const months = parts.map(Number);
  if (parts.some((p) => !/^\d+$/.test(p)) || months.some((m) => m < 1 || m > 12)) {
    throw new InputError(`--seen: expected months 1-12 separated by commas, e.g. 3,3,7,12 (got ${JSON.stringify(text)})`);
  }
  for (let m = 1; m <= 12; m++) {
    if (months.filter((x) => x === m).length > 4)
      throw new InputError(`--seen: month ${m} appears more than 4 times; the deck holds 4 of each month`);
  }
  if (months.length > 46) throw new InputError('--seen: at most 46 cards can be seen beside a two-card hand');
  return months;
}

/** Betting odds for every hand, exact, given the months seen this cycle. */
const odds: OddsQuery<WolnamRules> = {
  doc: 'betting odds for every hand',
  seen: 'months revealed this cycle, e.g. 3,3,7,12',
  read: (_rules, seen) => {
    const months = seenMonths(seen ?? '');
    return { cards: months.length, seen: months };
  },
  stake:
    "each hand's Kelly bet (the share of the bankroll that maximizes its expected logarithm, in whole chips) and the exact chance that betting it on those odds N times in a row ruins the bankroll",
  table(rules, input, stake) {
    const seen = input.seen as number[];
    const table = {
      name: 'wolnamppong-odds',
      columns: [...ODDS_COLUMNS, ...(stake ? KELLY_COLUMNS : [])],
      rows: oddsRows(rules, seen, stake),
    };
    const thumb = ruleOfThumb(table.rows);
    const kelly = stake
      ? ` Kelly bets for a bankroll of ${stake.bankroll} chips, before the pot caps them; ruin_kelly: betting it on these odds ${stake.bets} times in a row (exact).`
      : '';
    return {
      table,
      fields: { seen, ruleOfThumb: thumb, ...(stake ? { stake } : {}) },
      meta: { seen, ...(stake ? { stake } : {}) },
      shown: table,
      note: thumb + kelly,
    };
  },
  card: (rules, changes) => oddsCard(rules, changes),
};

/** How much to bet: fold, or each of a few amounts from the smallest bet to the largest. */
const advise: AdviseQuery<WolnamState, WolnamRules> = {
  doc: 'wolnamppong: how much to bet',
  options: [
    { flag: '--hand', value: '<months>', doc: 'wolnamppong: your two months, e.g. 3,9' },
    { flag: '--pot', value: '<chips>', doc: 'wolnamppong: the chips in the pot' },
    { flag: '--chips', value: '<chips>', doc: "wolnamppong: your chips (default: the rules' bankroll)" },
    { flag: '--seen', value: '<months>', doc: 'wolnamppong: months revealed this cycle before your turn, e.g. 3,3,7,12' },
    { flag: '--folded', value: '<n>', doc: 'wolnamppong: hands dealt before yours this cycle that lie face down (default 0)' },
    {
      flag: '--turn',
      value: '<n>',
      doc: 'wolnamppong: players who had their turn before you this cycle (default: the folded ones and one bettor per three cards seen)',
    },
    { flag: '--cycle', value: '<n>', doc: 'wolnamppong: the deal cycle, from 1 (default 1)' },
  ],
  situation(rules, given, name) {
    const sit = readSituation(rules, given, name);
    return { ...situationState(rules, sit, name), read: { ...sit } };
  },
  example: { hand: '3,10', pot: '20', seen: '4,5' },
  budget: 20000,
  poolFrom: 700000,
  // The calibration study (advise-calibration, 1,000 situations) finds the inferred dealing's
  // win share 0.0 points off the true deal's overall (-0.3 to 0.3), no bucket shown beyond 3
  // points, and its value 0.7% off (README, Results).
  inferByDefault: true,
  value: 'chips won this deal cycle',
  round: 'deal cycle',
  unit: 'chips',
  won: { doc: 'the bet won', test: (_start, _end, _seat, _round, gain) => gain > 0 },
  exactDecision: {
    value:
      'chips the bet wins, exact over the third card dealt uniformly from the cards the seat has not seen, less the ante it pays again when its ado empties the pot (a fold 0); later turns of the cycle are left out',
    of: (state, _seat, action, amount) => betValue(state, action, amount),
  },
};

export const wolnamppongEntry = defineEntry({
  def: wolnamppong,
  strategies: wolnamppongStrategies,
  // Fold, bet, and on a pair under pairRule=callHighLow bet higher or lower.
  actions: { FOLD, BET, BET_HIGHER, BET_LOWER },
  defaultSeat: 'ev-threshold',
  experiments: [wolnamppongOdds, wolnamppongStrategiesExperiment, bankrollStudy, wolnamppongRuleTable],
  quick: [
    { name: 'wolnamppong-odds', games: 4000, seconds: 1.1 },
    { name: 'wolnamppong-strategies', games: 3000, seconds: 1.0 },
  ],
  bench: benchWolnamppong,
  rulesDoc: 'src/games/hwatu/wolnamppong/RULES.md',
  odds,
  advise,
  records: {
    events: WOLNAMPPONG_EVENTS,
    tableChance: (events, state) => new TableChance(dueCards(events), () => state.deck, events.length),
  },
  search: { best: 'ev-threshold(t=0,f=0.5)', rules: {}, unit: 'chips won per game (20 cycles)', ns: [16, 64] },
  risk: CHIPS_WON,
  features: wolnamppongFeatures,
});
