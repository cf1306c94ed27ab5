import { american } from '../games/mahjong/american/game.js';
import { americanStrategies } from '../../strategies/american/index.js';
import { americanCharleston } from '../../experiments/american-charleston.js';
import { americanCardLines } from '../../experiments/american-card-lines.js';
import { americanJokers } from '../../experiments/american-jokers.js';
import { benchAmerican } from '../bench/american.js';
import { POINTS_AT_A_VALUE, type AdviseQuery, type GameEntry } from './entry.js';
import { STAGES, charlestonAbout, charlestonChoices, charlestonSituation } from '../games/mahjong/american/situation.js';
import type { AmericanState } from '../games/mahjong/american/state.js';
import { wonHand } from '../games/mahjong/table/situation.js';
import { TABLE_EVENTS } from '../games/mahjong/table/game.js';
import { PREPLAY } from '../games/mahjong/table/state.js';
import type { GameState } from '../core/game.js';
import { americanCard, americanHand } from './american-card.js';

/** Whether the hand is in its Charleston (a table from a record may be at any decision): after
 * it, every legal move is ranked as one. */
const inCharleston = (state: GameState): boolean => (state as AmericanState).phase === PREPLAY;

/** The Charleston: which three tiles to pass (some blind where allowed), the courtesy offer. */
const advise: AdviseQuery = {
  doc: 'american: which three tiles to pass in each Charleston pass (blind where allowed), what to offer in the courtesy pass',
  options: [
    { flag: '--hand', value: '<tiles>', doc: 'american: your tiles, 14 as East, else 13 (e.g. "m111 p2468 s369 z55 j")' },
    { flag: '--stage', value: '<pass>', doc: `american: the Charleston pass: ${STAGES.join(', ')} (default first-right)` },
    { flag: '--seat-wind', value: '<E|S|W|N>', doc: 'american: your seat wind (E deals; default E)' },
  ],
  situation: (rules, given, name) => charlestonSituation(rules, given, name) as unknown as ReturnType<AdviseQuery['situation']>,
  choices: (state, seat) => (inCharleston(state) ? charlestonChoices(state as AmericanState, seat) : undefined),
  about: (state, seat) => (inCharleston(state) ? charlestonAbout(state as AmericanState, seat) : undefined),
  example: { hand: 'm1112 p2468 s369 z55 j' },
  budget: 8000,
  value: 'points won this hand (your net change)',
  round: 'hand',
  unit: 'points',
  won: { doc: 'you won the hand', test: (end, seat) => wonHand(end as AmericanState, seat) },
};

export const americanEntry: GameEntry = {
  def: american,
  strategies: americanStrategies,
  defaultSeat: 'line-chaser',
  experiments: [americanCharleston, americanCardLines, americanJokers],
  quick: [
    { name: 'american-charleston', games: 60, seconds: 1.2 },
    { name: 'american-card-lines', games: 100, seconds: 0.8 },
    { name: 'american-jokers', games: 100, seconds: 0.5 },
  ],
  bench: benchAmerican,
  rulesDoc: 'src/games/mahjong/american/RULES.md',
  card: americanCard,
  hand: americanHand,
  advise,
  records: {
    events: [
      ...TABLE_EVENTS,
      'pass',
      'pass_blind',
      'pass_done',
      'vote',
      'charleston',
      'charleston_vote',
      'courtesy',
      'expose',
      'exposure',
      'exchange',
      'joker_exchange',
      'dead_hand',
      'heavenly_hand',
    ],
  },
  risk: POINTS_AT_A_VALUE,
};
