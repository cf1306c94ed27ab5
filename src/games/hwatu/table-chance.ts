import { RecordChance, type Due } from '../../core/chance.js';
import { ChanceError } from '../../core/trace.js';
import { parseCard, type Deck } from './deck.js';

/**
 * The chance of a Hwatu game played at a real table and written down (core/chance.ts): each
 * draw from the deck gives the card the record says came next. The deck shuffles lazily, a
 * Fisher-Yates step per card (deck.ts), so a draw is the pick of a place among the cards left:
 * `int` answers the place of the card due, and `next` (Deck.drawTwo, two cards from one number)
 * the number that picks both. A roll due (a round's starter, dueCards) answers `int` through
 * `rolled`; it is due only before a round's deal, whose first draw is a pair (`next`), so an
 * `int` with a roll due is never a draw.
 */
export class TableChance extends RecordChance {
  constructor(
    due: readonly Due[],
    private readonly deck: () => Deck,
    end: number,
    private readonly rolled: (value: number, n: number) => number = (value) => value,
  ) {
    super(due, end);
  }

  override int(n: number): number {
    const r = this.roll(n);
    if (r) return this.rolled(r.value, n);
    // Deck.draw counts the card drawn before it asks for its place among the n left; any other
    // int is a roll the record does not give (it ends before the deal that would say).
    const { cards, drawn } = this.deck();
    const from = cards.length - n;
    return from === drawn - 1 ? this.place(cards, from) : 0;
  }

  override next(): number {
    const { cards, drawn: i } = this.deck();
    const n = cards.length - i;
    const j = this.place(cards, i);
    // drawTwo swaps the first card into place i before it picks the second among the rest.
    const moved = cards.slice();
    [moved[i], moved[i + j]] = [moved[i + j]!, moved[i]!];
    const k = this.place(moved, i + 1);
    // drawTwo takes j = r mod n and k = floor(r / n) from r = floor(u n (n - 1)).
    return (k * n + j + 0.5) / (n * (n - 1));
  }

  /** The place from `from` of the card due next, in `cards`. */
  private place(cards: Uint8Array, from: number): number {
    const d = this.draw('deals or draws another card');
    const p = cards.indexOf(d.value, from);
    if (p < 0) throw new ChanceError(d.line, 'this card was dealt or drawn before in this deck cycle; a deck holds each card once');
    return p - from;
  }
}

/** What a record deals and draws, in its order: each `deal` event's `starter` (a roll), its
 * `cards` or its `hands` seat after seat (the deck's order of a Nylon-ppong deal), each `draw`
 * event's `card`. */
export function dueCards(events: readonly { type: string; [field: string]: unknown }[]): Due[] {
  const due: Due[] = [];
  events.forEach((e, i) => {
    const line = i + 1;
    const cards = (list: unknown): void => {
      if (Array.isArray(list)) for (const c of list as string[]) due.push({ value: parseCard(c), line });
    };
    if (e.type === 'deal') {
      if (typeof e.starter === 'number') due.push({ value: e.starter, line, roll: 0 });
      cards(e.cards);
      if (Array.isArray(e.hands)) for (const hand of e.hands) cards(hand);
    }
    if (e.type === 'draw' && typeof e.card === 'string') due.push({ value: parseCard(e.card), line });
  });
  return due;
}
