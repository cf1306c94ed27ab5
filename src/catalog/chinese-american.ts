import { chineseAmerican } from '../games/mahjong/chinese-american/game.js';
import { chineseAmericanRuleset } from '../games/mahjong/chinese-american/ruleset.js';
import { CHINESE_AMERICAN_SET } from '../games/mahjong/tile-sets.js';
import { chineseAmericanStrategies } from '../../strategies/chinese-american/index.js';
import { chineseAmericanHands } from '../../experiments/chinese-american-hands.js';
import { benchTable } from '../bench/table.js';
import { MELD_EVENTS, TABLE_EVENTS } from '../games/mahjong/table/game.js';
import { defineEntry } from './entry.js';
import { POINTS_AT_A_VALUE } from '../experiment/risk.js';
import { wallRecords } from './mahjong-records.js';
import { rulesetHand, rulesetScore } from './mahjong-hand.js';
import { tableAdvise } from './mahjong-advise.js';
import { specialHandChoices } from './special-hands.js';

export const chineseAmericanEntry = defineEntry({
  def: chineseAmerican,
  strategies: chineseAmericanStrategies,
  defaultSeat: 'efficiency',
  experiments: [chineseAmericanHands],
  quick: [{ name: 'chinese-american-hands', games: 40, seconds: 2.7 }],
  bench: (seconds) => benchTable(chineseAmerican, chineseAmericanStrategies, CHINESE_AMERICAN_SET, seconds),
  rulesDoc: 'src/games/mahjong/chinese-american/RULES.md',
  ruleset: chineseAmericanRuleset,
  hand: rulesetHand(chineseAmericanRuleset),
  score: rulesetScore(chineseAmericanRuleset),
  advise: tableAdvise(
    chineseAmerican,
    chineseAmericanRuleset,
    'which tile to discard, and whether to go for a special hand the bots can play (four pongs, one suit, seven pairs, thirteen orphans); or whether to win on, call or pass a discard',
    { hand: 'm123 p456 s789 z11 m45 p1', right: 'z3 m9', left: 'p1' },
    specialHandChoices(chineseAmerican, chineseAmericanStrategies),
  ),
  records: { events: [...TABLE_EVENTS, ...MELD_EVENTS, 'tile_of_the_day', 'triple_six', 'declined_win'], ...wallRecords() },
  risk: POINTS_AT_A_VALUE,
});
