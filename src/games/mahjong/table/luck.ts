// The luck of a playout's draws on a table whose wins are sets and a pair (Korean,
// Chinese-American), for the variance-reduction layer (src/core/luck.ts).
//
// A draw is a chance event whose outcomes the playout knows exactly: every undrawn tile of the
// wall is as likely (the wall is one bag: wall.ts), and a flower drawn is set aside and replaced,
// so the first tile kept is uniform over the undrawn tiles that are not flowers, whatever the
// flowers before it. Its luck for the seat is read from the seat's shanten and waits, which the
// table keeps for every hand at rest: for the seat's own draw, whether the tile brought its hand
// nearer to ready (or complete), less the chance that a tile would; for another seat's draw,
// whether it was one of the seat's winning tiles (which that seat may well throw) or one of the
// drawer's own; and, where the ruleset says what a self-draw would pay (TableState.selfDrawWorth),
// the same draws at a winning tile in points: what the drawn tile's self-draw pays the seat, less
// the mean over the undrawn tiles of what each would.

import type { LuckMeter } from '../../../core/luck.js';
import * as tilesModule from '../tiles.js';
import * as flowModule from './flow.js';
import * as handEvalModule from './hand-eval.js';
import * as kindsModule from './kinds.js';
import * as stateModule from './state.js';
import type { TableState, WritableTable } from './state.js';

const { FLOWER, JOKER, KINDS, PLAY_KINDS } = tilesModule;
const { SLOT, WEIGHT } = handEvalModule;
const { BIT, WORD, lowKind, lowBamboo } = kindsModule;
const { TURN } = stateModule;
const { addTile, takeTiles } = flowModule;

/** The terms: the seat's draws at shanten 0 (a winning tile), 1, 2 and 3 or more (a tile that
 * lowers it); another seat's draw of one of the seat's winning tiles, and of one of its own; and
 * where the ruleset says what a self-draw pays (else 0), the same three draws counted in points:
 * what the seat's own self-draw of the tile would pay the seat, and what the drawer's would; and
 * the seat's own draw of another ready seat's winning tile that the seat would not keep (one
 * that wins for it, or lowers its shanten), counted as that seat's self-draw of it would cost
 * the seat: a tile the seat throws and may deal in with. */
export const TABLE_LUCK_TERMS = [
  'own-win',
  'own-1',
  'own-2',
  'own-3+',
  'their-draw-of-mine',
  'their-win',
  'own-win-points',
  'their-draw-of-mine-points',
  'their-win-points',
  'own-draw-of-theirs-points',
] as const;

/** Ints per seat in TableLuck's key of a hand whose points it keeps: kept, the four pattern
 * indices, the melds. */
const KEY = 6;

export class TableLuck<S extends TableState = TableState> implements LuckMeter<S> {
  readonly terms = TABLE_LUCK_TERMS.length;
  private seat = 0;
  private drawnBefore = 0;
  private readonly counts = new Int16Array(KINDS);
  private readonly may = new Int32Array(2);

  /** Whether the ruleset says what a self-draw would pay (TableState.selfDrawWorth gives no
   * NaN): the points terms are counted only then. */
  private points = true;
  /** pointsOf's values per seat and kind, and per seat the hand they were found for. */
  private readonly values = new Float64Array(4 * KINDS);
  private readonly keys = new Int32Array(4 * KEY);
  /** The kinds (as waits are kept) the seat's own draw under way would keep, and per kind what a
   * draw of it would cost the seat in others' wins (danger). */
  protected readonly keep = new Int32Array(2);
  private readonly cost = new Float64Array(KINDS);

  constructor(readonly coef: Float64Array) {}

  /** Whether seat y is ready: one tile from a win, its winning tiles in `waits`. */
  protected ready(s: S, y: number): boolean {
    return s.shanten13[y]! === 0;
  }

  /** Whether a joker drawn would win for seat y (American: the joker has no bit in `waits`). */
  protected jokerWins(_s: S, _y: number): boolean {
    return false;
  }

  start(_s: S, seat: number): void {
    this.seat = seat;
    this.keys.fill(0);
  }

  before(s: S): void {
    const w = s.wall;
    this.drawnBefore = w.head + w.size - w.tail;
  }

  after(s: S, luck: Float64Array): void {
    const w = s.wall;
    if (w.head + w.size - w.tail === this.drawnBefore || s.phase !== TURN || s.drawn < 0) return;
    const y = s.cur;
    const t = s.drawn;
    const seat = this.seat;
    // Only the seat's own draws, and draws while the seat or the drawer is ready, have terms.
    const seatReady = this.ready(s, seat);
    if (y !== seat && !seatReady && !this.ready(s, y)) return;
    const counts = this.counts;
    counts.fill(0);
    w.countUndrawn(counts);
    counts[t]!++;
    let total = 0;
    const top = s.asideFrom < KINDS ? s.asideFrom : KINDS;
    for (let k = 0; k < top; k++) total += counts[k]!;
    if (y === seat) {
      const keep = this.keep;
      if (seatReady) {
        luck[0]! += share(s.waits, seat, t, counts, total, this.jokerWins(s, seat));
        if (this.points) luck[6]! += this.winPoints(s, seat, t, true, counts, total);
        keep[0] = s.waits[seat * 2]!;
        keep[1] = s.waits[seat * 2 + 1]!;
      } else {
        keep[0] = keep[1] = 0;
        this.ownShort(s, seat, t, counts, total, luck);
      }
      if (this.points) luck[9]! += this.danger(s, seat, t, counts, total);
      return;
    }
    if (seatReady) {
      luck[4]! += share(s.waits, seat, t, counts, total, this.jokerWins(s, seat));
      if (this.points) luck[7]! += this.winPoints(s, seat, t, false, counts, total);
    }
    if (this.ready(s, y)) {
      luck[5]! += share(s.waits, y, t, counts, total, this.jokerWins(s, y));
      if (this.points) luck[8]! += this.winPoints(s, y, t, true, counts, total);
    }
  }

  /** The luck of the seat's own draw `t` short of ready (terms 1 to 3), the undrawn tiles before
   * it in `counts` (`total` of them that a draw keeps): whether it brought the hand nearer, by its
   * shanten, less the chance that a tile would. */
  protected ownShort(s: S, seat: number, t: number, counts: Int16Array, total: number, luck: Float64Array): void {
    const sh = s.shanten13[seat]!;
    if (sh < 0) return;
    // The hand before the draw, and the kinds that would have lowered its shanten.
    const g = seat * 4;
    const ev = s.ev;
    const slot = t < PLAY_KINDS ? SLOT[t]! : -1;
    ev.setIndices(
      s.gi[g]! - (slot === 0 ? WEIGHT[t]! : 0),
      s.gi[g + 1]! - (slot === 1 ? WEIGHT[t]! : 0),
      s.gi[g + 2]! - (slot === 2 ? WEIGHT[t]! : 0),
      s.gi[g + 3]! - (slot === 3 ? WEIGHT[t]! : 0),
    );
    const melds = s.meldN[seat]!;
    const may = this.may;
    ev.mayImprove(melds, may);
    let good = 0;
    let hit = 0;
    for (let word = 0; word < 2; word++) {
      for (let m = may[word]!; m !== 0; m &= m - 1) {
        const k = word === 0 ? lowKind(m) : lowBamboo(m);
        if (counts[k]! === 0) continue;
        if (ev.shantenWith(k, 1, melds) < sh) {
          good += counts[k]!;
          this.keep[WORD[k]!]! |= BIT[k]!;
          if (k === t) hit = 1;
        }
      }
    }
    luck[sh >= 3 ? 3 : sh]! += hit - good / total;
  }

  /** The seat's own draw `t` of a tile it would not keep (this.keep) among the winning tiles of
   * other ready seats: what their self-draws of it would pay the seat (a cost, so below 0),
   * less the mean over the undrawn tiles in `counts` (`total` of them that a draw keeps). */
  private danger(s: S, seat: number, t: number, counts: Int16Array, total: number): number {
    const cost = this.cost;
    let any = false;
    for (let z = 0; z < 4; z++) {
      if (z === seat || !this.ready(s, z)) continue;
      const w0 = s.waits[z * 2]! & ~this.keep[0]!;
      const w1 = s.waits[z * 2 + 1]! & ~this.keep[1]!;
      if ((w0 | w1) === 0) continue;
      if (!any) cost.fill(0);
      any = true;
      const v = this.pointsOf(s, z, -1);
      for (let k = 0; k <= FLOWER; k++) if (((WORD[k] === 0 ? w0 : w1) & BIT[k]!) !== 0) cost[k]! += v[k]!;
    }
    if (!any) return 0;
    let sum = 0;
    for (let k = 0; k <= FLOWER; k++) if (counts[k]! !== 0) sum += counts[k]! * cost[k]!;
    return (t <= FLOWER ? cost[t]! : 0) - sum / total;
  }

  /** What seat y's self-draw of `t` would pay `seat`, less the mean over the undrawn tiles in
   * `counts` (`total` of them that a draw keeps) of what each would (pointsOf); `held`: y drew
   * `t` and holds it, else the draw was another seat's. */
  private winPoints(s: S, y: number, t: number, held: boolean, counts: Int16Array, total: number): number {
    const w0 = s.waits[y * 2]!;
    const w1 = s.waits[y * 2 + 1]!;
    if ((w0 | w1) === 0 || t > FLOWER) return 0;
    const v = this.pointsOf(s, y, held ? t : -1);
    let sum = 0;
    for (let k = 0; k <= FLOWER; k++) if (counts[k]! !== 0 && ((WORD[k] === 0 ? w0 : w1) & BIT[k]!) !== 0) sum += counts[k]! * v[k]!;
    return ((WORD[t] === 0 ? w0 : w1) & BIT[t]!) !== 0 ? v[t]! - sum / total : -sum / total;
  }

  /**
   * Per winning tile of seat y's 13-tile hand (its hand less `t`, where it holds the tile `t`
   * just drawn), what y's self-draw of it would pay the seat (TableState.selfDrawWorth; the
   * tile `t` is taken out of the hand for the asking and put back). Kept per seat while y's
   * hand (its 13 tiles and melds) stays the same, within one playout: a ready hand mostly throws
   * what it draws. A value so kept was known before the draw it is read at, so the term keeps
   * its zero mean.
   */
  private pointsOf(s: S, y: number, t: number): Float64Array {
    const key = this.keys;
    const g = y * 4;
    const at = y * KEY;
    const slot = t >= 0 && t < PLAY_KINDS ? SLOT[t]! : -1;
    let same = key[at] === 1 && key[at + 5] === s.meldN[y]!;
    for (let i = 0; i < 4 && same; i++) same = key[at + 1 + i] === s.gi[g + i]! - (slot === i ? WEIGHT[t]! : 0);
    const v = this.values.subarray(y * KINDS, (y + 1) * KINDS);
    if (same) return v;
    key[at] = 1;
    key[at + 5] = s.meldN[y]!;
    for (let i = 0; i < 4; i++) key[at + 1 + i] = s.gi[g + i]! - (slot === i ? WEIGHT[t]! : 0);
    v.fill(0);
    const w = s as unknown as WritableTable;
    if (t >= 0) takeTiles(w, y, t, 1);
    const w0 = s.waits[y * 2]!;
    const w1 = s.waits[y * 2 + 1]!;
    for (let k = 0; k <= FLOWER; k++) if (((WORD[k] === 0 ? w0 : w1) & BIT[k]!) !== 0) v[k] = s.selfDrawWorth(y, k, this.seat);
    if (t >= 0) addTile(w, y, t);
    // A ruleset that does not say gives NaN, every time: its points terms stay 0.
    if (v.some(Number.isNaN)) {
      this.points = false;
      v.fill(0);
    }
    return v;
  }
}

/** Whether `t` is among seat y's waits (a joker: whether `joker` wins), less the chance that a
 * tile drawn from `counts` is. */
function share(waits: Int32Array, y: number, t: number, counts: Int16Array, total: number, joker: boolean): number {
  const w0 = waits[y * 2]!;
  const w1 = waits[y * 2 + 1]!;
  if ((w0 | w1) === 0 && !joker) return 0;
  let good = joker ? counts[JOKER]! : 0;
  // The flower is a kind of its own where a card's lines use it (American); elsewhere no
  // flower is ever among the waits.
  for (let k = 0; k <= FLOWER; k++) {
    if (counts[k]! !== 0 && ((WORD[k] === 0 ? w0 : w1) & BIT[k]!) !== 0) good += counts[k]!;
  }
  const hit = t === JOKER ? (joker ? 1 : 0) : t <= FLOWER && ((WORD[t] === 0 ? w0 : w1) & BIT[t]!) !== 0 ? 1 : 0;
  return hit - good / total;
}
