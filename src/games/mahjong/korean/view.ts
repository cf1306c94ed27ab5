// What one seat may know when it decides. A view reads the state on demand through a private
// field (unreachable from a strategy), so refreshing it per decision costs nothing and it can
// only ever show public information or the seat's own. Strategies must not keep it.

import * as tilesModule from '../tiles.js';
import type { KoreanRules } from './rules.js';
import * as stateModule from './state.js';
import type { KoreanState } from './state.js';

// Imports as module-local consts, read once: see flow.ts.
const { PLAY_KINDS } = tilesModule;
const { CLAIM } = stateModule;

export class KoreanView {
  readonly #s: KoreanState;
  readonly seat: number;
  readonly rules: KoreanRules;
  /** Own concealed tiles, counts by kind (34). */
  readonly hand: Int8Array;
  /** Own melds: types (melds.ts) and lowest kinds, `meldN` of them. */
  readonly meldType: Uint8Array;
  readonly meldKind: Int8Array;
  /** Tiles in every river and meld. */
  readonly seen: Int8Array;
  /** Each seat's discards that count for sacred discard, as kinds.ts masks. */
  readonly discardMask: Int32Array;
  /** Per seat: 0, 1 uper, 2 open uper. */
  readonly uper: Uint8Array;
  /** Per seat: the uper declaration tile (meaningful while `uper` is set). */
  readonly uperTile: Int8Array;

  constructor(s: KoreanState, seat: number) {
    this.#s = s;
    this.seat = seat;
    this.rules = s.r;
    const off = seat * PLAY_KINDS;
    this.hand = s.hand.subarray(off, off + PLAY_KINDS);
    this.meldType = s.meldType.subarray(seat * 4, seat * 4 + 4);
    this.meldKind = s.meldKind.subarray(seat * 4, seat * 4 + 4);
    this.seen = s.seen;
    this.discardMask = s.dMask;
    this.uper = s.uper;
    this.uperTile = s.uperTile;
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

  /** The discard on offer, or -1. */
  get claimTile(): number {
    return this.#s.phase === CLAIM ? this.#s.claimTile : -1;
  }

  get discarder(): number {
    return this.#s.phase === CLAIM ? this.#s.discarder : -1;
  }

  /** The win on offer (self-draw in TURN, the discard in CLAIM) is legal; WIN is then among the legal actions. */
  get winLegal(): boolean {
    const s = this.#s;
    return s.phase === CLAIM ? s.ronOk[this.seat] === 1 : s.turnWinOk;
  }

  /** In TURN, the kinds this seat may discard (kinds.ts bits): DISCARD + k is legal for each. */
  get discardable(): number {
    return this.#s.allowed;
  }

  /** Own winning-tile mask of the 13-tile state before this turn's draw (kinds.ts bits). */
  get waits(): number {
    return this.#s.waits[this.seat]!;
  }

  /** Own hand is locked (after uper, or dead): it discards what it draws. */
  get locked(): boolean {
    return this.#s.locked(this.seat);
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
}
