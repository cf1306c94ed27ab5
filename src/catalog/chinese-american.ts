import { chineseAmerican } from '../games/mahjong/chinese-american/game.js';
import { rulesetById } from '../games/mahjong/rulesets.js';
import { CHINESE_AMERICAN_SET } from '../games/mahjong/tile-sets.js';
import { chineseAmericanStrategies } from '../../strategies/chinese-american/index.js';
import { chineseAmericanHands } from '../../experiments/chinese-american-hands.js';
import { benchTable } from '../bench/table.js';
import { POINTS_AT_A_VALUE, type GameEntry } from './entry.js';
import { rulesetHand, rulesetScore } from './mahjong-hand.js';

export const chineseAmericanEntry: GameEntry = {
  def: chineseAmerican, strategies: chineseAmericanStrategies, defaultSeat: 'efficiency',
  experiments: [chineseAmericanHands],
  quick: [{ name: 'chinese-american-hands', games: 40 }],
  bench: (seconds) => benchTable(chineseAmerican, chineseAmericanStrategies, CHINESE_AMERICAN_SET, seconds),
  rulesDoc: 'src/games/mahjong/chinese-american/RULES.md',
  hand: rulesetHand(rulesetById('chinese-american')),
  score: rulesetScore(rulesetById('chinese-american')),
  risk: POINTS_AT_A_VALUE,
};
