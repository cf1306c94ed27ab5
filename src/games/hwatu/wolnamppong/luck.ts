import type { LuckMeter } from '../../../core/luck.js';
import { CARDS, month } from '../deck.js';
import type { WolnamState } from './game.js';
import { FOLD } from './odds.js';
import { betWon } from './settlement.js';

/**
 * The luck of the seat's own third card (src/core/luck.ts): the chips its bet won or lost on
 * the card that came (and the ante it pays again when it took the whole pot), less the same
 * over every card left in the deck, each as likely as the deck deals it. The mean is exact, so
 * a result less this luck is the bet's value on those cards, as the exact odds give it, plus the
 * rest of the cycle as played.
 */
export class WolnamLuck implements LuckMeter<WolnamState> {
  readonly terms = 1;
  readonly coef = Float64Array.of(1);
  private seat = 0;
  /** Whether a third card of the seat's is due; the value by the card's month. */
  private due = false;
  private expected = 0;
  private readonly value = new Float64Array(13);

  start(_s: WolnamState, seat: number): void {
    this.seat = seat;
    this.due = false;
  }

  before(s: WolnamState, a: number, amount: number): void {
    this.due = false;
    if (s.toAct !== this.seat || a === FOLD || !s.drawsCard[s.lo * 13 + s.hi]) return;
    const { deck } = s;
    const { value } = this;
    for (let m = 1; m <= 12; m++) {
      const won = betWon(s, a, amount, m);
      value[m] = won - (won > 0 && won === s.pot ? s.r.ante : 0);
    }
    let sum = 0;
    for (let i = deck.drawn; i < CARDS; i++) sum += value[month(deck.cards[i]!)]!;
    this.expected = sum / (CARDS - deck.drawn);
    this.due = true;
  }

  after(s: WolnamState, luck: Float64Array): void {
    if (!this.due) return;
    luck[0]! += this.value[s.third]! - this.expected;
    this.due = false;
  }
}
