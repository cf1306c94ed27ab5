// What one seat may know when it decides, for every ruleset on the table. A view reads the
// state on demand through a private field (unreachable from a strategy), so refreshing it per
// decision costs nothing and it can only ever show public information or the seat's own.
// Strategies must not keep it. A ruleset's view extends this one with its own facts.

import * as legalModule from './legal.js';
import * as meldsModule from './melds.js';
import * as stateModule from './state.js';
import type { TableState } from './state.js';

// Imports as module-local consts, read once: see flow.ts.
const { legalClaim, selfKongKinds } = legalModule;
const { MAX_MELDS } = meldsModule;
const { CLAIM, STRIDE, TURN } = stateModule;

export class TableView<S extends TableState = TableState> {
  readonly #s: S;
  declare readonly seat: number;
  /** Own concealed tiles, counts by kind (tiles.ts kinds; flowers and jokers only where the set keeps them in hand). */
  declare readonly hand: Int8Array;
  /** Own melds: types (melds.ts) and lowest kinds, `meldN` of them. */
  declare readonly meldType: Uint8Array;
  declare readonly meldKind: Int8Array;
  /** Tiles in every river and meld, and flowers set aside. */
  declare readonly seen: Int8Array;
  /** Flowers each seat has set aside. */
  declare readonly flowers: Uint8Array;

  constructor(s: S, seat: number) {
    this.#s = s;
    this.seat = seat;
    const off = seat * STRIDE;
    this.hand = s.hand.subarray(off, off + STRIDE);
    this.meldType = s.meldType.subarray(seat * MAX_MELDS, seat * MAX_MELDS + MAX_MELDS);
    this.meldKind = s.meldKind.subarray(seat * MAX_MELDS, seat * MAX_MELDS + MAX_MELDS);
    this.seen = s.seen;
    this.flowers = s.flowers;
  }

  /** TURN (0): own turn with 14 - 3 per meld tiles; CLAIM (1): offered `claimTile`. */
  get phase(): number {
    return this.#s.phase;
  }

  get meldN(): number {
    return this.#s.meldN[this.seat]!;
  }

  /** Melds other than concealed kongs (the hand is no longer concealed). */
  get openMelds(): number {
    return this.#s.openMelds[this.seat]!;
  }

  /** Tile drawn this turn, or -1. */
  get drawn(): number {
    return this.#s.phase === CLAIM ? -1 : this.#s.drawn;
  }

  /** The tile on offer, or -1. */
  get claimTile(): number {
    return this.#s.phase === CLAIM ? this.#s.claimTile : -1;
  }

  get discarder(): number {
    return this.#s.phase === CLAIM ? this.#s.discarder : -1;
  }

  /** The tile on offer was added to a pung: it can only be won on (robbing the kong). */
  get robbing(): boolean {
    return this.#s.phase === CLAIM && this.#s.robbing;
  }

  /** The win on offer (self-draw in TURN, the tile on offer in CLAIM) is legal; WIN is then among the legal actions. */
  get winLegal(): boolean {
    const s = this.#s;
    return s.phase === CLAIM ? s.ronOk[this.seat] === 1 : s.phase === TURN && s.turnWinOk;
  }

  /** In TURN, whether DISCARD + `kind` is legal. */
  mayDiscard(kind: number): boolean {
    return this.#s.mayDiscard(kind);
  }

  /** In TURN, the kinds this seat may discard (kinds.ts two-word mask, word 0 and word 1). */
  get discardable0(): number {
    return this.#s.allowed0;
  }

  get discardable1(): number {
    return this.#s.allowed1;
  }

  /** In TURN, the kinds this seat may declare a kong of from its hand (SELF_KONG + kind is legal
   * for each), as a two-word mask written to out[0], out[1]. */
  selfKongs(out: Int32Array): void {
    selfKongKinds(this.#s, out);
  }

  /** In CLAIM, this seat's legal actions as GameDef.legal lists them (`out` holds the game's
   * maxActions); returns how many. With discardable0/1, selfKongs and winLegal, what a bot that
   * never declares needs to play without the legal list (Strategy.viewOnly). */
  claims(out: Int16Array): number {
    return legalClaim(this.#s, out);
  }

  /** Live wall tiles left. */
  get live(): number {
    return this.#s.live();
  }

  /** Own turn number: own discards so far + 1. */
  get turn(): number {
    return this.#s.discards[this.seat]! + 1;
  }

  /** 0..3 = E S W N. */
  get seatWind(): number {
    return this.#s.seatWind(this.seat);
  }

  get roundWind(): number {
    return this.#s.roundWind;
  }

  get dealer(): number {
    return this.#s.dealer;
  }

  /** Melds `seat` has exposed (concealed kongs aside): public. */
  openMeldsOf(seat: number): number {
    return this.#s.openMelds[seat]!;
  }

  /** Whether `seat` has discarded `kind` this hand (a discard claimed by another still counts, unless the ruleset clears it). */
  discarded(seat: number, kind: number): boolean {
    return this.#s.has(this.#s.dMask, seat, kind);
  }
}
