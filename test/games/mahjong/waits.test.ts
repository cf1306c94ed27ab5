import { describe, expect, it } from 'vitest';
import {
  ALL_SHAPES,
  KINDS,
  KOREAN_SET,
  NOT_HELD,
  SEVEN_PAIRS_SHAPES,
  STANDARD_SET,
  STANDARD_SHAPES,
  discardTable,
  formatTiles,
  improvingTiles,
  liveCount,
  parseTiles,
  shanten,
  tileName,
  waits,
  type TileSet,
  type WinShapes,
} from '../../../src/games/mahjong/index.js';
import { refStandard } from './reference.js';
import { dealComplete, dealInto, newCounts, playWall, seeded } from './seeded.js';

const out = new Uint8Array(34);

function waitNames(hand: string, melds: number, shapes: WinShapes): string[] {
  const n = waits(parseTiles(hand), melds, shapes, out);
  return Array.from(out.subarray(0, n), tileName);
}

describe('waits', () => {
  it('finds the nine-gates wait on all nine characters', () => {
    expect(waitNames('m1112345678999', 0, STANDARD_SHAPES)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });

  it('finds a seven-pairs wait only when seven pairs is allowed', () => {
    expect(waitNames('m1199p2288s3377z1', 0, SEVEN_PAIRS_SHAPES)).toEqual(['z1']);
    expect(waitNames('m1199p2288s3377z1', 0, STANDARD_SHAPES)).toEqual([]);
  });

  it('finds the thirteen-way orphans wait', () => {
    expect(waitNames('m19p19s19z1234567', 0, ALL_SHAPES)).toHaveLength(13);
  });

  it('keeps waits whose copies are all visible but not a fifth copy of a kind the hand holds', () => {
    // m1111 m234: m111 + m1234 waits on m1 (a fifth copy, impossible) and m4 (m111 m123 m44).
    const hand = parseTiles('m1111234p567z111');
    const n = waits(hand, 0, STANDARD_SHAPES, out);
    const names = Array.from(out.subarray(0, n), tileName);
    expect(names).not.toContain('m1');
    expect(names).toEqual(['m4']);
    // All four m4 visible elsewhere: still a wait, with no live tiles.
    const visible = parseTiles('m11112344444p567z111');
    expect(liveCount(out, n, visible, STANDARD_SET)).toBe(0);
  });

  it('counts live tiles against the set', () => {
    const hand = parseTiles('m1112345678999');
    const n = waits(hand, 0, STANDARD_SHAPES, out);
    // Own hand visible, plus m5 m5 discarded: 36 - 13 - 2 = 21 live m tiles.
    const visible = parseTiles('m111234555678999');
    expect(liveCount(out, n, visible, STANDARD_SET)).toBe(21);
  });

  it('works with melds: a single-tile wait with four sets called', () => {
    expect(waitNames('z7', 4, SEVEN_PAIRS_SHAPES)).toEqual(['z7']);
    expect(waitNames('p45', 3, STANDARD_SHAPES)).toEqual([]);
    expect(waitNames('p4566', 3, STANDARD_SHAPES)).toEqual(['p3', 'p6']);
  });

  it('agrees with the brute-force definition on ready hands made from complete ones', () => {
    const rand = seeded(99);
    const c = newCounts();
    let checked = 0;
    while (checked < 500) {
      const melds = Math.floor(rand() * 5);
      if (!dealComplete(rand, melds, c)) continue;
      let k = Math.floor(rand() * 34);
      while (c[k] === 0) k = (k + 1) % 34;
      c[k]!--;
      const n = waits(c, melds, STANDARD_SHAPES, out);
      const expected: number[] = [];
      for (let t = 0; t < 34; t++) {
        if (c[t]! >= 4) continue;
        c[t]!++;
        if (refStandard(c, melds) === -1) expected.push(t);
        c[t]!--;
      }
      expect(Array.from(out.subarray(0, n)), formatTiles(c)).toEqual(expected);
      expect(expected).toContain(k);
      checked++;
    }
  });

  it('returns no waits for a hand that is not ready', () => {
    expect(waits(parseTiles('m1234p1234s1234z12'), 0, ALL_SHAPES, out)).toBe(0);
    expect(improvingTiles(parseTiles('m1234p1234s1234z12'), 0, ALL_SHAPES, out)).toBeGreaterThan(0);
  });
});

describe('discard table', () => {
  // Straightforward recount for every discard and draw, using the verified shanten().
  function expected(c: Int8Array, melds: number, shapes: WinShapes, visible: Int8Array, set: TileSet) {
    const rows: [number, number, number][] = [];
    for (let d = 0; d < 34; d++) {
      if (c[d] === 0) continue;
      c[d]!--;
      const after = shanten(c, melds, shapes);
      let live = 0;
      for (let t = 0; t < 34; t++) {
        if (c[t]! >= 4) continue;
        c[t]!++;
        if (shanten(c, melds, shapes) < after) live += Math.max(0, set.copies[t]! - visible[t]!);
        c[t]!--;
      }
      c[d]!++;
      rows.push([d, after, live]);
    }
    return rows;
  }

  for (const [set, shapes] of [
    [STANDARD_SET, ALL_SHAPES],
    [KOREAN_SET, SEVEN_PAIRS_SHAPES],
  ] as const) {
    it(`matches a plain recount on random ${set.id}-set hands`, () => {
      const rand = seeded(set.total);
      const wall = playWall(set);
      const c = newCounts();
      const visible = newCounts();
      const after = new Int8Array(34);
      const ukeire = new Int16Array(34);
      for (let n = 0; n < 300; n++) {
        const melds = n % 3 === 0 ? Math.floor(rand() * 4) : 0;
        // Deal the hand plus 20 other visible tiles from one shuffle.
        dealInto(rand, wall, 14 - 3 * melds + 20, visible);
        c.fill(0);
        for (let i = 0; i < 14 - 3 * melds; i++) c[wall[i]!]!++;
        const best = discardTable(c, melds, shapes, visible, set, after, ukeire);
        const rows = expected(c, melds, shapes, visible, set);
        for (const [d, s, live] of rows) {
          expect([tileName(d), after[d], ukeire[d]], formatTiles(c)).toEqual([tileName(d), s, live]);
        }
        expect(best).toBe(Math.min(...rows.map((r) => r[1])));
        for (let k = 0; k < 34; k++) if (c[k] === 0) expect(after[k]).toBe(NOT_HELD);
      }
    });
  }

  it('counts the ukeire of a simple one-away hand by hand', () => {
    // Discard z3 from m1235 p4569 s789 z113: m3-m7, p7-p9 and z1 then make it ready.
    // Live with only the own hand visible: m 3+4+3+4+4, p 4+4+3, z1 2 = 31.
    const c = parseTiles('m1235p4569s789z113');
    const after = new Int8Array(KINDS);
    const ukeire = new Int16Array(KINDS);
    expect(discardTable(c, 0, STANDARD_SHAPES, c, STANDARD_SET, after, ukeire)).toBe(1);
    const z3 = parseTiles('z3').indexOf(1);
    expect([after[z3], ukeire[z3]]).toEqual([1, 31]);
  });
});
