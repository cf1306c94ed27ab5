// The luck of a playout's draws in American (the variance-reduction layer, src/core/luck.ts):
// the table's meter (table/luck.ts) read from a card. A seat is ready when some line of the
// card is one tile short: its waits, and a joker where a joker would complete it (wins.ts).
//
// The seat's own draws short of ready are measured by card-line distance: whether the tile
// brought its nearest lines nearer (fewer tiles away), less the chance that a tile drawn from the
// undrawn ones would, counted kind by kind. The hand before the draw is read on lines of the
// meter's own (SeatLines), never on the table's: which of a line's nearest variants the table
// keeps depends on the order of the hand's changes, and the bots read it, so a meter that moved
// the table's lines could change the play it measures.

import * as tilesModule from '../tiles.js';
import * as kindsModule from '../table/kinds.js';
import * as tableStateModule from '../table/state.js';
import { TableLuck } from '../table/luck.js';
import { SeatLines } from './lines.js';
import type { AmericanState } from './state.js';

const { JOKER } = tilesModule;
const { BIT, WORD } = kindsModule;
const { STRIDE } = tableStateModule;

export class CardLuck extends TableLuck<AmericanState> {
  /** The seat's lines for its hand before a draw. */
  private own: SeatLines | null = null;
  /** The kinds a draw would bring the nearest lines nearer with, as the table's masks. */
  private readonly nearer = new Int32Array(2);

  protected override ready(s: AmericanState, y: number): boolean {
    return (s.waits[y * 2]! | s.waits[y * 2 + 1]!) !== 0 || s.jokerWait[y] === 1;
  }

  protected override jokerWins(s: AmericanState, y: number): boolean {
    return s.jokerWait[y] === 1;
  }

  /** The seat's own draw `t` short of ready: terms 1 to 3 by the nearest line's tiles away before
   * it (2, 3, 4 or more), the undrawn tiles before it in `counts` (`total` of them). */
  protected override ownShort(s: AmericanState, seat: number, t: number, counts: Int16Array, total: number, luck: Float64Array): void {
    if (s.dead[seat] !== 0) return;
    const l = this.linesBefore(s, seat, t);
    const ix = s.index;
    const lineStart = ix.card.lineStart;
    let m = 99;
    for (let line = 0; line < ix.lines; line++) {
      const a = l.lineAway(line);
      if (a < m) m = a;
    }
    if (m < 2 || m >= 99) return;
    // The kinds that fill a slot of a nearest variant: a missing natural, or a joker slot the
    // seat's jokers do not already fill (then a joker drawn would too).
    const { vStart, vEntry, eKind } = ix;
    const { sum, row, counts: held, jokers } = l;
    const nearer = this.nearer;
    nearer[0] = nearer[1] = 0;
    let joker = false;
    for (let line = 0; line < ix.lines; line++) {
      if (l.lineAway(line) !== m) continue;
      for (let v = lineStart[line]!; v < lineStart[line + 1]!; v++) {
        if (l.away(v) !== m) continue;
        const open = (sum[v]! & 63) > jokers;
        if (open) joker = true;
        for (let i = vStart[v]!; i < vStart[v + 1]!; i++) {
          const e = vEntry[i]!;
          const k = eKind[e]!;
          const r = row[e]!;
          const n = r >> 8;
          const h = held[k]!;
          if (n > h || (open && ((r >> 4) & 15) > h - n)) nearer[WORD[k]!]! |= BIT[k]!;
        }
      }
    }
    let good = joker ? counts[JOKER]! : 0;
    for (let k = 0; k < JOKER; k++) if (counts[k]! !== 0 && (nearer[WORD[k]!]! & BIT[k]!) !== 0) good += counts[k]!;
    // The tiles that bring it nearer are the ones it keeps (TableLuck's danger term).
    this.keep.set(nearer);
    const hit = t === JOKER ? (joker ? 1 : 0) : (nearer[WORD[t]!]! & BIT[t]!) !== 0 ? 1 : 0;
    luck[m >= 4 ? 3 : m - 1]! += hit - good / total;
  }

  /** The seat's lines for its hand less the tile `t` it has just drawn. */
  private linesBefore(s: AmericanState, seat: number, t: number): SeatLines {
    let l = this.own;
    if (l === null || l.index !== s.index) l = this.own = new SeatLines(s.index);
    l.holdSeat(s, seat, s.hand, seat * STRIDE, t, -1);
    return l;
  }
}
