// What one seat may know in a Chinese-American hand: the table's view (table/view.ts) plus the
// game's public facts that bots weigh: the dealer's retains and the tile of the day.

import { TableView } from '../table/view.js';
import type { ChineseAmericanRules } from './rules.js';
import type { ChineseAmericanState } from './state.js';

export class ChineseAmericanView extends TableView<ChineseAmericanState> {
  readonly #c: ChineseAmericanState;
  readonly rules: ChineseAmericanRules;
  /** Winning kinds of this seat's 13-tile state (two-word kinds.ts mask). */
  readonly waits: Int32Array;

  constructor(s: ChineseAmericanState, seat: number) {
    super(s, seat);
    this.#c = s;
    this.rules = s.r;
    this.waits = s.waits.subarray(seat * 2, seat * 2 + 2);
  }

  /** Times in a row the dealer has kept the deal. */
  get retains(): number {
    return this.#c.dealerStreak;
  }

  /** The tile of the day, or -1. */
  get tileOfDay(): number {
    return this.#c.tileOfDay;
  }

  /** This seat may not win on a discard until its next draw (it let a win go). */
  get locked(): boolean {
    return this.#c.temp[this.seat] !== 0;
  }
}
