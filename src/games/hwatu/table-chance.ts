import { Rng } from '../../core/rng.js';
import { ChanceError } from '../../records/trace.js';
import { parseCard, type Deck } from './deck.js';

/** A card a record says is dealt or drawn next, and the record's line that says so (from 1). */
export interface CardDue {
  card: number;
  line: number;
}

/**
 * The chance of a Hwatu game played at a real table and written down: instead of drawing at
 * random, each draw from the deck gives the card the record says came next. The deck shuffles
 * lazily, a Fisher-Yates step per card (deck.ts), so a draw is the pick of a place among the
 * cards left: `int` answers the place of the card due, and `next` (Deck.drawTwo, two cards from
 * one number) the number that picks both. Only the check of a record (records/check.ts) plays
 * with one; a game never does.
 */
export class TableChance extends Rng {
  private at = 0;

  constructor(
    private readonly due: readonly CardDue[],
    private readonly deck: () => Deck,
    private readonly end: number,
  ) {
    super(null);
  }

  override int(n: number): number {
    // Deck.draw counts the card drawn before it asks for its place among the n left.
    const { cards, drawn } = this.deck();
    const from = cards.length - n;
    if (from !== drawn - 1) throw new Error(`TableChance answers draws from the deck only (asked for 0..${n - 1})`);
    return this.place(cards, from);
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
    const d = this.due[this.at++];
    if (!d) throw new ChanceError(this.end, 'the record ends, but the game deals or draws another card here');
    const p = cards.indexOf(d.card, from);
    if (p < 0) throw new ChanceError(d.line, 'this card was dealt or drawn before in this deck cycle; a deck holds each card once');
    return p - from;
  }

  override familyKey(): void {
    throw new Error("a table's chance has no family of streams");
  }
}

/** The cards a record deals and draws, in its order: each `deal` event's `cards`, each `draw` event's `card`. */
export function dueCards(events: readonly { type: string; [field: string]: unknown }[]): CardDue[] {
  const due: CardDue[] = [];
  events.forEach((e, i) => {
    if (e.type === 'deal' && Array.isArray(e.cards)) for (const c of e.cards as string[]) due.push({ card: parseCard(c), line: i + 1 });
    if (e.type === 'draw' && typeof e.card === 'string') due.push({ card: parseCard(e.card), line: i + 1 });
  });
  return due;
}
