import { resolveRules } from '../core/rules.js';
import { parseSpec } from '../core/strategy.js';
import { Arm } from '../experiment/arm.js';
import { american } from '../games/mahjong/american/game.js';
import { CardMatcher } from '../games/mahjong/american/match.js';
import { americanSchema, rulesCard } from '../games/mahjong/american/rules.js';
import { AMERICAN_SET, wallTiles } from '../games/mahjong/tile-sets.js';
import { JOKER, KINDS } from '../games/mahjong/tiles.js';
import { americanStrategies } from '../../strategies/american/index.js';
import { fmt, rate, type BenchResult } from './clock.js';
import { randomHands } from './hands.js';
import { wallFloor } from './table.js';

/**
 * American on one core: whole-card tiles-away evaluations per second (every line of the sample
 * card against random 14-tile hands from the 152 tiles, dealt before timing), whole hands per
 * second with four line-chaser seats (the Charleston included), and the wall floor.
 */
export function benchAmerican(seconds: number): BenchResult {
  const rules = resolveRules(americanSchema, []);
  const matcher = new CardMatcher(rulesCard(rules));
  const out = new Int16Array(matcher.lines);
  const n = 1 << 12;
  const hands = randomHands('american-match', n, wallTiles(AMERICAN_SET), KINDS);
  let sink = 0;
  const matches = rate(seconds, () => {
    for (let i = 0; i < n; i++) {
      const h = hands[i]!;
      matcher.tilesAway(h, h[JOKER]!, [], out);
      sink += out[0]!;
    }
    return n;
  });
  const matchesPerSec = sink === -1 ? 0 : matches;
  const spec = parseSpec('line-chaser', americanStrategies, 'american', rules);
  const arm = new Arm(american, rules, [spec, spec, spec, spec], americanStrategies);
  let games = 0;
  const handsPerSec = rate(seconds, () => arm.play('bench', 0, games++).stats.hands);
  const floorPerSec = wallFloor(AMERICAN_SET, seconds);
  return {
    figures: { matchesPerSec, handsPerSec, floorPerSec },
    line: `american: ${fmt(handsPerSec)} hands/s per core (4 line-chaser seats, sample card); ${fmt(matchesPerSec)} whole-card tiles-away evaluations/s (${matcher.card.variants.length} readings, random 14-tile hands); floor ${fmt(floorPerSec)} 152-tile shuffle-and-draws/s`,
  };
}
