// Sacred discard (후리텐), RULES.md, Sacred discard: which discard wins a seat may not take, and why.
// Everything is a mask test (word 0: the Korean set has no bamboo) against the seat's winning
// tiles W, its discards D and their stems.

import * as kindsModule from '../table/kinds.js';
import { CLAIM } from '../table/state.js';
import { tileName } from '../tiles.js';
import * as writesModule from '../table/writes.js';
import * as codesModule from './codes.js';
import * as koreanKindsModule from './kinds.js';
import type { KoreanState } from './state.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { BIT } = kindsModule;
const { lockWins } = writesModule;
const { STEM, stemsOf } = koreanKindsModule;
const { LOST_DEAD, LOST_IDENTICAL, LOST_STEM, LOST_TEMPORARY, LOST_UPER_MISS, NO_RON_MISSED } = codesModule;

/**
 * -1 when `seat` may go out on discard `t` as far as sacred discard goes, else the LOST_* kind
 * that forbids it, in the rules' check order: dead hand, after-uper no-ron, identical (❶(2)
 * overrides ❶(3)), stem (❶(3) and ❷), then temporary (❶(1), on top).
 */
export function ronBlock(s: KoreanState, seat: number, t: number): number {
  const r = s.r;
  if (s.dead[seat] !== 0) return LOST_DEAD;
  const nr = s.noRon[seat]!;
  if (nr !== 0) return nr === NO_RON_MISSED ? LOST_UPER_MISS : LOST_IDENTICAL;
  const bit = BIT[t]!;
  const d = s.dMask[seat * 2]!;
  if (r.identicalFuriten === 'blocksAllRon' ? (s.waits[seat * 2]! & d) !== 0 : (bit & d) !== 0) return LOST_IDENTICAL;
  if (r.stemRule === 'allDiscards') {
    if ((bit & stemsOf(d)) !== 0) return LOST_STEM;
  } else if (r.stemRule === 'declarationOnly' && s.uper[seat] !== 0) {
    if ((bit & STEM[s.uperTile[seat]!]!) !== 0) return LOST_STEM;
  }
  if ((bit & s.temp[seat]!) !== 0) return LOST_TEMPORARY;
  return -1;
}

/** `seat` let a winning discard `t` go (❶(1), ➌(1)); see discard (table/flow.ts) for which count. */
export function missedWin(s: KoreanState, seat: number, t: number): void {
  if (s.uper[seat] !== 0 && s.r.afterUperMissedWin === 'permanentNoRon') s.noRon[seat] = NO_RON_MISSED;
  else lockWins(s, seat, s.temp[seat]! | (s.r.tempFuritenScope === 'sameTile' ? BIT[t]! : -1));
}

/** What letting the win on offer go (passing or calling) costs `seat` under sacred discard, in
 * words, as missedWin applies it; undefined where it costs nothing (not on offer, or not a
 * winning tile the rules count as passed). */
export function letGoWords(s: KoreanState, seat: number): string | undefined {
  if (s.phase !== CLAIM || s.passable[seat] !== 1) return undefined;
  if (s.uper[seat] !== 0 && s.r.afterUperMissedWin === 'permanentNoRon')
    return 'letting it go after uper leaves the hand self-draw only for the rest of the hand (sacred discard)';
  return s.r.tempFuritenScope === 'sameTile'
    ? `letting it go bars a discard win on ${tileName(s.claimTile)} until your next draw or claim (temporary sacred discard)`
    : 'letting it go bars every discard win until your next draw or claim (temporary sacred discard)';
}
