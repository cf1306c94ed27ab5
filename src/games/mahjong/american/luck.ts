// The luck of a playout's draws in American (the variance-reduction layer, src/core/luck.ts):
// the table's meter (table/luck.ts) read from a card. A seat is ready when some line of the
// card is one tile short: its waits, and a joker where a joker would complete it (wins.ts). A
// seat's own draw short of ready is measured by its distance from the card: whether the tile
// was one that brings a nearest variant a tile nearer (nearerKinds), less the chance that a tile
// would. Those kinds are found when the seat's tiles last changed before the draw (after its
// discard), never from the tile that came, so each term keeps mean zero. They are read from a
// copy of the seat's lines: the state's own keep which of a line's nearest variants they found
// first, which the chaser's play reads, so the meter must leave them as they are.

import { copyState } from '../../../core/copy.js';
import { TableLuck } from '../table/luck.js';
import * as kindsModule from '../table/kinds.js';
import * as tableStateModule from '../table/state.js';
import * as tilesModule from '../tiles.js';
import { SeatLines } from './lines.js';
import type { AmericanState } from './state.js';
import { nearerKinds, nearestAway } from './wins.js';

const { BIT, WORD } = kindsModule;
const { FLOWER, JOKER } = tilesModule;
const { STRIDE } = tableStateModule;

export class CardLuck extends TableLuck<AmericanState> {
  private mover = -1;
  /** The seat's tiles the kinds below were found for: its hand index per suit, flowers, jokers. */
  private readonly key = new Int32Array(6).fill(-1);
  /** The seat's distance from the card, and the kinds that bring it nearer (two words). */
  private away = 99;
  private readonly nearer = new Int32Array(2);
  /** The copy of the seat's lines the meter reads (made on the first playout). */
  private lines: SeatLines | null = null;

  protected override ready(s: AmericanState, y: number): boolean {
    return (s.waits[y * 2]! | s.waits[y * 2 + 1]!) !== 0 || s.jokerWait[y] === 1;
  }

  protected override jokerWins(s: AmericanState, y: number): boolean {
    return s.jokerWait[y] === 1;
  }

  override start(s: AmericanState, seat: number): void {
    super.start(s, seat);
    this.key.fill(-1);
    this.away = 99;
    this.nearer.fill(0);
  }

  override before(s: AmericanState): void {
    super.before(s);
    this.mover = s.cur;
  }

  override after(s: AmericanState, luck: Float64Array): void {
    super.after(s, luck);
    const seat = this.seat;
    if (this.mover === seat) this.refresh(s, seat);
  }

  protected override ownShort(_s: AmericanState, _seat: number, t: number, counts: Int16Array, total: number, luck: Float64Array): void {
    const d = this.away;
    if (d < 2 || d >= 99) return;
    const w0 = this.nearer[0]!,
      w1 = this.nearer[1]!;
    let good = 0;
    for (let k = 0; k <= FLOWER; k++) if (counts[k]! !== 0 && ((WORD[k] === 0 ? w0 : w1) & BIT[k]!) !== 0) good += counts[k]!;
    const hit = t <= FLOWER && ((WORD[t] === 0 ? w0 : w1) & BIT[t]!) !== 0 ? 1 : 0;
    luck[d >= 4 ? 3 : d - 1]! += hit - good / total;
  }

  /** Finds the seat's distance and nearer kinds anew when its tiles changed. */
  private refresh(s: AmericanState, seat: number): void {
    const g = seat * 4;
    const off = seat * STRIDE;
    const k = this.key;
    const flowers = s.hand[off + FLOWER]!,
      jokers = s.hand[off + JOKER]!;
    if (k[0] === s.gi[g] && k[1] === s.gi[g + 1] && k[2] === s.gi[g + 2] && k[3] === s.gi[g + 3] && k[4] === flowers && k[5] === jokers)
      return;
    k.set(s.gi.subarray(g, g + 4));
    k[4] = flowers;
    k[5] = jokers;
    this.nearer.fill(0);
    this.away = 99;
    if (s.dead[seat] !== 0) return;
    const l = (this.lines ??= new SeatLines(s.index));
    copyState(s.lines[seat]!, l);
    l.syncSeat(s.hand, off, s.gi, g);
    this.away = nearestAway(l);
    if (this.away >= 2 && this.away < 99) nearerKinds(l, this.away, this.nearer);
  }
}
