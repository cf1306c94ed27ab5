// Nylon-ppong's part in the inference of hidden hands (src/core/infer.ts). What a seat cannot
// see at its decision is the other hands and the draw pile. The others' play says something of
// their hands: a card discarded was held, a ppong called was a pair held, a seat that drew
// rather than stop or ppong (where it could) judged its hand worth playing on, and the reference
// policy discards the cards that its hand least needs. The filter replays the round from its
// first decision with the other hands and their draws dealt anew, each decision of another seat
// weighed by the softened policy's probability of making it.
//
// Each card is unique, so a card another seat puts on the discard pile later (a discard, a
// ppong's pair, a lay-down) must be in its hand by then: dealt there, or drawn at one of its
// hidden draws before. Every hidden card (a hand's place at the start, another seat's draw) is
// proposed in turn: a card of the seat's own still to come (a "due" card) or one no one else
// needs, uniformly, but only the due cards where the places left before their times would not
// hold them otherwise. The particle's weight takes the prior's probability of the card (one over
// the cards the pile holds) over the proposal's (one over the candidates), so the filter stays
// exact in expectation. The cards the deciding seat draws later stay in the pile until then.
//
// Resampling alone cannot mend a particle: the cards its deal gave a seat at the start stay
// there, and the reference policy discards the highest single, so a hand dealt a high card the
// seat never threw explains each later discard only by the softened policy's departure. Without
// moves, the particles at late decisions of the reference bot's games departed from the policy
// at 18% to 44% of the others' decisions (the true hands at none), and advice flattered the seat
// where it looked likely to score least. So the particles are moved (rejuvenate).

import { copyState } from '../../../core/copy.js';
import type { GameEvent } from '../../../core/trace.js';
import { ChanceError } from '../../../core/trace.js';
import type { RoundHistory, SoftPolicy, Tracker } from '../../../core/infer.js';
import type { Rng } from '../../../core/rng.js';
import { CARDS, month, parseCard } from '../deck.js';
import { ParticleChance, ParticleChances } from '../particle-chance.js';
import { dueCards, TableChance } from '../table-chance.js';
import { DECLARE, DISCARD, DRAW, JAYEON, LAY_DOWN, PASS, PPONG, STOP } from './actions.js';
import { clearHand } from './determinize.js';
import { comboAfterDraw } from './round.js';
import type { NylonRules } from './rules.js';
import { DISCARDED, IN_PILE, PHASE_AFTER_DRAW, PHASE_OFFER, PHASE_START, type NylonState } from './state.js';

/** The action a record's decision event stands for, or -1 for an event that is no decision. */
function actionOf(e: GameEvent): number {
  switch (e.type) {
    case 'play_on':
      return DRAW;
    case 'stop':
      return STOP;
    case 'ppong':
      return PPONG;
    case 'jayeon':
      return JAYEON;
    case 'declare':
      return DECLARE;
    case 'pass':
      return PASS;
    case 'discard':
      return DISCARD + (typeof e.card === 'string' ? month(parseCard(e.card)) : Number(e.month)) - 1;
    case 'lay_down':
      return LAY_DOWN + Number(e.month) - 1;
  }
  return -1;
}

/** Actions taken at a turn's start (stop, ppong, jayeon-ppong or draw) and at an out-of-turn offer. */
const AT_START = [DRAW, STOP, PPONG, JAYEON];
const AT_OFFER = [PPONG, JAYEON, PASS];

/** The tracker of one round's history for its seat, or why there is none. */
export function nylonTracker(h: RoundHistory<NylonState>, rules: NylonRules, soft: SoftPolicy): Tracker<NylonState> | string {
  if (h.events.some((e) => e.type === 'reshuffle'))
    return 'a reshuffle puts discards back into the pile, which the inference does not follow: the dealing stays uniform';
  const t = new NylonTracker(h, soft);
  return t.fault ?? t;
}

class NylonTracker implements Tracker<NylonState> {
  readonly steps: number;
  /** Why the record's round cannot be followed, found while replaying it; null when it can. */
  fault: string | null = null;
  private readonly seat: number;
  /** The history's decisions, by their index in its events, and the action each took (read
   * once: a particle's every step asks for it). */
  private readonly decisions: number[] = [];
  private readonly actions: number[] = [];
  /** The discard pile after each decision, as the record played it (public: every card on it lies face up). */
  private readonly pileLen: number[] = [];
  private readonly discards = new Uint8Array(CARDS);
  /** Per card: the other seat that puts it on the discard pile later, and the line (from 1) where; -1. */
  private readonly dueSeat = new Int8Array(CARDS).fill(-1);
  private readonly dueLine = new Int32Array(CARDS);
  /** Per due card: the line its seat must draw it after (-1: none). A seat that puts a higher copy
   * of the month on the pile first cannot have held it then (the engine takes the lowest copy). */
  private readonly after = new Int32Array(CARDS).fill(-1);
  /** Scratch of `fits`. */
  private readonly placed = new Uint8Array(CARDS);
  /** Per seat: its due cards, earliest first. */
  private readonly due: number[][];
  /** Per seat: the lines of its draws the deciding seat does not see. */
  private readonly drawLines: number[][];
  /** The cards the deciding seat draws later: they stay in the pile. */
  private readonly ownDraw = new Uint8Array(CARDS);
  private readonly hiddenLine: Uint8Array;
  private readonly chances: ParticleChances;
  private cur: NylonState | null = null;
  private rng: Rng | null = null;
  private readonly one = new Int16Array(1);
  private readonly legal: Int16Array;
  private readonly pool = new Uint8Array(CARDS);
  /** Per particle: the cards its deal gave the other seats at the first decision, in the order
   * `begin` deals them, and the card of each hidden draw by line (-1: none). A replay deals them
   * again (rejuvenate). */
  private starts: Int8Array[] = [];
  private draws: Int8Array[] = [];
  /** The particle under way (-1: a replay's). */
  private idx = -1;
  /** In a replay, the deal and draws it plays, and the place of the deal next. */
  private fixedStart: Int8Array | null = null;
  private fixedDraws: Int8Array | null = null;
  private startAt = 0;
  /** Scratch of the moves: the table a replay plays, and a move's deal and draws. */
  private spare: NylonState | null = null;
  private readonly trialStart = new Int8Array(CARDS);
  private readonly trialDraws: Int8Array;

  constructor(
    private readonly h: RoundHistory<NylonState>,
    private readonly soft: SoftPolicy,
  ) {
    const { events, seat, first } = h;
    this.seat = seat;
    this.due = Array.from({ length: first.n }, () => []);
    this.drawLines = Array.from({ length: first.n }, () => []);
    this.hiddenLine = new Uint8Array(events.length + 2);
    this.trialDraws = new Int8Array(events.length + 2);
    this.legal = new Int16Array(soft.game.maxActions(soft.rules));
    events.forEach((e, i) => {
      const a = actionOf(e);
      if (a >= 0) {
        this.decisions.push(i);
        this.actions.push(a);
      } else if (e.type === 'draw' && typeof e.card === 'string') {
        if (e.seat === seat) this.ownDraw[parseCard(e.card)] = 1;
        else {
          this.hiddenLine[i + 1] = 1;
          this.drawLines[e.seat!]!.push(i + 1);
        }
      } else if (e.type !== 'draw') this.fault = `a ${e.type} event within the round is not followed: the dealing stays uniform`;
    });
    this.steps = this.decisions.length;
    if (this.fault === null) this.replayTruth();
    this.chances = new ParticleChances(
      events,
      () => this.cur!.deck,
      (line) => this.hiddenLine[line] === 1,
      (ch, line, cards, from) => {
        const card = this.place(this.cur!, events[line - 1]!.seat!, line, 0, cards, from, this.rng!);
        if (card < 0) {
          ch.logw = -Infinity;
          return cards[from]!;
        }
        ch.logw += this.logw;
        return card;
      },
    );
  }

  /** Plays the record from the true first table, to learn which cards each decision put on the
   * discard pile (a ppong's pair is named by its month only, but lies face up after). */
  private replayTruth(): void {
    const { game } = this.soft;
    const { events, first, seat } = this.h;
    const t = game.create(this.soft.rules) as NylonState;
    game.copy(first, t);
    t.rng = new TableChance(dueCards(events), () => t.deck, events.length);
    try {
      for (const i of this.decisions) {
        const e = events[i]!;
        if (game.toAct(t) !== e.seat) throw new Error('out of turn');
        const before = t.discardLen;
        game.apply(t, actionOf(e), 0);
        for (let j = before; j < t.discardLen && e.seat !== seat; j++) {
          const c = t.discards[j]!;
          this.dueSeat[c] = e.seat!;
          this.dueLine[c] = i + 1;
          this.due[e.seat!]!.push(c);
        }
        this.pileLen.push(t.discardLen);
      }
    } catch {
      this.fault = 'the round does not replay as the record says: the dealing stays uniform';
      return;
    }
    this.discards.set(t.discards);
    for (const cards of this.due)
      for (const c of cards)
        for (const d of cards)
          if (d > c && month(d) === month(c) && this.dueLine[d]! < this.dueLine[c]!)
            this.after[c] = Math.max(this.after[c]!, this.dueLine[d]!);
  }

  /** Particle i's chance; a replay's (i = -1) is the spare one. */
  private chance(i: number): ParticleChance {
    return i < 0 ? this.chances.spare() : this.chances.of(i);
  }

  private startsOf(i: number): Int8Array {
    return (this.starts[i] ??= new Int8Array(CARDS).fill(-1));
  }

  private drawsOf(i: number): Int8Array {
    return (this.draws[i] ??= new Int8Array(this.hiddenLine.length).fill(-1));
  }

  /**
   * The card of a hidden place (as `propose`): proposed, and noted as the particle's, or in a
   * replay the one the replayed particle holds there (-1 where the pile no longer has it), with a
   * log weight of 0 (the replay weighs only the decisions).
   */
  private place(p: NylonState, q: number, line: number, more: number, cards: Uint8Array, from: number, rng: Rng): number {
    if (this.fixedStart !== null) {
      const card = line === 0 ? this.fixedStart[this.startAt++]! : this.fixedDraws![line]!;
      this.logw = 0;
      return cards.indexOf(card, from) >= 0 ? card : -1;
    }
    const card = this.propose(p, q, line, more, cards, from, rng);
    if (card >= 0 && this.idx >= 0) {
      if (line === 0) this.startsOf(this.idx)[this.startAt++] = card;
      else this.drawsOf(this.idx)[line] = card;
    }
    return card;
  }

  /** The log weight of the last proposal. */
  private logw = 0;

  /**
   * A card for a hidden place of seat q at `line` (0: a place of its hand at the start, with
   * `more` places of it still to deal), from the pile cards[from..48) of `p`; -1 where none fits.
   * Sets `logw` to the log of the prior's probability over the proposal's.
   */
  private propose(p: NylonState, q: number, line: number, more: number, cards: Uint8Array, from: number, rng: Rng): number {
    const { pool, dueSeat, ownDraw, after } = this;
    const pending = this.due[q]!.filter((c) => p.owner[c] === IN_PILE);
    let n = 0;
    if (this.fits(q, line, more, pending, -1)) {
      for (let j = from; j < CARDS; j++) {
        const c = cards[j]!;
        if (ownDraw[c] || (dueSeat[c]! >= 0 ? dueSeat[c] !== q || after[c]! >= line : this.below(q, c, line))) continue;
        pool[n++] = c;
      }
    } else for (const c of pending) if (after[c]! < line && this.fits(q, line, more, pending, c)) pool[n++] = c;
    if (n === 0) return -1;
    this.logw = Math.log(n / (CARDS - from));
    return pool[rng.int(n)]!;
  }

  /** Whether card x, held by q from `line` to the history's end (it puts it nowhere), is a lower
   * copy of a month q puts a card of later: the engine takes a month's lowest copy held, so q
   * would have put x there instead. */
  private below(q: number, x: number, line: number): boolean {
    for (const c of this.due[q]!) if (c > x && month(c) === month(x) && this.dueLine[c]! > line) return true;
    return false;
  }

  /**
   * Whether q's places after this one (the `more` of its hand, its hidden draws after `line`) can
   * still hold each of its pending cards but `taken` (which this place takes), each after its
   * `after` line and before its own: earliest deadline first, which finds a way whenever there is one.
   */
  private fits(q: number, line: number, more: number, pending: readonly number[], taken: number): boolean {
    const { dueLine, after, placed } = this;
    let left = 0;
    for (const c of pending) if (c !== taken) left++;
    if (left === 0) return true;
    placed.fill(0);
    const place = (t: number): boolean => {
      let best = -1;
      for (const c of pending) {
        if (c === taken || placed[c]) continue;
        if (dueLine[c]! <= t) return false;
        if (after[c]! < t && (best < 0 || dueLine[c]! < dueLine[best]!)) best = c;
      }
      if (best >= 0) {
        placed[best] = 1;
        left--;
      }
      return true;
    };
    for (let k = 0; k < more && left > 0; k++) if (!place(0)) return false;
    for (const l of this.drawLines[q]!) if (l > line && left > 0 && !place(l)) return false;
    return left === 0;
  }

  begin(p: NylonState, i: number, rng: Rng): number {
    const { seat } = this;
    this.chance(i).seek(0);
    this.idx = i;
    this.startAt = 0;
    const { n, owner, deck } = p;
    for (let c = 0; c < CARDS; c++) if (owner[c] !== DISCARDED && owner[c] !== seat) owner[c] = IN_PILE;
    const cards = new Uint8Array(CARDS);
    let lw = 0;
    let last = -1;
    for (let q = 0; q < n; q++) {
      if (q === seat) continue;
      const h = p.size[q]!;
      clearHand(p, q);
      for (let k = 0; k < h; k++) {
        const from = stackPile(p, cards);
        last = this.place(p, q, 0, h - k - 1, cards, from, rng);
        if (last < 0) return -Infinity;
        lw += this.logw;
        p.addCard(q, last);
        if (q === p.cur) p.drawn = last;
      }
    }
    stackPile(p, deck.cards);
    // The seat to act after its draw (the starter, at the round's first decision): its drawn
    // card is one of its hand (it matters only for the lone-triplet go-out), its combination
    // is its hand's.
    if (p.cur !== seat && p.phase === PHASE_AFTER_DRAW) p.combo = comboAfterDraw(p, p.cur);
    return lw;
  }

  advance(p: NylonState, i: number, k: number, rng: Rng): number {
    const { game } = this.soft;
    const e = this.h.events[this.decisions[k]!]!;
    const chance = this.chance(i);
    chance.logw = 0;
    this.idx = i;
    this.cur = p;
    this.rng = rng;
    p.rng = chance;
    const before = p.discardLen;
    let lw: number;
    try {
      const a = this.actions[k]!;
      lw = this.until(p, e.seat!, a, rng);
      if (lw === -Infinity) return lw;
      lw += this.decide(p, e.seat!, a, rng);
      if (lw === -Infinity) return lw;
      if (k === this.steps - 1) lw += this.until(p, this.seat, -1, rng);
    } catch (err) {
      if (err instanceof ChanceError) return -Infinity;
      throw err;
    }
    // What the decision put on the discard pile is public: the same cards, or this particle
    // cannot be (a discard takes a month's lowest copy held, so a lower copy held says so).
    if (p.discardLen !== this.pileLen[k]) return -Infinity;
    for (let j = before; j < p.discardLen; j++) if (p.discards[j] !== this.discards[j]) return -Infinity;
    if (k === this.steps - 1 && game.toAct(p) !== this.seat) return -Infinity;
    return lw + chance.logw;
  }

  /**
   * Plays the decisions the record does not show until seat x is at the decision of action a
   * (a < 0: until x is to act): a turn's start where another seat could have stopped or called
   * ppong (the record's engine asks only where the true hand could; it drew) and an out-of-turn
   * offer passed. Each is weighed by the softened policy. Returns the log weight.
   */
  private until(p: NylonState, x: number, a: number, rng: Rng): number {
    const { game } = this.soft;
    let lw = 0;
    for (;;) {
      const y = game.toAct(p);
      if (y < 0) return -Infinity;
      const ph = p.phase;
      if (y === x && a < 0) return lw;
      if (y === x && ph === PHASE_START && AT_START.includes(a)) return lw;
      if (y === x && ph === PHASE_OFFER && AT_OFFER.includes(a)) return lw;
      if (y === x && ph !== PHASE_START && ph !== PHASE_OFFER) return lw;
      if (y === this.seat || (ph !== PHASE_START && ph !== PHASE_OFFER)) return -Infinity;
      lw += this.decide(p, y, ph === PHASE_START ? DRAW : PASS, rng);
      if (lw === -Infinity) return lw;
    }
  }

  /** Seat x makes decision a: weighed by the softened policy for another seat. */
  private decide(p: NylonState, x: number, a: number, rng: Rng): number {
    const { game } = this.soft;
    if (x !== this.seat) {
      this.one[0] = a;
      const lw = this.soft.weigh(p, x, this.one, 1, 0, rng);
      if (lw !== -Infinity) game.apply(p, a, 0);
      return lw;
    }
    const m = game.legal(p, this.legal);
    if (!this.legal.subarray(0, m).includes(a)) return -Infinity;
    game.apply(p, a, 0);
    return 0;
  }

  resampled(parents: Int32Array): void {
    this.chances.resampled(parents);
    this.starts = Array.from(parents, (j) => this.startsOf(j).slice());
    this.draws = Array.from(parents, (j) => this.drawsOf(j).slice());
  }

  /** Plays the round again from its first table into `out` through `played` steps, the others
   * dealt `start` and drawing `draws`; the log of the softened policy's probability of their
   * decisions (-Infinity: they cannot have played so). */
  private replay(start: Int8Array, draws: Int8Array, out: NylonState, played: number, rng: Rng): number {
    this.fixedStart = start;
    this.fixedDraws = draws;
    try {
      this.soft.game.copy(this.h.first, out);
      let lw = this.begin(out, -1, rng);
      for (let k = 0; k < played && lw > -Infinity; k++) lw += this.advance(out, -1, k, rng);
      return lw;
    } finally {
      this.fixedStart = null;
      this.fixedDraws = null;
    }
  }

  /**
   * Metropolis-Hastings moves on particle i after `played` steps. A move trades a card another
   * seat holds that the record never shows (dealt it, or drawn unseen) for one of the pile's that
   * no one puts down later and the deciding seat does not draw, then plays the round again from
   * its first table with every other place dealt as before. Both cards are picked uniformly, so
   * the move and its reverse are alike likely, and every arrangement of the hidden cards is alike
   * a priori: the move is taken with probability min(1, L' / L), L the softened policy's
   * probability of the others' decisions, which leaves the posterior as it is.
   */
  rejuvenate(p: NylonState, i: number, moves: number, rng: Rng, played = this.steps): number {
    const game = this.soft.game;
    const spare = (this.spare ??= game.create(this.soft.rules) as NylonState);
    const start = this.startsOf(i);
    const draws = this.drawsOf(i);
    let lw = this.replay(start, draws, spare, played, rng);
    // The particle played again must be the particle; else it is left as it is.
    if (lw === -Infinity) return 0;
    for (let c = 0; c < CARDS; c++) if (spare.owner[c] !== p.owner[c]) return 0;
    // The cards another seat holds and the pile's that may trade places, gathered again after each
    // move taken: a move can also change whether the engine's automatic draw at the next turn
    // (where that seat may neither stop nor call ppong) falls within the steps replayed.
    // The move's chance over its reverse's is the product of the two lists' lengths after it
    // over before (each card is picked uniformly from its list).
    const held: number[] = [];
    const free: number[] = [];
    const gather = (s: NylonState, keep: boolean): number => {
      if (keep) held.length = free.length = 0;
      let h = 0,
        f = 0;
      for (let c = 0; c < CARDS; c++) {
        if (this.dueSeat[c]! >= 0) continue;
        const o = s.owner[c]!;
        if (o === IN_PILE) {
          if (this.ownDraw[c]) continue;
          f++;
          if (keep) free.push(c);
        } else if (o !== DISCARDED && o !== this.seat) {
          h++;
          if (keep) held.push(c);
        }
      }
      return Math.log(h * f);
    };
    let size = gather(p, true);
    if (held.length === 0 || free.length === 0) return 0;
    const { trialStart, trialDraws } = this;
    let accepted = 0;
    for (let m = 0; m < moves; m++) {
      const u = held[rng.int(held.length)]!;
      const b = free[rng.int(free.length)]!;
      trialStart.set(start);
      trialDraws.set(draws);
      const at = trialStart.indexOf(u);
      const line = at < 0 ? trialDraws.indexOf(u) : 0;
      // A lower copy of a month its seat puts down later would go down in its place (the engine
      // takes the lowest copy): the record rules it out, though maybe after the steps replayed.
      if (line < 0 || this.below(p.owner[u]!, b, line)) continue;
      if (at >= 0) trialStart[at] = b;
      else trialDraws[line] = b;
      const next = this.replay(trialStart, trialDraws, spare, played, rng);
      if (next === -Infinity) continue;
      const after = gather(spare, false);
      if (after === -Infinity || Math.log(rng.next()) >= next - lw + after - size) continue;
      start.set(trialStart);
      draws.set(trialDraws);
      lw = next;
      game.copy(spare, p);
      this.chance(i).seek(this.chance(-1).position);
      accepted++;
      size = gather(p, true);
    }
    return accepted;
  }

  deal(now: NylonState, p: NylonState, rng: Rng, out: NylonState): void {
    copyState(now, out);
    out.rng = rng;
    const { owner, n } = out;
    const seat = this.seat;
    for (let c = 0; c < CARDS; c++) if (owner[c] !== DISCARDED && owner[c] !== seat) owner[c] = IN_PILE;
    for (let q = 0; q < n; q++) {
      if (q === seat) continue;
      clearHand(out, q);
      for (let c = 0; c < CARDS; c++) if (p.owner[c] === q) out.addCard(q, c);
    }
    stackPile(out, out.deck.cards);
    if (out.phase !== PHASE_AFTER_DRAW) {
      out.drawn = -1;
      out.combo = -1;
    }
    out.pair.fill(0);
  }
}

/** Writes into `cards` the cards out of the pile, then the pile's (owner IN_PILE), each in id
 * order; returns where the pile begins. The deck draws by place uniformly, so the order of the
 * pile says nothing. */
function stackPile(s: NylonState, cards: Uint8Array): number {
  let k = 0;
  for (let c = 0; c < CARDS; c++) if (s.owner[c] !== IN_PILE) cards[k++] = c;
  const from = k;
  for (let c = 0; c < CARDS; c++) if (s.owner[c] === IN_PILE) cards[k++] = c;
  return from;
}
