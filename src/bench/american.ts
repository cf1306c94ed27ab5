import { CardMatcher } from '../games/mahjong/american/match.js';
import { AMERICAN_SET, wallTiles } from '../games/mahjong/tile-sets.js';
import { JOKER, KINDS } from '../games/mahjong/tiles.js';
import { readCard, SAMPLE_CARD } from '../io/card-file.js';
import { fmt, rate, type BenchResult } from './clock.js';
import { randomHands } from './hands.js';

/**
 * Whole-card tiles-away evaluations per second on one core: every line of the sample card
 * against random 14-tile hands from the 152 tiles (jokers included), dealt before timing.
 */
export function benchCardMatch(seconds: number): BenchResult {
  const matcher = new CardMatcher(readCard(SAMPLE_CARD).card);
  const out = new Int16Array(matcher.lines);
  const n = 1 << 12;
  const hands = randomHands('american-match', n, wallTiles(AMERICAN_SET), KINDS);
  let sink = 0;
  const matchesPerSec = rate(seconds, () => {
    for (let i = 0; i < n; i++) {
      const h = hands[i]!;
      matcher.tilesAway(h, h[JOKER]!, [], out);
      sink += out[0]!;
    }
    return n;
  });
  const figure = sink === -1 ? 0 : matchesPerSec;
  return {
    figures: { matchesPerSec: figure },
    line: `american: ${fmt(figure)} whole-card tiles-away evaluations/s per core (sample card, ${matcher.card.variants.length} readings, random 14-tile hands)`,
  };
}
