// Hand analysis without the CLI: reading a hand and its melds against a ruleset's set, and
// ranking the discards of a 14-tile hand.
import { describe, expect, it } from 'vitest';
import { discardRows, parseMelds, readHand, visibleTiles } from '../../../src/games/mahjong/hand-analysis.js';
import { chineseAmericanRuleset as ca } from '../../../src/games/mahjong/chinese-american/ruleset.js';
import { koreanRuleset as korean } from '../../../src/games/mahjong/korean/ruleset.js';

describe('hand analysis', () => {
  it('reads a hand, setting flowers aside, and checks its size against its melds', () => {
    const h = readHand('f31m1112345678999', korean.set, []);
    expect(h).toMatchObject({ tiles: 13, flowers: 2, notation: 'm1112345678999f13' });
    expect(() => readHand('m11122233344p55', korean.set, parseMelds('z1111', korean, null))).toThrow(
      /holds 13 tiles; with 1 meld a hand holds 10/,
    );
    expect(() => readHand('m1112345678999s1', korean.set, [])).toThrow(
      /s1 is not in the korean set, which holds m1-m9, p1-p9, z1-z7 \(4 of each\), f1-f4 \(1 of each\)/,
    );
    expect(() => readHand('m11111234567899', korean.set, [])).toThrow(/m1 appears 5 times; the korean set holds 4/);
  });

  it('reads melds: pungs, kongs, concealed kongs, chows only where the ruleset calls them', () => {
    expect(parseMelds('p555, z7777*', korean, null)).toEqual([
      { kind: 'pung', tile: 13, concealed: false },
      { kind: 'kong', tile: 33, concealed: true },
    ]);
    expect(() => parseMelds('m123', korean, null)).toThrow(/korean has no chow calls/);
    expect(parseMelds('m123', ca, null)).toEqual([{ kind: 'chow', tile: 0, concealed: false }]);
    expect(() => parseMelds('p555*', korean, null)).toThrow(/only a kong can be marked \*/);
    expect(() => parseMelds('p1,p2,p3,p4,p5', korean, null)).toThrow(/is not a meld/);
  });

  it('ranks discards by shanten, then live improving tiles', () => {
    // Discarding z1 leaves the 13-tile wait on p2, p5, p8 (11 live tiles).
    const h = readHand('m23445556p34567z1', korean.set, []);
    const rows = discardRows(korean, null, h, [], visibleTiles(h, []));
    expect(rows[0]).toMatchObject({ tile: 'z1', shanten: 0, improving: ['p2', 'p5', 'p8'], live: 11 });
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.shanten < b.shanten || (a.shanten === b.shanten && a.live >= b.live)).toBe(true);
    }
  });
});
