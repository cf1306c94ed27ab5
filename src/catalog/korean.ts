import { korean } from '../games/mahjong/korean/game.js';
import { koreanRuleset } from '../games/mahjong/korean/ruleset.js';
import { KOREAN_EVENTS } from '../games/mahjong/korean/events.js';
import { KOREAN_SET } from '../games/mahjong/tile-sets.js';
import { koreanStrategies } from '../../strategies/korean/index.js';
import { koreanFeatures } from '../../strategies/korean/features.js';
import { uperFuriten } from '../../experiments/uper-furiten.js';
import { koreanUperTable } from '../../experiments/korean-uper-table.js';
import { benchTable } from '../bench/table.js';
import * as tableActions from '../games/mahjong/table/actions.js';
import { defineEntry } from './entry.js';
import { POINTS_AT_A_VALUE } from '../experiment/risk.js';
import { wallRecords } from './mahjong-records.js';
import { rulesetHand, rulesetScore } from './mahjong-hand.js';
import { tableAdvise } from './mahjong-advise.js';
import { letGoWords } from '../games/mahjong/korean/furiten.js';
import { mahjongRuleTable, SEAT_DRAWS } from './rule-tables.js';
import { uperAbout } from '../games/mahjong/korean/uper-words.js';

export const koreanEntry = defineEntry({
  def: korean,
  strategies: koreanStrategies,
  actions: tableActions,
  defaultSeat: 'efficiency',
  experiments: [uperFuriten, koreanUperTable, mahjongRuleTable(korean, koreanStrategies, 'uper-wait(w=2)', 400)],
  quick: [{ name: 'uper-furiten', games: 1000, seconds: 3.1 }],
  bench: (seconds) => benchTable(korean, koreanStrategies, KOREAN_SET, seconds),
  rulesDoc: 'src/games/mahjong/korean/RULES.md',
  ruleset: koreanRuleset,
  hand: rulesetHand(koreanRuleset),
  score: rulesetScore(koreanRuleset),
  advise: {
    ...tableAdvise(
      korean,
      koreanRuleset,
      'which tile to discard, and whether to declare uper with it; or whether to win on, call or pass a discard',
      {
        hand: 'm123 p456 p789 z11 m45 p1',
        right: 'z3 m9',
        left: 'p1',
      },
      undefined,
      letGoWords,
      uperAbout,
    ),
    // The calibration study at its full size (advise-calibration --game korean, 2,000
    // situations, seed 2026, the filter in 8 groups) finds the inferred dealing's win share 0.5
    // points off the true deal's (-0.7 to -0.2, no tenth or turn bucket beyond 3 points) and its
    // value 1.6% off (-5.1 to 1.9), where uniform dealing is 3.7 points and 66% off (README,
    // Results).
    inferByDefault: true,
  },
  records: { events: KOREAN_EVENTS, ...wallRecords() },
  luckRules: SEAT_DRAWS,
  search: { best: 'uper-wait(w=2)', rules: { handsPerSession: 1 }, unit: 'net points per hand', ns: [4, 16] },
  risk: POINTS_AT_A_VALUE,
  features: koreanFeatures,
});
