// Wolnamppong's part in the inference of hidden hands (src/core/infer.ts). What a seat cannot
// see at its decision is the face-down hands of this cycle (the seats that folded, or could not
// bet) and the pile. A fold says something of the hand folded: the policy folds the hands whose
// odds are poor, so the pile holds more of the months that make a good hand than a uniform deal
// says. The filter replays the cycle from its first decision: the face-down hands are dealt
// anew, every card the seat saw (its own, the hands shown by a bet, the third cards) where it
// saw it, and each fold weighed by the softened policy's probability of folding that hand.

import type { RoundHistory, SoftPolicy, Tracker } from '../../../core/infer.js';
import type { Rng } from '../../../core/rng.js';
import { ChanceError } from '../../../core/trace.js';
import { CARDS, month } from '../deck.js';
import { ParticleChance, ParticleChances } from '../particle-chance.js';
import { dueCards } from '../table-chance.js';
import { dealFaceDown, SHOWN } from './determinize.js';
import type { WolnamState } from './game.js';
import { AUTO_NONE, autoRule, BET, BET_HIGHER, BET_LOWER, FOLD } from './odds.js';
import type { WolnamRules } from './rules.js';

const CALLS: Record<string, number> = { between: BET, higher: BET_HIGHER, lower: BET_LOWER };

/** The tracker of one cycle's history for its seat, or why there is none. */
export function wolnamTracker(h: RoundHistory<WolnamState>, rules: WolnamRules, soft: SoftPolicy): Tracker<WolnamState> | string {
  if (rules.consecutiveRule === 'redeal')
    return 'consecutiveRule=redeal lays hands aside and deals new ones, which the inference does not follow';
  return new WolnamTracker(h, rules, soft);
}

class WolnamTracker implements Tracker<WolnamState> {
  readonly steps: number;
  private readonly seat: number;
  /** The history's decisions (fold or bet), by their index in its events. */
  private readonly decisions: number[] = [];
  /** Per line of the history (from 1): a deal the seat did not see. */
  private readonly hiddenLine: Uint8Array;
  /** The cards the seat sees at some point of the history: never dealt where it cannot see. */
  private readonly seen = new Uint8Array(CARDS);
  private readonly chances: ParticleChances;
  /** The particle being played (its pile answers the chance). */
  private cur: WolnamState | null = null;
  private rng: Rng | null = null;
  private readonly one = new Int16Array(1);
  private readonly pool = new Uint8Array(CARDS);
  private readonly unseen = new Uint8Array(CARDS);

  constructor(
    private readonly h: RoundHistory<WolnamState>,
    private readonly rules: WolnamRules,
    private readonly soft: SoftPolicy,
  ) {
    const { events, seat } = h;
    this.seat = seat;
    this.hiddenLine = new Uint8Array(events.length + 2);
    events.forEach((e, i) => {
      if (e.type === 'fold' || e.type === 'bet') this.decisions.push(i);
      if (e.type !== 'deal' || e.seat === seat) return;
      // A deal is hidden unless its hand is shown later: the seat's next move is a bet, a
      // rule that settles it face up, or laying it aside.
      const next = events.slice(i + 1).find((f) => f.seat === e.seat && f.type !== 'draw');
      const shown =
        next !== undefined && (next.type === 'bet' || next.type === 'lay_aside' || (next.type === 'settle' && next.rule !== 'win'));
      if (!shown) this.hiddenLine[i + 1] = 1;
    });
    for (const d of dueCards(events)) if (!this.hiddenLine[d.line]) this.seen[d.value] = 1;
    this.steps = this.decisions.length;
    this.chances = new ParticleChances(
      events,
      () => this.cur!.deck,
      (line) => this.hiddenLine[line] === 1,
      (ch, _line, cards, from, other) => this.propose(ch, cards, from, other),
    );
  }

  private chance(i: number): ParticleChance {
    return this.chances.of(i);
  }

  /** A card the seat did not see, uniform among those the pile holds that it never sees, and
   * that with the pair's first card (`other`) makes no hand the rules settle without a decision. */
  private propose(ch: ParticleChance, cards: Uint8Array, from: number, other: number): number {
    const pool = this.pool;
    let n = 0,
      all = 0;
    for (let j = from; j < CARDS; j++) {
      const c = cards[j]!;
      if (c === other) continue;
      all++;
      if (this.seen[c] || (other >= 0 && this.settled(other, c))) continue;
      pool[n++] = c;
    }
    if (n === 0) {
      ch.logw = -Infinity;
      return cards[from]!;
    }
    ch.logw += Math.log(n / all);
    return pool[this.rng!.int(n)]!;
  }

  /** Whether the rules settle a hand of these two cards without a decision (Death by Rain, a fixed pair win). */
  private settled(a: number, b: number): boolean {
    const x = month(a),
      y = month(b);
    return autoRule(this.rules, Math.min(x, y), Math.max(x, y)) !== AUTO_NONE;
  }

  begin(p: WolnamState, i: number, rng: Rng): number {
    const { seat, seen, pool } = this;
    this.chance(i).seek(0);
    const first = this.h.events[this.decisions[0] ?? -1];
    // The face-down hands dealt so far this cycle, the first to act's among them unless its bet shows it.
    const hidden: number[] = [];
    for (let q = 0; q < p.n; q++) {
      const turn = (q - p.dealer - 1 + p.n) % p.n;
      if (q === seat || turn > p.turn || p.faceDown[q] === SHOWN) continue;
      if (q === p.toAct && first?.type === 'bet') continue;
      hidden.push(q);
    }
    if (hidden.length === 0) return 0;
    // Their cards and the pile's, less what the seat sees later, dealt to them anew. They are
    // pooled in id order: the order the true deal left them in (which hand, where in the pile)
    // is what the seat cannot see, and must not shape the particle.
    const { cards, drawn } = p.deck;
    const unseen = this.unseen;
    unseen.fill(0);
    for (const q of hidden) unseen[p.hand[2 * q]!] = unseen[p.hand[2 * q + 1]!] = 1;
    for (let j = drawn; j < CARDS; j++) unseen[cards[j]!] = 1;
    let n = 0;
    for (let c = 0; c < CARDS; c++) if (unseen[c] && !seen[c]) pool[n++] = c;
    const old = hidden.flatMap((q) => [p.hand[2 * q]!, p.hand[2 * q + 1]!]);
    for (const q of hidden) {
      for (let tries = 0; ; tries++) {
        if (tries === 1000) return -Infinity;
        const a = rng.int(n);
        let b = rng.int(n - 1);
        if (b >= a) b++;
        if (this.settled(pool[a]!, pool[b]!)) continue;
        p.hand[2 * q] = pool[a]!;
        p.hand[2 * q + 1] = pool[b]!;
        pool[Math.max(a, b)] = pool[--n]!;
        pool[Math.min(a, b)] = pool[--n]!;
        break;
      }
    }
    // The cards dealt keep their places in the deal order; the pile holds the rest.
    const now = hidden.flatMap((q) => [p.hand[2 * q]!, p.hand[2 * q + 1]!]);
    const inPile = new Uint8Array(CARDS);
    for (let j = drawn; j < CARDS; j++) inPile[cards[j]!] = 1;
    for (const c of old) inPile[c] = 1;
    for (const c of now) inPile[c] = 0;
    old.forEach((c, k) => {
      cards[cards.indexOf(c)] = now[k]!;
    });
    let j = drawn;
    for (let c = 0; c < CARDS; c++) if (inPile[c]) cards[j++] = c;
    if (hidden.includes(p.toAct)) {
      const x = month(p.hand[2 * p.toAct]!),
        y = month(p.hand[2 * p.toAct + 1]!);
      p.lo = Math.min(x, y);
      p.hi = Math.max(x, y);
    }
    // Every particle draws from the same pool the same number of cards: the prior over the
    // consistent deals is uniform, and so is this proposal, so the weight is the same for all.
    return 0;
  }

  advance(p: WolnamState, i: number, k: number, rng: Rng): number {
    const e = this.h.events[this.decisions[k]!]!;
    const x = e.seat!;
    if (this.soft.game.toAct(p) !== x) return -Infinity;
    const chance = this.chance(i);
    chance.logw = 0;
    this.cur = p;
    this.rng = rng;
    p.rng = chance;
    const a = e.type === 'fold' ? FOLD : (CALLS[e.call as string] ?? BET);
    const amount = typeof e.amount === 'number' ? e.amount : 0;
    let lw = 0;
    let act = a;
    if (x !== this.seat) {
      this.one[0] = a;
      lw = this.soft.weigh(p, x, this.one, 1, amount, rng);
      if (lw === -Infinity) return lw;
      act = this.soft.action;
    }
    try {
      this.soft.game.apply(p, act, amount);
    } catch (err) {
      if (err instanceof ChanceError) return -Infinity;
      throw err;
    }
    lw += chance.logw;
    const next = k + 1 < this.steps ? this.h.events[this.decisions[k + 1]!]!.seat! : this.seat;
    return this.soft.game.toAct(p) === next ? lw : -Infinity;
  }

  resampled(parents: Int32Array): void {
    this.chances.resampled(parents);
  }

  deal(now: WolnamState, p: WolnamState, rng: Rng, out: WolnamState): void {
    dealFaceDown(now, this.seat, rng, out, p.hand);
  }
}
