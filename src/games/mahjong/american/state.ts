// Everything one American session keeps beyond the shared table (table/state.ts), and the hooks
// the table's turn flow calls: a win is a card line (lines.ts keeps every seat's tiles away up
// to date), a discard is claimed only for Mah Jongg or an exposure of 3-6 identical tiles that
// may hold jokers, jokers in exposures are exchanged for naturals, hands the visible tiles prove
// unwinnable are dead, and the deal passes after every hand (RULES.md, "Play" to "Payments").

import * as tilesModule from '../tiles.js';
import { makeSet, wallTiles } from '../tile-sets.js';
import * as actionsModule from '../table/actions.js';
import * as flowModule from '../table/flow.js';
import { pairingRules } from '../table/pairing.js';
import * as kindsModule from '../table/kinds.js';
import * as tableStateModule from '../table/state.js';
import { SessionStats, TableState } from '../table/state.js';
import * as americanActions from './actions.js';
import { STANDARD_SHAPES } from '../shanten.js';
import * as cardModule from './card.js';
import type { Card } from './card.js';
import { Charleston } from './charleston.js';
import { CardIndex, SeatLines } from './lines.js';
import { placeExposures, type Exposure } from './slots.js';
import { EXPOSURE_KINDS, rulesCard, type AmericanRules } from './rules.js';
import type { AmericanView } from './view.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { FLOWER, JOKER, tileName } = tilesModule;
const { CAN_MELD, CAN_WIN } = actionsModule;
const { addTile, discard, endDeadTurn, prepareTurn, takeTiles } = flowModule;
const { BIT, WORD } = kindsModule;
const { PREPLAY, SEATS, STRIDE, TURN } = tableStateModule;
const { DISCARD_FLOWER, DISCARD_JOKER, EXCHANGE, exposeAction, exposeJokers, exposeSize } = americanActions;
const { CARD_KINDS } = cardModule;

/** Most exposures one seat can make (four groups of 3 or more within 14 tiles). */
export const MAX_EXPOSURES = 4;
/** Dead-hand causes (TableState.dead). */
export const DEAD_VISIBLE = 1;
export const DEAD_FALSE_WIN = 2;
/** Jokers dealt to one seat are tallied up to this many (more count here). */
export const JOKER_ROWS = 4;

/** Per-seat counters summed over the session: the table's, and per card line and jokers dealt. */
export class AmericanStats extends SessionStats {
  /** Per line: seat-hands nearest to it after the Charleston, wins, points won, jokers in the winning hands, wins with no joker (bonus or not). */
  readonly chased: Int32Array;
  readonly lineWins: Int32Array;
  readonly linePaid: Float64Array;
  readonly lineJokers: Int32Array;
  readonly lineJokerless: Int32Array;
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
    this.linePaid = new Float64Array(lines);
    this.lineJokers = new Int32Array(lines);
    this.lineJokerless = new Int32Array(lines);
  }

  override reset(): void {
    super.reset();
    for (const a of [this.chased, this.lineWins, this.linePaid, this.lineJokers, this.lineJokerless]) a.fill(0);
    this.awayAfterCharleston = this.dealerWins = this.exchanges = this.deadHands = this.heavenly = 0;
    this.secondCharlestons = this.courtesyTiles = this.blindTiles = 0;
  }
}

/** The card and its index for each rules object: immutable, so every state made for the rules
 * shares them, and a state copy (src/core/copy.ts) finds them the same and skips them. */
const compiled = new WeakMap<AmericanRules, { card: Card; index: CardIndex }>();

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
  readonly card: Card;
  readonly index: CardIndex;
  /** Each seat's tiles away from every variant (synced with the hand before each use). */
  readonly lines: SeatLines[];
  readonly charleston: Charleston;
  /** Copies of each card kind in the set, and the jokers. */
  readonly copies: Int8Array;
  readonly jokerCount: number;
  /** Per kind, the exposure sizes some line of the card holds (bit size - 3), less those the rules forbid. */
  readonly setSizes = new Uint8Array(CARD_KINDS);
  /** Kinds some line holds in an exposable set (kinds.ts mask, word 0 and word 1). */
  private readonly setKinds = new Int32Array(2);

  // Per hand: exposures (seat * MAX_EXPOSURES + i), the kinds each seat could expose on a discard.
  readonly expTile = this.arena.u8(SEATS * MAX_EXPOSURES);
  readonly expSize = this.arena.u8(SEATS * MAX_EXPOSURES);
  readonly expJokers = this.arena.u8(SEATS * MAX_EXPOSURES);
  readonly expN = this.arena.u8(SEATS);
  readonly calls = this.arena.i32(SEATS * 2);
  /** Per seat: a variant still possible from the visible tiles (the dead-hand test's witness). */
  readonly witness = this.arena.i32(SEATS);
  /** Per seat: the winning variant found by the last win test, or -1. */
  readonly winVariant = this.arena.i32(SEATS);
  readonly jokersDealt = this.arena.u8(SEATS);
  /** Per seat: a joker drawn would complete its 13 tiles (the joker has no bit in `waits`). */
  readonly jokerWait = this.arena.u8(SEATS);
  /**
   * passed[(k * SEATS + y) * CARD_KINDS + t]: tiles of kind t that seat k passed to y in the
   * Charleston and that y still holds as far as k can tell: y has chosen no pass since, and has
   * not let that many of the kind go (kinds are interchangeable: a discard of the kind may be the
   * passed tile or another). Only determinizations read it (knownTiles).
   */
  readonly passed = this.arena.i8(SEATS * SEATS * CARD_KINDS);
  /** The seat to act has exchanged a joker this turn (a win after it counts as self-picked). */
  exchanged = false;
  /** Three hands are dead: the hand ends as a wall game. */
  ended = false;
  /**
   * Every live seat's witness was found possible from the visible tiles by the last checkDead,
   * and the tallies it made (tallyJokers) still hold: then, when a discard goes unclaimed, only
   * that kind's unseen count has changed since, and a witness that does not use it stays
   * possible (checkDead). Cleared by whatever else sets witnesses or lays the table anew.
   */
  private deadChecked = false;
  /** Hands dealt by this state, a hand's identity for bots that plan per hand. */
  serial = 0;

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
        shapes: STANDARD_SHAPES, // unused: cardWins judges every win
        quadPairs: false,
        chowCalls: false,
        headBump: true,
        robKong: false,
        pongBeatsChow: false,
        cardWins: true,
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
    this.callable = this.calls;
    const allowed = EXPOSURE_KINDS.reduce((m, name, i) => (r.exposureKinds.includes(name) ? m | (1 << i) : m), 0);
    for (const v of card.variants) {
      if (card.lines[v.line]!.concealed) continue;
      for (const g of v.sets) this.setSizes[g.tile]! |= (1 << (g.size - 3)) & allowed;
    }
    for (let k = 0; k < CARD_KINDS; k++) if (this.setSizes[k] !== 0) this.setKinds[WORD[k]!]! |= BIT[k]!;
  }

  override live(): number {
    return this.ended ? 0 : this.wall.live();
  }

  /** Seat `seat`'s lines, brought up to date with its hand. */
  seatLines(seat: number): SeatLines {
    const l = this.lines[seat]!;
    l.syncSeat(this.hand, seat * STRIDE, this.gi, seat * 4);
    return l;
  }

  /** The highest-valued variant `seat`'s 14 tiles complete, or -1. */
  private winningVariant(seat: number): number {
    const l = this.seatLines(seat);
    const value = this.index.value;
    let best = -1;
    for (let line = 0; line < value.length; line++) {
      if (l.lineAway(line) === 0 && (best < 0 || value[line]! > value[this.index.vLine[best]!]!)) best = l.lineVariant(line);
    }
    return best;
  }

  // ---- Table hooks ------------------------------------------------------------------------

  newHand(): void {
    this.serial++;
    for (const l of this.lines) l.reset();
    this.exchanged = false;
    this.ended = false;
    this.deadChecked = false;
    this.winVariant.fill(-1);
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
      const v = this.winningVariant(this.dealer);
      if (v >= 0) {
        this.log?.push(`seat ${this.dealer} has a heavenly hand`);
        this.log?.event({ type: 'heavenly_hand', seat: this.dealer });
        st.heavenly++;
        // Settled as a self-pick on East's turn.
        this.phase = TURN;
        this.cur = this.dealer;
        this.winVariant[this.dealer] = v;
        this.turnWinOk = this.turnWinShape = true;
        flowModule.selfDrawWin(this);
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
      st.awayAfterCharleston += l.lineAway(best);
      this.witness[y] = l.lineVariant(best);
      if (y !== this.dealer) this.cardWaits(y);
    }
    this.deadChecked = false;
    flowModule.startPlay(this);
  }

  override cardWaits(seat: number): void {
    const m = seat * 2;
    this.waits[m] = 0;
    this.waits[m + 1] = 0;
    this.jokerWait[seat] = 0;
    this.setCalls(seat);
    if (this.dead[seat] !== 0) return;
    const l = this.seatLines(seat);
    const ix = this.index;
    const { vStart, vEntry, eKind } = ix;
    const lineStart = this.card.lineStart;
    for (let line = 0; line < ix.lines; line++) {
      if (l.lineAway(line) !== 1) continue;
      for (let v = lineStart[line]!; v < lineStart[line + 1]!; v++) {
        if (l.away(v) !== 1) continue;
        // One tile short: the natural it misses, or (naturals complete) any kind with an open joker slot.
        const missing = l.sum[v]! >> 6;
        if (missing === 0) this.jokerWait[seat] = 1;
        for (let i = vStart[v]!; i < vStart[v + 1]!; i++) {
          const e = vEntry[i]!;
          const t = eKind[e]!;
          const r = l.row[e]!;
          const n = r >> 8;
          const j = (r >> 4) & 15;
          const h = l.counts[t]!;
          if (missing > 0 ? n > h : j > Math.max(0, h - n)) this.waits[m + WORD[t]!]! |= BIT[t]!;
        }
      }
    }
  }

  /** The kinds `seat` could expose on a discard: a line holds a set of it, and naturals and jokers make up the rest. */
  private setCalls(seat: number): void {
    const off = seat * STRIDE;
    const jokers = this.hand[off + JOKER]!;
    const m = seat * 2;
    if (this.dead[seat] !== 0) {
      this.calls[m] = this.calls[m + 1] = 0;
    } else if (jokers >= 2) {
      this.calls[m] = this.setKinds[0]!;
      this.calls[m + 1] = this.setKinds[1]!;
    } else {
      const held = jokers === 1 ? this.kinds : this.pairs;
      this.calls[m] = held[m]! & this.setKinds[0]!;
      this.calls[m + 1] = held[m + 1]! & this.setKinds[1]!;
      if (this.hand[off + FLOWER]! + jokers >= 2 && this.setSizes[FLOWER] !== 0) this.calls[m]! |= BIT[FLOWER]!;
    }
  }

  override cardComplete(seat: number): boolean {
    this.winVariant[seat] = -1;
    if (this.dead[seat] !== 0) return false;
    // East's first turn wins only by the earthly hand; after an exposure only a joker exchange can complete.
    const d = this.drawn;
    if (d < 0 && !this.exchanged && (this.fromClaim || !this.r.earthlyHand)) return false;
    // A drawn tile completes the hand only if it is one of the 13 tiles' waits.
    if (d >= 0 && !this.exchanged && (d === JOKER ? this.jokerWait[seat] === 0 : (this.waits[seat * 2 + WORD[d]!]! & BIT[d]!) === 0))
      return false;
    const v = this.winningVariant(seat);
    this.winVariant[seat] = v;
    return v >= 0;
  }

  selfDrawLegal(_seat: number): boolean {
    return true;
  }

  override cardClaims(y: number, t: number): number {
    if (this.dead[y] !== 0) return 0;
    let opts = 0;
    if (this.has(this.waits, y, t) && (!this.lastDiscard || this.r.lastDiscardClaimable)) {
      // The hand with the discard added (the seat's lines follow the hand when next read).
      addTile(this, y, t);
      const v = this.winningVariant(y);
      takeTiles(this, y, t, 1);
      this.winVariant[y] = v;
      if (v >= 0) {
        this.ronOk[y] = 1;
        opts |= CAN_WIN;
      }
    }
    if (!this.lastDiscard && this.has(this.calls, y, t) && this.expN[y]! < MAX_EXPOSURES && this.meldOptions(y, t) !== 0) opts |= CAN_MELD;
    return opts;
  }

  /** Exposure sizes (bit size - 3) `y` can make of the discard `t` with its naturals and jokers,
   * keeping a concealed tile to discard after it: an exposure cannot take a hand's last tile (only
   * Mah Jongg can, and cardClaims offers that as a win). */
  private meldOptions(y: number, t: number): number {
    const have = this.hand[y * STRIDE + t]! + this.hand[y * STRIDE + JOKER]!;
    // Between turns a hand holds 13 tiles, concealed and exposed together.
    let concealed = 13;
    for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + this.expN[y]!; i++) concealed -= this.expSize[i]!;
    let m = 0;
    for (let size = 3; size <= 6; size++) {
      if (have >= size - 1 && size - 1 < concealed && (this.setSizes[t]! & (1 << (size - 3))) !== 0) m |= 1 << (size - 3);
    }
    return m;
  }

  override claimMelds(y: number, out: Int16Array, n: number): number {
    const t = this.claimTile;
    const nat = this.hand[y * STRIDE + t]!;
    const jokers = this.hand[y * STRIDE + JOKER]!;
    const sizes = this.meldOptions(y, t);
    for (let size = 3; size <= 6; size++) {
      if ((sizes & (1 << (size - 3))) === 0) continue;
      for (let j = Math.max(0, size - 1 - nat); j <= Math.min(jokers, size - 1); j++) out[n++] = exposeAction(size, j);
    }
    return n;
  }

  override claimMeld(y: number, a: number): void {
    const t = this.claimTile;
    const size = exposeSize(a);
    const jokers = exposeJokers(a);
    const naturals = size - 1 - jokers;
    takeTiles(this, y, t, naturals);
    takeTiles(this, y, JOKER, jokers);
    this.seen[t]! += naturals;
    const i = y * MAX_EXPOSURES + this.expN[y]!++;
    this.expTile[i] = t;
    this.expSize[i] = size;
    this.expJokers[i] = jokers;
    this.letGo(y, t, naturals);
    this.seatLines(y).expose({ tile: t, size, jokers });
    this.exchanged = false;
    this.log?.push(`seat ${y} exposes ${size} x ${tileName(t)}${jokers ? ` with ${jokers} joker${jokers > 1 ? 's' : ''}` : ''}`);
    this.log?.event({ type: 'exposure', seat: y, pai: tileName(t), size, jokers });
    this.checkDead();
  }

  /** Lays an exposure already on the table before `y` (a situation read, a test): its tiles are
   * out of every hand, and everyone sees its naturals. */
  placeExposure(y: number, e: Exposure): void {
    const i = y * MAX_EXPOSURES + this.expN[y]!++;
    this.expTile[i] = e.tile;
    this.expSize[i] = e.size;
    this.expJokers[i] = e.jokers;
    this.seen[e.tile]! += e.size - e.jokers;
    this.lines[y]!.expose(e);
    this.deadChecked = false;
  }

  onDiscard(seat: number, kind: number, _declare: number): void {
    this.exchanged = false;
    this.letGo(seat, kind, 1);
  }

  /** The discard went unclaimed: only now is it out of play, and the hands it killed are dead
   * (RULES.md, "Dead hands": a hand waiting on it was offered Mah Jongg first), before the next
   * seat is chosen, so that a dead one is passed over. */
  override nextSeat(seat: number): number {
    this.checkDead(this.claimTile);
    return super.nextSeat(seat);
  }

  /** `y` let `n` tiles of kind `t` go from its concealed hand: what each passer knows it holds drops by n. */
  private letGo(y: number, t: number, n: number): void {
    if (t >= CARD_KINDS) return; // jokers are never passed
    for (let k = 0; k < SEATS; k++) {
      const i = (k * SEATS + y) * CARD_KINDS + t;
      const left = this.passed[i]! - n;
      this.passed[i] = left > 0 ? left : 0;
    }
  }

  discardWin(_seat: number, _tile: number): boolean {
    return false; // cardClaims judges discard wins
  }

  missedWin(_seat: number, _tile: number): void {}

  falseWin(seat: number): void {
    // Not reachable by a legal move (the table offers a win only when it is one); kept for the contract.
    this.dead[seat] = DEAD_FALSE_WIN;
  }

  override addDeclarations(x: number, out: Int16Array, n: number): number {
    const off = x * STRIDE;
    if (this.hand[off + FLOWER]! > 0) out[n++] = DISCARD_FLOWER;
    if (this.hand[off + JOKER]! > 0) out[n++] = DISCARD_JOKER;
    return this.exchangeActions(x, out, n);
  }

  /** Seat x's joker exchanges (EXCHANGE + kind, kinds in order) written to out from n; returns the new n. */
  exchangeActions(x: number, out: Int16Array, n: number): number {
    // A dead hand exchanges no joker (where it plays on, it only draws and discards).
    if (this.dead[x] !== 0) return n;
    // The held kinds some exposure holds a joker of (asked at every turn: most turns there is none).
    const off = x * STRIDE;
    const mark = this.exchangeable;
    let any = false;
    for (let y = 0; y < SEATS; y++) {
      for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + this.expN[y]!; i++) {
        const t = this.expTile[i]!;
        if (this.expJokers[i]! > 0 && this.hand[off + t]! > 0) {
          mark[t] = 1;
          any = true;
        }
      }
    }
    if (!any) return n;
    for (let t = 0; t < CARD_KINDS; t++) {
      if (mark[t] === 0) continue;
      mark[t] = 0;
      out[n++] = EXCHANGE + t;
    }
    return n;
  }

  /** exchangeActions' scratch: kinds marked, cleared again as they are listed. */
  private readonly exchangeable = new Uint8Array(CARD_KINDS);

  /** The first exposure of `t` holding a joker, own seat's first, then in turn order (seat * MAX_EXPOSURES + i), or -1. */
  exposureWithJoker(t: number): number {
    for (let d = 0; d < SEATS; d++) {
      const y = (this.cur + d) % SEATS;
      for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + this.expN[y]!; i++)
        if (this.expTile[i] === t && this.expJokers[i]! > 0) return i;
    }
    return -1;
  }

  /** A ruleset turn action: discarding a flower or a joker, or a joker exchange. */
  turnAction(a: number): void {
    const x = this.cur;
    if (a === DISCARD_FLOWER || a === DISCARD_JOKER) {
      const k = a === DISCARD_FLOWER ? FLOWER : JOKER;
      if (this.hand[x * STRIDE + k]! <= 0) throw new Error(`american: seat ${x} holds no ${tileName(k)}`);
      return discard(this, x, k, 0);
    }
    if (this.dead[x] !== 0) throw new Error(`american: seat ${x}'s hand is dead: it exchanges no joker`);
    const t = a - EXCHANGE;
    const i = t >= 0 && t < CARD_KINDS && this.hand[x * STRIDE + t]! > 0 ? this.exposureWithJoker(t) : -1;
    if (i < 0) throw new Error(`american: seat ${x} cannot exchange ${t >= 0 && t < CARD_KINDS ? tileName(t) : `kind ${t}`} for a joker`);
    const owner = (i / MAX_EXPOSURES) | 0;
    takeTiles(this, x, t, 1);
    addTile(this, x, JOKER);
    this.letGo(x, t, 1);
    this.expJokers[i]!--;
    this.seen[t]!++;
    this.lines[owner]!.exchanged(i - owner * MAX_EXPOSURES);
    this.stats.exchanges++;
    this.exchanged = true;
    // The hand changed: the drawn tile is no longer one thrown back unchanged.
    this.drawn = -1;
    this.log?.push(`seat ${x} exchanges ${tileName(t)} for a joker from seat ${owner}`);
    this.log?.event({ type: 'joker_exchange', seat: x, target: owner, pai: tileName(t) });
    this.checkDead();
    // An exchange that proved the exchanger's own hand dead ends its turn where dead hands stop playing.
    if (this.dead[x] !== 0 && this.deadSkipTurns) {
      this.exchanged = false;
      return endDeadTurn(this, x);
    }
    prepareTurn(this);
  }

  // ---- Dead hands ------------------------------------------------------------------------

  /** Declares dead every live hand the visible tiles prove unwinnable; three dead end the hand
   * (a situation read calls it once its table is laid). `letGo` is the kind of a discard that has
   * just gone unclaimed, the one change since the last check (-1: check everything). */
  checkDead(letGo = -1): void {
    if (this.r.deadHandAdjudication === 'off') return;
    // The unseen count of one kind, neither a joker nor one an exposure holds jokers of, is read
    // only by the witnesses that use it: the others are still possible, and the tallies hold.
    const quick = this.deadChecked && letGo >= 0 && letGo < CARD_KINDS && this.exposedJokers[letGo] === 0;
    if (!quick) this.tallyJokers();
    const entryOf = this.index.entryOf;
    let deadN = 0;
    for (let y = 0; y < SEATS; y++) {
      if (this.dead[y] === 0 && !(quick && entryOf[this.witness[y]! * CARD_KINDS + letGo]! < 0) && !this.possible(y, this.witness[y]!)) {
        const ix = this.index;
        let w = -1;
        for (let v = 0; v < ix.variants && w < 0; v++) if (this.possible(y, v)) w = v;
        if (w >= 0) this.witness[y] = w;
        else {
          this.dead[y] = DEAD_VISIBLE;
          this.stats.deadHands++;
          this.waits[y * 2] = this.waits[y * 2 + 1] = 0;
          this.calls[y * 2] = this.calls[y * 2 + 1] = 0;
          this.log?.push(`seat ${y}'s hand is dead: no line is still possible from the visible tiles`);
          this.log?.event({ type: 'dead_hand', seat: y, why: 'noLinePossible' });
        }
      }
      if (this.dead[y] !== 0) deadN++;
    }
    this.deadChecked = true;
    if (deadN >= 3 && this.r.threeDeadHandsEndGame && !this.ended) {
      this.ended = true;
      this.log?.push('three dead hands: the hand ends as a wall game');
      this.log?.event({ type: 'ryukyoku', reason: 'threeDeadHands' });
    }
  }

  /** Whether `y` may still complete some variant of `line`, judged from the visible tiles as
   * the dead-hand test judges them (advice shows only the lines still alive). */
  linePossible(y: number, line: number): boolean {
    this.tallyJokers();
    const start = this.card.lineStart;
    for (let v = start[line]!; v < start[line + 1]!; v++) if (this.possible(y, v)) return true;
    return false;
  }

  // What the dead-hand test knows of the jokers, from the visible tiles (tallyJokers): per kind,
  // the jokers lying in exposures of it (any seat's, to be had by exchanging a natural of that
  // kind for each); the jokers neither discarded nor in an exposure (in the wall or some
  // concealed hand); and, summed over the kinds, jokerBalance of a kind no variant entry uses.
  private readonly exposedJokers = new Int8Array(CARD_KINDS);
  private hiddenJokers = 0;
  private unusedBalance = 0;

  private tallyJokers(): void {
    const e = this.exposedJokers;
    e.fill(0);
    let exposed = 0;
    for (let y = 0; y < SEATS; y++) {
      for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + this.expN[y]!; i++) {
        e[this.expTile[i]!]! += this.expJokers[i]!;
        exposed += this.expJokers[i]!;
      }
    }
    this.hiddenJokers = this.jokerCount - this.seen[JOKER]! - exposed;
    let b = 0;
    for (let t = 0; t < CARD_KINDS; t++) if (e[t] !== 0) b += jokerBalance(this.copies[t]! - this.seen[t]!, 0, 0, e[t]!);
    this.unusedBalance = b;
  }

  /**
   * Whether variant `v` may still be completed by `y`, judged only from what everyone sees (the
   * discards and every exposure): its exposures fit, every natural it still needs has a copy
   * unseen, and the jokers can fill the rest: those neither discarded nor exposed, and those in
   * exposures, each for an unseen natural of its kind that the variant can spare. A variant that
   * fits the exposures only once some of y's own jokers are exchanged away is possibleRedeemed.
   */
  private possible(y: number, v: number): boolean {
    const l = this.lines[y]!;
    if (l.ok[v] === 0) return this.possibleRedeemed(y, v);
    const { vStart, vEntry, eKind } = this.index;
    const e = this.exposedJokers;
    let need = this.unusedBalance;
    for (let i = vStart[v]!; i < vStart[v + 1]!; i++) {
      const entry = vEntry[i]!;
      const t = eKind[entry]!;
      const r = l.row[entry]!;
      const unseen = this.copies[t]! - this.seen[t]!;
      const b = jokerBalance(unseen, r >> 8, (r >> 4) & 15, e[t]!);
      if (b === IMPOSSIBLE) return false;
      need += b - (e[t] !== 0 ? jokerBalance(unseen, 0, 0, e[t]!) : 0);
    }
    return need <= this.hiddenJokers;
  }

  /**
   * Variant `v` does not fit `y`'s exposures as they lie; it may once `y` exchanges every joker
   * of some of them for naturals (a set of a section without jokers takes an exposure of
   * naturals only). Each exchanged joker needs one more unseen natural of its exposure's kind,
   * and joins the hidden jokers. Tries every such choice of y's exposures holding jokers.
   */
  private possibleRedeemed(y: number, v: number): boolean {
    const ix = this.index;
    if (ix.vNaturalSets[v] === 0 || ix.vConcealed[v] !== 0) return false;
    const at = y * MAX_EXPOSURES;
    const n = this.expN[y]!;
    let jokered = 0;
    for (let i = 0; i < n; i++) if (this.expJokers[at + i]! > 0) jokered |= 1 << i;
    const { nat, jok, jokers, used, list } = redeemScratch;
    list.length = n;
    for (let m = jokered; m > 0; m = (m - 1) & jokered) {
      for (let i = 0; i < n; i++)
        list[i] = { tile: this.expTile[at + i]!, size: this.expSize[at + i]!, jokers: (m >> i) & 1 ? 0 : this.expJokers[at + i]! };
      if (!placeExposures(ix.card.variants[v]!, list, nat, jok, used)) continue;
      jokers.set(this.exposedJokers);
      let hidden = this.hiddenJokers;
      for (let i = 0; i < n; i++) {
        if (((m >> i) & 1) === 0) continue;
        const t = this.expTile[at + i]!;
        const j = this.expJokers[at + i]!;
        nat[t]! += j;
        jokers[t]! -= j;
        hidden += j;
      }
      let need = 0;
      for (let t = 0; t < CARD_KINDS && need !== IMPOSSIBLE; t++) {
        const b = jokerBalance(this.copies[t]! - this.seen[t]!, nat[t]!, jok[t]!, jokers[t]!);
        need = b === IMPOSSIBLE ? IMPOSSIBLE : need + b;
      }
      if (need <= hidden) return true;
    }
    return false;
  }

  // ---- Settlement -------------------------------------------------------------------------

  /** Whether `seat`'s winning tiles hold no joker and its line's section pays the jokerless bonus. */
  private jokerless(seat: number, line: number): boolean {
    if (!this.r.jokerlessBonus || this.index.jokerless[line] === 0 || this.hand[seat * STRIDE + JOKER]! > 0) return false;
    for (let i = seat * MAX_EXPOSURES; i < seat * MAX_EXPOSURES + this.expN[seat]!; i++) if (this.expJokers[i]! > 0) return false;
    return true;
  }

  private settle(winner: number, discarder: number): void {
    const line = this.index.vLine[this.winVariant[winner]!]!;
    const free = this.jokerless(winner, line);
    const v = this.index.value[line]! * (free ? 2 : 1);
    const r = this.r;
    let got = 0;
    for (let y = 0; y < SEATS; y++) {
      if (y === winner) continue;
      const pay = v * (discarder < 0 ? r.selfPickMultiplier : y === discarder ? r.discarderMultiplier : r.othersMultiplier);
      this.net[y]! -= pay;
      got += pay;
    }
    this.net[winner]! += got;
    const st = this.stats;
    st.winPoints[winner]! += got;
    st.lineWins[line]!++;
    st.linePaid[line]! += got;
    let jokers = this.hand[winner * STRIDE + JOKER]!;
    for (let i = winner * MAX_EXPOSURES; i < winner * MAX_EXPOSURES + this.expN[winner]!; i++) jokers += this.expJokers[i]!;
    st.lineJokers[line]! += jokers;
    if (jokers === 0) st.lineJokerless[line]!++;
    st.jokerWins[Math.min(this.jokersDealt[winner]!, JOKER_ROWS)]!++;
    if (winner === this.dealer) st.dealerWins++;
    this.log?.push(
      `seat ${winner} wins with ${this.card.lines[line]!.id} (value ${this.index.value[line]}${free ? ', jokerless x2' : ''}${discarder < 0 ? ', self-picked' : `, on seat ${discarder}'s discard`}): +${got}`,
    );
    this.log?.event({
      type: 'win',
      seat: winner,
      target: discarder < 0 ? winner : discarder,
      line: this.card.lines[line]!.id,
      value: this.index.value[line],
      jokerless: free,
      points: got,
    });
  }

  /** Adds each seat's net for the hand to the row of the jokers it was dealt. */
  private noteNet(before: Float64Array): void {
    for (let y = 0; y < SEATS; y++) this.stats.jokerNet[Math.min(this.jokersDealt[y]!, JOKER_ROWS)]! += this.net[y]! - before[y]!;
  }

  private readonly netBefore = new Float64Array(SEATS);

  paySelfDraw(seat: number): void {
    this.netBefore.set(this.net);
    this.settle(seat, -1);
    this.noteNet(this.netBefore);
  }

  payDiscardWins(): void {
    const x = this.discarder;
    this.netBefore.set(this.net);
    for (let i = 1; i < SEATS; i++) {
      const y = (x + i) % SEATS;
      if ((this.winners & (1 << y)) === 0) continue;
      // The winning tile joins the hand before the tiles are judged jokerless.
      addTile(this, y, this.claimTile);
      this.settle(y, x);
    }
    this.noteNet(this.netBefore);
  }

  dealerKeeps(_dealerWon: boolean, exhausted: boolean): boolean {
    return exhausted && !this.r.dealerPassesAfterWallGame;
  }

  sessionOver(): boolean {
    return this.handNo >= this.r.handsPerSession;
  }

  // ---- Search hooks -----------------------------------------------------------------------
  //
  // What a seat knows beyond the table's model (table/determinize.ts): the tiles it passed in the
  // Charleston and where each went (blind passes route them by the public pass sizes), for as
  // long as the receiver cannot have let them go (`passed`). Once the receiver chooses a pass of
  // its own, its next pass may hold them: the knowledge is dropped (exact when it passes all
  // three of its own tiles, which may be any three; a receiver that passes one or two and the
  // rest blind lets the determinization take it to have lost more of them than it can have). What
  // the seat received it sees in its own hand. The passes the others are choosing are hidden
  // places of their own (jokers are never passed).

  override knownTiles(seat: number, y: number, out: Int8Array): void {
    const at = (seat * SEATS + y) * CARD_KINDS;
    for (let t = 0; t < CARD_KINDS; t++) out[t]! += this.passed[at + t]!;
  }

  override poolHidden(seat: number, counts: Int16Array): void {
    this.charleston.poolHidden(seat, counts);
  }

  override hiddenRefuses(kind: number): boolean {
    return kind === JOKER;
  }

  override dealHidden(seat: number, draw: () => number): void {
    this.charleston.dealHidden(seat, draw);
  }

  /** The seat's lines are brought to its new hand with their nearest variants found afresh; its
   * last win test, waits and calls are recomputed or cleared by the table. */
  override handRedealt(y: number): void {
    this.seatLines(y).refreshAll();
    this.winVariant[y] = -1;
    this.jokerWait[y] = 0;
    this.calls[y * 2] = this.calls[y * 2 + 1] = 0;
  }

  /** Other seats' Charleston knowledge is theirs; dead-hand witnesses (which variant proved a hand
   * alive, first found from its tiles after the Charleston) are found again from the visible tiles. */
  override afterDeterminize(seat: number): void {
    this.deadChecked = false;
    for (let k = 0; k < SEATS; k++) if (k !== seat) this.passed.fill(0, k * SEATS * CARD_KINDS, (k + 1) * SEATS * CARD_KINDS);
    if (this.phase === PREPLAY) return;
    this.tallyJokers();
    for (let y = 0; y < SEATS; y++) {
      if (y === seat || this.dead[y] !== 0) continue;
      let w = 0;
      while (w < this.index.variants - 1 && !this.possible(y, w)) w++;
      this.witness[y] = w;
    }
  }

  override afterCopy(): void {
    for (const l of this.lines) l.invalidate();
  }
}

/** Scratch of possibleRedeemed: a variant placed on exposures whose jokers are exchanged away. */
const redeemScratch = {
  nat: new Int8Array(CARD_KINDS),
  jok: new Int8Array(CARD_KINDS),
  jokers: new Int8Array(CARD_KINDS),
  used: [] as boolean[],
  list: [] as Exposure[],
};

const IMPOSSIBLE = 1 << 20;

/**
 * What one kind of a variant asks of the jokers in the dead-hand test: `unseen` copies of the
 * kind are unseen, the variant still needs `naturals` of them as naturals and has `slots` joker
 * slots, and `exposed` jokers lie in exposures of the kind. Its spare naturals fill the slots or
 * buy those jokers, one each, whichever they can: the jokers it still needs from elsewhere are
 * slots - min(spare, slots + exposed), negative when it brings jokers in; IMPOSSIBLE when the
 * naturals are not there.
 */
function jokerBalance(unseen: number, naturals: number, slots: number, exposed: number): number {
  if (naturals > unseen) return IMPOSSIBLE;
  const spare = unseen - naturals;
  return slots - Math.min(spare, slots + exposed);
}
