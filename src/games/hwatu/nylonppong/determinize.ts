import { copyState } from '../../../core/copy.js';
import type { Rng } from '../../../core/rng.js';
import { CARDS } from '../deck.js';
import { Unseen } from '../unseen.js';
import { comboAfterDraw } from './round.js';
import { DISCARDED, IN_PILE, PHASE_AFTER_DRAW, PHASE_OFFER, STRIDE, type NylonState } from './state.js';

const unseen = new Unseen();

/**
 * A state consistent with everything `seat` has seen in `s`, the cards it cannot see dealt
 * anew (GameDef.determinize).
 *
 * What the seat knows, and `out` keeps: its own hand; the discard pile card by card, bottom to
 * top, with the top card's owner (ppong'd and laid-down cards lie there face up); every hand's
 * size and ppong status; the draw pile's size and the reshuffles made; the phase and the seat
 * to act; the scores and records of past rounds.
 *
 * What is dealt anew, uniformly from the unseen cards: the other hands and the draw pile. So:
 * - An out-of-turn ppong offer: a silent pass reveals nothing, and the engine keeps no trace
 *   of one (a declined offer leaves the state as if none had been made). Only
 *   while seat q is deciding an offer does the state show it (q is to act in PHASE_OFFER),
 *   and that holds only if q has two cards of the top month: another seat's determinization
 *   deals q such a hand. (A search bot determinizes for the seat to act, q itself.)
 * - A reshuffle: a seat with perfect memory knows which discards went into the new draw pile,
 *   but not which of them the others have drawn since, and neither the state nor the view
 *   keeps that history. The standard approximation: every unseen card is dealt uniformly, so a
 *   card that was in a hand at the reshuffle may be dealt into the pile.
 * - After a draw, the drawer's new card is hidden from the others: its hand is dealt anew, its
 *   first dealt card is the one drawn (uniform among them) and its combination is recomputed.
 * - The engine stops at a turn's start only when the seat may stop or ppong; in real play
 *   every turn starts with that choice, so it tells nothing and is not conditioned on (a
 *   determinization may leave only the draw legal there).
 * Fields play never reads again are set to fixed values, so `out` carries nothing hidden:
 * `drawn` and `combo` outside the turn's draw, the cards drawn so far (`deck.cards[0..drawn)`,
 * the deal in true order: rewritten in id order) and the deal's scratch pair.
 */
export function determinize(s: NylonState, seat: number, rng: Rng, out: NylonState): void {
  copyState(s, out);
  out.rng = rng;
  const { n, owner, deck, cur } = out;
  for (let c = 0; c < CARDS; c++) if (owner[c] !== DISCARDED && owner[c] !== seat) unseen.hide(c);
  unseen.gather();
  // An offered seat's hand first: drawn again until it holds two of the top month, then the
  // rest is dealt uniformly given it (so the whole deal is uniform given the offer).
  const offered = out.phase === PHASE_OFFER && cur !== seat ? cur : -1;
  let at = 0;
  if (offered >= 0) {
    const h = out.size[offered]!;
    do unseen.deal(rng, 0, h);
    while (unseen.countMonth(0, h, out.topMonth) < 2);
    at = h;
  }
  unseen.deal(rng, at, unseen.len);
  for (let i = 0; i < unseen.len; i++) owner[unseen.cards[i]!] = IN_PILE;
  at = offered >= 0 ? refill(out, offered, 0) : 0;
  let drawn = -1;
  for (let q = 0; q < n; q++) {
    if (q === seat || q === offered) continue;
    if (q === cur) drawn = unseen.cards[at]!;
    at = refill(out, q, at);
  }
  deck.cards.set(unseen.cards.subarray(at, unseen.len), deck.drawn);
  let k = 0;
  for (let c = 0; c < CARDS; c++) if (owner[c] !== IN_PILE) deck.cards[k++] = c;
  if (out.phase === PHASE_AFTER_DRAW) {
    if (cur !== seat) out.drawn = drawn;
    out.combo = comboAfterDraw(out, cur);
  } else {
    out.drawn = -1;
    out.combo = -1;
  }
  out.pair.fill(0);
}

/** Gives seat `q` as many cards as it holds, from unseen.cards[at..); returns the next index. */
function refill(s: NylonState, q: number, at: number): number {
  const h = s.size[q]!;
  clearHand(s, q);
  for (let i = 0; i < h; i++) s.addCard(q, unseen.cards[at + i]!);
  return at + h;
}

/** Empties seat `q`'s hand in the tallies (the cards' `owner` is left to the caller), so that
 * addCard can deal it anew. */
export function clearHand(s: NylonState, q: number): void {
  s.counts.fill(0, q * STRIDE, (q + 1) * STRIDE);
  s.shape.fill(0, q * 5, (q + 1) * 5);
  s.shape[q * 5] = 12;
  s.held[q] = 0;
  s.singles[q] = 0;
  s.sum[q] = 0;
  s.size[q] = 0;
}
