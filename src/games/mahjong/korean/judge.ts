// Win legality against the state: loads a seat's tiles into the scorer and asks for basic
// points. A win needs a winning shape and at least 2 basic points (RULES.md, Winning).

import * as tilesModule from '../tiles.js';
import * as tableStateModule from '../table/state.js';
import * as scoringModule from './scoring.js';
import type { Scorer } from './scoring.js';
import type { KoreanState } from './state.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { PLAY_KINDS } = tilesModule;
const { STRIDE } = tableStateModule;
const { FIRST_EARTHLY, FIRST_HEAVENLY, FIRST_HUMAN, FIRST_NONE } = scoringModule;

/** Loads `seat`'s hand (plus `extra` when >= 0) and melds; returns the scorer. */
export function loadScorer(s: KoreanState, seat: number, extra: number, winTile: number, selfDraw: boolean): Scorer {
  const sc = s.scorer;
  sc.loadSeat(s, seat, extra, winTile, selfDraw);
  sc.seatWind = s.seatWind(seat);
  sc.roundWind = s.roundWind;
  sc.first = firstTurnYaku(s, seat, selfDraw);
  return sc;
}

/** Heavenly, earthly or human win: only in an uninterrupted first go-around (no call yet). */
function firstTurnYaku(s: KoreanState, seat: number, selfDraw: boolean): number {
  if (s.anyCall || s.discards[seat] !== 0) return FIRST_NONE;
  if (seat === s.dealer) return selfDraw && s.drawn < 0 ? FIRST_HEAVENLY : FIRST_NONE;
  if (selfDraw) return s.draws[seat] === 1 ? FIRST_EARTHLY : FIRST_NONE;
  return s.draws[seat] === 0 ? FIRST_HUMAN : FIRST_NONE;
}

/** The least basic points a legal win scores (the 2-point minimum). */
export const MIN_BASIC = 2;

/** Basic points of `seat` going out on discard `t` (-1: no winning shape). */
export function ronBasic(s: KoreanState, seat: number, t: number): number {
  return loadScorer(s, seat, t, t, false).basic();
}

/**
 * The winning tile that scores best for a self-draw of the seat to act: the drawn tile, or
 * for the dealer's heavenly hand (no tile drawn) the held kind with the most Korean dora.
 * Returns the basic points (-1: no winning shape); the scorer is left loaded with that tile.
 */
export function tsumoBasic(s: KoreanState, seat: number): number {
  if (s.drawn >= 0) return loadScorer(s, seat, -1, s.drawn, true).basic();
  let bestTile = -1;
  let best = -1;
  let bestValue = -1;
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (s.hand[seat * STRIDE + k] === 0) continue;
    const sc = loadScorer(s, seat, -1, k, true);
    const b = sc.basic();
    if (b >= 0 && b + sc.dora() > bestValue) {
      bestValue = b + sc.dora();
      best = b;
      bestTile = k;
    }
  }
  if (bestTile >= 0) loadScorer(s, seat, -1, bestTile, true).basic();
  return best;
}
