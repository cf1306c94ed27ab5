// Shanten of random 14-tile hands from the 136-tile set against the published distribution:
// mean 3.156; ready (shanten 0) 0.07%, one away 2.33%, two 19.50%, three 43.93%. These are
// the best of all three shapes; standard hands alone average about 3.32.

import { describe, expect, it } from 'vitest';
import { ALL_SHAPES, STANDARD_SET, shanten } from '../../../src/games/mahjong/index.js';
import { dealInto, newCounts, playWall, seeded } from './seeded.js';

const N = 200_000;
// 99.9% two-sided: with a fixed seed the test is deterministic, so the width only guards
// against a real shift, not against noise.
const Z = 3.29;

function wilson(hits: number, n: number): [number, number] {
  const p = hits / n;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [centre - half, centre + half];
}

describe('random 14-tile hands', () => {
  it(`match the published shanten distribution over ${N} hands`, () => {
    const rand = seeded(20240601);
    const wall = playWall(STANDARD_SET);
    const c = newCounts();
    const hist = new Float64Array(10);
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < N; i++) {
      const s = shanten(dealInto(rand, wall, 14, c), 0, ALL_SHAPES);
      hist[s + 1]!++;
      sum += s;
      sumSq += s * s;
    }
    const mean = sum / N;
    const sd = Math.sqrt((sumSq - N * mean * mean) / (N - 1));
    const half = (Z * sd) / Math.sqrt(N);
    expect(Math.abs(mean - 3.156)).toBeLessThan(half);
    const published: [number, number][] = [
      [0, 0.0007],
      [1, 0.0233],
      [2, 0.195],
      [3, 0.4393],
    ];
    for (const [s, p] of published) {
      const [lo, hi] = wilson(hist[s + 1]!, N);
      expect(p, `shanten ${s}: ${hist[s + 1]! / N}`).toBeGreaterThanOrEqual(lo);
      expect(p, `shanten ${s}: ${hist[s + 1]! / N}`).toBeLessThanOrEqual(hi);
    }
  });
});
