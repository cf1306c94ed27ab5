// Efficiency play for any ruleset on the shared mahjong table: minimise shanten, then maximise
// the live tiles that would lower it (ukeire); win when legal; call when the call lowers
// shanten. Rulesets' bots depart from it through hooks: which discards to consider and which
// calls to make.

import type { Strategy } from '../../src/core/strategy.js';
import type { WinShapes } from '../../src/games/mahjong/shanten.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import { HandEval } from '../../src/games/mahjong/table/hand-eval.js';
import * as kindsModule from '../../src/games/mahjong/table/kinds.js';
import type { TableView } from '../../src/games/mahjong/table/view.js';
import * as tilesModule from '../../src/games/mahjong/tiles.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { CHOW_HIGH, CHOW_LOW, CHOW_MID, DISCARD, KONG, PASS, PUNG, SELF_KONG, TABLE_ACTIONS, WIN } = actionsModule;
const { BIT, WORD, isHonor, isTerminal, lowKindOf } = kindsModule;
const { PLAY_KINDS } = tilesModule;

/** A view on the table that says whether the win on offer is legal. */
export type PlayView = TableView & { readonly winLegal: boolean };

/** How a bot departs from efficiency play. */
export interface EfficiencyHooks<V extends PlayView> {
  /**
   * Narrows the discards considered: writes a two-word mask of kinds to out[0], out[1] (the
   * player keeps its full choice when the mask leaves nothing it may discard). `best` is the
   * lowest shanten a discard reaches, `p` the player (its evaluator is loaded with the hand).
   */
  discards?(v: V, best: number, p: EfficiencyPlayer<V>, out: Int32Array): void;
  /** Whether to make call `a` (PUNG, KONG or a chow); `helps`: it lowers shanten (a kong: keeps it). */
  call?(v: V, a: number, helps: boolean): boolean;
}

/** Static order among equally good discards: honours, then terminals, then 2 and 8, then the middle. */
const KEEP = Int8Array.from({ length: PLAY_KINDS }, (_, k) => (isHonor(k) ? 0 : isTerminal(k) ? 1 : k % 9 === 1 || k % 9 === 7 ? 2 : 3));

export class EfficiencyPlayer<V extends PlayView> implements Strategy<V> {
  readonly ev: HandEval;
  /** Unseen copies of each kind from this seat (4 - seen - own hand). */
  readonly unseen = new Int8Array(PLAY_KINDS);
  private readonly c = new Int8Array(PLAY_KINDS);
  private readonly shAfter = new Int8Array(PLAY_KINDS);
  private readonly uke = new Int16Array(PLAY_KINDS);
  private readonly narrow = new Int32Array(2);
  private readonly kongs = new Int32Array(2);
  /** The legal claims (the view lists them: see viewOnly). */
  private readonly claimList = new Int16Array(TABLE_ACTIONS);
  /** Discards, kongs, calls and the win all come from the view, so the table need not list
   * the legal actions. */
  readonly viewOnly = true;

  constructor(
    shapes: WinShapes,
    bamboo: boolean,
    private readonly hooks: EfficiencyHooks<V> = {},
  ) {
    this.ev = new HandEval(shapes, bamboo);
  }

  choose(v: V): number {
    if (v.winLegal) return WIN;
    return v.phase === 0 ? this.turn(v) : this.claim(v);
  }

  private turn(v: V): number {
    const melds = v.meldN;
    this.fillUnseen(v);
    const ev = this.ev;
    ev.load(v.hand);
    let a0 = v.discardable0;
    let a1 = v.discardable1;
    let best = ev.rankDiscards(v.hand, 0, melds, this.unseen, a0, a1, this.shAfter, this.uke);
    if (this.hooks.discards) {
      const out = this.narrow;
      out[0] = 0;
      out[1] = 0;
      this.hooks.discards(v, best, this, out);
      const n0 = out[0]! & a0;
      const n1 = out[1]! & a1;
      if ((n0 | n1) !== 0 && (n0 !== a0 || n1 !== a1)) {
        a0 = n0;
        a1 = n1;
        ev.load(v.hand);
        best = ev.rankDiscards(v.hand, 0, melds, this.unseen, a0, a1, this.shAfter, this.uke);
      }
    }
    // A kong that keeps the shape is a free draw.
    const kongs = this.kongs;
    v.selfKongs(kongs);
    for (let w = 0; w < 2; w++) {
      for (let m = kongs[w]!; m !== 0; m &= m - 1) {
        const q = lowKindOf(w, m);
        const sh = v.hand[q] === 4 ? ev.shantenWith(q, -4, melds + 1) : ev.shantenWith(q, -1, melds);
        if (sh <= best && (this.hooks.call?.(v, KONG, true) ?? true)) return SELF_KONG + q;
      }
    }
    return DISCARD + this.pick(a0, a1, best);
  }

  /** Among the discards at `best` shanten: most ukeire, then the KEEP order, then kind. */
  private pick(a0: number, a1: number, best: number): number {
    const shAfter = this.shAfter;
    const uke = this.uke;
    let k = -1;
    for (let w = 0; w < 2; w++) {
      for (let m = w === 0 ? a0 : a1; m !== 0; m &= m - 1) {
        const q = lowKindOf(w, m);
        if (shAfter[q] !== best) continue;
        if (k < 0 || uke[q]! > uke[k]! || (uke[q] === uke[k] && KEEP[q]! < KEEP[k]!)) k = q;
      }
    }
    return k;
  }

  private fillUnseen(v: V): void {
    for (let k = 0; k < PLAY_KINDS; k++) this.unseen[k] = 4 - v.seen[k]! - v.hand[k]!;
  }

  private claim(v: V): number {
    const legal = this.claimList;
    for (let i = v.claims(legal) - 1; i > 0; i--) {
      const a = legal[i]!;
      if (a === WIN) continue;
      const helps = this.callHelps(v, a);
      if (this.hooks.call ? this.hooks.call(v, a, helps) : helps) return a;
    }
    return PASS;
  }

  /** The call lowers shanten (a kong: does not raise it). */
  private callHelps(v: V, a: number): boolean {
    const t = v.claimTile;
    const c = this.c;
    const ev = this.ev;
    const melds = v.meldN;
    for (let k = 0; k < PLAY_KINDS; k++) c[k] = v.hand[k]!;
    ev.load(c);
    const before = ev.shanten(melds);
    if (a === PUNG) c[t] = c[t]! - 2;
    else if (a === KONG) c[t] = c[t]! - 3;
    else {
      const low = a === CHOW_LOW ? t : a === CHOW_MID ? t - 1 : a === CHOW_HIGH ? t - 2 : t;
      for (let k = low; k < low + 3; k++) if (k !== t) c[k] = c[k]! - 1;
    }
    ev.load(c);
    if (a === KONG) return ev.shanten(melds + 1) <= before;
    let after = 99;
    for (let k = 0; k < PLAY_KINDS; k++) if (c[k]! > 0) after = Math.min(after, ev.shantenWith(k, -1, melds + 1));
    return after < before;
  }
}

/** Whether two-word mask words (m0, m1) hold `kind`. */
export function maskHas(m0: number, m1: number, kind: number): boolean {
  return ((WORD[kind] === 0 ? m0 : m1) & BIT[kind]!) !== 0;
}

/** Writes to out the held kinds (of `hand`) for which `score` is lowest. */
export function lowestKinds(hand: ArrayLike<number>, score: (k: number) => number, out: Int32Array): void {
  let best = Infinity;
  out[0] = 0;
  out[1] = 0;
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (hand[k]! === 0) continue;
    const s = score(k);
    if (s > best) continue;
    if (s < best) {
      best = s;
      out[0] = 0;
      out[1] = 0;
    }
    out[WORD[k]!] = out[WORD[k]!]! | BIT[k]!;
  }
}
