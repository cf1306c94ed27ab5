// Exposures (RULES.md, "Play"): a discard is claimed only for Mah Jongg or for an exposure of
// 3-6 identical tiles that may hold jokers, which must leave the claimer a tile to discard; a
// player on her turn may exchange a natural for a joker lying in any exposure of its kind.

import * as tilesModule from '../tiles.js';
import * as actionsModule from '../table/actions.js';
import * as flowModule from '../table/flow.js';
import * as tableStateModule from '../table/state.js';
import * as writesModule from '../table/writes.js';
import * as americanActions from './actions.js';
import * as charlestonModule from './charleston.js';
import * as cardModule from './card.js';
import * as deadModule from './dead.js';
import * as slotsModule from './slots.js';
import type { Exposure } from './slots.js';
import type { AmericanState } from './state.js';
import * as winsModule from './wins.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { FLOWER, JOKER, tileName } = tilesModule;
const { CAN_MELD, CAN_WIN, WIN_LEGAL } = actionsModule;
const { addTile, discard, endDeadTurn, prepareTurn, takeTiles } = flowModule;
const { SEATS, STRIDE } = tableStateModule;
const { forgetDraw, see } = writesModule;
const { DISCARD_FLOWER, DISCARD_JOKER, EXCHANGE, exposeAction, exposeJokers, exposeSize } = americanActions;
const { letGo } = charlestonModule;
const { CARD_KINDS } = cardModule;
const { checkDead } = deadModule;
const { MAX_EXPOSURES } = slotsModule;
const { winningVariant } = winsModule;

/** Claim options of `y` on the discard `t`: Mah Jongg (legal whenever offered) or an exposure. */
export function cardClaims(s: AmericanState, y: number, t: number): number {
  if (s.dead[y] !== 0) return 0;
  let opts = 0;
  // The rule before the last discard: read at every wait, so that V8 has seen it read when it
  // compiles the claims (read first at the wall's end, it undid that compiled code in mid-run).
  if (s.has(s.waits, y, t) && (s.r.lastDiscardClaimable || !s.lastDiscard)) {
    // The hand with the discard added, through the table's moves, which keep its index of the
    // hand (TableState.gi) in step: the seat's lines follow the hand by it when next read.
    addTile(s, y, t);
    const v = winningVariant(s, y);
    takeTiles(s, y, t, 1);
    s.winVariant[y] = v;
    if (v >= 0) opts |= CAN_WIN | WIN_LEGAL;
  }
  if (!s.lastDiscard && s.has(s.callable, y, t) && s.expN[y]! < MAX_EXPOSURES && meldOptions(s, y, t) !== 0) opts |= CAN_MELD;
  return opts;
}

/** Exposure sizes (bit size - 3) `y` can make of the discard `t` with its naturals and jokers,
 * keeping a concealed tile to discard after it: an exposure cannot take a hand's last tile (only
 * Mah Jongg can, and cardClaims offers that as a win). */
function meldOptions(s: AmericanState, y: number, t: number): number {
  const have = s.hand[y * STRIDE + t]! + s.hand[y * STRIDE + JOKER]!;
  // Between turns a hand holds 13 tiles, concealed and exposed together.
  let concealed = 13;
  for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + s.expN[y]!; i++) concealed -= s.expSize[i]!;
  let m = 0;
  for (let size = 3; size <= 6; size++) {
    if (have >= size - 1 && size - 1 < concealed && (s.setSizes[t]! & (1 << (size - 3))) !== 0) m |= 1 << (size - 3);
  }
  return m;
}

/** Appends `y`'s exposures of the tile on offer (each size, each count of jokers) to out[n..]; returns the new n. */
export function claimMelds(s: AmericanState, y: number, out: Int16Array, n: number): number {
  const t = s.claimTile;
  const nat = s.hand[y * STRIDE + t]!;
  const jokers = s.hand[y * STRIDE + JOKER]!;
  const sizes = meldOptions(s, y, t);
  for (let size = 3; size <= 6; size++) {
    if ((sizes & (1 << (size - 3))) === 0) continue;
    for (let j = Math.max(0, size - 1 - nat); j <= Math.min(jokers, size - 1); j++) out[n++] = exposeAction(size, j);
  }
  return n;
}

/** `y` won the claim of the tile on offer with the exposure `a`. */
export function claimMeld(s: AmericanState, y: number, a: number): void {
  const t = s.claimTile;
  const size = exposeSize(a);
  const jokers = exposeJokers(a);
  const naturals = size - 1 - jokers;
  takeTiles(s, y, t, naturals);
  takeTiles(s, y, JOKER, jokers);
  see(s, t, naturals);
  const i = y * MAX_EXPOSURES + s.expN[y]!++;
  s.expTile[i] = t;
  s.expSize[i] = size;
  s.expJokers[i] = jokers;
  letGo(s, y, t, naturals);
  s.seatLines(y).expose({ tile: t, size, jokers });
  s.exchanged = false;
  s.log?.push(`seat ${y} exposes ${size} x ${tileName(t)}${jokers ? ` with ${jokers} joker${jokers > 1 ? 's' : ''}` : ''}`);
  s.log?.event({ type: 'exposure', seat: y, pai: tileName(t), size, jokers });
  checkDead(s);
}

/** Lays an exposure already on the table before `y` (a situation read, a test): its tiles are
 * out of every hand, and everyone sees its naturals. */
export function placeExposure(s: AmericanState, y: number, e: Exposure): void {
  const i = y * MAX_EXPOSURES + s.expN[y]!++;
  s.expTile[i] = e.tile;
  s.expSize[i] = e.size;
  s.expJokers[i] = e.jokers;
  see(s, e.tile, e.size - e.jokers);
  s.lines[y]!.expose(e);
  s.deadTest.checked = false;
}

/** The turn declarations of `x`: discarding a flower or a joker, and every joker exchange open to it. */
export function turnDeclarations(s: AmericanState, x: number, out: Int16Array, n: number): number {
  const off = x * STRIDE;
  if (s.hand[off + FLOWER]! > 0) out[n++] = DISCARD_FLOWER;
  if (s.hand[off + JOKER]! > 0) out[n++] = DISCARD_JOKER;
  return exchangeActions(s, x, out, n);
}

/** Whether turnDeclarations lists `a` for seat `x`, without listing them. */
export function isTurnDeclaration(s: AmericanState, x: number, a: number): boolean {
  const off = x * STRIDE;
  if (a === DISCARD_FLOWER) return s.hand[off + FLOWER]! > 0;
  if (a === DISCARD_JOKER) return s.hand[off + JOKER]! > 0;
  const t = a - EXCHANGE;
  if (t < 0 || t >= CARD_KINDS || s.dead[x] !== 0 || s.hand[off + t]! === 0) return false;
  return exposureWithJoker(s, t) >= 0;
}

/** `x`'s joker exchanges (EXCHANGE + kind, kinds in order) written to out from n; returns the new n. */
export function exchangeActions(s: AmericanState, x: number, out: Int16Array, n: number): number {
  // A dead hand exchanges no joker (where it plays on, it only draws and discards).
  if (s.dead[x] !== 0) return n;
  // The held kinds some exposure holds a joker of (asked at every turn: most turns there is none).
  const off = x * STRIDE;
  const mark = exchangeable;
  let any = false;
  for (let y = 0; y < SEATS; y++) {
    for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + s.expN[y]!; i++) {
      const t = s.expTile[i]!;
      if (s.expJokers[i]! > 0 && s.hand[off + t]! > 0) {
        mark[t] = 1;
        any = true;
      }
    }
  }
  if (!any) return n;
  for (let t = 0; t < CARD_KINDS; t++) {
    if (mark[t] === 0) continue;
    mark[t] = 0;
    out[n++] = EXCHANGE + t;
  }
  return n;
}

/** exchangeActions' scratch: kinds marked, cleared again as they are listed. */
const exchangeable = new Uint8Array(CARD_KINDS);

/** The first exposure of `t` holding a joker, own seat's first, then in turn order (seat * MAX_EXPOSURES + i), or -1. */
export function exposureWithJoker(s: AmericanState, t: number): number {
  for (let d = 0; d < SEATS; d++) {
    const y = (s.cur + d) % SEATS;
    for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + s.expN[y]!; i++) if (s.expTile[i] === t && s.expJokers[i]! > 0) return i;
  }
  return -1;
}

/** An American turn action: discarding a flower or a joker, or a joker exchange. */
export function turnAction(s: AmericanState, a: number): void {
  const x = s.cur;
  if (a === DISCARD_FLOWER || a === DISCARD_JOKER) {
    const k = a === DISCARD_FLOWER ? FLOWER : JOKER;
    if (s.hand[x * STRIDE + k]! <= 0) throw new Error(`american: seat ${x} holds no ${tileName(k)}`);
    return discard(s, x, k, 0);
  }
  if (s.dead[x] !== 0) throw new Error(`american: seat ${x}'s hand is dead: it exchanges no joker`);
  const t = a - EXCHANGE;
  const i = t >= 0 && t < CARD_KINDS && s.hand[x * STRIDE + t]! > 0 ? exposureWithJoker(s, t) : -1;
  if (i < 0) throw new Error(`american: seat ${x} cannot exchange ${t >= 0 && t < CARD_KINDS ? tileName(t) : `kind ${t}`} for a joker`);
  const owner = (i / MAX_EXPOSURES) | 0;
  takeTiles(s, x, t, 1);
  addTile(s, x, JOKER);
  letGo(s, x, t, 1);
  s.expJokers[i]!--;
  see(s, t, 1);
  s.lines[owner]!.exchanged(i - owner * MAX_EXPOSURES);
  s.stats.exchanges++;
  s.exchanged = true;
  // The hand changed: the drawn tile is no longer one thrown back unchanged.
  forgetDraw(s);
  s.log?.push(`seat ${x} exchanges ${tileName(t)} for a joker from seat ${owner}`);
  s.log?.event({ type: 'joker_exchange', seat: x, target: owner, pai: tileName(t) });
  checkDead(s);
  // An exchange that proved the exchanger's own hand dead ends its turn where dead hands stop playing.
  if (s.dead[x] !== 0 && s.deadSkipTurns) {
    s.exchanged = false;
    return endDeadTurn(s, x);
  }
  prepareTurn(s);
}
