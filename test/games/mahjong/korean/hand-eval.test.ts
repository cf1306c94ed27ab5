// The Korean fast paths against the shared engine: discard ranking against discardTable,
// waits against waits(), the scorer's winning-shape test against decompose().

import { describe, expect, it } from 'vitest';
import {
  KOREAN_SET, SEVEN_PAIRS_SHAPES, decompose, discardTable, waits as sharedWaits,
} from '../../../../src/games/mahjong/index.js';
import { HandEval } from '../../../../src/games/mahjong/korean/hand-eval.js';
import { BIT } from '../../../../src/games/mahjong/korean/kinds.js';
import { Scorer } from '../../../../src/games/mahjong/korean/scoring.js';
import { dealInto, playWall, seeded } from '../seeded.js';
import { koreanRules } from './rig.js';

const wall = playWall(KOREAN_SET);
const KINDS = Array.from({ length: 34 }, (_, k) => k).filter((k) => KOREAN_SET.copies[k]! > 0);

/** A random complete hand of `4 - melds` sets and a pair (one in eight: seven pairs) in `c`. */
function completeHand(rand: () => number, melds: number, c: Int8Array): void {
  const pick = () => KINDS[Math.floor(rand() * KINDS.length)]!;
  for (;;) {
    c.fill(0);
    if (melds === 0 && rand() < 0.125) {
      for (let n = 0; n < 7;) {
        const k = pick();
        if (c[k] === 0) { c[k] = 2; n++; }
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
function readyHand(rand: () => number, melds: number, c: Int8Array): void {
  completeHand(rand, melds, c);
  const held = KINDS.filter((k) => c[k]! > 0);
  c[held[Math.floor(rand() * held.length)]!]!--;
}

describe('korean hand evaluation', () => {
  it('rankDiscards matches discardTable on the best discards of random hands', () => {
    const rand = seeded(41);
    const ev = new HandEval();
    const c = new Int8Array(43);
    const visible = new Int8Array(43);
    const unseen = new Int8Array(34);
    const sa = new Int8Array(34), uk = new Int16Array(34), rs = new Int8Array(34), ru = new Int16Array(34);
    let compared = 0;
    for (let i = 0; i < 3000; i++) {
      const melds = i % 3;
      dealInto(rand, wall, 14 - 3 * melds + 12, visible);
      // The first tiles dealt are the hand, the rest are seen elsewhere.
      c.fill(0);
      for (let j = 0; j < 14 - 3 * melds; j++) c[wall[j]!]!++;
      for (let k = 0; k < 34; k++) unseen[k] = KOREAN_SET.copies[k]! - visible[k]!;
      ev.load(c);
      const best = ev.rankDiscards(c, 0, melds, unseen, -1, sa, uk);
      expect(discardTable(c, melds, SEVEN_PAIRS_SHAPES, visible, KOREAN_SET, rs, ru)).toBe(best);
      let ties = 0;
      for (let k = 0; k < 34; k++) if (c[k]! > 0 && sa[k] === best) ties++;
      for (let k = 0; k < 34; k++) {
        if (c[k] === 0) continue;
        expect(sa[k]).toBe(rs[k]);
        if (sa[k] === best && ties > 1) {
          expect(uk[k]).toBe(ru[k]);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });

  it('waits match the shared waits() on random ready hands', () => {
    const rand = seeded(42);
    const ev = new HandEval();
    const c = new Int8Array(43);
    const out = new Uint8Array(34);
    for (let i = 0; i < 3000; i++) {
      const melds = i % 3;
      readyHand(rand, melds, c);
      ev.load(c);
      expect(ev.shanten(melds)).toBe(0);
      let full = 0;
      for (let k = 0; k < 34; k++) if (c[k] === 4) full |= BIT[k]!;
      let mask = 0;
      for (let j = 0, n = sharedWaits(c, melds, SEVEN_PAIRS_SHAPES, out); j < n; j++) mask |= BIT[out[j]!]!;
      expect(ev.waits(melds, full)).toBe(mask);
    }
  });

  it('the scorer reads a hand exactly as decompose() does', () => {
    const rand = seeded(43);
    const s = new Scorer(koreanRules());
    let complete = 0;
    // Random ready hands plus every tile: their waits complete them, the rest do not.
    for (let i = 0; i < 1000; i++) {
      readyHand(rand, 0, s.c);
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
