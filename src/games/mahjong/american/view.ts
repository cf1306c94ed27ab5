// What one seat may know in an American hand: the table's view (table/view.ts) plus the card,
// its own tiles away from every line, every seat's exposures (with their jokers), which hands
// are dead, and where the Charleston stands.

import { TableView } from '../table/view.js';
import * as tableStateModule from '../table/state.js';
import * as claimsModule from './claims.js';
import type { CardIndex, SeatLines } from './lines.js';
import type { AmericanRules } from './rules.js';
import type { AmericanState } from './state.js';
import type { Step } from './charleston.js';

const { PREPLAY } = tableStateModule;
const { exchangeActions } = claimsModule;

export class AmericanView extends TableView<AmericanState> {
  readonly #a: AmericanState;
  declare readonly rules: AmericanRules;
  declare readonly index: CardIndex;
  /** Every seat's exposures: tile, size and jokers at seat * MAX_EXPOSURES + i, expN[seat] of them. */
  declare readonly expTile: Uint8Array;
  declare readonly expSize: Uint8Array;
  declare readonly expJokers: Uint8Array;
  declare readonly expN: Uint8Array;
  /** Why each seat's hand is dead (0 = alive). */
  declare readonly dead: Uint8Array;

  constructor(s: AmericanState, seat: number) {
    super(s, seat);
    this.#a = s;
    this.rules = s.r;
    this.index = s.index;
    this.expTile = s.expTile;
    this.expSize = s.expSize;
    this.expJokers = s.expJokers;
    this.expN = s.expN;
    this.dead = s.dead;
  }

  /** Own tiles away from every variant of the card, up to date with the hand. */
  get lines(): SeatLines {
    return this.#a.seatLines(this.seat);
  }

  /** The Charleston step under way, or null once play has begun. */
  get charleston(): Step | null {
    return this.#a.phase === PREPLAY ? this.#a.charleston.step : null;
  }

  /** Tiles this seat has put in the pass under way. */
  get passChosen(): number {
    return this.#a.charleston.outN[this.seat]!;
  }

  /** In the Charleston, whether this seat may put a tile in the pass under way. */
  get mayPassTile(): boolean {
    return this.#a.phase === PREPLAY && this.#a.charleston.mayPassTile(this.seat);
  }

  /** In its turn, this seat's legal joker exchanges (EXCHANGE + kind, kinds in order) written to
   * `out`; returns how many. With `claims` and the table view's, what the line chaser needs to
   * play without the legal list (Strategy.viewOnly). */
  exchanges(out: Int16Array): number {
    return exchangeActions(this.#a, this.seat, out, 0);
  }

  /** Blind passing is allowed in the Charleston step under way. */
  get blindAllowed(): boolean {
    return this.#a.phase === PREPLAY && this.#a.charleston.blindAllowed;
  }

  /** Identifies the hand under way on this table (bots that plan per hand key on it): another
   * table, or this one after a copy or a determinization, has another (AmericanState.serial). */
  get handId(): number {
    return this.#a.serial;
  }
}
