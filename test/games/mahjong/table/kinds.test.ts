import { describe, expect, it } from 'vitest';
import { BIT, WORD, chowable } from '../../../../src/games/mahjong/table/kinds.js';
import { HONOR } from '../../../../src/games/mahjong/tiles.js';
import { Rng } from '../../../../src/core/rng.js';

describe('chowable', () => {
  it('marks exactly the suit kinds two held tiles of their suit make a run with', () => {
    // Brute force over random hands: kind t is chowable when (t+1, t+2), (t-1, t+1) or
    // (t-2, t-1) are held within t's own suit.
    const rng = new Rng(null).reuse('chowable', 0, 0, 'test');
    for (let trial = 0; trial < 2000; trial++) {
      const held = new Set<number>();
      for (let i = 0, n = rng.int(14); i < n; i++) held.add(rng.int(HONOR + 7));
      const words = [0, 0];
      for (const k of held) words[WORD[k]!]! |= BIT[k]!;
      for (let t = 0; t < HONOR + 7; t++) {
        const n = t % 9;
        const has = (k: number) => k >= 0 && k < HONOR && Math.floor(k / 9) === Math.floor(t / 9) && held.has(k);
        const want = t < HONOR && ((n <= 6 && has(t + 1) && has(t + 2)) || (has(t - 1) && has(t + 1)) || (has(t - 2) && has(t - 1)));
        // A plain check, not expect(), for each of 86,000 kinds.
        if (((chowable(words[WORD[t]!]!) & BIT[t]!) !== 0) !== want)
          expect.fail(`t=${t} held=${[...held].sort((a, b) => a - b)}: chowable should be ${want}`);
      }
    }
  });
});
