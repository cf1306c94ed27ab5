import { Rng } from './rng.js';
import { ChanceError } from './trace.js';

/** One thing a record says chance gave, in the order the game asks for them. */
export interface Due {
  /** The record's line that says so (from 1). */
  line: number;
  /** A card or tile (its id), or what a roll came to. */
  value: number;
  /** A roll (a starter drawn, dice, the tile of the day) of this many outcomes, 0 for any
   * number; absent for a card or tile drawn. */
  roll?: number;
  /** Why the record cannot be (a seat dealt too few tiles): refused on `line` when the game gets here. */
  fault?: string;
}

/**
 * The chance of a game played at a real table and written down: a stream that gives, draw by
 * draw, what the record says came, in place of random numbers. Each game answers the number
 * its engine asks for from the next Due (Hwatu's deck, hwatu/table-chance.ts; the mahjong
 * wall, mahjong/table/record-chance.ts). A roll the rules did not make (a fixed tile of the
 * day, a starter the rules name) is passed over; a roll the record does not spell out (dice
 * that came to nothing) is answered 0. Only the check of a record (records/check.ts) plays
 * with one; a game run never does.
 */
export abstract class RecordChance extends Rng {
  private at = 0;

  /** `end`: the record's last line, where a record that runs out is refused. */
  constructor(
    private readonly due: readonly Due[],
    private readonly end: number,
  ) {
    super(null);
  }

  /** How far the record's chance has been followed: a particle of the inference (core/infer.ts)
   * that continues another continues its place in the record too (seek). */
  get position(): number {
    return this.at;
  }

  seek(at: number): void {
    this.at = at;
  }

  /** The roll of `n` outcomes due next, taken; rolls of another number are passed over; null
   * where the next thing due is a card or tile. */
  protected roll(n: number): Due | null {
    for (let d = this.due[this.at]; d?.roll !== undefined; d = this.due[this.at]) {
      this.at++;
      if (d.roll === 0 || d.roll === n) return this.ok(d);
    }
    return null;
  }

  /** The card or tile due next, taken (rolls the game did not make passed over); `what` says
   * what the game does when the record has run out. */
  protected draw(what: string): Due {
    while (this.due[this.at]?.roll !== undefined) this.at++;
    const d = this.due[this.at++];
    if (!d) throw new ChanceError(this.end, `the record ends, but the game ${what} here`);
    return this.ok(d);
  }

  private ok(d: Due): Due {
    if (d.fault) throw new ChanceError(d.line, d.fault);
    return d;
  }

  override next(): number {
    throw new Error(`${this.constructor.name} answers Rng.int only`);
  }

  // A record's chance is one stream, hand after hand: nothing to key or reseed.
  override familyKey(out: Uint32Array): void {
    out.fill(0);
  }

  override seedFamily(): this {
    return this;
  }
}
