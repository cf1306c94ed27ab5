import { copyState } from '../../../core/copy.js';
import type { Rng } from '../../../core/rng.js';
import { CARDS, month } from '../deck.js';
import { Unseen } from '../unseen.js';
import { AUTO_NONE, autoRule, redeals } from './odds.js';
import type { WolnamState } from './game.js';

// WolnamState.faceDown per seat: its cards this cycle are shown, lie face down as dealt, or lie
// face down after it laid consecutive months aside (consecutiveRule=redeal). Only a
// determinization reads it: the seats whose cards it deals anew, and which rules they passed.
export const SHOWN = 0;
export const FACE_DOWN = 1;
export const FACE_DOWN_REDEALT = 2;

const unseen = new Unseen();
// The face-down hands other than the seat's own, in the order they are dealt (see below): the
// seat and where the hand's first card lies in the deck.
const downSeat = new Uint8Array(16);
const downAt = new Uint8Array(16);
let down = 0;

/**
 * A state consistent with everything `seat` has seen in `s`, the cards it cannot see dealt
 * anew (GameDef.determinize). The deck is shuffled every cycle, so only this cycle's cards
 * are in play.
 *
 * What the seat knows, and `out` keeps: its own two cards once its turn has come this cycle;
 * every card turned face up this cycle and where it lies in the deal order (the hands that
 * bet or were settled by a rule, third cards, hands laid aside); which seats' cards lie face
 * down and how many cards have been dealt; the pot, the chips and the records.
 *
 * What is dealt anew, uniformly from the unseen cards given what the table has seen: the
 * face-down hands of this cycle (folds, and the seat to act's unless it is `seat`) and the
 * pile. A face-down hand passed the rules that settle a hand before its holder decides (Death
 * by Rain, a fixed pair win, consecutive months paying or redealt; a redealt hand only the
 * redeal's, as in play), and so must its new cards. The Rain cards are dealt only where no
 * rule checks for them; the deal is then drawn again until every face-down hand passes the
 * checks on its two months: a uniform draw among the consistent deals. Every face-down hand
 * did pass them: at a decision the pot is not empty, and a pot emptied in a cycle stays empty
 * to its end (no one bets or antes), so no hand of this cycle went unseen for want of a pot.
 * Seats whose turn has not come this cycle still hold last cycle's cards, which play never
 * reads: they are set to card 0, so `out` carries nothing hidden.
 */
export function determinize(s: WolnamState, seat: number, rng: Rng, out: WolnamState): void {
  dealFaceDown(s, seat, rng, out, null);
}

/**
 * A determinization (as above) whose face-down hands are `given` (two cards a seat, seat q's at
 * [2q, 2q + 1], as a particle of the inference holds them: wolnamppong/infer.ts), the pile dealt
 * anew from the rest; with `given` null, the face-down hands are dealt too.
 */
export function dealFaceDown(s: WolnamState, seat: number, rng: Rng, out: WolnamState, given: Uint8Array | null): void {
  copyState(s, out);
  out.rng = rng;
  const { deck, hand, r } = out;
  for (let i = deck.drawn; i < CARDS; i++) unseen.hide(deck.cards[i]!);
  for (let q = 0; q < out.n; q++) if (turnOf(out, q) > out.turn) hand[2 * q] = hand[2 * q + 1] = 0;
  // The hands a Death-by-Rain check passed first: the Rain cards (the last in id order) are
  // dealt after them, into the redealt hands and the pile.
  down = 0;
  listDown(out, seat, FACE_DOWN);
  const checked = 2 * down;
  listDown(out, seat, FACE_DOWN_REDEALT);
  unseen.gather();
  const cards = unseen.cards,
    len = unseen.len;
  const pool = r.deathByRain ? len - unseen.countMonth(0, len, 12) : len;
  if (given) {
    // The given hands first, in the order of downSeat, then the pile from the rest.
    for (let i = 0; i < 2 * down; i++) {
      const c = given[2 * downSeat[i >> 1]! + (i & 1)]!;
      const j = cards.indexOf(c, i);
      if (j < 0) throw new Error(`wolnamppong: a given face-down card ${c} is not among the cards seat ${seat} has not seen`);
      cards[j] = cards[i]!;
      cards[i] = c;
    }
    unseen.deal(rng, 2 * down, len);
  } else
    for (let tries = 0; ; tries++) {
      if (tries === 1e6) throw new Error('wolnamppong: no deal of the unseen cards passes the rules every face-down hand passed');
      unseen.deal(rng, 0, checked, pool);
      unseen.deal(rng, checked, len);
      if (!out.autoRules || consistent(out)) break;
    }
  for (let i = 0; i < down; i++) {
    const q = downSeat[i]!,
      at = downAt[i]!;
    deck.cards[at] = hand[2 * q] = cards[2 * i]!;
    deck.cards[at + 1] = hand[2 * q + 1] = cards[2 * i + 1]!;
  }
  deck.cards.set(cards.subarray(2 * down, len), deck.drawn);
  if (out.toAct >= 0 && out.toAct !== seat) {
    const a = month(hand[2 * out.toAct]!),
      b = month(hand[2 * out.toAct + 1]!);
    out.lo = Math.min(a, b);
    out.hi = Math.max(a, b);
  }
}

/** Lists the hands of seats other than `seat` dealt this cycle that lie face down as `how`,
 * and marks their cards unseen. At a decision the seat to act (turn `turn`) has been dealt. */
function listDown(s: WolnamState, seat: number, how: number): void {
  const { hand, deck } = s;
  for (let q = 0; q < s.n; q++) {
    if (q === seat || s.faceDown[q] !== how || turnOf(s, q) > s.turn) continue;
    downSeat[down] = q;
    downAt[down++] = deck.cards.indexOf(hand[2 * q]!);
    unseen.hide(hand[2 * q]!);
    unseen.hide(hand[2 * q + 1]!);
  }
}

/** Whether every face-down hand, dealt from unseen.cards in order, passes the rules it passed. */
function consistent(s: WolnamState): boolean {
  const cards = unseen.cards,
    r = s.r;
  for (let i = 0; i < down; i++) {
    const q = downSeat[i]!;
    const a = month(cards[2 * i]!),
      b = month(cards[2 * i + 1]!);
    const lo = Math.min(a, b),
      hi = Math.max(a, b);
    if (s.faceDown[q] === FACE_DOWN && autoRule(r, lo, hi) !== AUTO_NONE) return false;
    if (redeals(r, lo, hi, CARDS - downAt[i]! - 2, s.n - turnOf(s, q) - 1)) return false;
  }
  return true;
}

/** Seat `q`'s turn in this cycle, from 0. */
function turnOf(s: WolnamState, q: number): number {
  const t = q - s.dealer - 1;
  return t < 0 ? t + s.n : t;
}
