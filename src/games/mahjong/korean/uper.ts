// Uper (엎어, Korean riichi), RULES.md, Uper: which declaration discards are valid.
// Conditions a (concealed) and c (live wall) are the caller's; this checks b (ready after the
// discard) and d (2 basic points on a discard win, on every wait or on one: uperRonCheck),
// and the open-uper extra (waits of 3+ kinds with 9+ live tiles).

import * as actionsModule from '../table/actions.js';
import * as flowModule from '../table/flow.js';
import * as handEvalModule from '../table/hand-eval.js';
import * as kindsModule from '../table/kinds.js';
import * as tableStateModule from '../table/state.js';
import * as writesModule from '../table/writes.js';
import * as judgeModule from './judge.js';
import type { KoreanState } from './state.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { DECLARE, SELF_KONG } = actionsModule;
const { loadEval, seatFullKinds } = flowModule;
const { SLOT, WEIGHT, quadPairsWait } = handEvalModule;
const { BIT, lowKind, popcount } = kindsModule;
const { STRIDE } = tableStateModule;
const { tryTile } = writesModule;
const { ronBasic } = judgeModule;

/** Action ids: declare uper (or open uper) and discard the kind. */
export const UPER = DECLARE;
export const OPEN_UPER = DECLARE + 34;

export const UPER_OK = 1;
export const OPEN_UPER_OK = 2;

const WAYS = 16;

/**
 * Remembers, per seat, the waits and condition d of recent 13-tile hands. A ready player
 * usually throws back what it draws, so its next turn asks about the same 13 tiles again;
 * within one hand a seat's melds only grow, so (pattern indices, meld count) is a full key.
 */
export class UperCache {
  private readonly keys = new Int32Array(4 * WAYS * 4);
  private readonly waits = new Int32Array(4 * WAYS);
  private readonly ok = new Uint8Array(4 * WAYS);
  /** The hand each slot was stored in: clearing is a counter step, not a fill every hand. */
  private readonly epochs = new Int32Array(4 * WAYS);
  private epoch = 1;

  clear(): void {
    this.epoch++;
  }

  /** Forgets `seat`'s entries (its hand was dealt anew by a determinization: see KoreanState.handRedealt). */
  forget(seat: number): void {
    this.epochs.fill(0, seat * WAYS, seat * WAYS + WAYS);
  }

  lookup(seat: number, m: number, p: number, z: number, melds: number): number {
    const slot = seat * WAYS + (((m * 31) ^ (p * 17) ^ (z * 7) ^ melds) & (WAYS - 1));
    const k = this.keys;
    const at = slot * 4;
    return this.epochs[slot] === this.epoch && k[at] === m && k[at + 1] === p && k[at + 2] === z && k[at + 3] === melds ? slot : -1;
  }

  store(seat: number, m: number, p: number, z: number, melds: number, waits: number, ok: boolean): void {
    const slot = seat * WAYS + (((m * 31) ^ (p * 17) ^ (z * 7) ^ melds) & (WAYS - 1));
    const at = slot * 4;
    this.epochs[slot] = this.epoch;
    this.keys[at] = m;
    this.keys[at + 1] = p;
    this.keys[at + 2] = z;
    this.keys[at + 3] = melds;
    this.waits[slot] = waits;
    this.ok[slot] = ok ? 1 : 0;
  }

  waitsAt(slot: number): number {
    return this.waits[slot]!;
  }

  okAt(slot: number): boolean {
    return this.ok[slot] === 1;
  }
}

const out2 = new Int32Array(2);

/** Group `slot`'s pattern index of `seat`'s hand with one `k` removed (TableState.gi). */
const groupWithout = (s: KoreanState, seat: number, k: number, slot: number): number =>
  s.gi[seat * 4 + slot]! - (SLOT[k] === slot ? WEIGHT[k]! : 0);

/** Waits (word 0) of `seat`'s hand with one `k` removed (loaded into s.ev first). */
function waitsWithout(s: KoreanState, seat: number, k: number, melds: number): number {
  seatFullKinds(s, seat, k, out2, 0);
  s.ev.waits(melds, out2[0]!, 0, out2, 0);
  let w = out2[0]!;
  if (melds === 0 && s.quadPairs) {
    const q = quadPairsWait(s.hand, seat * STRIDE, k, s.ev.kinds);
    if (q >= 0) w |= BIT[q]!;
  }
  return w;
}

/**
 * UPER_OK | OPEN_UPER_OK for declaring while discarding `k`, given that conditions a and c
 * hold. Open uper is reported only when the rules allow it.
 */
export function uperCheck(s: KoreanState, seat: number, k: number): number {
  const melds = s.meldN[seat]!;
  const m = groupWithout(s, seat, k, 0);
  const p = groupWithout(s, seat, k, 1);
  const z = groupWithout(s, seat, k, 3);
  let waits: number;
  let ok: boolean;
  const slot = s.uperCache.lookup(seat, m, p, z, melds);
  if (slot >= 0) {
    waits = s.uperCache.waitsAt(slot);
    ok = s.uperCache.okAt(slot);
  } else {
    s.ev.setIndices(m, p, 0, z);
    waits = waitsWithout(s, seat, k, melds);
    ok = waits !== 0 && ronCheck(s, seat, k, waits);
    s.uperCache.store(seat, m, p, z, melds, waits, ok);
  }
  if (!ok) return 0;
  if (!s.r.openUper || popcount(waits) < 3) return UPER_OK;
  let live = 0;
  const off = seat * STRIDE;
  for (let w = waits; w !== 0; w &= w - 1) {
    const t = lowKind(w);
    // After discarding k the player holds one k fewer and everyone sees it: the sum is the same.
    live += 4 - s.hand[off + t]! - s.seen[t]!;
  }
  return live >= 9 ? UPER_OK | OPEN_UPER_OK : UPER_OK;
}

/** Condition d: a discard win on every wait (or one, per uperRonCheck) is worth 2 basic points. */
function ronCheck(s: KoreanState, seat: number, k: number, waits: number): boolean {
  const all = s.r.uperRonCheck === 'allWaits';
  tryTile(s, seat, k, -1);
  let result = all;
  for (let w = waits; w !== 0; w &= w - 1) {
    const t = lowKind(w);
    const good = ronBasic(s, seat, t) >= 2;
    if (good !== all) {
      result = good;
      break;
    }
  }
  tryTile(s, seat, k, 1);
  return result;
}

/** After uper: a concealed kong of the drawn tile k keeps the waits unchanged. */
function kongKeepsWaits(s: KoreanState, seat: number, k: number): boolean {
  const g = s.gi;
  const at = seat * 4;
  const slot = SLOT[k]!;
  const w = 4 * WEIGHT[k]!;
  s.ev.setIndices(
    g[at]! - (slot === 0 ? w : 0),
    g[at + 1]! - (slot === 1 ? w : 0),
    g[at + 2]! - (slot === 2 ? w : 0),
    g[at + 3]! - (slot === 3 ? w : 0),
  );
  // The kong keeps all four copies: k is full either way.
  seatFullKinds(s, seat, -1, out2, 0);
  s.ev.waits(s.meldN[seat]! + 1, out2[0]!, 0, out2, 0);
  return out2[0] === s.waits[seat * 2];
}

/** A locked seat's one extra action: after uper, a concealed kong of its draw that keeps the waits. */
export function lockedKong(s: KoreanState, x: number, out: Int16Array, n: number): number {
  const d = s.drawn;
  if (
    d >= 0 &&
    s.uper[x] !== 0 &&
    s.dead[x] === 0 &&
    s.hand[x * STRIDE + d] === 4 &&
    s.r.uperAllowConcealedKong &&
    s.live() >= 1 &&
    kongKeepsWaits(s, x, d)
  ) {
    out[n++] = SELF_KONG + d;
  }
  return n;
}

/** Appends every valid uper (and open uper) declaration of the seat to act. */
export function uperDeclarations(s: KoreanState, x: number, out: Int16Array, n: number): number {
  for (let m = readyDiscards(s, x, s.allowed0); m !== 0; m &= m - 1) {
    const k = lowKind(m);
    const c = uperCheck(s, x, k);
    if (c & UPER_OK) out[n++] = UPER + k;
    if (c & OPEN_UPER_OK) out[n++] = OPEN_UPER + k;
  }
  return n;
}

/**
 * Mask of the `allowed` discards that leave the hand ready (with the quad seven-pairs reading,
 * every one: uperCheck decides). A draw lowers shanten by one at most, so most turns are
 * settled by the shanten of the 13 tiles before it.
 */
function readyDiscards(s: KoreanState, x: number, allowed: number): number {
  const melds = s.meldN[x]!;
  if (s.quadPairs && melds === 0) return allowed;
  if (s.shanten13[x]! > 1) return 0;
  const ev = s.ev;
  loadEval(s, x);
  if (ev.shanten(melds) > 0) return 0;
  let ready = 0;
  for (let m = allowed; m !== 0; m &= m - 1) {
    const k = lowKind(m);
    if (ev.shantenWith(k, -1, melds) === 0) ready |= BIT[k]!;
  }
  return ready;
}

/**
 * A discard that leaves the hand ready, as advise tells it (catalog/korean.ts): the kind
 * thrown, its waits (a mask), whether uper may be declared with it (UPER_OK | OPEN_UPER_OK, 0
 * where not), and each wait's basic points on a discard win (condition d reads them).
 */
export interface UperNote {
  kind: number;
  waits: number;
  ok: number;
  basic: { wait: number; points: number }[];
}

/**
 * Each discard `seat` may make at its turn (after uper, only the drawn tile) that leaves the hand ready, with what
 * uper makes of it. Conditions a (concealed) and c (live wall) are the whole hand's: where one
 * fails, every `ok` is 0 and the caller says which (RULES.md, Uper).
 */
export function uperNotes(s: KoreanState, seat: number): UperNote[] {
  const out: UperNote[] = [];
  const whole = s.openMelds[seat] === 0 && s.live() >= s.r.uperMinWall && s.uper[seat] === 0;
  const melds = s.meldN[seat]!;
  for (let m = readyDiscards(s, seat, s.allowed0); m !== 0; m &= m - 1) {
    const k = lowKind(m);
    s.ev.setIndices(groupWithout(s, seat, k, 0), groupWithout(s, seat, k, 1), 0, groupWithout(s, seat, k, 3));
    const waits = waitsWithout(s, seat, k, melds);
    if (waits === 0) continue;
    tryTile(s, seat, k, -1);
    const basic: UperNote['basic'] = [];
    for (let w = waits; w !== 0; w &= w - 1) basic.push({ wait: lowKind(w), points: ronBasic(s, seat, lowKind(w)) });
    tryTile(s, seat, k, 1);
    out.push({ kind: k, waits, ok: whole ? uperCheck(s, seat, k) : 0, basic });
  }
  return out;
}
