import type { LuckMeter } from '../../../core/luck.js';
import { CARDS, month } from '../deck.js';
import { PHASE_AFTER_DRAW, STRIDE, type NylonState } from './state.js';

/**
 * The luck of the draws of a Nylon-ppong playout (src/core/luck.ts). A draw takes a card
 * uniformly from the pile (Deck.draw), so before it every card of the pile was as likely; the
 * meter reads it after the move that held it (the drawn card is the pile's last drawn place)
 * and weighs it against every card that could have come:
 * - for the seat's own draw, the month sum it keeps if it then throws its highest month, and
 *   whether the card pairs one it holds (a ppong, or a way out, later);
 * - for another seat's draw, the same month sum of that seat's hand.
 * Each term is the value at the card that came less its mean over the pile, exact.
 */
export const NYLON_LUCK_TERMS = ['own-sum', 'own-pair', 'their-sum'] as const;

export class NylonLuck implements LuckMeter<NylonState> {
  readonly terms = NYLON_LUCK_TERMS.length;
  private seat = 0;
  private round = 0;
  private drawnBefore = 0;

  constructor(readonly coef: Float64Array) {}

  start(s: NylonState, seat: number): void {
    this.seat = seat;
    this.round = s.round;
  }

  before(s: NylonState): void {
    this.drawnBefore = s.deck.drawn;
  }

  after(s: NylonState, luck: Float64Array): void {
    const { deck } = s;
    // A reshuffle moves the pile's start, so a draw is known by its phase and the card itself.
    if (s.phase !== PHASE_AFTER_DRAW || s.round !== this.round || s.drawn < 0 || deck.drawn === this.drawnBefore) return;
    const y = s.cur;
    const t = month(s.drawn);
    const off = y * STRIDE;
    // The hand before the draw: its sum and highest month; the value after drawing month m.
    const before = s.sum[y]! - t;
    let top = 0;
    for (let m = 12; m > 0; m--) {
      if (s.counts[off + m]! - (m === t ? 1 : 0) > 0) {
        top = m;
        break;
      }
    }
    const kept = (m: number): number => before + m - (m > top ? m : top);
    let mean = 0;
    let pair = 0;
    const left = CARDS - deck.drawn + 1;
    for (let i = deck.drawn - 1; i < CARDS; i++) {
      const m = month(deck.cards[i]!);
      mean += kept(m);
      if (s.counts[off + m]! - (m === t ? 1 : 0) > 0) pair++;
    }
    // Lower sums are better: the value is the sum with its sign turned.
    const sumLuck = -(kept(t) - mean / left);
    if (y === this.seat) {
      luck[0]! += sumLuck;
      luck[1]! += (s.counts[off + t]! > 1 ? 1 : 0) - pair / left;
    } else luck[2]! += sumLuck;
  }
}
