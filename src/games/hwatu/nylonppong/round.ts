import * as hwatu from '../deck.js';
import * as combos from './combos.js';
import * as scoring from './scoring.js';
import * as state from './state.js';
import type { NylonState } from './state.js';

// Local copies of the imported values used on every move (why: see state.ts).
const { cardName, CARDS, formatCards, month } = hwatu;
const { bestOf, comboMaskOf, comboValue, COMBO_IDS, COMBO_NAMES } = combos;
const { nextStarter, scoreRound } = scoring;
const {
  END_COMBO,
  END_EXHAUSTED,
  END_GO_OUT,
  END_IDS,
  END_NAMES,
  END_NONE,
  END_STOP,
  END_STOP_FAILED,
  IN_PILE,
  OUT_ALONE,
  OUT_CONCEALED,
  OUT_PPONG,
  PHASE_AFTER_DRAW,
  PHASE_DISCARD,
  PHASE_OFFER,
  PHASE_OVER,
  PHASE_START,
  STRIDE,
} = state;

/**
 * The turn flow (rules 5-11). Each function leaves the state at the next decision: a turn
 * with nothing to choose but the draw draws at once, and a round's end scores it and deals
 * the next one, so `toAct` only ever sees real choices.
 */

/** A seat's hand in notation, in card order (traces only). */
export function handText(s: NylonState, seat: number): string {
  const cards: number[] = [];
  for (let c = 0; c < CARDS; c++) if (s.owner[c] === seat) cards.push(c);
  return formatCards(cards);
}

/** A seat's hand as card names, in card order (records only). */
export function handCards(s: NylonState, seat: number): string[] {
  const cards: string[] = [];
  for (let c = 0; c < CARDS; c++) if (s.owner[c] === seat) cards.push(cardName(c));
  return cards;
}

/** Empties every hand and both piles for a new round started by `starter`. */
export function clearRound(s: NylonState, starter: number): void {
  const { deck, n } = s;
  deck.reset();
  s.roundBytes.set(s.freshBytes);
  for (let k = 0; k < n; k++) {
    s.held[k] = 0;
    s.singles[k] = 0;
    s.sum[k] = 0;
  }
  s.discardLen = 0;
  s.topMonth = 0;
  s.topOwner = -1;
  s.reshuffles = 0;
  s.turns = 0;
  s.end = END_NONE;
  s.ender = -1;
  s.dealIn = -1;
  s.outKind = OUT_PPONG;
  s.starter = starter;
}

export function startRound(s: NylonState, starter: number): void {
  const { deck, n, cfg } = s;
  clearRound(s, starter);
  // Two cards per random number (Deck.drawTwo). The pile's first n * h cards are then the
  // hands in deal order: h to seat 0, h to seat 1, ...
  const h = cfg.handSize;
  const dealt = n * h;
  while (deck.drawn < dealt - 1) deck.drawTwo(s.rng, s.pair, 0);
  if (deck.drawn < dealt) deck.draw(s.rng);
  for (let seat = 0, i = 0; seat < n; seat++) for (let j = 0; j < h; j++) s.addCard(seat, deck.cards[i++]!);
  if (s.log) {
    s.log.push(`round ${s.round + 1}/${cfg.rounds}: seat ${starter} starts`);
    for (let k = 0; k < n; k++) s.log.push(`  seat ${k} dealt ${handText(s, k)}`);
    s.log.event({ type: 'deal', round: s.round, starter, hands: Array.from({ length: n }, (_, k) => handCards(s, k)) });
  }
  beginTurn(s, starter);
}

/** Starts `seat`'s own turn: the stop check and ppong come before the draw (rules 5-7). */
export function beginTurn(s: NylonState, seat: number): void {
  s.cur = seat;
  s.turns++;
  if (!s.cfg.pongWhenPileEmpty && !s.canDraw()) {
    endRound(s, END_EXHAUSTED, -1);
    return;
  }
  if (s.canStop(seat) || s.canClaim(seat)) s.phase = PHASE_START;
  else draw(s);
}

/** Moves the discards (but the top one, if kept) into the empty draw pile. */
function reshuffle(s: NylonState): void {
  const { deck } = s;
  const keep = s.cfg.keepTop ? 1 : 0;
  const k = s.discardLen - keep;
  // Deck.draw shuffles lazily from cards[drawn..48), so the discards go to the tail.
  deck.cards.set(s.discards.subarray(0, k), CARDS - k);
  deck.drawn = CARDS - k;
  for (let i = 0; i < k; i++) {
    const c = s.discards[i]!;
    s.owner[c] = IN_PILE;
    s.discardCounts[month(c)]!--;
  }
  if (keep) s.discards[0] = s.discards[s.discardLen - 1]!;
  else {
    s.topMonth = 0;
    s.topOwner = -1;
  }
  s.discardLen = keep;
  s.reshuffles++;
  s.log?.push(`  reshuffle ${s.reshuffles}: ${k} discards form the new draw pile`);
  s.log?.event({ type: 'reshuffle', cards: k });
}

export function draw(s: NylonState): void {
  const seat = s.cur;
  if (s.deck.left === 0) {
    if (!s.canReshuffle()) {
      endRound(s, END_EXHAUSTED, -1);
      return;
    }
    reshuffle(s);
  }
  const card = s.deck.draw(s.rng);
  s.addCard(seat, card);
  s.drawn = card;
  s.combo = comboAfterDraw(s, seat);
  s.phase = PHASE_AFTER_DRAW;
  if (s.log) logDraw(s, seat, card);
}

/** The best enabled combination `seat`'s hand forms after its draw, or -1 (only six cards form one). */
export function comboAfterDraw(s: NylonState, seat: number): number {
  const { cfg } = s;
  if (s.size[seat] !== 6 || cfg.comboMask === 0) return -1;
  const sum = s.sum[seat]!;
  const sh = seat * 5;
  const mask =
    cfg.comboMask &
    comboMaskOf(s.shape[sh + 2]!, s.shape[sh + 3]!, s.shape[sh + 4]!, s.held[seat]!, sum, cfg.straightWrap, cfg.daeppangThreshold);
  return mask !== 0 ? bestOf(mask, cfg.comboValue, cfg.straightMinusSum, sum) : -1;
}

export function discard(s: NylonState, m: number): void {
  const seat = s.cur;
  const card = s.removeMonth(seat, m);
  s.pushDiscard(card, seat);
  const next = s.next(seat);
  if (s.cfg.anyTime && (s.cfg.pongWhenPileEmpty || s.canDraw())) {
    // Out-of-turn offers in turn order after the next player, whose own turn offers the
    // ppong anyway. At most one seat holds 2 of the 3 other cards of the month.
    for (let q = s.next(next); q !== seat; q = s.next(q)) {
      if (s.counts[q * STRIDE + month(card)]! >= 2) {
        s.cur = q;
        s.phase = PHASE_OFFER;
        return;
      }
    }
  }
  beginTurn(s, next);
}

/** Claims the top discard with a pair (rule 6); from 2 cards this goes out. */
export function ppong(s: NylonState): void {
  const seat = s.cur;
  const dealIn = s.topOwner;
  if (s.phase === PHASE_OFFER) s.turns++;
  s.ponged[seat] = 1;
  s.shed(seat, s.topMonth, 2);
  if (s.size[seat] === 0) {
    s.dealIn = dealIn;
    endRound(s, END_GO_OUT, seat);
  } else s.phase = PHASE_DISCARD;
}

/** Goes out with a concealed triplet: a 3+2 hand on the top discard, or a lone drawn triplet (rules 18-19). */
export function jayeon(s: NylonState): void {
  const seat = s.cur;
  if (s.phase === PHASE_AFTER_DRAW) {
    s.outKind = OUT_ALONE;
  } else {
    if (s.phase === PHASE_OFFER) s.turns++;
    s.outKind = OUT_CONCEALED;
    s.dealIn = s.topOwner;
    s.ponged[seat] = 1;
  }
  // The whole hand is shown and leaves it.
  for (let m = 1; m <= 12; m++) {
    const c = s.counts[seat * STRIDE + m]!;
    if (c > 0) s.shed(seat, m, c);
  }
  endRound(s, END_GO_OUT, seat);
}

/** jayeonPpongLayDown: 3 of a kind from the 6-card hand leave it like a ppong; a discard follows. */
export function layDown(s: NylonState, m: number): void {
  s.ponged[s.cur] = 1;
  s.shed(s.cur, m, 3);
  s.phase = PHASE_DISCARD;
}

export function declare(s: NylonState): void {
  endRound(s, END_COMBO, s.cur);
}

export function stop(s: NylonState): void {
  endRound(s, END_STOP, s.cur);
}

/** Declines an out-of-turn ppong: play goes on with the discarder's next player. */
export function pass(s: NylonState): void {
  beginTurn(s, s.next(s.topOwner));
}

function endRound(s: NylonState, end: number, ender: number): void {
  const { n, cfg } = s;
  s.end = end;
  s.ender = ender;
  scoreRound(s);
  const r = s.round;
  s.recEnd[r] = s.end;
  s.recEnder[r] = ender;
  s.recDealIn[r] = s.end === END_GO_OUT ? s.dealIn : -1;
  s.recCombo[r] = s.end === END_COMBO ? s.combo : -1;
  s.recOutKind[r] = s.outKind;
  s.recStarter[r] = s.starter;
  s.recTurns[r] = Math.min(s.turns, 0xffff);
  s.recReshuffles[r] = s.reshuffles;
  for (let k = 0; k < n; k++) {
    const x = cfg.money ? -s.pay[k]! : s.score[k]!;
    s.recScore[r * n + k] = x;
    s.total[k]! += x;
  }
  if (s.log) logRound(s);
  if (++s.round < cfg.rounds) startRound(s, nextStarter(s));
  else s.phase = PHASE_OVER;
}

/** Traces a draw, out of line: no run that counts traces. */
function logDraw(s: NylonState, seat: number, card: number): void {
  s.log?.push(`  seat ${seat} draws ${cardName(card)}`);
  s.log?.event({ type: 'draw', seat, card: cardName(card) });
}

function logRound(s: NylonState): void {
  const log = s.log!;
  const { n, cfg } = s;
  let how = END_NAMES[s.end]!;
  if (s.end === END_STOP || s.end === END_STOP_FAILED) how += ` by seat ${s.ender} (sum ${s.sum[s.ender]})`;
  if (s.end === END_GO_OUT) {
    const kind = ['by ppong', 'with a concealed triplet', 'with a lone concealed triplet'][s.outKind];
    how = `seat ${s.ender} went out ${kind}` + (s.dealIn >= 0 ? `; seat ${s.dealIn} dealt in` : '');
  }
  if (s.end === END_COMBO) {
    how =
      `seat ${s.ender} declares ${COMBO_NAMES[s.combo]} (${handText(s, s.ender)}) worth ` +
      comboValue(cfg.comboValue, cfg.straightMinusSum, s.combo, s.sum[s.ender]!);
  }
  log.push(`round ${s.round + 1} ends after ${s.turns} turns: ${how}`);
  for (let k = 0; k < n; k++) {
    const money = cfg.money ? `, money ${s.pay[k]! > 0 ? '+' : ''}${s.pay[k]}` : '';
    log.push(`  seat ${k}: hand ${handText(s, k) || '-'} scores ${s.score[k]}${money}; total ${s.total[k]}`);
  }
  const r = s.round;
  log.event({
    type: 'settle',
    round: r,
    end: END_IDS[s.end],
    seat: s.ender >= 0 ? s.ender : undefined,
    dealIn: s.recDealIn[r]! >= 0 ? s.recDealIn[r] : undefined,
    combo: s.end === END_COMBO ? COMBO_IDS[s.combo] : undefined,
    hands: Array.from({ length: n }, (_, k) => handCards(s, k)),
    payments: Array.from(s.recScore.subarray(r * n, r * n + n)),
    totals: Array.from(s.total),
  });
}
