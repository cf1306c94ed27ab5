// The Korean wall: no dead wall by default; in-turn draws come from the head, kong and flower
// replacements from the tail, and every replacement shortens the drawable wall (rules §1.A.4).
// The shuffle is lazy (one partial Fisher-Yates step per draw), so a hand that ends early
// never pays for shuffling tiles nobody draws.

import type { Rng } from '../../../core/rng.js';
import { KOREAN_SET, wallTiles } from '../tile-sets.js';
import { FLOWER } from '../tiles.js';

export class Wall {
  private readonly template: Uint8Array;
  readonly tiles: Uint8Array;
  head = 0;
  tail = 0;
  rng!: Rng;

  /** `flowers` false: the korean100 set (the 104 without its four flowers). */
  constructor(flowers: boolean, readonly deadWall: number) {
    const all = wallTiles(KOREAN_SET);
    this.template = flowers ? all : all.filter((k) => k < FLOWER);
    this.tiles = new Uint8Array(this.template.length);
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

  /** Tiles that may still be drawn (in turn or as replacements). */
  live(): number {
    return this.tail - this.head - this.deadWall;
  }

  drawHead(): number {
    const t = this.tiles;
    const j = this.head + this.rng.int(this.tail - this.head);
    const x = t[j]!;
    t[j] = t[this.head]!;
    t[this.head++] = x;
    return x;
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
