// The wall: in-turn draws come from the head, kong and flower replacements from the tail, and
// a reserve of `reserve` tiles at the end is never drawn (Korean: none by default, or a
// Japanese-style dead wall of 14; Chinese-American: 16). Every replacement shortens the wall.
// The shuffle is lazy (one partial Fisher-Yates step per draw), so a hand that ends early
// never pays for shuffling tiles nobody draws.
//
// With seat draws (pairing.ts) the places left after the deal are shuffled whole, and then
// seat y's k-th in-turn draw takes place base + 4k + y, or the first place left once that one
// is gone; a replacement takes the last place left. Which place a draw takes depends only on
// who draws and how often, never on the tiles, so every draw is still uniform over the tiles
// left; but a seat's draws no longer depend on how often the others drew. `head` and `tail`
// then count the draws from either end, and `taken` marks the places drawn.

import type { Rng } from '../../../core/rng.js';
import { KINDS } from '../tiles.js';

/** redeal's count of the undrawn tiles by kind. */
const undrawnCount = new Int16Array(KINDS);

export class Wall {
  declare readonly tiles: Uint8Array;
  head = 0;
  tail = 0;
  rng!: Rng;
  /** Seat draws are on (startSeatDraws) until the next reset. */
  seatMode = false;
  declare private readonly taken: Uint8Array;
  /** Per seat: in-turn draws since startSeatDraws, and places of its own passed over. */
  private readonly cursor = new Int32Array(4);
  private base = 0;

  /** `template`: every physical tile of the set as its kind (tile-sets.ts wallTiles). */
  declare private readonly template: Uint8Array;
  declare readonly reserve: number;

  constructor(template: Uint8Array, reserve: number) {
    this.template = template;
    this.reserve = reserve;
    this.tiles = new Uint8Array(template.length);
    this.taken = new Uint8Array(template.length);
  }

  get size(): number {
    return this.template.length;
  }

  reset(rng: Rng): void {
    this.rng = rng;
    this.tiles.set(this.template);
    this.head = 0;
    this.tail = this.tiles.length;
    this.seatMode = false;
  }

  /** Shuffles the places left whole and gives each seat its own (see above); after the deal. */
  startSeatDraws(): void {
    const t = this.tiles;
    for (let i = this.head; i < this.tail - 1; i++) {
      const j = i + this.rng.int(this.tail - i);
      const x = t[j]!;
      t[j] = t[i]!;
      t[i] = x;
    }
    this.taken.fill(1, 0, this.head);
    this.taken.fill(0, this.head, this.tail);
    this.taken.fill(1, this.tail);
    this.cursor.fill(0);
    this.base = this.head;
    this.seatMode = true;
  }

  /** Seat y's in-turn draw under seat draws. */
  drawSeat(y: number): number {
    const n = this.tiles.length;
    let p = this.base + 4 * this.cursor[y]! + y;
    while (p < n && this.taken[p] === 1) p = this.base + 4 * ++this.cursor[y]! + y;
    if (p < n) this.cursor[y]!++;
    else {
      p = this.base;
      while (this.taken[p] === 1) p++;
    }
    this.taken[p] = 1;
    this.head++;
    return this.tiles[p]!;
  }

  /** Adds the kinds of the tiles not yet drawn to counts. */
  countUndrawn(counts: Int16Array): void {
    // undrawnAt, one loop per mode (a luck meter asks at every draw it measures).
    const t = this.tiles;
    if (this.seatMode) {
      const taken = this.taken;
      for (let i = this.base; i < t.length; i++) if (taken[i] === 0) counts[t[i]!]!++;
    } else for (let i = this.head; i < this.tail; i++) counts[t[i]!]!++;
  }

  /** Tiles that may still be drawn in turn (and as replacements, unless the rules let those reach into the reserve). */
  live(): number {
    return this.tail - this.head - this.reserve;
  }

  /** Tiles not yet drawn, reserve included. */
  undrawn(): number {
    return this.tail - this.head;
  }

  drawHead(): number {
    const t = this.tiles;
    const j = this.head + this.rng.int(this.tail - this.head);
    const x = t[j]!;
    t[j] = t[this.head]!;
    t[this.head++] = x;
    return x;
  }

  /**
   * Deals the undrawn places anew, a tile at a time from `draw` (a determinization), and lays
   * the rest of the set in the drawn places in kind order: nothing reads the drawn places, and
   * this way they keep nothing of the wall's true history.
   */
  redeal(draw: () => number): void {
    const t = this.tiles;
    undrawnCount.fill(0);
    for (let i = 0; i < t.length; i++) if (this.undrawnAt(i)) undrawnCount[(t[i] = draw())]!++;
    let at = 0;
    for (const k of this.template) {
      if (undrawnCount[k]! > 0) {
        undrawnCount[k]!--;
        continue;
      }
      while (this.undrawnAt(at)) at++;
      t[at++] = k;
    }
  }

  /**
   * Turns seat draws off, the undrawn tiles laid in kind order in the places from `head` to
   * `tail`: a particle of the inference (infer.ts) draws as a record is checked, each draw the
   * pick of a place among those left (WallChance). Which tiles are undrawn does not change.
   */
  unpair(): void {
    undrawnCount.fill(0);
    const t = this.tiles;
    for (let i = 0; i < t.length; i++) if (this.undrawnAt(i)) undrawnCount[t[i]!]!++;
    let at = this.head;
    for (let k = 0; k < KINDS; k++) for (let c = undrawnCount[k]!; c > 0; c--) t[at++] = k;
    this.seatMode = false;
  }

  /** Whether place i holds a tile not yet drawn. */
  undrawnAt(i: number): boolean {
    return this.seatMode ? i >= this.base && this.taken[i] === 0 : i >= this.head && i < this.tail;
  }

  drawTail(): number {
    if (this.seatMode) return this.drawLast();
    const t = this.tiles;
    const j = this.head + this.rng.int(this.tail - this.head);
    const x = t[j]!;
    t[j] = t[--this.tail]!;
    t[this.tail] = x;
    return x;
  }

  /** A replacement under seat draws: the last place left. */
  private drawLast(): number {
    let p = this.tiles.length - 1;
    while (this.taken[p] === 1) p--;
    this.taken[p] = 1;
    this.tail--;
    return this.tiles[p]!;
  }
}
