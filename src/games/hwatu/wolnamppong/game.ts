import { copyState } from '../../../core/copy.js';
import { TERMINAL, type GameDef, type GameState } from '../../../core/game.js';
import type { Rng } from '../../../core/rng.js';
import type { Trace } from '../../../core/trace.js';
import { Deck, cardName, month } from '../deck.js';
import {
  AUTO_CONSECUTIVE,
  AUTO_PAIR,
  AUTO_RAIN,
  BET,
  BET_HIGHER,
  BET_LOWER,
  FOLD,
  autoRule,
  betDrawsCard,
  betFactor,
  priorTable,
  redeals,
  type BetOdds,
} from './odds.js';
import { wolnamSchema, type WolnamRules } from './rules.js';
import { determinize, FACE_DOWN, FACE_DOWN_REDEALT, SHOWN } from './determinize.js';
import { WolnamLuck } from './luck.js';
import { betWon } from './settlement.js';
import { wolnamTracker } from './infer.js';
import { keepHands } from '../unseen.js';

/** What a seat may know when it decides: its own two months, the table, and the months
 * revealed so far this cycle (bettors' hands and third cards). */
export interface WolnamView {
  readonly seat: number;
  readonly lo: number;
  readonly hi: number;
  readonly pot: number;
  readonly bankroll: number;
  readonly minBet: number;
  /** The largest bet allowed right now (the pot, or a cap). */
  readonly maxBet: number;
  readonly cycle: number;
  /** seen[m]: cards of month m revealed this cycle, m = 1..12 (own hand not included). */
  readonly seen: Int8Array;
  readonly rules: WolnamRules;
  /** Exact prior odds of the best bet for each hand, indexed lo * 13 + hi. */
  readonly prior: BetOdds[];
}

/** The view of the seat to act, read through to the state: a decision then writes one
 * field instead of copying the table into the view (the copy was a tenth of a turn),
 * and most strategies read only the months and the pot. */
class SeatView implements WolnamView {
  seat = 0;
  readonly prior: BetOdds[];

  constructor(private readonly s: WolnamState) {
    this.prior = tables(s.r).prior;
  }

  get lo(): number {
    return this.s.lo;
  }
  get hi(): number {
    return this.s.hi;
  }
  get pot(): number {
    return this.s.pot;
  }
  get bankroll(): number {
    return this.s.bankroll[this.seat]!;
  }
  get minBet(): number {
    return this.s.r.minBet;
  }
  get maxBet(): number {
    return this.s.cap;
  }
  get cycle(): number {
    return this.s.cycle;
  }
  get seen(): Int8Array {
    return this.s.seen;
  }
  get rules(): WolnamRules {
    return this.s.r;
  }
}

/** A bet's bounds into out: the minimum bet (the cap, when that is lower) to the cap; true. */
export function betBounds(minBet: number, cap: number, out: Float64Array): true {
  out[0] = Math.min(minBet, cap);
  out[1] = cap;
  return true;
}

/** betFactor and betDrawsCard for one rules object, tabulated: [((lo*13+hi)*4+kind)*13+m] and
 * [lo*13+hi]. Settling a bet is then two lookups. */
interface Tables {
  factor: Float64Array;
  drawsCard: Uint8Array;
  worstLoss: number;
  /** The prior best bet of every hand (priorTable), read by strategies, never written. */
  prior: BetOdds[];
}

/** One Tables per rules object: the states of a search bot or a particle filter (hundreds of
 * them) share them, and a copy skips them. */
const tablesOf = new WeakMap<WolnamRules, Tables>();

function tables(r: WolnamRules): Tables {
  let t = tablesOf.get(r);
  if (t) return t;
  t = { factor: new Float64Array(13 * 13 * 4 * 13), drawsCard: new Uint8Array(13 * 13), worstLoss: worstLoss(r), prior: priorTable(r) };
  for (let a = 1; a <= 12; a++) {
    for (let b = a; b <= 12; b++) {
      t.drawsCard[a * 13 + b] = betDrawsCard(r, a, b) ? 1 : 0;
      for (const kind of [BET, BET_HIGHER, BET_LOWER]) {
        for (let m = 0; m <= 12; m++) t.factor[((a * 13 + b) * 4 + kind) * 13 + m] = betFactor(r, a, b, kind, m);
      }
    }
  }
  tablesOf.set(r, t);
  return t;
}

/** betFactor for every hand, kind and month under rules r, indexed ((lo*13+hi)*4+kind)*13+m. */
export const betFactors = (r: WolnamRules): Float64Array => tables(r).factor;

export class WolnamState implements GameState {
  log: Trace | null = null;
  readonly n: number;
  readonly deck = new Deck();
  rng!: Rng;
  /** Two cards per seat, seat k at [2k, 2k+1]; a seat's cards are dealt when its turn
   * comes, so seats later in the cycle still hold last cycle's cards. */
  readonly hand: Uint8Array;
  /** Per seat, SHOWN, FACE_DOWN or FACE_DOWN_REDEALT (determinize.ts): whether the cards of a
   * seat whose turn has come this cycle are known to all. */
  readonly faceDown: Uint8Array;
  /** Whether any rule settles some hands without a decision (Rain, fixed pair wins,
   * consecutive-month rules): the common case skips those checks. */
  readonly autoRules: boolean;
  /** Whether a bet is capped by the pot alone (no cap rule, no bankroll cap). */
  readonly plainCap: boolean;
  readonly bankroll: Float64Array;
  pot = 0;
  cycle = 0;
  /** Turns taken this cycle; the seat to act is (dealer + 1 + turn) mod n. */
  turn = 0;
  dealer = 0;
  toAct = TERMINAL;
  /** The months of the hand of the seat whose turn it is, and its bet cap. */
  lo = 0;
  hi = 0;
  cap = 0;
  rotatePending = false;
  /** The month of the last third card turned (0 before any): the luck meter reads it after a
   * bet, when the cycle may have ended and the deck been gathered. */
  third = 0;
  /** 16 bytes, so that `seenWords` clears it with four stores each cycle. */
  readonly seen = new Int8Array(16);
  readonly seenWords = new Int32Array(this.seen.buffer);
  // Per-seat and per-game statistics, read by `rates` and by experiments.
  readonly bets: Int32Array;
  readonly betChips: Float64Array;
  readonly ados: Int32Array;
  readonly wins: Int32Array;
  decisions = 0;
  posts = 0;
  empties = 0;
  /** Sum over pot empties of the deal cycles since the ante that filled it. */
  dealsToEmpty = 0;
  anteCycle = 0;
  readonly worstLoss: number;
  /** The rules' Tables. */
  readonly factor: Float64Array;
  readonly drawsCard: Uint8Array;
  readonly view: SeatView;

  constructor(readonly r: WolnamRules) {
    const n = (this.n = r.players);
    this.hand = new Uint8Array(2 * n);
    this.faceDown = new Uint8Array(n);
    this.plainCap = r.maxBet === 'pot' && !r.bankrollCap;
    this.autoRules = r.deathByRain || r.pairRule === 'winFixed' || r.consecutiveRule !== 'betLoses';
    this.bankroll = new Float64Array(n);
    this.bets = new Int32Array(n);
    this.betChips = new Float64Array(n);
    this.ados = new Int32Array(n);
    this.wins = new Int32Array(n);
    const t = tables(r);
    this.factor = t.factor;
    this.drawsCard = t.drawsCard;
    this.worstLoss = t.worstLoss;
    this.view = new SeatView(this);
  }
}

/**
 * Gives `seat` two cards from the pile. A seat's cards are drawn when its turn comes, not
 * all at the start of the cycle: the shuffled cards are exchangeable, so who gets which
 * position of the deck changes no probability, and it saves a pass over the table.
 */
function dealTo(s: WolnamState, seat: number): void {
  s.deck.drawTwo(s.rng, s.hand, 2 * seat);
  s.faceDown[seat] = FACE_DOWN;
  const a = month(s.hand[2 * seat]!),
    b = month(s.hand[2 * seat + 1]!);
  // Branch-free min and max: which card is lower is a coin flip, and a mispredicted
  // branch costs as much as the rest of the deal.
  const lower = ((a - b) >> 31) & (a - b);
  s.lo = b + lower;
  s.hi = a - lower;
  if (s.log) logDeal(s, seat);
}

/** Records a deal, out of line: no run that counts traces. */
function logDeal(s: WolnamState, seat: number): void {
  s.log?.event({ type: 'deal', seat, cards: [cardName(s.hand[2 * seat]!), cardName(s.hand[2 * seat + 1]!)] });
}

/** Records a settlement of `seat` with the pot: `paid` into it (negative: taken from it). */
function logSettle(s: WolnamState, seat: number, rule: string, paid: number): void {
  s.log?.event({ type: 'settle', seat, rule, paid, pot: s.pot, bankrolls: Array.from(s.bankroll) });
}

function ante(s: WolnamState): void {
  const a = s.r.ante;
  for (let k = 0; k < s.n; k++) s.bankroll[k]! -= a;
  s.pot += a * s.n;
  s.anteCycle = s.cycle;
  if (s.log) {
    s.log.push(`  everyone antes ${a}: pot ${s.pot}`);
    s.log.event({ type: 'ante', amount: a, pot: s.pot });
  }
}

/** Moves `x` chips from seat to pot (negative: from pot to seat). */
function pay(s: WolnamState, seat: number, x: number): void {
  s.bankroll[seat]! -= x;
  s.pot += x;
}

/** Shows the hand of `seat`, whose turn it is. */
function reveal(s: WolnamState, seat: number): void {
  s.faceDown[seat] = SHOWN;
  s.seen[s.lo]!++;
  s.seen[s.hi]!++;
}

function potEmptied(s: WolnamState): void {
  s.empties++;
  s.dealsToEmpty += s.cycle - s.anteCycle + 1;
  if (s.r.dealerRotation === 'rightWhenPotEmpties') s.rotatePending = true;
  if (s.log) {
    s.log.push('  the pot is empty');
    s.log.event({ type: 'pot_empty' });
  }
  if (s.r.reanteOnEmptyPot === 'immediate') ante(s);
}

function startCycle(s: WolnamState): void {
  if (s.rotatePending || (s.r.dealerRotation === 'rightEachCycle' && s.cycle > 0)) s.dealer = (s.dealer + 1) % s.n;
  s.rotatePending = false;
  s.deck.reset();
  // Four word stores: TypedArray.fill's call costs more than a turn's bookkeeping.
  const w = s.seenWords;
  w[0] = 0;
  w[1] = 0;
  w[2] = 0;
  w[3] = 0;
  s.turn = 0;
  if (s.log) {
    s.log.push(`cycle ${s.cycle + 1}: dealer seat ${s.dealer}, pot ${s.pot}`);
    s.log.event({ type: 'cycle', cycle: s.cycle, dealer: s.dealer, pot: s.pot });
  }
}

/** The largest bet allowed now, before the bankroll cap. */
function tableCap(s: WolnamState): number {
  const r = s.r;
  if (r.maxBet === 'halfPotFirstCycle' && s.cycle === 0) return s.pot / 2;
  if (r.maxBet === 'schedule') {
    const sch = r.maxBetSchedule!;
    return Math.min(s.pot, sch[Math.min(s.cycle, sch.length - 1)]!);
  }
  return s.pot;
}

/** The largest bet `seat` may make now: the table's cap, under bankrollCap what its chips cover. */
export function maxBet(s: WolnamState, seat: number): number {
  if (s.plainCap) return s.pot;
  const cap = tableCap(s);
  if (!s.r.bankrollCap) return cap;
  return Math.min(cap, Math.max(0, Math.floor(s.bankroll[seat]! / s.worstLoss)));
}

/** The most one chip bet can lose under these rules (posts, Ilbi, pair matches, ado). */
function worstLoss(r: WolnamRules): number {
  let worst = 1;
  for (let a = 1; a <= 12; a++) {
    for (let b = a; b <= 12; b++) {
      for (const kind of [BET, BET_HIGHER, BET_LOWER]) {
        for (let m = 1; m <= 12; m++) worst = Math.max(worst, -betFactor(r, a, b, kind, m));
      }
    }
  }
  return worst * r.adoLossMultiplier;
}

/** Plays the turns that need no decision, then stops at the next seat that has one. */
function advance(s: WolnamState): void {
  for (;;) {
    if (s.turn === s.n) {
      if (s.pot === 0) ante(s);
      s.cycle++;
      if (s.cycle === s.r.cycles) {
        s.toAct = TERMINAL;
        return;
      }
      startCycle(s);
    }
    let seat = s.dealer + 1 + s.turn;
    if (seat >= s.n) seat -= s.n;
    dealTo(s, seat);
    if ((s.autoRules || s.pot === 0) && settledWithoutDecision(s, seat)) {
      s.turn++;
      continue;
    }
    const cap = maxBet(s, seat);
    if (cap <= 0) {
      if (s.log) {
        s.log.push(`  seat ${seat} cannot cover a bet and folds`);
        s.log.event({ type: 'no_bet', seat, why: 'cannotCover' });
      }
      s.turn++;
      continue;
    }
    s.toAct = seat;
    s.cap = cap;
    return;
  }
}

/** Settles a turn the rules decide alone (empty pot, Rain, fixed pair win, consecutive
 * months); returns false when the seat has a real decision. May redeal the seat's hand. */
function settledWithoutDecision(s: WolnamState, seat: number): boolean {
  const r = s.r;
  const a = s.lo,
    b = s.hi;
  if (s.pot === 0) {
    if (s.log) {
      s.log.push(`  seat ${seat}: the pot is empty, no bet`);
      s.log.event({ type: 'no_bet', seat, why: 'potEmpty' });
    }
    return true;
  }
  switch (autoRule(r, a, b)) {
    case AUTO_RAIN:
      reveal(s, seat);
      if (a === 12 && r.doubleRainTakesPot) {
        if (s.log) s.log.push(`  seat ${seat} holds two Rain cards and takes the pot of ${s.pot}`);
        const x = s.pot;
        pay(s, seat, -x);
        if (s.log) logSettle(s, seat, 'doubleRain', -x);
        potEmptied(s);
      } else {
        const x = r.deathByRainPenalty ?? r.ante;
        if (s.log) s.log.push(`  seat ${seat} holds Rain (${a}-${b}) and pays ${x}`);
        pay(s, seat, x);
        if (s.log) logSettle(s, seat, 'rain', x);
      }
      return true;
    case AUTO_PAIR: {
      reveal(s, seat);
      const x = Math.min(r.pairWinFixedAmount, s.pot);
      if (s.log) s.log.push(`  seat ${seat} holds a pair of ${a} and takes ${x}`);
      pay(s, seat, -x);
      if (s.log) logSettle(s, seat, 'pair', -x);
      if (s.pot === 0) potEmptied(s);
      return true;
    }
    case AUTO_CONSECUTIVE:
      reveal(s, seat);
      if (s.log) s.log.push(`  seat ${seat} holds consecutive months ${a}-${b} and pays ${r.minBet}`);
      pay(s, seat, r.minBet);
      if (s.log) logSettle(s, seat, 'consecutive', r.minBet);
      return true;
  }
  // Laid aside face up and replaced (the new hand is not checked against the rules above).
  while (redeals(r, s.lo, s.hi, s.deck.left, s.n - s.turn - 1)) {
    reveal(s, seat);
    if (s.log) {
      s.log.push(`  seat ${seat} lays aside ${s.lo}-${s.hi} and is dealt two new cards`);
      s.log.event({ type: 'lay_aside', seat });
    }
    dealTo(s, seat);
    s.faceDown[seat] = FACE_DOWN_REDEALT;
  }
  return false;
}

function settle(s: WolnamState, seat: number, kind: number, bet: number): void {
  const a = s.lo,
    b = s.hi;
  const ado = bet === s.pot;
  s.bets[seat]!++;
  s.betChips[seat]! += bet;
  if (ado) s.ados[seat]!++;
  reveal(s, seat);
  let m = 0;
  if (s.drawsCard[a * 13 + b]) {
    const c = s.deck.draw(s.rng);
    m = month(c);
    s.third = m;
    s.seen[m]!++;
    if (m === a || m === b) s.posts++;
    if (s.log) {
      s.log.push(`  third card ${cardName(c)}`);
      s.log.event({ type: 'draw', seat, card: cardName(c) });
    }
  }
  const won = betWon(s, kind, bet, m);
  if (won > 0) {
    s.wins[seat]!++;
    pay(s, seat, -bet);
    if (s.log) {
      s.log.push(`  seat ${seat} wins ${bet}: pot ${s.pot}`);
      logSettle(s, seat, 'win', -bet);
    }
    if (s.pot === 0) potEmptied(s);
  } else if (won < 0) {
    const loss = -won;
    pay(s, seat, loss);
    if (s.log) {
      s.log.push(`  seat ${seat} loses ${loss}: pot ${s.pot}`);
      logSettle(s, seat, 'loss', loss);
    }
  } else if (s.log) {
    s.log.push(`  seat ${seat} pushes`);
    logSettle(s, seat, 'push', 0);
  }
}

/** Whether the hand to act is a pair that bets higher or lower (else the bet is BET). */
const callsHighLow = (s: WolnamState): boolean => s.lo === s.hi && s.r.pairRule === 'callHighLow';

const KIND_NAMES = ['fold', 'bet', 'bet higher', 'bet lower'];
/** The same in records, bets only. */
const CALL_IDS = ['', 'between', 'higher', 'lower'];

export const wolnamppong: GameDef<WolnamState, WolnamRules, WolnamView> = {
  id: 'wolnamppong',
  title: 'Wolnamppong (In-Between with Hwatu cards, played for a pot)',
  schema: wolnamSchema,
  lowerIsBetter: false,
  seats: (r) => r.players,
  maxActions: () => 3,
  create: (r) => new WolnamState(r),
  deal(s, rng) {
    s.rng = rng;
    s.bankroll.fill(s.r.bankroll);
    s.pot = 0;
    s.cycle = 0;
    s.dealer = 0;
    s.rotatePending = false;
    s.bets.fill(0);
    s.betChips.fill(0);
    s.ados.fill(0);
    s.wins.fill(0);
    s.decisions = s.posts = s.empties = s.dealsToEmpty = 0;
    ante(s);
    startCycle(s);
    advance(s);
  },
  toAct: (s) => s.toAct,
  legal(s, out) {
    out[0] = FOLD;
    if (callsHighLow(s)) {
      out[1] = BET_HIGHER;
      out[2] = BET_LOWER;
      return 3;
    }
    out[1] = BET;
    return 2;
  },
  isLegal: (s, a) => a === FOLD || (callsHighLow(s) ? a === BET_HIGHER || a === BET_LOWER : a === BET),
  amountBounds: (s, a, out) => a !== FOLD && betBounds(s.r.minBet, s.cap, out),
  amountAllowed(s, _a, x) {
    // Whole chips keep every amount a dyadic rational, which doubles hold exactly.
    return Number.isInteger(x) || x === s.cap ? null : `bets are whole chips or the maximum ${s.cap} (got ${x})`;
  },
  apply(s, a, amount) {
    const seat = s.toAct;
    s.decisions++;
    if (a !== FOLD) settle(s, seat, a, amount);
    s.turn++;
    advance(s);
  },
  // Every field of a state is play, public record or the rules' shared tables (skipped as
  // the same object in both states): the generic copier copies it whole.
  copy: copyState,
  determinize,
  luck: () => new WolnamLuck(),
  infer: { tracker: (h, rules, soft) => wolnamTracker(h, rules, soft), truth: keepHands },
  /**
   * A search bot plays a betting decision out to the end of its deal cycle: the cycle is the
   * unit of play (the deck is gathered and shuffled after it, so no card knowledge outlives
   * it), and it holds the decision's own settlement and everything it changes in the rest of
   * the round of turns (the pot the later players of the cycle bet against).
   */
  round: (s) => s.cycle,
  returns(s, out) {
    for (let k = 0; k < s.n; k++) out[k] = s.bankroll[k]! - s.r.bankroll;
  },
  view(s, seat) {
    s.view.seat = seat;
    return s.view;
  },
  actionName: (_s, a, amount) => (a === FOLD ? 'fold' : amount ? `${KIND_NAMES[a]} ${amount}` : KIND_NAMES[a]!),
  actionEvent: (s, a, amount) => (a === FOLD ? { type: 'fold', seat: s.toAct } : { type: 'bet', seat: s.toAct, call: CALL_IDS[a], amount }),
  describe(s) {
    const seat = s.toAct;
    return `  seat ${seat} holds ${cardName(s.hand[2 * seat]!)} ${cardName(s.hand[2 * seat + 1]!)} (months ${s.lo}-${s.hi}), pot ${s.pot}, chips ${s.bankroll[seat]}`;
  },
  rates(s, add) {
    let bets = 0,
      ados = 0,
      wins = 0;
    for (let k = 0; k < s.n; k++) {
      bets += s.bets[k]!;
      ados += s.ados[k]!;
      wins += s.wins[k]!;
    }
    add('bet', bets, s.decisions);
    add('win', wins, bets);
    add('post', s.posts, bets);
    add('ado', ados, bets);
    add('potEmptied', s.empties, s.r.cycles);
  },
};
