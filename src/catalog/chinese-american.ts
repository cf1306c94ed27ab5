import { chineseAmerican } from '../games/mahjong/chinese-american/game.js';
import { chineseAmericanRuleset } from '../games/mahjong/chinese-american/ruleset.js';
import { CHINESE_AMERICAN_EVENTS } from '../games/mahjong/chinese-american/events.js';
import { CHINESE_AMERICAN_SET } from '../games/mahjong/tile-sets.js';
import { chineseAmericanStrategies } from '../../strategies/chinese-american/index.js';
import { chineseAmericanFeatures } from '../../strategies/chinese-american/features.js';
import { chineseAmericanHands } from '../../experiments/chinese-american-hands.js';
import { benchTable } from '../bench/table.js';
import * as tableActions from '../games/mahjong/table/actions.js';
import { defineEntry } from './entry.js';
import { POINTS_AT_A_VALUE } from '../experiment/risk.js';
import { wallRecords } from './mahjong-records.js';
import { rulesetHand, rulesetScore } from './mahjong-hand.js';
import { tableAdvise } from './mahjong-advise.js';
import { letGoWords } from '../games/mahjong/chinese-american/state.js';
import { specialHandChoices } from './special-hands.js';
import { mahjongRuleTable, SEAT_DRAWS } from './rule-tables.js';

export const chineseAmericanEntry = defineEntry({
  def: chineseAmerican,
  strategies: chineseAmericanStrategies,
  actions: tableActions,
  defaultSeat: 'efficiency',
  experiments: [chineseAmericanHands, mahjongRuleTable(chineseAmerican, chineseAmericanStrategies, 'efficiency', 600)],
  quick: [{ name: 'chinese-american-hands', games: 40, seconds: 2.7 }],
  bench: (seconds) => benchTable(chineseAmerican, chineseAmericanStrategies, CHINESE_AMERICAN_SET, seconds),
  rulesDoc: 'src/games/mahjong/chinese-american/RULES.md',
  ruleset: chineseAmericanRuleset,
  hand: rulesetHand(chineseAmericanRuleset),
  score: rulesetScore(chineseAmericanRuleset),
  advise: {
    ...tableAdvise(
      chineseAmerican,
      chineseAmericanRuleset,
      'which tile to discard, and whether to go for a special hand the bots can play (four pongs, one suit, seven pairs, thirteen orphans); or whether to win on, call or pass a discard',
      { hand: 'm123 p456 s789 z11 m45 p1', right: 'z3 m9', left: 'p1' },
      specialHandChoices(chineseAmerican, chineseAmericanStrategies),
      letGoWords,
    ),
    // The calibration study at its full size (advise-calibration --game chinese-american, 2,000
    // situations, seed 2026, with the first-turn lean and the filter in 8 groups) finds the
    // inferred dealing's win share 0.9 points off the true deal's overall (0.4 to 1.4) and its
    // value 4.2% off (0.8 to 7.5): beyond the win share target from turn 32 on, where uniform
    // dealing is 16.3 points and 104% off (README, Results).
    inferByDefault: true,
  },
  records: { events: CHINESE_AMERICAN_EVENTS, ...wallRecords() },
  luckRules: SEAT_DRAWS,
  /*
   * 128 hands a game: there the search gains about a fortieth of a point a hand against a
   * spread of about 3 points a hand in the paired difference, which 4,000 hands (four a game,
   * the study until 2026-11-26: +0.07, -0.02 to 0.16 at n = 16) cannot resolve. Two runs at
   * fresh seeds, their size and test written down before they ran (`compare chinese-american
   * --focal 0`, 4,000 games of 16 hands each, n = 16), gave +0.024 (0.001 to 0.047) and +0.019
   * (-0.005 to 0.043) points a hand; 128,000 hands resolve a gain of that size more often than
   * not. n = 8 and 16, since it needs many hands.
   *
   * The search searches only decisions of at most 5 actions (most=5): its claims (pass, pung,
   * kong, chow, win: 2 to 6 actions) and the last turns of a melded hand (2% of turns),
   * playing `efficiency`'s discard at the others. Searching every decision was level with
   * efficiency; at seeds 2027 and 2028, 3,000 one-hand games each at n = 16, searching the
   * claims alone gained +0.084 +-0.069 and +0.103 +-0.071 points a hand, with most = 5 +0.083
   * +-0.071 and +0.099 +-0.072, and searching the turns alone +0.005 +-0.126 and -0.03 +-0.11
   * (800 and 1,500 games). At n = 4 and 8 (4,000 games of 16 hands at fresh seeds) the
   * calls-only search gained -0.008 (-0.028 to 0.011) and +0.007 (-0.014 to 0.028) a hand.
   */
  search: {
    best: 'efficiency',
    rules: { gameLengthDealerships: 128, handsLimit: 128 },
    unit: 'net points per hand (games of 128 hands)',
    ns: [8, 16],
    hands: 128,
    search: 'most=5',
  },
  risk: POINTS_AT_A_VALUE,
  features: chineseAmericanFeatures,
});
