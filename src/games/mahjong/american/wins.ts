// How an American hand wins (RULES.md, "Mah Jongg"): a line of the card, the table's win model
// for American (table/hooks.ts WinModel). Each seat's waits are the tiles that bring a line one
// tile short to completion (lines.ts keeps every seat's tiles away up to date), a drawn tile
// completes a hand only if it is one of them, and a discard offers Mah Jongg or an exposure
// (claims.ts).

import * as tilesModule from '../tiles.js';
import * as kindsModule from '../table/kinds.js';
import * as tableStateModule from '../table/state.js';
import * as writesModule from '../table/writes.js';
import type { AmericanState } from './state.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { FLOWER, JOKER } = tilesModule;
const { BIT, WORD } = kindsModule;
const { STRIDE } = tableStateModule;
const { setCallable, setWaits } = writesModule;

/** The highest-valued variant `seat`'s 14 tiles complete, or -1. */
export function winningVariant(s: AmericanState, seat: number): number {
  const l = s.seatLines(seat);
  const value = s.index.value;
  let best = -1;
  for (let line = 0; line < value.length; line++) {
    if (l.lineAway(line) === 0 && (best < 0 || value[line]! > value[s.index.vLine[best]!]!)) best = l.lineVariant(line);
  }
  return best;
}

/** Sets `seat`'s waits for its 13-tile state, whether a joker would complete it, and the kinds it could expose. */
export function cardWaits(s: AmericanState, seat: number): void {
  const w = waitWords;
  w[0] = w[1] = 0;
  s.jokerWait[seat] = 0;
  setCalls(s, seat);
  if (s.dead[seat] === 0) findWaits(s, seat, w);
  setWaits(s, seat, w[0]!, w[1]!);
}

/** The waits being found, two words. */
const waitWords = new Int32Array(2);

/** Adds to `w` the kinds that complete a variant `seat`'s tiles are one short of (and notes
 * whether a joker would). */
function findWaits(s: AmericanState, seat: number, w: Int32Array): void {
  const l = s.seatLines(seat);
  const ix = s.index;
  const { vStart, vEntry, eKind } = ix;
  const lineStart = s.card.lineStart;
  for (let line = 0; line < ix.lines; line++) {
    if (l.lineAway(line) !== 1) continue;
    for (let v = lineStart[line]!; v < lineStart[line + 1]!; v++) {
      if (l.away(v) !== 1) continue;
      // One tile short: the natural it misses, or (naturals complete) any kind with an open joker slot.
      const missing = l.sum[v]! >> 6;
      if (missing === 0) s.jokerWait[seat] = 1;
      for (let i = vStart[v]!; i < vStart[v + 1]!; i++) {
        const e = vEntry[i]!;
        const t = eKind[e]!;
        const r = l.row[e]!;
        const n = r >> 8;
        const j = (r >> 4) & 15;
        const h = l.counts[t]!;
        if (missing > 0 ? n > h : j > Math.max(0, h - n)) w[WORD[t]!]! |= BIT[t]!;
      }
    }
  }
}

/** The kinds `seat` could expose on a discard: a line holds a set of it, and naturals and jokers make up the rest. */
function setCalls(s: AmericanState, seat: number): void {
  const off = seat * STRIDE;
  const jokers = s.hand[off + JOKER]!;
  const m = seat * 2;
  if (s.dead[seat] !== 0) setCallable(s, seat, 0, 0);
  else if (jokers >= 2) setCallable(s, seat, s.setKinds[0]!, s.setKinds[1]!);
  else {
    const held = jokers === 1 ? s.kinds : s.pairs;
    const flower = s.hand[off + FLOWER]! + jokers >= 2 && s.setSizes[FLOWER] !== 0 ? BIT[FLOWER]! : 0;
    setCallable(s, seat, (held[m]! & s.setKinds[0]!) | flower, held[m + 1]! & s.setKinds[1]!);
  }
}

/** Whether the seat to act's tiles complete a line now (the variant found is kept for the settlement). */
export function cardComplete(s: AmericanState, seat: number): boolean {
  s.winVariant[seat] = -1;
  if (s.dead[seat] !== 0) return false;
  // East's first turn wins only by the earthly hand; after an exposure only a joker exchange can complete.
  const d = s.drawn;
  if (d < 0 && !s.exchanged && (s.fromClaim || !s.r.earthlyHand)) return false;
  // A drawn tile completes the hand only if it is one of the 13 tiles' waits.
  if (d >= 0 && !s.exchanged && (d === JOKER ? s.jokerWait[seat] === 0 : (s.waits[seat * 2 + WORD[d]!]! & BIT[d]!) === 0)) return false;
  const v = winningVariant(s, seat);
  s.winVariant[seat] = v;
  return v >= 0;
}
