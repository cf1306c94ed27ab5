import { buildShantenTables, shanten, SEVEN_PAIRS_SHAPES } from '../games/mahjong/shanten.js';
import { STANDARD_SET, wallTiles } from '../games/mahjong/tile-sets.js';
import { PLAY_KINDS } from '../games/mahjong/tiles.js';
import { fmt, rate, type BenchResult } from './clock.js';
import { randomHands } from './hands.js';

/**
 * Shanten of random 14-tile hands from the 136-tile set (standard hands and seven pairs,
 * the Korean shapes) per second on one core. The hands are dealt before timing, so the
 * figure is the evaluator alone.
 */
export function benchShanten(seconds: number): BenchResult {
  buildShantenTables();
  const n = 1 << 14;
  const hands = randomHands('shanten', n, wallTiles(STANDARD_SET), PLAY_KINDS);
  let sink = 0;
  const step = () => {
    for (let i = 0; i < n; i++) sink += shanten(hands[i]!, 0, SEVEN_PAIRS_SHAPES);
    return n;
  };
  const shantenPerSec = rate(seconds, step);
  const figure = sink === -Infinity ? 0 : shantenPerSec;
  return {
    figures: { shantenPerSec: figure },
    line: `mahjong: ${fmt(figure)} shanten evaluations/s per core (random 14-tile hands, standard + seven pairs)`,
  };
}
