// The wall: in-turn draws come from the head, kong and flower replacements from the tail, and
// a reserve of `reserve` tiles at the end is never drawn (Korean: none by default, or a
// Japanese-style dead wall of 14; Chinese-American: 16). Every replacement shortens the wall.
// The shuffle is lazy (one partial Fisher-Yates step per draw), so a hand that ends early
// never pays for shuffling tiles nobody draws.

import type { Rng } from '../../../core/rng.js';
import { KINDS } from '../tiles.js';

/** redeal's count of the undrawn tiles by kind. */
const undrawnCount = new Int16Array(KINDS);

export class Wall {
  readonly tiles: Uint8Array;
  head = 0;
  tail = 0;
  rng!: Rng;

  /** `template`: every physical tile of the set as its kind (tile-sets.ts wallTiles). */
  constructor(private readonly template: Uint8Array, readonly reserve: number) {
    this.tiles = new Uint8Array(template.length);
  }

  get size(): number {
    return this.template.length;
  }

  reset(rng: Rng): void {
    this.rng = rng;
    this.tiles.set(this.template);
    this.head = 0;
    this.tail = this.tiles.length;
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
   * Deals the undrawn places [head, tail) anew, a tile at a time from `draw` (a determinization),
   * and lays the rest of the set outside them in kind order: nothing reads the drawn places, and
   * this way they keep nothing of the wall's true history.
   */
  redeal(draw: () => number): void {
    const t = this.tiles;
    undrawnCount.fill(0);
    for (let i = this.head; i < this.tail; i++) undrawnCount[(t[i] = draw())]!++;
    let at = 0;
    for (const k of this.template) {
      if (undrawnCount[k]! > 0) {
        undrawnCount[k]!--;
        continue;
      }
      if (at === this.head) at = this.tail;
      t[at++] = k;
    }
  }

  drawTail(): number {
    const t = this.tiles;
    const j = this.head + this.rng.int(this.tail - this.head);
    const x = t[j]!;
    t[j] = t[--this.tail]!;
    t[this.tail] = x;
    return x;
  }
}
