// Everything one American session keeps beyond the shared table (table/state.ts), and the hooks
// the table's turn flow calls: a win is a card line, judged by the card win model (wins.ts, and
// claims.ts for a discard claimed for Mah Jongg or an exposure), jokers in exposures are
// exchanged for naturals, hands the visible tiles prove unwinnable are dead, and the deal passes
// after every hand (RULES.md, "Play" to "Payments").

import * as tilesModule from '../tiles.js';
import { makeSet, wallTiles } from '../tile-sets.js';
import * as flowModule from '../table/flow.js';
import type { LaterExposure, StartLean, WinModel } from '../table/hooks.js';
import { pairingRules } from '../table/pairing.js';
import * as kindsModule from '../table/kinds.js';
import * as tableStateModule from '../table/state.js';
import { SessionStats, TableState } from '../table/state.js';
import * as writesModule from '../table/writes.js';
import { STANDARD_SHAPES } from '../shanten.js';
import type { Card } from './card.js';
import { CARD_KINDS } from './card.js';
import { Charleston, letGo } from './charleston.js';
import { startLean } from './start-lean.js';
import * as claimsModule from './claims.js';
import * as deadModule from './dead.js';
import * as paymentsModule from './payments.js';
import { CardIndex, SeatLines } from './lines.js';
import * as slotsModule from './slots.js';
import { EXPOSURE_KINDS, rulesCard, type AmericanRules } from './rules.js';
import type { AmericanView } from './view.js';
import * as winsModule from './wins.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { FLOWER, JOKER } = tilesModule;
const { BIT, WORD } = kindsModule;
const { PREPLAY, SEATS, STRIDE } = tableStateModule;
const { declareDead, setCallable } = writesModule;
const { cardClaims, claimMeld, claimMelds, turnDeclarations } = claimsModule;
const { MAX_EXPOSURES } = slotsModule;
const { cardComplete, cardWaits, winningVariant } = winsModule;
const { DEAD_FALSE_WIN, DeadTest, checkDead, findWitnesses } = deadModule;
const { JOKER_ROWS, payDiscardWins, paySelfDraw, selfDrawWorth } = paymentsModule;

/** Per-seat counters summed over the session: the table's, and per card line and jokers dealt. */
export class AmericanStats extends SessionStats {
  /** Per line: seat-hands nearest to it after the Charleston, wins, the wins among those seat-hands
   * (a seat that chased it won with it), points won, jokers in the winning hands, wins with no joker (bonus or not). */
  declare readonly chased: Int32Array;
  declare readonly lineWins: Int32Array;
  declare readonly lineConverted: Int32Array;
  declare readonly linePaid: Float64Array;
  declare readonly lineJokers: Int32Array;
  declare readonly lineJokerless: Int32Array;
  /** Per jokers dealt (0..JOKER_ROWS, the last meaning that many or more): seat-hands, their wins and their net. */
  readonly jokerSeats = this.arena.i32(JOKER_ROWS + 1);
  readonly jokerWins = this.arena.i32(JOKER_ROWS + 1);
  readonly jokerNet = this.arena.f64(JOKER_ROWS + 1);
  /** Sum over seat-hands of the tiles away from the nearest line after the Charleston. */
  awayAfterCharleston = 0;
  dealerWins = 0;
  exchanges = 0;
  deadHands = 0;
  heavenly = 0;
  secondCharlestons = 0;
  courtesyTiles = 0;
  blindTiles = 0;

  constructor(lines: number) {
    super();
    this.chased = new Int32Array(lines);
    this.lineWins = new Int32Array(lines);
    this.lineConverted = new Int32Array(lines);
    this.linePaid = new Float64Array(lines);
    this.lineJokers = new Int32Array(lines);
    this.lineJokerless = new Int32Array(lines);
  }

  override reset(): void {
    super.reset();
    for (const a of [this.chased, this.lineWins, this.lineConverted, this.linePaid, this.lineJokers, this.lineJokerless]) a.fill(0);
    this.awayAfterCharleston = this.dealerWins = this.exchanges = this.deadHands = this.heavenly = 0;
    this.secondCharlestons = this.courtesyTiles = this.blindTiles = 0;
  }
}

/** The card win model (table/hooks.ts): waits and complete hands (wins.ts), claims (claims.ts). */
const CARD_WINS: WinModel<AmericanState> = { waits: cardWaits, complete: cardComplete, claims: cardClaims, claimMelds, claimMeld };

/** The card and its index for each rules object: immutable, so every state made for the rules
 * shares them, and a state copy (src/core/copy.ts) finds them the same and skips them. */
const compiled = new WeakMap<AmericanRules, { card: Card; index: CardIndex }>();

/** The last hand identity given in this thread (AmericanState.serial). */
let lastSerial = 0;

function compiledCard(r: AmericanRules): { card: Card; index: CardIndex } {
  let c = compiled.get(r);
  if (!c) {
    const card = rulesCard(r);
    c = { card, index: new CardIndex(card) };
    compiled.set(r, c);
  }
  return c;
}

export class AmericanState extends TableState<AmericanRules> {
  declare readonly stats: AmericanStats;
  readonly views: AmericanView[] = [];
  declare readonly card: Card;
  declare readonly index: CardIndex;
  /** Each seat's tiles away from every variant (synced with the hand before each use). */
  declare readonly lines: SeatLines[];
  declare readonly charleston: Charleston;
  /** Copies of each card kind in the set, and the jokers. */
  declare readonly copies: Int8Array;
  declare readonly jokerCount: number;
  /** Per kind, the exposure sizes some line of the card holds (bit size - 3), less those the rules forbid. */
  readonly setSizes = new Uint8Array(CARD_KINDS);
  /** Kinds some line holds in an exposable set (kinds.ts mask, word 0 and word 1). */
  readonly setKinds = new Int32Array(2);

  // Per hand: exposures (seat * MAX_EXPOSURES + i); the kinds each seat could expose on a discard
  // are the table's `callable`.
  readonly expTile = this.arena.u8(SEATS * MAX_EXPOSURES);
  readonly expSize = this.arena.u8(SEATS * MAX_EXPOSURES);
  readonly expJokers = this.arena.u8(SEATS * MAX_EXPOSURES);
  readonly expN = this.arena.u8(SEATS);
  /** Per seat: a variant still possible from the visible tiles (the dead-hand test's witness). */
  readonly witness = this.arena.i32(SEATS);
  /** Per seat: the line it chased when the Charleston ended (its nearest), -1 before (a heavenly hand has none). */
  readonly chasedLine = this.arena.i32(SEATS);
  /** Per seat: the winning variant found by the last win test, or -1. */
  readonly winVariant = this.arena.i32(SEATS);
  readonly jokersDealt = this.arena.u8(SEATS);
  /** Per seat: a joker drawn would complete its 13 tiles (the joker has no bit in `waits`). */
  readonly jokerWait = this.arena.u8(SEATS);
  /**
   * passed[(y * SEATS + k) * CARD_KINDS + t]: tiles of kind t that seat k passed to y in the
   * Charleston and that y still holds as far as k can tell: y has chosen no pass since, and has
   * not let that many of the kind go (kinds are interchangeable: a discard of the kind may be the
   * passed tile or another). Only determinizations read it (knownTiles). By receiver, so that
   * what every passer knows of y's hand, forgotten at each pass y chooses, is one run.
   */
  readonly passed = this.arena.i8(SEATS * SEATS * CARD_KINDS);
  /** The seat to act has exchanged a joker this turn (a win after it counts as self-picked). */
  exchanged = false;
  /** What the dead-hand test knows of the jokers, and whether its tallies still hold (dead.ts). */
  readonly deadTest = new DeadTest();
  /** The hand's identity for bots that plan per hand (AmericanView.handId): a number no other
   * table of this thread has had, given when a hand is dealt and again when the table is
   * overwritten by a copy (a rollout's table, a determinization, a particle). A count per state
   * gave every table's first hand the same number, so a bot that planned a Charleston pass in
   * one rollout (or one game) took the plan for its own in the next, at the same step. Private,
   * so that a copy (src/core/copy.ts) leaves it to afterCopy and a state's data never holds it. */
  #serial = 0;

  get serial(): number {
    return this.#serial;
  }

  constructor(r: AmericanRules) {
    const set = makeSet('american', (c) => {
      for (let k = 0; k < FLOWER; k++) c[k] = 4;
      c[FLOWER] = r.flowerCount;
      c[JOKER] = r.jokerCount;
    });
    const { card, index } = compiledCard(r);
    super(
      r,
      {
        set,
        wallTiles: wallTiles(set),
        reserve: 0,
        reserveBlocksReplacement: true,
        flowersAside: false,
        shapes: STANDARD_SHAPES, // unused: the card win model judges every win
        quadPairs: false,
        chowCalls: false,
        headBump: true,
        robKong: false,
        pongBeatsChow: false,
        wins: CARD_WINS,
        deadSkipTurns: r.deadHandStopsPlaying,
        ...pairingRules(r.pairing),
      },
      new AmericanStats(card.lines.length),
    );
    this.card = card;
    this.index = index;
    this.lines = Array.from({ length: SEATS }, () => new SeatLines(this.index));
    this.charleston = new Charleston(this);
    this.copies = Int8Array.from({ length: CARD_KINDS }, (_, k) => set.copies[k]!);
    this.jokerCount = r.jokerCount;
    const allowed = EXPOSURE_KINDS.reduce((m, name, i) => (r.exposureKinds.includes(name) ? m | (1 << i) : m), 0);
    for (const v of card.variants) {
      if (card.lines[v.line]!.concealed) continue;
      for (const g of v.sets) this.setSizes[g.tile]! |= (1 << (g.size - 3)) & allowed;
    }
    for (let k = 0; k < CARD_KINDS; k++) if (this.setSizes[k] !== 0) this.setKinds[WORD[k]!]! |= BIT[k]!;
  }

  /** Seat `seat`'s lines, brought up to date with its hand. */
  seatLines(seat: number): SeatLines {
    const l = this.lines[seat]!;
    l.syncSeat(this.hand, seat * STRIDE, this.gi, seat * 4);
    return l;
  }

  // ---- Table hooks ------------------------------------------------------------------------

  newHand(): void {
    this.#serial = ++lastSerial;
    for (const l of this.lines) l.reset();
    this.exchanged = false;
    this.deadTest.checked = false;
    this.winVariant.fill(-1);
    this.chasedLine.fill(-1);
  }

  override afterDeal(): boolean {
    const st = this.stats;
    for (let y = 0; y < SEATS; y++) {
      const j = this.hand[y * STRIDE + JOKER]!;
      this.jokersDealt[y] = j;
      st.jokerSeats[Math.min(j, JOKER_ROWS)]!++;
    }
    // The heavenly hand: East's dealt 14 already complete a line, before any pass.
    if (this.r.heavenlyHand) {
      const v = winningVariant(this, this.dealer);
      if (v >= 0) {
        this.log?.push(`seat ${this.dealer} has a heavenly hand`);
        this.log?.event({ type: 'heavenly_hand', seat: this.dealer });
        st.heavenly++;
        // Settled as a self-pick on East's turn.
        this.winVariant[this.dealer] = v;
        flowModule.heavenlyWin(this, this.dealer);
        return true;
      }
    }
    this.charleston.start();
    return true;
  }

  /** The Charleston is over: note where each seat stands, then East's first turn. */
  afterCharleston(): void {
    const st = this.stats;
    const ix = this.index;
    for (let y = 0; y < SEATS; y++) {
      const l = this.seatLines(y);
      let best = 0;
      for (let line = 1; line < ix.lines; line++) {
        const a = l.lineAway(line);
        const b = l.lineAway(best);
        if (a < b || (a === b && ix.value[line]! > ix.value[best]!)) best = line;
      }
      st.chased[best]!++;
      this.chasedLine[y] = best;
      st.awayAfterCharleston += l.lineAway(best);
      this.witness[y] = l.lineVariant(best);
      if (y !== this.dealer) cardWaits(this, y);
    }
    this.deadTest.checked = false;
    flowModule.startPlay(this);
  }

  selfDrawLegal(_seat: number): boolean {
    return true;
  }

  onDiscard(seat: number, kind: number, _declare: number): void {
    this.exchanged = false;
    letGo(this, seat, kind, 1);
  }

  /** The discard went unclaimed: only now is it out of play, and the hands it killed are dead
   * (RULES.md, "Dead hands": a hand waiting on it was offered Mah Jongg first), before the next
   * seat is chosen, so that a dead one is passed over. */
  override onPassed(_seat: number): void {
    checkDead(this, this.claimTile);
  }

  discardWin(_seat: number, _tile: number): number {
    return 0; // the card win model judges discard wins (claims.ts)
  }

  missedWin(_seat: number, _tile: number): void {}

  falseWin(seat: number): void {
    // Not reachable by a legal move (the table offers a win only when it is one); kept for the contract.
    declareDead(this, seat, DEAD_FALSE_WIN);
  }

  override addDeclarations(x: number, out: Int16Array, n: number): number {
    return turnDeclarations(this, x, out, n);
  }

  // ---- Settlement (payments.ts) ----------------------------------------------------------

  paySelfDraw(seat: number): void {
    paySelfDraw(this, seat);
  }

  payDiscardWins(): void {
    payDiscardWins(this);
  }

  override selfDrawWorth(seat: number, tile: number, reader: number): number {
    return selfDrawWorth(this, seat, tile, reader);
  }

  dealerKeeps(_dealerWon: boolean, exhausted: boolean): boolean {
    return exhausted && !this.r.dealerPassesAfterWallGame;
  }

  sessionOver(): boolean {
    return this.handNo >= this.r.handsPerSession;
  }

  // ---- Search hooks -----------------------------------------------------------------------
  //
  // What a seat knows beyond the table's model (table/hidden.ts): the tiles it passed in the
  // Charleston and where each went (blind passes route them by the public pass sizes), for as
  // long as the receiver cannot have let them go (`passed`). Once the receiver chooses a pass of
  // its own, its next pass may hold them: the knowledge is dropped (exact when it passes all
  // three of its own tiles, which may be any three; a receiver that passes one or two and the
  // rest blind lets the determinization take it to have lost more of them than it can have). What
  // the seat received it sees in its own hand. The passes the others are choosing are hidden
  // places of their own (jokers are never passed).

  override knownTiles(seat: number, y: number, out: Int8Array): void {
    const at = (y * SEATS + seat) * CARD_KINDS;
    for (let t = 0; t < CARD_KINDS; t++) out[t]! += this.passed[at + t]!;
  }

  override countHidden(seat: number, counts: Int16Array): void {
    this.charleston.countHidden(seat, counts);
  }

  override hiddenRefuses(kind: number): boolean {
    return kind === JOKER;
  }

  /** The Charleston's shape at the first turn (start-lean.ts). */
  override startLean(discarded: ArrayLike<number>, exposed: readonly LaterExposure[]): StartLean | null {
    return startLean(this.index, discarded, exposed);
  }

  override dealHidden(seat: number, next: () => number): void {
    this.charleston.dealHidden(seat, next);
  }

  /** The seat's lines are brought to its new hand with their nearest variants found afresh; its
   * last win test, waits and calls are recomputed or cleared by the table. */
  override handRedealt(y: number): void {
    this.seatLines(y).refreshAll();
    this.winVariant[y] = -1;
    this.jokerWait[y] = 0;
    setCallable(this, y, 0, 0);
  }

  /** Other seats' Charleston knowledge is theirs; dead-hand witnesses (which variant proved a hand
   * alive, first found from its tiles after the Charleston) are found again from the visible tiles. */
  override afterDeterminize(seat: number): void {
    this.deadTest.checked = false;
    // Every row but `seat`'s own, (y * SEATS + seat) for each y: the runs between them.
    for (let y = 0, from = 0; y <= SEATS; y++) {
      const to = y < SEATS ? (y * SEATS + seat) * CARD_KINDS : this.passed.length;
      if (to > from) this.passed.fill(0, from, to);
      from = to + CARD_KINDS;
    }
    if (this.phase !== PREPLAY) findWitnesses(this, seat);
  }

  override afterCopy(): void {
    this.#serial = ++lastSerial;
    for (const l of this.lines) l.invalidate();
  }
}
