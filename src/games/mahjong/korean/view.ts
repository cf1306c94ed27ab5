// What one seat may know in a Korean hand: the table's view (table/view.ts) plus uper and
// sacred discard. Masks are word 0 of the table's masks: the Korean set has no bamboo.

import { TableView } from '../table/view.js';
import type { KoreanRules } from './rules.js';
import type { KoreanState } from './state.js';

export class KoreanView extends TableView<KoreanState> {
  readonly #k: KoreanState;
  readonly rules: KoreanRules;
  /** Each seat's discards that count for sacred discard, as kinds.ts masks (word 0 at seat * 2). */
  readonly discardMask: Int32Array;
  /** Per seat: 0, 1 uper, 2 open uper. */
  readonly uper: Uint8Array;
  /** Per seat: the uper declaration tile (meaningful while `uper` is set). */
  readonly uperTile: Int8Array;

  constructor(s: KoreanState, seat: number) {
    super(s, seat);
    this.#k = s;
    this.rules = s.r;
    this.discardMask = s.dMask;
    this.uper = s.uper;
    this.uperTile = s.uperTile;
  }

  /** In TURN, the kinds this seat may discard (kinds.ts bits): DISCARD + k is legal for each. */
  get discardable(): number {
    return this.#k.allowed0;
  }

  /** Own winning-tile mask of the 13-tile state before this turn's draw (kinds.ts bits). */
  get waits(): number {
    return this.#k.waits[this.seat * 2]!;
  }

  /** Own hand is locked (after uper, or dead): it discards what it draws. */
  get locked(): boolean {
    return this.#k.locked(this.seat);
  }
}
