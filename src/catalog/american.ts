import { american } from '../games/mahjong/american/game.js';
import { americanStrategies } from '../../strategies/american/index.js';
import { americanFeatures } from '../../strategies/american/features.js';
import { americanCharleston } from '../../experiments/american-charleston.js';
import { americanCardLines } from '../../experiments/american-card-lines.js';
import { americanJokers } from '../../experiments/american-jokers.js';
import { benchAmerican } from '../bench/american.js';
import { defineEntry, type AdviseQuery } from './entry.js';
import { POINTS_AT_A_VALUE } from '../experiment/risk.js';
import { STAGES, americanSituation, charlestonChoices, linesAbout } from '../games/mahjong/american/situation.js';
import type { AmericanState } from '../games/mahjong/american/state.js';
import type { AmericanRules } from '../games/mahjong/american/rules.js';
import { wonHand } from '../games/mahjong/table/situation.js';
import { AMERICAN_EVENTS } from '../games/mahjong/american/events.js';
import * as tableActions from '../games/mahjong/table/actions.js';
import {
  BLIND,
  COURTESY_DONE,
  DISCARD_FLOWER,
  DISCARD_JOKER,
  EXCHANGE,
  EXPOSE,
  PASS_TILE,
  VOTE_NO,
  VOTE_YES,
  exposeAction,
  exposeJokers,
  exposeSize,
} from '../games/mahjong/american/actions.js';
import { americanCard, americanHand } from './american-card.js';
import { wallRecords } from './mahjong-records.js';
import { mahjongRuleTable, SEAT_DRAWS } from './rule-tables.js';
import { tableWin } from './mahjong-advise.js';

/** The Charleston: which three tiles to pass (some blind where allowed), the courtesy offer;
 * after it, the discard, the call on a discard, the joker exchange. */
const advise: AdviseQuery<AmericanState, AmericanRules> = {
  doc: 'american: which three tiles to pass in each Charleston pass (blind where allowed), what to offer in the courtesy pass; after it (--stage play), which tile to throw, whether to exchange for a joker or declare Mah Jongg, whether to take a discard for an exposure or Mah Jongg',
  options: [
    {
      flag: '--hand',
      value: '<tiles>',
      doc: 'american: your concealed tiles: in the Charleston 14 as East, else 13 (e.g. "m111 p2468 s369 z55 j"); in play 14 on your turn (the tile drawn included) or 13 with --offered, less your exposed tiles',
    },
    {
      flag: '--stage',
      value: '<stage>',
      doc: `american: the Charleston pass, ${STAGES.join(', ')}, or play after it (default first-right)`,
    },
    { flag: '--seat-wind', value: '<E|S|W|N>', doc: 'american: your seat wind (E deals; default E)' },
    {
      flag: '--drawn',
      value: '<tile>',
      doc: 'american play: the tile you drew (default: the last one written in --hand), or none just after an exposure',
    },
    { flag: '--offered', value: '<tile>', doc: 'american play: the tile just thrown: take it for an exposure or Mah Jongg, or pass' },
    { flag: '--from', value: '<seat>', doc: 'american play: who threw the tile on offer: right, across or left (default left)' },
    { flag: '--exposed', value: '<list>', doc: 'american play: your exposures, comma-separated, jokers as j (e.g. "p555j, z1111")' },
    { flag: '--right-exposed', value: '<list>', doc: 'american play: the exposures of the player on your right' },
    { flag: '--across-exposed', value: '<list>', doc: 'american play: the exposures of the player across' },
    { flag: '--left-exposed', value: '<list>', doc: 'american play: the exposures of the player on your left' },
    { flag: '--discards', value: '<tiles>', doc: "american play: every discard seen so far, anyone's (jokers as j)" },
    {
      flag: '--passed-right',
      value: '<tiles>',
      doc: 'american play: tiles you passed to the player on your right in the Charleston that they cannot have let go since',
    },
    { flag: '--passed-across', value: '<tiles>', doc: 'american play: the same for the player across' },
    { flag: '--passed-left', value: '<tiles>', doc: 'american play: the same for the player on your left' },
  ],
  situation(rules, given, name) {
    const { state, seat, read } = americanSituation(rules, given, name);
    return { state, seat, read: { ...read } };
  },
  choices: charlestonChoices,
  about: linesAbout,
  example: { hand: 'm1112 p2468 s369 z55 j' },
  moreExamples: [
    {
      name: 'discard',
      situation: { stage: 'play', hand: 'm1113 p2468 s3669 z5 j', discards: 'z1 z2 s1 m9 p3 f1', leftExposed: 'z666' },
    },
  ],
  budget: 8000,
  // Above the default budget: on a quiet machine a default advice took 2.3 s in one thread and
  // 2.5 s on two, where 16,000 playouts took 3.7 to 4.5 s against 3.3 (README, Speed).
  poolFrom: 16000,
  value: 'points won this hand (your net change)',
  round: 'hand',
  unit: 'points',
  won: { doc: 'you won the hand', test: (start, end, seat) => wonHand(start, end, seat) },
  // Mah Jongg on a discard or by self-draw; letting it go costs nothing under the rules (no
  // sacred discard), so only the race's own figures say why another action ranks above it.
  wins: { legal: tableWin, letGo: () => undefined },
};

export const americanEntry = defineEntry({
  def: american,
  strategies: americanStrategies,
  // The table's actions, then American's own: flowers and jokers thrown, joker exchanges,
  // exposures claimed, and the Charleston's passes, courtesy and vote.
  actions: {
    ...tableActions,
    DISCARD_FLOWER,
    DISCARD_JOKER,
    EXCHANGE,
    EXPOSE,
    PASS_TILE,
    BLIND,
    COURTESY_DONE,
    VOTE_YES,
    VOTE_NO,
    exposeAction,
    exposeSize,
    exposeJokers,
  },
  defaultSeat: 'line-chaser',
  experiments: [americanCharleston, americanCardLines, americanJokers, mahjongRuleTable(american, americanStrategies, 'line-chaser', 400)],
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
  records: { events: AMERICAN_EVENTS, ...wallRecords() },
  luckRules: SEAT_DRAWS,
  search: { best: 'line-chaser(k=3,q=0.3)', rules: { handsPerSession: 1 }, unit: 'net points per hand', ns: [4, 16] },
  features: americanFeatures,
  risk: POINTS_AT_A_VALUE,
});
