// A winning hand being scored: its concealed tiles (Readings' `c`, the winning tile included),
// its melds, the winning tile and how it came. Every ruleset's scorer extends it; the table's
// judges load it from a seat (loadSeat), the `hand` and `score` commands from parsed melds
// (loadMelds). It allocates nothing.

import { meldType, type Meld } from '../decompose.js';
import { Readings } from '../readings.js';
import * as tilesModule from '../tiles.js';
import * as meldsModule from './melds.js';
import * as tableStateModule from './state.js';
import type { TableState } from './state.js';

// Imports as module-local consts, read once: see flow.ts.
const { PLAY_KINDS } = tilesModule;
const { CHOW, MAX_MELDS, PUNG } = meldsModule;
const { STRIDE } = tableStateModule;

export abstract class WinningHand extends Readings {
  /** Melds (melds.ts types and lowest kinds), `melds` of them. */
  readonly meldType = new Uint8Array(MAX_MELDS);
  readonly meldKind = new Int8Array(MAX_MELDS);
  melds = 0;
  winTile = 0;
  selfDraw = false;

  /** Loads `seat`'s concealed tiles (plus one `extra` when >= 0) and melds from the table. */
  loadSeat(s: TableState, seat: number, extra: number, winTile: number, selfDraw: boolean): void {
    const c = this.c;
    // A loop, not set(subarray): this runs for every discard on someone's waits, and allocating
    // the subarray view costs more than the copy.
    const off = seat * STRIDE;
    for (let k = 0; k < PLAY_KINDS; k++) c[k] = s.hand[off + k]!;
    if (extra >= 0) c[extra] = c[extra]! + 1;
    this.setMelds(s.meldType, s.meldKind, seat * MAX_MELDS, s.meldN[seat]!);
    this.winTile = winTile;
    this.selfDraw = selfDraw;
  }

  /** Loads `n` melds from table arrays (a state's or a view's) from `off` on. */
  setMelds(types: ArrayLike<number>, kinds: ArrayLike<number>, off: number, n: number): void {
    this.melds = n;
    for (let i = 0; i < n; i++) {
      this.meldType[i] = types[off + i]!;
      this.meldKind[i] = kinds[off + i]!;
    }
  }

  /** Loads parsed melds (at most MAX_MELDS; the caller checks). */
  loadMelds(melds: readonly Meld[]): void {
    melds.forEach((m, i) => {
      this.meldType[i] = meldType(m);
      this.meldKind[i] = m.tile;
    });
    this.melds = melds.length;
  }

  /** Whether `c` holds the 14 tiles, less 3 per meld, that a win needs. */
  protected rightSize(): boolean {
    let tiles = 0;
    for (let k = 0; k < PLAY_KINDS; k++) tiles += this.c[k]!;
    return tiles === 14 - 3 * this.melds;
  }

  /** Whether `c` is seven pairs (call with no melds); four of a kind counts as two pairs when `quads`. */
  protected sevenPairsShape(quads: boolean): boolean {
    const c = this.c;
    let pairs = 0;
    for (let k = 0; k < PLAY_KINDS; k++) {
      const n = c[k]!;
      if (n & 1) return false;
      if (n === 4 && !quads) return false;
      pairs += n >> 1;
    }
    return pairs === 7;
  }

  /** Type (melds.ts PUNG, CHOW, or a kong's) of set i of the current reading: the nSets
   * concealed sets first, then the melds. */
  protected setTypeAt(i: number): number {
    return i < this.nSets ? (this.setPung[i] ? PUNG : CHOW) : this.meldType[i - this.nSets]!;
  }

  /** Lowest kind of set i of the current reading (as setTypeAt). */
  protected setKindAt(i: number): number {
    return i < this.nSets ? this.setKind[i]! : this.meldKind[i - this.nSets]!;
  }
}
