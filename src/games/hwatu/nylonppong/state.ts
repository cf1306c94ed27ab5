import type { GameState } from '../../../core/game.js';
import type { Trace } from '../../../core/trace.js';
import { Rng } from '../../../core/rng.js';
import * as hwatu from '../deck.js';
import type { Config } from './rules.js';
import { NylonView } from './view.js';

// Local copies of the imported values used on every move: V8 compiles a module's own
// (unexported) constants and functions into the code, but re-reads an imported or exported
// binding, and checks that it is initialised, at each use. The hot modules of this game
// and its bots copy what they import this way.
const { CARDS, Deck, month } = hwatu;

/** Per-seat stride of the month count arrays; index 1..12 is the month, 0 is unused. */
export const STRIDE = 13;

// What the seat to act is deciding.
/** Start of a turn with a choice: stop, ppong, jayeon-ppong or draw. */
export const PHASE_START = 0;
/** After the draw: declare, go out with a lone triplet, lay down, or discard. */
export const PHASE_AFTER_DRAW = 1;
/** After a ppong or a lay-down: discard. */
export const PHASE_DISCARD = 2;
/** Out-of-turn ppong offer (pongTiming = anyTime): ppong, jayeon-ppong or pass. */
export const PHASE_OFFER = 3;
export const PHASE_OVER = 4;

// How a round ended (disjoint).
export const END_NONE = 0;
export const END_STOP = 1;
export const END_STOP_FAILED = 2;
export const END_GO_OUT = 3;
export const END_COMBO = 4;
export const END_EXHAUSTED = 5;
export const END_NAMES = ['', 'stop', 'failed stop', 'went out', 'combination', 'draw pile exhausted'];
/** The same in records. */
export const END_IDS = ['', 'stop', 'stopFailed', 'goOut', 'combo', 'exhausted'];

// How a go-out was made.
export const OUT_PPONG = 0;
/** Jayeon-ppong: a 3+2 hand claims with its pair (rule 18). */
export const OUT_CONCEALED = 1;
/** A 2-card pair drew its third card (rule 19, concealedTripletAloneEnds). */
export const OUT_ALONE = 2;

/** `owner` of a card in the draw pile; seats are 0..5. */
export const IN_PILE = -1;
/** `owner` of a card on the discard pile (ppong'd cards included). */
export const DISCARDED = 6;

/**
 * The whole game: `rounds` rounds, each dealt from the one game stream. A card's place is
 * `owner[card]`; per seat, month counts, the set of months held, how many months are held
 * exactly c times, hand size and month sum are kept in step, so turns and combination
 * checks never scan a hand. The draw pile is `deck.cards[deck.drawn..48)`; the discard pile
 * is `discards[0..discardLen)`, top last.
 *
 * Fields set in the constructor are `declare`d: an ES2022 class field would be defined as
 * undefined first, and V8 would then stop tracking which kind of typed array a field holds
 * and check it on every access in the hot loop.
 */
export class NylonState implements GameState {
  log: Trace | null = null;
  declare readonly cfg: Config;
  declare readonly n: number;
  readonly deck = new Deck();
  rng: Rng = new Rng('unset');

  declare readonly owner: Int8Array;
  /** `owner` read four bytes at a time (cardOf). */
  declare readonly ownerWords: DataView;
  declare readonly size: Uint8Array;
  declare readonly counts: Uint8Array;
  /** Bit m-1 set when the seat holds month m. */
  declare readonly held: Int32Array;
  /** Bit m-1 set when the seat holds month m exactly once. */
  declare readonly singles: Int32Array;
  /** shape[seat * 5 + c]: months the seat holds exactly c times (c = 1..4). */
  declare readonly shape: Uint8Array;
  /** counts per seat as views (index = month), handed to strategies without copying. */
  declare readonly handCounts: Uint8Array[];
  declare readonly sum: Int16Array;
  /** Called ppong (or laid down 3 of a kind) this round. */
  declare readonly ponged: Uint8Array;

  readonly discards = new Uint8Array(CARDS);
  /** Scratch for Deck.drawTwo. */
  readonly pair = new Uint8Array(2);
  discardLen = 0;
  declare readonly discardCounts: Uint8Array;
  /** Month of the top discard, 0 when the discard pile is empty. */
  topMonth = 0;
  /** Who put the top discard there: the deal-in player if it is claimed to go out. */
  topOwner = -1;

  phase = PHASE_OVER;
  /** The seat to act. */
  cur = 0;
  starter = 0;
  round = 0;
  reshuffles = 0;
  turns = 0;
  /** The card drawn this turn (for the lone-triplet go-out). */
  drawn = -1;
  /** The best enabled combination the 6-card hand forms after the draw, or -1. */
  combo = -1;

  // The round's outcome.
  end = END_NONE;
  ender = -1;
  dealIn = -1;
  outKind = OUT_PPONG;
  /** This round's penalty-point score per seat (also under money scoring, for the starter rules). */
  declare readonly score: Int32Array;
  /** This round's money per seat (money scoring). */
  declare readonly pay: Int32Array;
  /** Cumulative returns: penalty points, or money lost under money scoring. */
  declare readonly total: Float64Array;

  // One entry per round, for experiments (per seat: rec*[round * n + seat]).
  declare readonly recEnd: Uint8Array;
  declare readonly recEnder: Int8Array;
  declare readonly recDealIn: Int8Array;
  declare readonly recCombo: Int8Array;
  declare readonly recOutKind: Uint8Array;
  declare readonly recStarter: Uint8Array;
  declare readonly recTurns: Uint16Array;
  declare readonly recReshuffles: Uint8Array;
  /** The round's contribution to the returns, per seat. */
  declare readonly recScore: Int32Array;
  /** The one view object, refilled for each decision. */
  declare readonly view: NylonView;

  /** Every byte-sized per-round tally above, in one buffer so a new round resets it with
   * one copy of `freshBytes` (a TypedArray call costs more than the bytes it moves). */
  declare readonly roundBytes: Uint8Array;
  declare readonly freshBytes: Uint8Array;

  constructor(cfg: Config) {
    this.cfg = cfg;
    const n = (this.n = cfg.players);
    const bytes = (this.roundBytes = new Uint8Array(CARDS + n * (STRIDE + 7) + STRIDE));
    let at = 0;
    const part = (len: number) => bytes.subarray(at, (at += len));
    this.owner = new Int8Array(bytes.buffer, 0, CARDS);
    this.ownerWords = new DataView(bytes.buffer, 0, CARDS);
    at = CARDS;
    this.size = part(n);
    this.counts = part(n * STRIDE);
    this.shape = part(n * 5);
    this.ponged = part(n);
    this.discardCounts = part(STRIDE);
    // A new round: every card in the pile, every seat holding 0 cards of all 12 months.
    const fresh = (this.freshBytes = new Uint8Array(bytes.length));
    fresh.fill(IN_PILE & 0xff, 0, CARDS);
    for (let k = 0; k < n; k++) fresh[this.shape.byteOffset + k * 5] = 12;
    this.held = new Int32Array(n);
    this.singles = new Int32Array(n);
    this.handCounts = Array.from({ length: n }, (_, k) => this.counts.subarray(k * STRIDE, (k + 1) * STRIDE));
    this.sum = new Int16Array(n);
    this.score = new Int32Array(n);
    this.pay = new Int32Array(n);
    this.total = new Float64Array(n);
    const r = cfg.rounds;
    this.recEnd = new Uint8Array(r);
    this.recEnder = new Int8Array(r);
    this.recDealIn = new Int8Array(r);
    this.recCombo = new Int8Array(r);
    this.recOutKind = new Uint8Array(r);
    this.recStarter = new Uint8Array(r);
    this.recTurns = new Uint16Array(r);
    this.recReshuffles = new Uint8Array(r);
    this.recScore = new Int32Array(r * n);
    this.view = new NylonView(this);
  }

  next(seat: number): number {
    const q = seat + this.cfg.step;
    return q >= this.n ? q - this.n : q;
  }

  addCard(seat: number, card: number): void {
    const m = month(card);
    this.owner[card] = seat;
    this.size[seat]!++;
    this.sum[seat]! += m;
    const c = this.counts[seat * STRIDE + m]!++;
    const bit = 1 << (m - 1);
    this.held[seat]! |= bit;
    if (c === 0) this.singles[seat]! |= bit;
    else if (c === 1) this.singles[seat]! &= ~bit;
    const sh = seat * 5;
    this.shape[sh + c]!--;
    this.shape[sh + c + 1]!++;
  }

  /** The card of month `m` that leaves `seat`'s hand first: its lowest copy. */
  cardOf(seat: number, m: number): number {
    // The four owners of month m as one word, lowest copy in the low byte; the bytes equal to
    // `seat` become zero bytes, and the lowest one is found without a loop, whose exit at a
    // random copy was a costly branch misprediction on every discard. `zeros` may also flag
    // bytes above the lowest zero byte (borrows), never below it.
    const x = this.ownerWords.getInt32((m - 1) * 4, true) ^ (seat * 0x01010101);
    const zeros = (x - 0x01010101) & ~x & 0x80808080;
    return (m - 1) * 4 + ((31 - Math.clz32(zeros & -zeros)) >> 3);
  }

  /** Takes a card of month `m` out of `seat`'s hand and returns it. */
  removeMonth(seat: number, m: number): number {
    const card = this.cardOf(seat, m);
    this.size[seat]!--;
    this.sum[seat]! -= m;
    const c = this.counts[seat * STRIDE + m]!--;
    const bit = 1 << (m - 1);
    if (c === 1) {
      this.held[seat]! &= ~bit;
      this.singles[seat]! &= ~bit;
    } else if (c === 2) this.singles[seat]! |= bit;
    const sh = seat * 5;
    this.shape[sh + c]!--;
    this.shape[sh + c - 1]!++;
    return card;
  }

  pushDiscard(card: number, owner: number): void {
    const m = month(card);
    this.owner[card] = DISCARDED;
    this.discards[this.discardLen++] = card;
    this.discardCounts[m]!++;
    this.topMonth = m;
    this.topOwner = owner;
  }

  /** Moves `k` cards of month `m` from `seat`'s hand onto the discard pile. */
  shed(seat: number, m: number, k: number): void {
    for (let i = 0; i < k; i++) this.pushDiscard(this.removeMonth(seat, m), seat);
  }

  /** Whether some seat other than `seat` has called ppong this round. */
  otherPonged(seat: number): boolean {
    for (let q = 0; q < this.n; q++) if (q !== seat && this.ponged[q]) return true;
    return false;
  }

  /** Whether a 3+2 hand's pair matches the top discard (rule 18). */
  canJayeon(seat: number): boolean {
    if (!this.cfg.concealed || this.size[seat] !== 5) return false;
    const off = seat * STRIDE;
    if (this.counts[off + this.topMonth] !== 2) return false;
    for (let m = 1; m <= 12; m++) if (this.counts[off + m] === 3) return true;
    return false;
  }

  /** Whether the top discard can be claimed by `seat` (2 cards of its month in hand). */
  canClaim(seat: number): boolean {
    return this.discardLen > 0 && this.counts[seat * STRIDE + this.topMonth]! >= 2;
  }

  canStop(seat: number): boolean {
    return this.size[seat] === 2 && this.sum[seat]! <= this.cfg.stopLimit && (!this.cfg.stopRequiresOtherPong || this.otherPonged(seat));
  }

  canReshuffle(): boolean {
    return this.reshuffles < this.cfg.reshuffleLimit && this.discardLen > (this.cfg.keepTop ? 1 : 0);
  }

  /** The combination `seat` may declare now: `combo` is left as it was once the turn moves
   * on, so only the seat that has just drawn may see it. */
  comboOf(seat: number): number {
    return this.phase === PHASE_AFTER_DRAW && seat === this.cur ? this.combo : -1;
  }

  canDraw(): boolean {
    return this.deck.left > 0 || this.canReshuffle();
  }
}
