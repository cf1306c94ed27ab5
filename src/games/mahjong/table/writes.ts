// The writes a ruleset makes to the table's own fields, each named for what it does. The fields
// are read-only to a ruleset (state.ts), so these, the table's operations (flow.ts: tiles in and
// out of a hand, a discard, a turn) and the hooks' answers (hooks.ts) are every way a ruleset
// changes the table: `grep` lists them, and the compiler refuses any other.

import * as kindsModule from './kinds.js';
import * as stateModule from './state.js';
import type { WritableTable } from './state.js';

// Imports as module-local consts, read once: see flow.ts.
const { BIT, WORD } = kindsModule;
const { STRIDE } = stateModule;

/** `seat`'s net moves by `points` (negative: it pays). */
export function addNet(s: WritableTable, seat: number, points: number): void {
  s.net[seat]! += points;
}

/** `seat`'s hand is dead for the ruleset's reason `code` (TableState.dead): it cannot win. */
export function declareDead(s: WritableTable, seat: number, code: number): void {
  s.dead[seat] = code;
}

/** `seat` may not win by discard on the kinds of word 0 in `mask` (-1: any) until its next draw
 * (TableState.temp). */
export function lockWins(s: WritableTable, seat: number, mask: number): void {
  s.temp[seat] = mask;
}

/** From now on in this hand the ruleset narrows what a seat may discard (TableLegality.restrict). */
export function restrictDiscards(s: WritableTable): void {
  s.restrictDiscards = true;
}

/** `seat`'s discard of `kind` no longer counts among its discards (TableState.dMask): a claimed one. */
export function forgetDiscard(s: WritableTable, seat: number, kind: number): void {
  s.dMask[seat * 2 + WORD[kind]!]! &= ~BIT[kind]!;
}

/** `n` more tiles of `kind` are in everyone's sight (TableState.seen). */
export function see(s: WritableTable, kind: number, n: number): void {
  s.seen[kind]! += n;
}

/** The seat to act's hand changed by a turn action of the ruleset's own: the tile it drew is no
 * longer one it could throw back unchanged. */
export function forgetDraw(s: WritableTable): void {
  s.drawn = -1;
}

/** The ruleset ends the hand as a wall game (American: three dead hands): nothing more is drawn. */
export function endAsWallGame(s: WritableTable): void {
  s.ended = true;
}

/** A win model's waits of `seat` (WinModel.waits), two words. */
export function setWaits(s: WritableTable, seat: number, w0: number, w1: number): void {
  s.waits[seat * 2] = w0;
  s.waits[seat * 2 + 1] = w1;
}

/** A win model's kinds `seat` could claim a discard of for a meld (TableState.callable), two words. */
export function setCallable(s: WritableTable, seat: number, w0: number, w1: number): void {
  s.callable[seat * 2] = w0;
  s.callable[seat * 2 + 1] = w1;
}

/** A trial: `seat`'s count of `kind` moves by `delta` (its masks and pattern indices do not), for
 * a judge that reads the hand with a tile more or less; the caller moves it back at once. */
export function tryTile(s: WritableTable, seat: number, kind: number, delta: number): void {
  s.hand[seat * STRIDE + kind]! += delta;
}
