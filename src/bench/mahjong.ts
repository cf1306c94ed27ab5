import { dealRng } from '../core/rng.js';
import { buildShantenTables, shanten, SEVEN_PAIRS_SHAPES } from '../games/mahjong/shanten.js';
import { STANDARD_SET, wallTiles } from '../games/mahjong/tile-sets.js';
import { PLAY_KINDS } from '../games/mahjong/tiles.js';
import { fmt, rate, type BenchResult } from './clock.js';

/**
 * Shanten of random 14-tile hands from the 136-tile set (standard hands and seven pairs,
 * the Korean shapes) per second on one core. The hands are dealt before timing, so the
 * figure is the evaluator alone.
 */
export function benchShanten(seconds: number): BenchResult {
  buildShantenTables();
  const n = 1 << 14;
  const tiles = wallTiles(STANDARD_SET);
  const hands = Array.from({ length: n }, (_, i) => {
    const rng = dealRng('shanten', 0, i);
    const pool = Uint8Array.from(tiles);
    const counts = new Int8Array(PLAY_KINDS);
    for (let k = 0; k < 14; k++) {
      const j = k + rng.int(pool.length - k);
      const t = pool[j]!;
      pool[j] = pool[k]!;
      pool[k] = t;
      counts[t]!++;
    }
    return counts;
  });
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
