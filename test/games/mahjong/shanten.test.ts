import { describe, expect, it } from 'vitest';
import {
  ALL_SHAPES,
  KOREAN_SET,
  SEVEN_PAIRS_SHAPES,
  STANDARD_SET,
  STANDARD_SHAPES,
  decompose,
  formatTiles,
  isComplete,
  parseTiles,
  shanten,
  shantenSevenPairs,
  shantenStandard,
  shantenThirteenOrphans,
  type Meld,
} from '../../../src/games/mahjong/index.js';
import { refSevenPairs, refStandard, refThirteenOrphans } from './reference.js';
import { dealComplete, dealInto, newCounts, playWall, seeded } from './seeded.js';

const fillerMelds = (k: number): Meld[] => Array.from({ length: k }, () => ({ kind: 'kong', tile: 42, concealed: false }));

describe('shanten against the brute-force definition', () => {
  // Uniform hands, Korean-set hands, and hands dealt from a narrow band of kinds so that
  // flushes, quads and honour-heavy hands turn up often.
  const bands: [string, Uint8Array][] = [
    ['standard set', playWall(STANDARD_SET)],
    ['korean set', playWall(KOREAN_SET)],
    ['one suit', playWall(STANDARD_SET, 9, 18)],
    ['honours', playWall(STANDARD_SET, 27, 34)],
    ['m7-p6', playWall(STANDARD_SET, 6, 15)],
    ['s5-z4', playWall(STANDARD_SET, 22, 31)],
    ['p1-s9', playWall(STANDARD_SET, 9, 27)],
  ];
  for (const [name, wall] of bands) {
    it(`agrees on ${name} hands of every size, with 0-4 melds`, () => {
      const rand = seeded(name.length * 7919);
      const c = newCounts();
      let checked = 0;
      for (let melds = 0; melds <= 4; melds++) {
        for (const size of [14 - 3 * melds, 13 - 3 * melds]) {
          for (let n = 0; n < 60; n++) {
            dealInto(rand, wall, size, c);
            const hand = formatTiles(c);
            const std = refStandard(c, melds);
            expect(shantenStandard(c, melds), hand).toBe(std);
            if (melds === 0) {
              expect(shantenSevenPairs(c), hand).toBe(refSevenPairs(c));
              expect(shantenThirteenOrphans(c), hand).toBe(refThirteenOrphans(c));
              expect(shanten(c, 0, SEVEN_PAIRS_SHAPES), hand).toBe(Math.min(std, refSevenPairs(c)));
              expect(shanten(c, 0, ALL_SHAPES), hand).toBe(Math.min(std, refSevenPairs(c), refThirteenOrphans(c)));
            } else {
              // Special shapes need a concealed hand.
              expect(shanten(c, melds, ALL_SHAPES), hand).toBe(std);
            }
            if (size === 14 - 3 * melds) {
              const readings = decompose(c, fillerMelds(melds), STANDARD_SHAPES);
              expect(readings.length > 0, hand).toBe(std === -1);
            }
            checked++;
          }
        }
      }
      expect(checked).toBe(600);
    });
  }

  it('agrees on complete hands built from random sets, and on each with one tile swapped', () => {
    const rand = seeded(4242);
    const c = newCounts();
    let built = 0;
    while (built < 1500) {
      const melds = Math.floor(rand() * 5);
      if (!dealComplete(rand, melds, c)) continue;
      built++;
      const hand = formatTiles(c);
      expect(shantenStandard(c, melds), hand).toBe(-1);
      expect(isComplete(c, melds, STANDARD_SHAPES), hand).toBe(true);
      expect(decompose(c, fillerMelds(melds), STANDARD_SHAPES).length, hand).toBeGreaterThan(0);
      // Swap one tile for another kind: the result is ready or one further away.
      const out = pickHeld(c, rand);
      const into = Math.floor(rand() * 34);
      if (into === out || c[into]! >= 4) continue;
      c[out]!--;
      c[into]!++;
      expect(shantenStandard(c, melds), formatTiles(c)).toBe(refStandard(c, melds));
    }
  });
});

function pickHeld(c: Int8Array, rand: () => number): number {
  for (;;) {
    const k = Math.floor(rand() * 34);
    if (c[k]! > 0) return k;
  }
}

describe('known hands', () => {
  it.each([
    ['m123p456s789z11122', 0, -1],
    ['m123p456s789z1112', 0, 0],
    ['m1112345678999', 0, 0],
    ['m11223344556677', 0, -1],
    ['m1111222233334', 0, 0],
    ['m11112222333344', 0, -1],
    ['z11112222333344', 0, 2],
    ['m19p19s19z1234567', 0, 8],
    ['z1', 4, 0],
    ['z11', 4, -1],
    ['m5', 4, 0],
  ])('%s with %i melds: standard shanten %i', (hand, melds, expected) => {
    const c = parseTiles(hand);
    expect(shantenStandard(c, melds)).toBe(refStandard(c, melds));
    expect(shantenStandard(c, melds)).toBe(expected);
  });

  it('knows the special shapes', () => {
    expect(shanten(parseTiles('m1199p2288s3377z11'), 0, SEVEN_PAIRS_SHAPES)).toBe(-1);
    // Four of a kind is not two pairs.
    expect(shantenSevenPairs(parseTiles('m1111p2288s3377z11'))).toBe(1);
    expect(shanten(parseTiles('m19p19s19z12345677'), 0, ALL_SHAPES)).toBe(-1);
    // Without thirteen orphans: seven pairs (one pair, six singles) beats standard (7).
    expect(shantenStandard(parseTiles('m19p19s19z12345677'))).toBe(7);
    expect(shanten(parseTiles('m19p19s19z12345677'), 0, SEVEN_PAIRS_SHAPES)).toBe(5);
    expect(shanten(parseTiles('m19p19s19z1234567'), 0, ALL_SHAPES)).toBe(0);
  });

  it('rejects an impossible meld count', () => {
    expect(() => shantenStandard(parseTiles('m1'), 5)).toThrow(/melds must be an integer 0..4, got 5/);
  });
});
