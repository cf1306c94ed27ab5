import { copyState } from '../../core/copy.js';
import type { Rng } from '../../core/rng.js';
import { CARDS, month } from './deck.js';

/**
 * The cards one seat cannot see, dealt anew for a determinization (GameDef.determinize) of
 * either Hwatu game. They are listed in id order, never in the order the true state keeps
 * them (a hand's, the pile's), so nothing the seat cannot see shapes the deal; Fisher-Yates
 * steps from the determinization's own stream then deal them out. A game keeps one of these
 * for all its determinizations: they allocate nothing.
 */
export class Unseen {
  readonly cards = new Uint8Array(CARDS);
  len = 0;
  private readonly marked = new Uint8Array(CARDS);

  /** Marks a card as unseen, in any order. */
  hide(card: number): void {
    this.marked[card] = 1;
  }

  /** Lists the cards marked since the last gather in id order (so the Rain cards, month 12,
   * come last), and clears the marks. */
  gather(): void {
    const { cards, marked } = this;
    let k = 0;
    for (let c = 0; c < CARDS; c++) if (marked[c]) cards[k++] = c;
    marked.fill(0);
    this.len = k;
  }

  /**
   * Fills cards[from..to) with a uniform sample, in uniform order, of cards[from..pool) (the
   * Fisher-Yates steps from..to), whatever order they were in: so a sample that breaks a
   * constraint can be drawn again from where it stands. `deal(rng, 0, len)` orders them all.
   */
  deal(rng: Rng, from: number, to: number, pool = this.len): void {
    const cards = this.cards;
    for (let i = from; i < to; i++) {
      const j = i + rng.int(pool - i);
      const c = cards[j]!;
      cards[j] = cards[i]!;
      cards[i] = c;
    }
  }

  /** How many of cards[from..to) are of month `m`. */
  countMonth(from: number, to: number, m: number): number {
    let k = 0;
    for (let i = from; i < to; i++) if (month(this.cards[i]!) === m) k++;
    return k;
  }
}

/**
 * The true deal of a Hwatu table (InferenceDef.truth): `out` becomes `s` with every hand as it
 * is, and the pile dealt anew from `rng`. The deck deals lazily, each card a Fisher-Yates step
 * from the state's stream (Deck.draw), so a copy with a new stream keeps the hands and draws
 * the pile in a fresh order.
 */
export function keepHands<S extends { rng: Rng }>(s: S, _seat: number, rng: Rng, out: S): void {
  copyState(s, out);
  out.rng = rng;
}
