import type { Due } from '../../core/chance.js';
import type { Deck } from './deck.js';
import { dueCards, TableChance } from './table-chance.js';

/** Picks a card for a deal or draw the seat did not see: one of cards[from..48) but `other` (the
 * first card of a pair being dealt, not yet out of the pile), adding to `chance.logw` the log of
 * the prior's probability of the card over the proposal's. `line` is the record's line (of the
 * history) of the deal or draw. */
export type Proposer = (chance: ParticleChance, line: number, cards: Uint8Array, from: number, other: number) => number;

/**
 * The chance of one particle of the inference (src/core/infer.ts) in a Hwatu game: the deck
 * gives what the history says it gave where the seat saw it (its own cards, cards turned face
 * up), as a record's chance does (TableChance), and a card from the tracker's proposal where the
 * seat did not (another hand's deal or draw).
 */
export class ParticleChance extends TableChance {
  /** The log of the weight this chance has taken since it was last read (the tracker resets it). */
  logw = 0;
  /** Where the pile's undrawn cards begin for the draw under way, and the pair's first card. */
  private from = 0;
  private other = -1;

  constructor(
    due: readonly Due[],
    private readonly pile: () => Deck,
    end: number,
    private readonly hidden: (line: number) => boolean,
    private readonly propose: Proposer,
    rolled?: (value: number, n: number) => number,
  ) {
    super(due, pile, end, rolled);
  }

  override int(n: number): number {
    this.from = 48 - n;
    this.other = -1;
    return super.int(n);
  }

  override next(): number {
    this.from = this.pile().drawn;
    this.other = -1;
    return super.next();
  }

  protected override draw(what: string): Due {
    const d = super.draw(what);
    if (!this.hidden(d.line)) {
      this.other = d.value;
      return d;
    }
    const card = this.propose(this, d.line, this.pile().cards, this.from, this.other);
    this.other = card;
    return { line: d.line, value: card };
  }
}

/**
 * The chances of a tracker's particles, one each, made when first asked for. A particle that
 * continues another after a resampling continues its place in the record too.
 */
export class ParticleChances {
  private readonly list: ParticleChance[] = [];
  private readonly due: readonly Due[];

  /** `events`: the history's; `hidden` and `propose` as ParticleChance takes them. */
  constructor(
    private readonly events: readonly { type: string; [field: string]: unknown }[],
    private readonly pile: () => Deck,
    private readonly hidden: (line: number) => boolean,
    private readonly propose: Proposer,
  ) {
    this.due = dueCards(events);
  }

  of(i: number): ParticleChance {
    return (this.list[i] ??= this.fresh());
  }

  /** A chance of no particle's, for a tracker's replays of one (its moves). */
  spare(): ParticleChance {
    return (this.replay ??= this.fresh());
  }

  private replay: ParticleChance | null = null;

  private fresh(): ParticleChance {
    return new ParticleChance(this.due, this.pile, this.events.length, this.hidden, this.propose);
  }

  resampled(parents: Int32Array): void {
    const at = Array.from(parents, (j) => this.of(j).position);
    at.forEach((x, i) => this.of(i).seek(x));
  }
}
