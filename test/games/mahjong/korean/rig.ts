// Rigged Korean hands for scenario tests: every draw (deal, in turn, replacement) takes the
// next tile of a script, so a test states the hands and the draws in notation.

import { expect } from 'vitest';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { TABLE_ACTIONS as ACTIONS, actionName } from '../../../../src/games/mahjong/table/actions.js';
import { STRIDE } from '../../../../src/games/mahjong/table/state.js';
import { korean, type KoreanState } from '../../../../src/games/mahjong/korean/game.js';
import { koreanSchema, type KoreanRules } from '../../../../src/games/mahjong/korean/rules.js';
import { FLOWER, parseTiles, tileKind } from '../../../../src/games/mahjong/tiles.js';

/** Tiles of a notation string in the order written (`p222m345` = p2 p2 p2 m3 m4 m5). */
export function tilesInOrder(s: string): number[] {
  const out: number[] = [];
  let suit = '';
  for (const ch of s.replace(/\s+/g, '')) {
    if ('mpzf'.includes(ch)) suit = ch;
    else out.push(tileKind(suit + ch));
  }
  return out;
}

/** Draws the scripted kinds in order; past the script, the first non-flower tile. */
class RiggedRng extends Rng {
  private at = 0;
  constructor(
    private readonly game: () => KoreanState,
    private readonly script: number[],
  ) {
    super('rigged');
  }
  override int(n: number): number {
    const w = this.game().wall;
    const want = this.script[this.at++];
    for (let j = w.head; j < w.tail; j++) {
      const t = w.tiles[j]!;
      if (want === undefined ? t < FLOWER : t === want) return j - w.head;
    }
    throw new Error(`rigged wall: no ${want} left (draw ${this.at})`);
  }
  override next(): number {
    throw new Error('rigged games draw with int() only');
  }
}

export function koreanRules(overrides: Record<string, unknown> = {}): KoreanRules {
  return resolveRules<KoreanRules>(koreanSchema, [{ where: 'test', values: { handsPerSession: 1, ...overrides } }]);
}

/**
 * Deals seat 0 (East, the dealer) `hands[0]` (14 tiles) and seats 1-3 `hands[k]` (13), then
 * scripts every later draw from `draws`, in the order the game makes them.
 */
export function rig(rules: KoreanRules, hands: [string, string, string, string], draws = ''): KoreanState {
  const h = hands.map(tilesInOrder);
  expect(h.map((x) => x.length)).toEqual([14, 13, 13, 13]);
  const script: number[] = [];
  for (let i = 0; i < 13; i++) for (let seat = 0; seat < 4; seat++) script.push(h[seat]![i]!);
  script.push(h[0]![13]!);
  script.push(...tilesInOrder(draws));
  const s = korean.create(rules);
  korean.deal(s, new RiggedRng(() => s, script));
  for (let seat = 0; seat < 4; seat++) {
    const want = parseTiles(hands[seat]!);
    expect(Array.from(s.hand.subarray(seat * STRIDE, seat * STRIDE + 34))).toEqual(Array.from(want.subarray(0, 34)));
  }
  return s;
}

const buf = new Int16Array(ACTIONS);

export function legal(s: KoreanState): number[] {
  return Array.from(buf.subarray(0, korean.legal(s, buf)));
}

/** Applies `a` after checking that the seat to act is `seat` and that `a` is legal. */
export function act(s: KoreanState, seat: number, a: number): void {
  expect(korean.toAct(s), `seat to act before ${actionName(a, s.claimTile)}`).toBe(seat);
  expect(legal(s), `${actionName(a, s.claimTile)} must be legal`).toContain(a);
  korean.apply(s, a, 0);
}

export const t = (name: string): number => tileKind(name);
