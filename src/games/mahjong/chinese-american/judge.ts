// Win legality and the scorer loaded from the table: any winning shape that satisfies an
// enabled row may win (RULES.md, "Winning hands"). The table only offers shapes the rows can
// use (shapesOf), so most wins are legal without scoring; the scorer decides the rest.

import type { WinShapes } from '../shanten.js';
import * as tilesModule from '../tiles.js';
import * as kindsModule from '../table/kinds.js';
import * as tableStateModule from '../table/state.js';
import type { ChineseAmericanRules } from './rules.js';
import type { Scorer } from './scoring.js';
import type { ChineseAmericanState } from './state.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { PLAY_KINDS } = tilesModule;
const { popcount } = kindsModule;
const { STRIDE } = tableStateModule;

/** The shapes the enabled rows can win with: seven pairs for H15-H17 (or H8 on honour pairs), thirteen orphans for H18. */
export function shapesOf(r: ChineseAmericanRules): WinShapes {
  const on = (id: string) => r.specialHands.includes(id);
  return {
    sevenPairs: on('H15') || on('H16') || on('H17') || (on('H8') && r.allHonorsSevenPairs),
    thirteenOrphans: on('H18'),
  };
}

/** Seven pairs may hold four of a kind as two pairs: where the rules say so and some seven-pairs
 * row is on (else the table would offer a shape no row takes). */
export function quadPairsOf(r: ChineseAmericanRules): boolean {
  return r.sevenPairsAllowQuad && shapesOf(r).sevenPairs;
}

/** Whether every shape the table offers can win without scoring it (see ChineseAmericanState.allShapesWin). */
export function allShapesWin(r: ChineseAmericanRules): boolean {
  return r.unrevealedDiscardWin && (r.specialHands.includes('H15') || !shapesOf(r).sevenPairs);
}

/** Whether the win is within the first go-around (fastWinCutoff), with no call. */
function fastWin(s: ChineseAmericanState, seat: number, selfDraw: boolean): boolean {
  if (s.anyCall) return false;
  if (s.r.fastWinCutoff === 'firstFourDraws') {
    let draws = 0;
    for (let y = 0; y < 4; y++) draws += s.draws[y]!;
    return draws <= 4;
  }
  if (selfDraw) return seat === s.dealer ? s.drawn < 0 : s.draws[seat] === 1;
  return s.discards[s.dealer]! <= 1 && s.discards[s.discarder] === 1;
}

/** Loads `seat`'s tiles (plus `extra` when >= 0) and situation into the scorer. */
export function loadScorer(s: ChineseAmericanState, seat: number, extra: number, winTile: number, selfDraw: boolean): Scorer {
  const sc = s.scorer;
  sc.loadSeat(s, seat, extra, winTile, selfDraw);
  sc.flowers = s.flowers[seat]!;
  sc.luckyFlower = selfDraw && s.afterFlower;
  sc.robKong = !selfDraw && s.robbing;
  sc.fastWin = fastWin(s, seat, selfDraw);
  sc.tileOfDay = s.tileOfDay;
  // The dealer's dealt fourteen tiles have no wait before them: never a solo piece.
  sc.waitTypes = selfDraw && s.drawn < 0 ? 2 : popcount(s.waits[seat * 2]!) + popcount(s.waits[seat * 2 + 1]!);
  return sc;
}

/**
 * Scores `seat`'s win with `tile` (a discard when !selfDraw); for the dealer's dealt fourteen
 * the held kind that scores best. Returns V, or -1 when no enabled row is satisfied; the
 * scorer is left holding that scoring.
 */
export function scoreWin(s: ChineseAmericanState, seat: number, tile: number, selfDraw: boolean): number {
  if (!selfDraw) return loadScorer(s, seat, tile, tile, false).score();
  if (s.drawn >= 0) return loadScorer(s, seat, -1, s.drawn, true).score();
  let best = -1;
  let bestTile = -1;
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (s.hand[seat * STRIDE + k] === 0) continue;
    const v = loadScorer(s, seat, -1, k, true).score();
    if (v > best) {
      best = v;
      bestTile = k;
    }
  }
  return bestTile < 0 ? -1 : loadScorer(s, seat, -1, bestTile, true).score();
}

/** Whether `seat`, whose tiles with `tile` are a winning shape, may win with it. */
export function winLegal(s: ChineseAmericanState, seat: number, tile: number, selfDraw: boolean): boolean {
  if (s.allShapesWin) return true;
  return scoreWin(s, seat, tile, selfDraw) >= 0;
}
