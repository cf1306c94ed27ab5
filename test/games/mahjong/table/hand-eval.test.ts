// The table's fast hand evaluator against the plain shared engine, for both kinds of set it
// serves: discard ranking against discardTable, waits against waits(), shanten against
// shanten(); and the Korean scorer's winning-shape test against decompose().

import { describe, expect, it } from 'vitest';
import {
  ALL_SHAPES,
  CHINESE_AMERICAN_SET,
  KOREAN_SET,
  SEVEN_PAIRS_SHAPES,
  decompose,
  discardTable,
  shanten,
  waits as sharedWaits,
  type TileSet,
  type WinShapes,
} from '../../../../src/games/mahjong/index.js';
import { HandEval } from '../../../../src/games/mahjong/table/hand-eval.js';
import { BIT, WORD } from '../../../../src/games/mahjong/table/kinds.js';
import { Scorer } from '../../../../src/games/mahjong/korean/scoring.js';
import { dealInto, playWall, seeded, type Rand } from '../seeded.js';
import { koreanRules } from '../korean/rig.js';

const ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/** A random complete hand of `4 - melds` sets and a pair (one in eight: seven pairs; with
 * thirteen orphans, one in sixteen of those) in `c`, from the set's kinds. */
function completeHand(rand: Rand, kinds: number[], shapes: WinShapes, melds: number, c: Int8Array): void {
  const pick = () => kinds[Math.floor(rand() * kinds.length)]!;
  for (;;) {
    c.fill(0);
    if (melds === 0 && shapes.thirteenOrphans && rand() < 0.0625) {
      for (const k of ORPHANS) c[k] = 1;
      c[ORPHANS[Math.floor(rand() * ORPHANS.length)]!]!++;
      return;
    }
    if (melds === 0 && rand() < 0.125) {
      for (let n = 0; n < 7; ) {
        const k = pick();
        if (c[k] === 0) {
          c[k] = 2;
          n++;
        }
      }
      return;
    }
    c[pick()]! += 2;
    for (let i = 0; i < 4 - melds; i++) {
      const k = pick();
      if (rand() < 0.6 && k < 27 && k % 9 < 7) for (let j = 0; j < 3; j++) c[k + j]!++;
      else c[k]! += 3;
    }
    if (c.every((n) => n <= 4)) return;
  }
}

/** A ready hand: a complete hand less one random tile. */
function readyHand(rand: Rand, kinds: number[], shapes: WinShapes, melds: number, c: Int8Array): void {
  completeHand(rand, kinds, shapes, melds, c);
  const held = kinds.filter((k) => c[k]! > 0);
  c[held[Math.floor(rand() * held.length)]!]!--;
}

const CASES: { name: string; set: TileSet; shapes: WinShapes; bamboo: boolean }[] = [
  { name: 'korean (no bamboo; standard and seven pairs)', set: KOREAN_SET, shapes: SEVEN_PAIRS_SHAPES, bamboo: false },
  { name: 'chinese-american (three suits; all three shapes)', set: CHINESE_AMERICAN_SET, shapes: ALL_SHAPES, bamboo: true },
];

for (const { name, set, shapes, bamboo } of CASES) {
  const wall = playWall(set);
  const kinds = Array.from({ length: 34 }, (_, k) => k).filter((k) => set.copies[k]! > 0);

  describe(`hand evaluation: ${name}`, () => {
    it('shanten and rankDiscards match shanten() and discardTable on random hands', () => {
      const rand = seeded(41);
      const ev = new HandEval(shapes, bamboo);
      const c = new Int8Array(43);
      const visible = new Int8Array(43);
      const unseen = new Int8Array(34);
      const sa = new Int8Array(34),
        uk = new Int16Array(34),
        rs = new Int8Array(34),
        ru = new Int16Array(34);
      let compared = 0;
      for (let i = 0; i < 3000; i++) {
        const melds = i % 3;
        dealInto(rand, wall, 14 - 3 * melds + 12, visible);
        // The first tiles dealt are the hand, the rest are seen elsewhere.
        c.fill(0);
        for (let j = 0; j < 14 - 3 * melds; j++) c[wall[j]!]!++;
        for (let k = 0; k < 34; k++) unseen[k] = set.copies[k]! - visible[k]!;
        ev.load(c);
        expect(ev.shanten(melds)).toBe(shanten(c, melds, shapes));
        const best = ev.rankDiscards(c, 0, melds, unseen, -1, -1, sa, uk);
        expect(discardTable(c, melds, shapes, visible, set, rs, ru)).toBe(best);
        let ties = 0;
        for (let k = 0; k < 34; k++) if (c[k]! > 0 && sa[k] === best) ties++;
        // Plain checks, not expect(), for each tile of 3,000 hands.
        for (let k = 0; k < 34; k++) {
          if (c[k] === 0) continue;
          if (sa[k] !== rs[k]) expect.fail(`hand ${i}: discarding kind ${k} leaves shanten ${sa[k]}, by brute force ${rs[k]}`);
          if (sa[k] === best && ties > 1) {
            if (uk[k] !== ru[k]) expect.fail(`hand ${i}: discarding kind ${k} leaves ${uk[k]} useful tiles, by brute force ${ru[k]}`);
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(5000);
    });

    it('rankDiscards leaves discards outside the allowed masks at 99', () => {
      const rand = seeded(44);
      const ev = new HandEval(shapes, bamboo);
      const c = new Int8Array(43);
      const unseen = new Int8Array(34).fill(4);
      const sa = new Int8Array(34),
        uk = new Int16Array(34);
      for (let i = 0; i < 200; i++) {
        readyHand(rand, kinds, shapes, 0, c);
        const room = kinds.filter((k) => c[k]! < 4);
        c[room[Math.floor(rand() * room.length)]!]!++;
        ev.load(c);
        ev.rankDiscards(c, 0, 0, unseen, 0, -1, sa, uk);
        for (const k of kinds) if (c[k]! > 0 && WORD[k] === 0) expect(sa[k]).toBe(99);
      }
    });

    it('waits match the shared waits() on random ready hands', () => {
      const rand = seeded(42);
      const ev = new HandEval(shapes, bamboo);
      const c = new Int8Array(43);
      const out = new Uint8Array(34);
      const w = new Int32Array(2);
      let orphanWaits = 0;
      for (let i = 0; i < 3000; i++) {
        const melds = i % 3;
        readyHand(rand, kinds, shapes, melds, c);
        ev.load(c);
        expect(ev.shanten(melds)).toBe(0);
        const full = [0, 0];
        for (let k = 0; k < 34; k++) if (c[k] === 4) full[WORD[k]!]! |= BIT[k]!;
        const mask = [0, 0];
        for (let j = 0, n = sharedWaits(c, melds, shapes, out); j < n; j++) mask[WORD[out[j]!]!]! |= BIT[out[j]!]!;
        ev.waits(melds, full[0]!, full[1]!, w, 0);
        expect([w[0], w[1]]).toEqual(mask);
        if (shapes.thirteenOrphans && melds === 0 && kinds.every((k) => c[k] === 0 || ORPHANS.includes(k))) orphanWaits++;
      }
      if (shapes.thirteenOrphans) expect(orphanWaits).toBeGreaterThan(10);
    });
  });
}

describe('korean scorer', () => {
  it('reads a hand exactly as decompose() does', () => {
    const rand = seeded(43);
    const kinds = Array.from({ length: 34 }, (_, k) => k).filter((k) => KOREAN_SET.copies[k]! > 0);
    const s = new Scorer(koreanRules());
    let complete = 0;
    // Random ready hands plus every tile: their waits complete them, the rest do not.
    for (let i = 0; i < 1000; i++) {
      readyHand(rand, kinds, SEVEN_PAIRS_SHAPES, 0, s.c);
      for (let k = 0; k < 34; k++) {
        if (KOREAN_SET.copies[k] === 0 || s.c[k] === 4) continue;
        s.c[k]!++;
        s.winTile = k;
        s.melds = 0;
        const readings = decompose(s.c, [], SEVEN_PAIRS_SHAPES);
        const shape = readings.length > 0;
        expect(s.basic() >= 0, `hand ${Array.from(s.c).join('')}`).toBe(shape);
        expect(s.readings).toBe(readings.filter((d) => d.shape === 'standard').length);
        if (shape) complete++;
        s.c[k]!--;
      }
    }
    expect(complete).toBeGreaterThan(1500);
  });
});
