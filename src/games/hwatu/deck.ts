import { InputError } from '../../core/errors.js';
import { listField } from '../../core/situation.js';
import type { Rng } from '../../core/rng.js';

/**
 * The 48-card Hwatu deck. Card id c in 0..47 has Korean month (c >> 2) + 1: months 1-10
 * as in the Japanese order, 11 = Paulownia (오동), 12 = Willow/Rain (비). Only the month
 * matters in both Hwatu games; the id keeps the four cards of a month apart for
 * conservation checks and traces.
 */
export const CARDS = 48;
export const MONTHS = 12;

export const month = (card: number): number => (card >> 2) + 1;

const NAMES = ['Pine', 'Plum', 'Cherry', 'Wisteria', 'Iris', 'Peony', 'Clover', 'Susuki', 'Chrysanthemum', 'Maple', 'Paulownia', 'Rain'];

export const monthName = (m: number): string => NAMES[m - 1] ?? `month ${m}`;

/** A card in notation: month and copy letter, e.g. `12c` is the third Rain card. */
export const cardName = (card: number): string => `${month(card)}${'abcd'[card & 3]}`;

export function parseCard(text: string): number {
  const m = /^(\d{1,2})([abcd])$/.exec(text.trim());
  const mo = m ? Number(m[1]) : 0;
  if (!m || mo < 1 || mo > 12) throw new InputError(`card ${JSON.stringify(text)}: expected a month 1-12 and a copy letter a-d, e.g. 12c`);
  return (mo - 1) * 4 + 'abcd'.indexOf(m[2]!);
}

/** `--seen 3a,7c` or `--hand 1a,9b` (or a situation file's array of them): cards in deck
 * notation, each at most once, at most `most`; `name` names the list in the error line. */
export function cardList(name: string, v: unknown, most: number): number[] {
  const cards = listField(v, name, most).map((p) => {
    try {
      return parseCard(p);
    } catch (e) {
      throw new InputError(`${name}: ${(e as Error).message}`);
    }
  });
  cards.forEach((c, i) => {
    if (cards.indexOf(c) !== i)
      throw new InputError(`${name}: card ${cardName(c)} is listed twice; the deck holds each card once (the four of a month are a-d)`);
  });
  return cards;
}

export const formatCards = (cards: ArrayLike<number>, n = cards.length): string =>
  Array.from({ length: n }, (_, i) => cardName(cards[i]!)).join(' ');

/** The cards in id order, as six 64-bit words. Copied as doubles, whose bits survive
 * intact: none of these patterns is a NaN (the exponent bytes are below 0x30). */
const IDENTITY = new Float64Array(CARDS / 8);
new Uint8Array(IDENTITY.buffer).forEach((_, c, bytes) => {
  bytes[c] = c;
});

/** A deck in a Uint8Array, shuffled lazily: `draw` is one step of Fisher-Yates, so a deal
 * that uses 20 cards pays for 20 swaps, not 48. */
export class Deck {
  readonly cards = new Uint8Array(CARDS);
  /** The same bytes as 64-bit words, for `reset`. */
  private readonly words = new Float64Array(this.cards.buffer);
  /** Cards drawn so far; cards[0..drawn) are the drawn ones, in order. */
  drawn = 0;

  constructor() {
    this.reset();
  }

  /** Gathers all 48 cards in id order for a fresh shuffle. Starting from a fixed order
   * (not the last game's leftovers) keeps each game a function of its own stream only. */
  reset(): void {
    // Six word stores: TypedArray.prototype.set's call cost more than a Wolnamppong
    // turn's bookkeeping, and a deck is reset every deal cycle.
    const w = this.words,
      id = IDENTITY;
    w[0] = id[0]!;
    w[1] = id[1]!;
    w[2] = id[2]!;
    w[3] = id[3]!;
    w[4] = id[4]!;
    w[5] = id[5]!;
    this.drawn = 0;
  }

  get left(): number {
    return CARDS - this.drawn;
  }

  draw(rng: Rng): number {
    const i = this.drawn++;
    const j = i + rng.int(CARDS - i);
    const cards = this.cards;
    const c = cards[j]!;
    cards[j] = cards[i]!;
    cards[i] = c;
    return c;
  }

  /** Draws two cards with one random number u (a uniform ordered pair, as two draws):
   * r = floor(u n (n - 1)) picks the pair, j = r mod n and k = floor(r / n). Alea's u is
   * a multiple of 2^-32, so every product here is exact and floor(r / n) equals
   * floor(u (n - 1)): no integer division, which was the costliest step of a deal. */
  drawTwo(rng: Rng, out: Uint8Array, at: number): void {
    const i = this.drawn;
    const n = CARDS - i;
    const u = rng.next();
    const q = Math.floor(u * (n - 1));
    const r = Math.floor(u * (n * (n - 1)));
    const cards = this.cards;
    const j = i + (r - q * n);
    const k = i + 1 + q;
    let c = cards[j]!;
    cards[j] = cards[i]!;
    cards[i] = c;
    c = cards[k]!;
    cards[k] = cards[i + 1]!;
    cards[i + 1] = c;
    out[at] = cards[i]!;
    out[at + 1] = c;
    this.drawn = i + 2;
  }

  /** Draws a given card (one known to be in the pile), e.g. to set up a hand. */
  take(card: number): number {
    const cards = this.cards;
    const i = this.drawn++;
    const j = cards.indexOf(card, i);
    if (j < 0) throw new RangeError(`card ${cardName(card)} is not in the pile`);
    cards[j] = cards[i]!;
    cards[i] = card;
    return card;
  }
}
