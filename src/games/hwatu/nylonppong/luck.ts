import type { LuckMeter } from '../../../core/luck.js';
import { CARDS, month } from '../deck.js';
import { bestOf, comboMaskOf, comboValue } from './combos.js';
import { STRIDE, type NylonState } from './state.js';

/** The terms: the seat's own draws, by the sum its hand keeps, by whether the card pairs a month
 * it holds and by the six-card combination it makes; the others' draws, the same for the drawer. */
export const NYLON_LUCK_TERMS = ['own-sum', 'own-pair', 'own-combo', 'their-sum', 'their-pair', 'their-combo'] as const;

/**
 * The luck of a playout's draws in Nylon-ppong (src/core/luck.ts). A draw takes any card of the
 * draw pile, each as likely (Deck.draw), whether a seat draws by choice or at the start of a
 * turn that offers nothing else. Its value for the drawer is read from the drawer's hand before
 * it: the sum the hand keeps once the card is in and its highest card is out (a hand's score is
 * its sum, and it sheds a card after the draw), and whether the card's month is one the hand
 * holds (a pair to ppong with, or a triplet); each less its mean over the pile before the draw,
 * counted card by card. The seat's own draws and the others' have terms of their own; a move
 * that reshuffles the discards, or deals, has none.
 */
export class NylonLuck implements LuckMeter<NylonState> {
  readonly terms = NYLON_LUCK_TERMS.length;
  private seat = 0;
  private drawnBefore = 0;
  private reshufflesBefore = 0;
  private readonly kept = new Float64Array(13);
  private readonly pairs = new Float64Array(13);
  private readonly combo = new Float64Array(13);
  /** The drawer's months held exactly c times before the draw, by c. */
  private readonly shape = new Int32Array(6);

  constructor(readonly coef: Float64Array) {}

  start(_s: NylonState, seat: number): void {
    this.seat = seat;
  }

  before(s: NylonState): void {
    this.drawnBefore = s.deck.drawn;
    this.reshufflesBefore = s.reshuffles;
  }

  after(s: NylonState, luck: Float64Array): void {
    const { deck } = s;
    if (deck.drawn !== this.drawnBefore + 1 || s.reshuffles !== this.reshufflesBefore || s.drawn < 0) return;
    // The drawer's hand before the draw: its hand now less the card.
    const y = s.cur;
    const off = y * STRIDE;
    const md = month(s.drawn);
    let high = 0;
    for (let m = 12; m >= 1 && high === 0; m--) if (s.counts[off + m]! - (m === md ? 1 : 0) > 0) high = m;
    const sum = s.sum[y]! - md;
    const { kept, pairs, combo, shape } = this;
    const { cfg } = s;
    // A five-card hand makes six with the draw: what combination it would form, by the month.
    const six = s.size[y] === 6 && cfg.comboMask !== 0;
    const c0 = s.counts[off + md]! - 1;
    if (six) {
      for (let c = 1; c <= 4; c++) shape[c] = s.shape[y * 5 + c]!;
      shape[c0 + 1]!--;
      if (c0 > 0) shape[c0]!++;
    }
    const held = c0 > 0 ? s.held[y]! : s.held[y]! & ~(1 << (md - 1));
    for (let m = 1; m <= 12; m++) {
      const c = s.counts[off + m]! - (m === md ? 1 : 0);
      kept[m] = sum + m - Math.max(high, m);
      pairs[m] = c > 0 ? 1 : 0;
      combo[m] = 0;
      if (!six) continue;
      // The shape with a card of month m in: one month moves from c to c + 1 copies.
      const at = (k: number) => shape[k]! - (k === c ? 1 : 0) + (k === c + 1 ? 1 : 0);
      const mask =
        cfg.comboMask & comboMaskOf(at(2), at(3), at(4), held | (1 << (m - 1)), sum + m, cfg.straightWrap, cfg.daeppangThreshold);
      if (mask !== 0)
        combo[m] =
          comboValue(cfg.comboValue, cfg.straightMinusSum, bestOf(mask, cfg.comboValue, cfg.straightMinusSum, sum + m), sum + m) - kept[m]!;
    }
    // The pile before the draw: the card drawn and those still in the pile.
    let k = 0,
      p = 0,
      q = 0;
    for (let i = deck.drawn - 1; i < CARDS; i++) {
      const m = month(deck.cards[i]!);
      k += kept[m]!;
      p += pairs[m]!;
      q += combo[m]!;
    }
    const n = CARDS - deck.drawn + 1;
    const at = y === this.seat ? 0 : 3;
    luck[at]! += kept[md]! - k / n;
    luck[at + 1]! += pairs[md]! - p / n;
    luck[at + 2]! += combo[md]! - q / n;
  }
}
