// The luck of a playout's draws in American (the variance-reduction layer, src/core/luck.ts):
// the table's meter (table/luck.ts) read from a card. A seat is ready when some line of the
// card is one tile short: its waits, and a joker where a joker would complete it (wins.ts).
// Draws short of ready are not measured: a seat's distance from the card is no table lookup.
// Finding which tiles would bring it nearer after each of its discards (on a copy of its
// lines, which the chaser caches) took a sixth of a paired difference's spread off instead of
// a tenth, for about as much more time a playout: nothing at the same time per decision.

import { TableLuck } from '../table/luck.js';
import type { AmericanState } from './state.js';

export class CardLuck extends TableLuck<AmericanState> {
  protected override ready(s: AmericanState, y: number): boolean {
    return (s.waits[y * 2]! | s.waits[y * 2 + 1]!) !== 0 || s.jokerWait[y] === 1;
  }

  protected override jokerWins(s: AmericanState, y: number): boolean {
    return s.jokerWait[y] === 1;
  }

  protected override ownShort(): void {}
}
