import type { LuckMeter } from '../../../core/luck.js';
import { binomial } from '../../../stats/fraction.js';
import { CARDS, month } from '../deck.js';
import { bestValueOf, comboMaskOf } from './combos.js';
import type { Config } from './rules.js';
import { STRIDE, type NylonState } from './state.js';

/**
 * The terms of a draw, by whose draw it is: the seat's own, or another seat's. Each is kept
 * twice, early and late in the round (LATE), with multiples of their own: what a draw is worth
 * changes as the pile runs out.
 * - kept: the sum the drawer's hand keeps once the card is in and the card the reference bot
 *   sheds is out (its highest single month; its highest card when the draw forms a combination);
 * - pair: whether the card's month is one the hand holds;
 * - combo: the six-card combination the card makes, its value less the sum kept;
 * - own combo-next: after the shed, the mean over the pile of the combination the next draw
 *   would make (the same difference);
 * - own claimed / dealt-in: the seat's shed is a month a seat that may claim it holds two of
 *   (the next seat; under out-of-turn ppong, any other), so that it ppongs it (from five cards),
 *   or goes out on it and the seat pays the deal-in (from two, or from a concealed triplet and
 *   the pair where the rules let it): dealt-in counts the rules' deal-in in multiples of the 30
 *   points its multiple was fitted with;
 * - own holds / holds-out: after the shed the seat holds two of the month the seat before it
 *   would shed next (its highest single now), to ppong (from five cards) or go out on (two);
 *   under out-of-turn ppong, how many of the other seats' next sheds it holds two of;
 * - claim / claim-out: the seat before draws (under out-of-turn ppong, any other seat), and
 *   sheds a month the seat holds two of (the seat ppongs it from five cards, goes out from two
 *   or with a concealed triplet); claim-kept: with the ppong from five, the sum of the two cards
 *   the seat keeps;
 * - next holds / holds-out: the next seat (under out-of-turn ppong, any other) draws and, after
 *   its shed, holds two of the month the seat would shed next (its highest single now), from
 *   five cards or from two.
 * The bot's sheds are read as the reference bot's (basic): the rollouts' default policy. Any
 * evaluator keeps every term's mean zero; one that follows the policy takes off more.
 *
 * The deal of each round after the meter's first is luck too (DEAL): the seat's dealt hand, and
 * the others' summed, by its month sum, its months held two times or more and three or more,
 * each less its mean over every hand of that size. The deal is counted at the round's first
 * move, so a rollout, which ends with its round, never counts one: its terms' multiples are
 * fitted on whole games (fitLuckOnGames), where the draws' are fitted on rollouts.
 */
const OWN = ['kept', 'pair', 'combo', 'combo-next', 'claimed', 'dealt-in', 'holds', 'holds-out'] as const;
const THEIRS = ['kept', 'pair', 'combo', 'claim', 'claim-out', 'claim-kept', 'next-holds', 'next-holds-out'] as const;
const PER_PHASE = OWN.length + THEIRS.length;
const DEAL = ['sum', 'pairs', 'triples'] as const;
const DF = DEAL.length;
export const NYLON_LUCK_TERMS = [
  ...(['early', 'late'] as const).flatMap((phase) => [...OWN.map((t) => `own-${t}-${phase}`), ...THEIRS.map((t) => `their-${t}-${phase}`)]),
  ...DEAL.map((t) => `own-deal-${t}`),
  ...DEAL.map((t) => `their-deal-${t}`),
];
/** Where the deal's terms start: every term before is a draw's. */
export const DEAL_AT = 2 * PER_PHASE;

/** A dealt hand's features (DEAL), from its month counts, into out. */
export function dealFeatures(counts: Int32Array, out: Float64Array): void {
  let sum = 0,
    pairs = 0,
    triples = 0;
  for (let m = 1; m <= 12; m++) {
    const c = counts[m]!;
    sum += c * m;
    if (c >= 2) pairs++;
    if (c >= 3) triples++;
  }
  out[0] = sum;
  out[1] = pairs;
  out[2] = triples;
}

/** dealMeanOf's means, by hand size: computed once. */
const dealMeans = new Map<number, Float64Array>();

/** The mean of each deal feature over every hand of h cards from the 48, each as likely: a sum
 * over the hands' month counts, each weighed by how many hands have them. */
export function dealMeanOf(h: number): Float64Array {
  let mean = dealMeans.get(h);
  if (mean) return mean;
  const means = new Float64Array(DF);
  const f = new Float64Array(DF);
  const counts = new Int32Array(13);
  const total = Number(binomial(CARDS, h));
  const walk = (m: number, left: number, w: number) => {
    if (m > 12) {
      if (left !== 0) return;
      dealFeatures(counts, f);
      for (let i = 0; i < DF; i++) means[i]! += (w * f[i]!) / total;
      return;
    }
    for (let c = 0; c <= Math.min(4, left); c++) {
      counts[m] = c;
      walk(m + 1, left - c, w * Number(binomial(4, c)));
    }
    counts[m] = 0;
  };
  walk(1, h, 1);
  dealMeans.set(h, means);
  return means;
}

/** A draw is late when the pile held fewer cards than this before it (28 after a 4-player deal). */
const LATE = 14;

/** The deal-in the dealt-in terms' multiples were fitted with (the default rules'). */
const FITTED_DEAL_IN = 30;

/** The month the reference bot sheds from a hand with months `held` and singles `singles`
 * (bit m-1 for month m): its highest single, else its highest month. */
const shedOf = (held: number, singles: number): number => 32 - Math.clz32(singles || held);

/** The enabled combinations of six cards: five whose shape is `pairs`, `triples` and `fours`
 * (months held two, three and four times) and a sixth of a month they held `c` times, which
 * moves that month from c to c + 1 copies; `held` their months (the sixth's among them), `sum`
 * the six cards' sum. */
function sixMask(cfg: Config, pairs: number, triples: number, fours: number, c: number, held: number, sum: number): number {
  return (
    cfg.comboMask &
    comboMaskOf(
      pairs + (c === 1 ? 1 : 0) - (c === 2 ? 1 : 0),
      triples + (c === 2 ? 1 : 0) - (c === 3 ? 1 : 0),
      fours + (c === 3 ? 1 : 0),
      held,
      sum,
      cfg.straightWrap,
      cfg.daeppangThreshold,
    )
  );
}

/** Whether seat q's five cards go out on a discard of month x with a concealed triplet (rules
 * 18-19: a 3+2 hand whose pair is the discard's month), which the reference bot takes first. */
function goesOutConcealed(s: NylonState, q: number, x: number): boolean {
  return s.cfg.concealed && s.size[q] === 5 && s.counts[q * STRIDE + x] === 2 && s.shape[q * 5 + 3]! > 0;
}

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
  private next = 0;
  private prev = 0;
  private drawnBefore = 0;
  private reshufflesBefore = 0;
  /** The rules' deal-ins, by ppong and by concealed triplet, in multiples of FITTED_DEAL_IN. */
  private dealIn = 1;
  private dealInConcealed = 1;
  /** The month each seat would shed next (its highest single now), read at each draw (at most 6
   * seats). */
  private readonly sheds = new Int32Array(8);
  /** The round whose deal was last counted (at start, the round in play: its deal is past), and
   * whether the move about to be applied is a round's first, and its deal's terms. */
  private round = 0;
  private dealt = false;
  private readonly dealLuck = new Float64Array(2 * DF);
  private readonly feats = new Float64Array(DF);
  private readonly counts = new Int32Array(13);
  /** Each deal feature's mean over every hand of the rules' size. */
  private dealMean: Float64Array = new Float64Array(DF);
  /** Per term of the draw's drawer (own or theirs), its value by the month drawn: value[13 t + m]. */
  private readonly value = new Float64Array(13 * OWN.length);
  /** The drawer's months held exactly c times before the draw, by c. */
  private readonly shape = new Int32Array(6);
  /** Month counts of the pile before the draw. */
  private readonly pile = new Int32Array(13);

  constructor(readonly coef: Float64Array) {}

  start(s: NylonState, seat: number): void {
    this.seat = seat;
    // The seats after and before it: the order of play is the rules', the same all game.
    this.next = s.next(seat);
    let prev = seat;
    while (s.next(prev) !== seat) prev = s.next(prev);
    this.prev = prev;
    this.dealIn = s.cfg.dealInPenalty / FITTED_DEAL_IN;
    this.dealInConcealed = s.cfg.dealInPenaltyConcealed / FITTED_DEAL_IN;
    this.round = s.round;
    this.dealMean = dealMeanOf(s.cfg.handSize);
  }

  before(s: NylonState): void {
    this.drawnBefore = s.deck.drawn;
    this.reshufflesBefore = s.reshuffles;
    this.dealt = s.round !== this.round;
    if (this.dealt) {
      this.round = s.round;
      this.readDeal(s);
    }
  }

  /** The luck of the round's deal, counted at its first move: the dealt hands are the pile's
   * first n * h cards, h to each seat in seat order (startRound). */
  private readDeal(s: NylonState): void {
    const h = s.cfg.handSize;
    const { counts } = this;
    const d = this.dealLuck;
    d.fill(0);
    for (let q = 0; q < s.n; q++) {
      counts.fill(0);
      for (let i = q * h; i < q * h + h; i++) counts[month(s.deck.cards[i]!)]!++;
      dealFeatures(counts, this.feats);
      const at = q === this.seat ? 0 : DF;
      for (let i = 0; i < DF; i++) d[at + i]! += this.feats[i]! - this.dealMean[i]!;
    }
  }

  after(s: NylonState, luck: Float64Array): void {
    if (this.dealt) for (let t = 0; t < 2 * DF; t++) luck[DEAL_AT + t]! += this.dealLuck[t]!;
    const { deck } = s;
    if (deck.drawn !== this.drawnBefore + 1 || s.reshuffles !== this.reshufflesBefore || s.drawn < 0) return;
    const y = s.cur;
    const own = y === this.seat;
    const md = month(s.drawn);
    // The pile before the draw: the card drawn and those still in the pile, by month.
    const { value, pile } = this;
    pile.fill(0);
    for (let i = deck.drawn - 1; i < CARDS; i++) pile[month(deck.cards[i]!)]!++;
    const n = CARDS - deck.drawn + 1;
    const terms = this.read(s, y, md, own, n);
    const at = (n < LATE ? PER_PHASE : 0) + (own ? 0 : OWN.length);
    for (let t = 0; t < terms; t++) {
      const v = 13 * t;
      let k = 0;
      for (let m = 1; m <= 12; m++) if (pile[m] !== 0) k += pile[m]! * value[v + m]!;
      luck[at + t]! += value[v + md]! - k / n;
    }
  }

  /** Fills `value` for drawer y's draw of each month in the pile, from the table before the draw
   * of `md`; returns how many of the drawer's terms can be nonzero (the others are). */
  private read(s: NylonState, y: number, md: number, own: boolean, n: number): number {
    const { value, shape, pile } = this;
    const { cfg } = s;
    const { seat, next, prev } = this;
    const off = y * STRIDE;
    // Under out-of-turn ppong every seat's shed may be claimed by any other: the claim and hold
    // terms read every drawer, not the neighbours alone.
    const anyTime = cfg.anyTime;
    const terms = own || y === next || anyTime ? OWN.length : y === prev ? 6 : 3;
    value.fill(0, 13 * 3, 13 * terms);
    let high = 0;
    for (let m = 12; m >= 1 && high === 0; m--) if (s.counts[off + m]! - (m === md ? 1 : 0) > 0) high = m;
    const sum = s.sum[y]! - md;
    const five = s.size[y]! - 1 >= 5;
    // A five-card hand makes six with the draw: what combination it would form, by the month.
    const six = five && cfg.comboMask !== 0;
    const c0 = s.counts[off + md]! - 1;
    if (six) {
      for (let c = 1; c <= 4; c++) shape[c] = s.shape[y * 5 + c]!;
      shape[c0 + 1]!--;
      if (c0 > 0) shape[c0]!++;
    }
    const bitD = 1 << (md - 1);
    const held = c0 > 0 ? s.held[y]! : s.held[y]! & ~bitD;
    const singles = c0 === 1 ? s.singles[y]! | bitD : c0 === 0 ? s.singles[y]! & ~bitD : s.singles[y]!;
    // The month the seat would shed next, and the seat before it (their highest singles now);
    // under out-of-turn ppong, every other seat's.
    const mine = shedOf(s.held[seat]!, s.singles[seat]!);
    const theirs = shedOf(s.held[prev]!, s.singles[prev]!);
    const { sheds } = this;
    if (own && anyTime) for (let q = 0; q < s.n; q++) sheds[q] = q === seat ? 0 : shedOf(s.held[q]!, s.singles[q]!);
    const mySize = s.size[seat]!;
    for (let m = 1; m <= 12; m++) {
      if (pile[m] === 0) continue;
      const c = s.counts[off + m]! - (m === md ? 1 : 0);
      const bit = 1 << (m - 1);
      const shed = shedOf(held | bit, c === 0 ? singles | bit : c === 1 ? singles & ~bit : singles);
      let combo = 0;
      let mask = 0;
      if (six) mask = sixMask(cfg, shape[2]!, shape[3]!, shape[4]!, c, held | bit, sum + m);
      value[m] = sum + m - (mask !== 0 ? Math.max(high, m) : shed);
      value[13 + m] = c > 0 ? 1 : 0;
      if (mask !== 0) combo = bestValueOf(mask, cfg.comboValue, cfg.straightMinusSum, sum + m) - value[m]!;
      value[26 + m] = combo;
      // A declared combination ends the round: nothing is shed.
      if (mask !== 0 || terms === 3) continue;
      // The drawer's count of month x once the card is in and its shed out.
      const x = own ? theirs : mine;
      const keeps = s.counts[off + x]! - (x === md ? 1 : 0) + (x === m ? 1 : 0) - (x === shed ? 1 : 0);
      if (own) {
        if (six) value[39 + m] = this.comboNext(s, off, md, m, c, shed, sum, held, n - 1);
        const q = this.claimer(s, shed, anyTime);
        if (q >= 0) {
          if (s.size[q]! < 5) value[65 + m] = this.dealIn;
          else if (goesOutConcealed(s, q, shed)) value[65 + m] = this.dealInConcealed;
          else value[52 + m] = 1;
        }
        let holds = 0;
        if (!anyTime) holds = keeps >= 2 ? 1 : 0;
        else
          for (let q = 0; q < s.n; q++) {
            const x = sheds[q]!;
            if (x !== 0 && s.counts[off + x]! - (x === md ? 1 : 0) + (x === m ? 1 : 0) - (x === shed ? 1 : 0) >= 2) holds++;
          }
        if (holds) value[(five ? 78 : 91) + m] = holds;
      } else {
        if ((y === prev || anyTime) && s.counts[seat * STRIDE + shed]! >= 2) {
          if (mySize < 5 || goesOutConcealed(s, seat, shed)) value[52 + m] = 1;
          else {
            value[39 + m] = 1;
            value[65 + m] = this.keptAfterPpong(s, shed);
          }
        }
        if ((y !== prev || anyTime) && keeps >= 2) value[(five ? 78 : 91) + m] = 1;
      }
    }
    return terms;
  }

  /**
   * The combination the seat's next draw would make, its value less the sum kept, averaged over
   * the `left` cards of the pile after this draw of month m: the hand is the drawer's five before
   * the draw (`shape` its months held c times, `held` its months, `sum`), with m in (held c
   * times before) and `shed` out.
   */
  private comboNext(
    s: NylonState,
    off: number,
    md: number,
    m: number,
    c: number,
    shed: number,
    sum: number,
    held: number,
    left: number,
  ): number {
    if (left <= 0) return 0;
    const { shape, pile } = this;
    const { cfg } = s;
    // The five cards' shape: m moves from c to c + 1 copies, then the shed from k to k - 1.
    const k = s.counts[off + shed]! - (shed === md ? 1 : 0) + (shed === m ? 1 : 0);
    const pairs = shape[2]! + (c === 1 ? 1 : 0) - (c === 2 ? 1 : 0) + (k === 3 ? 1 : 0) - (k === 2 ? 1 : 0);
    const triples = shape[3]! + (c === 2 ? 1 : 0) - (c === 3 ? 1 : 0) + (k === 4 ? 1 : 0) - (k === 3 ? 1 : 0);
    const fours = shape[4]! + (c === 3 ? 1 : 0) - (k === 4 ? 1 : 0);
    const bits = k === 1 ? (held | (1 << (m - 1))) & ~(1 << (shed - 1)) : held | (1 << (m - 1));
    const five = sum + m - shed;
    const high = 32 - Math.clz32(bits);
    const low = 32 - Math.clz32(bits & -bits);
    // No sixth card makes a combination unless the five hold two pairs, a triplet or four (three
    // pairs, two triplets, four of a kind), five months within six in a row (a straight), or sit
    // near ten or less or daeppang: most hands, and then there is nothing to count.
    const straight = pairs === 0 && triples === 0 && fours === 0 && (high - low <= 5 || cfg.straightWrap);
    if (pairs < 2 && triples === 0 && fours === 0 && !straight && five + 1 > 10 && five + 12 < cfg.daeppangThreshold) return 0;
    let total = 0;
    for (let x = 1; x <= 12; x++) {
      const p = pile[x]! - (x === m ? 1 : 0);
      if (p <= 0) continue;
      const cx = s.counts[off + x]! - (x === md ? 1 : 0) + (x === m ? 1 : 0) - (x === shed ? 1 : 0);
      const six = five + x;
      const mask = sixMask(cfg, pairs, triples, fours, cx, bits | (1 << (x - 1)), six);
      if (mask !== 0) total += p * (bestValueOf(mask, cfg.comboValue, cfg.straightMinusSum, six) - (six - Math.max(high, x)));
    }
    return total / left;
  }

  /** The seat that may claim the seat's shed of month x, holding two of it (at most one does: the
   * seat held one more): the next seat, or under out-of-turn ppong any other; -1 if none. */
  private claimer(s: NylonState, x: number, anyTime: boolean): number {
    const { seat, next } = this;
    if (!anyTime) return s.counts[next * STRIDE + x]! >= 2 ? next : -1;
    for (let q = next; q !== seat; q = s.next(q)) if (s.counts[q * STRIDE + x]! >= 2) return q;
    return -1;
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
