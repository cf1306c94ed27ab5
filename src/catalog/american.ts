import { american } from '../games/mahjong/american/game.js';
import { americanStrategies } from '../../strategies/american/index.js';
import { americanCharleston } from '../../experiments/american-charleston.js';
import { americanCardLines } from '../../experiments/american-card-lines.js';
import { americanJokers } from '../../experiments/american-jokers.js';
import { benchAmerican } from '../bench/american.js';
import { POINTS_AT_A_VALUE, type GameEntry } from './entry.js';
import { americanCard, americanHand } from './american-card.js';

export const americanEntry: GameEntry = {
  def: american, strategies: americanStrategies, defaultSeat: 'line-chaser',
  experiments: [americanCharleston, americanCardLines, americanJokers],
  quick: [{ name: 'american-charleston', games: 60 }, { name: 'american-card-lines', games: 100 }, { name: 'american-jokers', games: 100 }],
  bench: benchAmerican,
  rulesDoc: 'src/games/mahjong/american/RULES.md',
  card: americanCard,
  hand: americanHand,
  risk: POINTS_AT_A_VALUE,
};
