import type { LuckMeter } from '../../../core/luck.js';
import { CARDS, month } from '../deck.js';
import { bestOf, comboMaskOf, comboValue } from './combos.js';
import { STRIDE, type NylonState } from './state.js';

/**
 * The terms of a draw, by whose draw it is: the seat's own, or another seat's. Each is kept
 * twice, early and late in the round (LATE): a hand's sum counts more as the pile runs out.
 * - kept: the sum the drawer's hand keeps once the card is in and the card the reference bot
 *   sheds is out (its highest single month; its highest card when the draw forms a combination);
 * - pair: whether the card's month is one the hand holds;
 * - combo: the six-card combination the card makes, its value less the sum kept;
 * - own combo-next: after the shed, the mean over the pile of the combination the next draw
 *   would make (the same difference);
 * - own claimed / dealt-in: the seat's shed is a month the next seat holds two of, so that it
 *   ppongs it (from five cards), or goes out on it and the seat pays the deal-in (from two);
 * - own holds / holds-out: after the shed the seat holds two of the month the seat before it
 *   would shed next (its highest single now), to ppong (from five cards) or go out on (two);
 * - claim / claim-out: the seat before draws, and sheds a month the seat holds two of (the seat
 *   ppongs it from five cards, goes out from two); claim-kept: with the ppong from five, the
 *   sum of the two cards the seat keeps;
 * - next holds / holds-out: the next seat draws and, after its shed, holds two of the month the
 *   seat would shed next (its highest single now), from five cards or from two.
 * The bot's sheds are read as the reference bot's (basic): the rollouts' default policy. Any
 * evaluator keeps every term's mean zero; one that follows the policy takes off more.
 */
const OWN = ['kept', 'pair', 'combo', 'combo-next', 'claimed', 'dealt-in', 'holds', 'holds-out'] as const;
const THEIRS = ['kept', 'pair', 'combo', 'claim', 'claim-out', 'claim-kept', 'next-holds', 'next-holds-out'] as const;
const PER_PHASE = OWN.length + THEIRS.length;
export const NYLON_LUCK_TERMS = (['early', 'late'] as const).flatMap((phase) => [
  ...OWN.map((t) => `own-${t}-${phase}`),
  ...THEIRS.map((t) => `their-${t}-${phase}`),
]);

/** A draw is late when the pile held fewer cards than this before it (of 28 after the deal). */
const LATE = 14;

/** The month the reference bot sheds from a hand with months `held` and singles `singles`
 * (bit m-1 for month m): its highest single, else its highest month. */
const shedOf = (held: number, singles: number): number => 32 - Math.clz32(singles || held);

/**
 * The luck of a playout's draws in Nylon-ppong (src/core/luck.ts). A draw takes any card of the
 * draw pile, each as likely (Deck.draw), whether a seat draws by choice or at the start of a
 * turn that offers nothing else. Each term's value is read from the table before the draw and
 * the card's month (the terms above); each less its mean over the pile before the draw, counted
 * card by card. A move that reshuffles the discards, or deals, has none.
 */
export class NylonLuck implements LuckMeter<NylonState> {
  readonly terms = NYLON_LUCK_TERMS.length;
  private seat = 0;
  private drawnBefore = 0;
  private reshufflesBefore = 0;
  /** Per term of the draw's drawer (own or theirs), its value by the month drawn. */
  private readonly value = Array.from({ length: OWN.length }, () => new Float64Array(13));
  /** Whether the draw of month m forms a combination (the bot declares it). */
  private readonly declares = new Uint8Array(13);
  /** The drawer's months held exactly c times before the draw, by c. */
  private readonly shape = new Int32Array(6);
  /** Month counts of a hand being read, and of the pile after the draw. */
  private readonly hand = new Int32Array(13);
  private readonly pile = new Int32Array(13);

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
    const y = s.cur;
    const own = y === this.seat;
    const md = month(s.drawn);
    this.read(s, y, md, own);
    // The pile before the draw: the card drawn and those still in the pile.
    const { value } = this;
    const n = CARDS - deck.drawn + 1;
    const at = (n < LATE ? PER_PHASE : 0) + (own ? 0 : OWN.length);
    for (let t = 0; t < value.length; t++) {
      const v = value[t]!;
      let k = 0;
      for (let i = deck.drawn - 1; i < CARDS; i++) k += v[month(deck.cards[i]!)]!;
      luck[at + t]! += v[md]! - k / n;
    }
  }

  /** Fills `value` for drawer y's draw of each month, from the table before the draw of `md`. */
  private read(s: NylonState, y: number, md: number, own: boolean): void {
    const { value, declares, shape } = this;
    const { cfg } = s;
    const seat = this.seat;
    const off = y * STRIDE;
    let high = 0;
    for (let m = 12; m >= 1 && high === 0; m--) if (s.counts[off + m]! - (m === md ? 1 : 0) > 0) high = m;
    const sum = s.sum[y]! - md;
    // A five-card hand makes six with the draw: what combination it would form, by the month.
    const six = s.size[y] === 6 && cfg.comboMask !== 0;
    const c0 = s.counts[off + md]! - 1;
    if (six) {
      for (let c = 1; c <= 4; c++) shape[c] = s.shape[y * 5 + c]!;
      shape[c0 + 1]!--;
      if (c0 > 0) shape[c0]!++;
    }
    const bitD = 1 << (md - 1);
    const held = c0 > 0 ? s.held[y]! : s.held[y]! & ~bitD;
    const singles = c0 === 1 ? s.singles[y]! | bitD : c0 === 0 ? s.singles[y]! & ~bitD : s.singles[y]!;
    const five = s.size[y]! - 1 >= 5;
    const next = s.next(seat);
    let prev = seat;
    while (s.next(prev) !== seat) prev = s.next(prev);
    // The month the seat would shed next, and the seat before it (their highest singles now).
    const mine = shedOf(s.held[seat]!, s.singles[seat]!);
    const theirs = shedOf(s.held[prev]!, s.singles[prev]!);
    for (let m = 1; m <= 12; m++) {
      const c = s.counts[off + m]! - (m === md ? 1 : 0);
      const bit = 1 << (m - 1);
      const shed = shedOf(held | bit, c === 0 ? singles | bit : c === 1 ? singles & ~bit : singles);
      let kept = sum + m - Math.max(high, m);
      let combo = 0;
      declares[m] = 0;
      if (six) {
        // The shape with a card of month m in: one month moves from c to c + 1 copies.
        const at = (k: number) => shape[k]! - (k === c ? 1 : 0) + (k === c + 1 ? 1 : 0);
        const mask = cfg.comboMask & comboMaskOf(at(2), at(3), at(4), held | bit, sum + m, cfg.straightWrap, cfg.daeppangThreshold);
        if (mask !== 0) {
          declares[m] = 1;
          combo =
            comboValue(cfg.comboValue, cfg.straightMinusSum, bestOf(mask, cfg.comboValue, cfg.straightMinusSum, sum + m), sum + m) - kept;
        }
      }
      if (!declares[m]) kept = sum + m - shed;
      value[0]![m] = kept;
      value[1]![m] = c > 0 ? 1 : 0;
      value[2]![m] = combo;
      for (let t = 3; t < value.length; t++) value[t]![m] = 0;
      if (declares[m]) continue;
      // The drawer's count of month x once the card is in and its shed out.
      const after = (x: number) => s.counts[off + x]! - (x === md ? 1 : 0) + (x === m ? 1 : 0) - (x === shed ? 1 : 0);
      if (own) {
        if (five) value[3]![m] = this.comboNext(s, y, md, m, shed);
        if (s.counts[next * STRIDE + shed]! >= 2) value[s.size[next]! >= 5 ? 4 : 5]![m] = 1;
        if (after(theirs) >= 2) value[five ? 6 : 7]![m] = 1;
      } else if (y === prev) {
        const mySize = s.size[seat]!;
        if (s.counts[seat * STRIDE + shed]! >= 2) {
          value[mySize >= 5 ? 3 : 4]![m] = 1;
          if (mySize >= 5) value[5]![m] = this.keptAfterPpong(s, shed);
        }
      } else if (y === next && after(mine) >= 2) value[five ? 6 : 7]![m] = 1;
    }
  }

  /** The combination the seat's next draw would make, its value less the sum kept, averaged over
   * the pile after this draw of month m: the hand is the drawer's with m in and `shed` out. */
  private comboNext(s: NylonState, y: number, md: number, m: number, shed: number): number {
    const { hand, pile } = this;
    const { cfg, deck } = s;
    const off = y * STRIDE;
    for (let x = 1; x <= 12; x++) hand[x] = s.counts[off + x]! - (x === md ? 1 : 0) + (x === m ? 1 : 0) - (x === shed ? 1 : 0);
    pile.fill(0);
    for (let i = deck.drawn - 1; i < CARDS; i++) pile[month(deck.cards[i]!)]!++;
    pile[m]!--;
    const n = CARDS - deck.drawn;
    if (n <= 0) return 0;
    let total = 0;
    for (let x = 1; x <= 12; x++) {
      if (pile[x] === 0) continue;
      hand[x]!++;
      let pairs = 0,
        triples = 0,
        fours = 0,
        bits = 0,
        sum = 0,
        high = 0;
      for (let z = 1; z <= 12; z++) {
        const k = hand[z]!;
        if (k === 0) continue;
        bits |= 1 << (z - 1);
        high = z;
        sum += k * z;
        if (k === 2) pairs++;
        else if (k === 3) triples++;
        else if (k === 4) fours++;
      }
      hand[x]!--;
      const mask = cfg.comboMask & comboMaskOf(pairs, triples, fours, bits, sum, cfg.straightWrap, cfg.daeppangThreshold);
      if (mask !== 0)
        total +=
          pile[x]! *
          (comboValue(cfg.comboValue, cfg.straightMinusSum, bestOf(mask, cfg.comboValue, cfg.straightMinusSum, sum), sum) - (sum - high));
    }
    return total / n;
  }

  /** The sum of the two cards the seat keeps after it ppongs month `x` from five (the bot sheds
   * its highest single of the three left). */
  private keptAfterPpong(s: NylonState, x: number): number {
    const off = this.seat * STRIDE;
    let held = 0,
      singles = 0,
      sum = 0;
    for (let z = 1; z <= 12; z++) {
      const k = s.counts[off + z]! - (z === x ? 2 : 0);
      if (k > 0) held |= 1 << (z - 1);
      if (k === 1) singles |= 1 << (z - 1);
      sum += k * z;
    }
    return sum - shedOf(held, singles);
  }
}
