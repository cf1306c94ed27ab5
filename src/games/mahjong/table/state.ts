// What every mahjong ruleset's table keeps: typed arrays indexed seat * STRIDE + kind (hands),
// seat * 2 + word (kinds.ts masks), seat * 4 + group (hand-eval patterns) or seat * MAX_MELDS
// + i (melds), allocated once per worker and reset per hand. A ruleset extends TableState
// with its own fields and answers the hooks of hooks.ts, which the turn flow (flow.ts) calls
// once per event: what is legal, what happens at each moment, how a hand is settled and how
// hidden tiles are dealt for search.
//
// The table's fields are read-only to everyone but the table: TableState declares them so (its
// arrays Readonly), and the table's own code writes them through WritableTable, the same state
// with the marks off (a type only: no cost). A ruleset changes them only through the table's
// operations (flow.ts) and its named writes (writes.ts), so the compiler lists every write a
// ruleset makes.

import type { GameState } from '../../../core/game.js';
import type { Trace } from '../../../core/trace.js';
import type { Rng } from '../../../core/rng.js';
import type { WinShapes } from '../shanten.js';
import type { LaterExposure, RulesetHooks, StartLean, WinModel } from './hooks.js';
import type { TileSet } from '../tile-sets.js';
import * as tilesModule from '../tiles.js';
import { HandEval } from './hand-eval.js';
import * as kindsModule from './kinds.js';
import * as meldsModule from './melds.js';
import { Wall } from './wall.js';

// Imports as module-local consts, read once: see flow.ts.
const { KINDS } = tilesModule;
const { BIT, WORD } = kindsModule;
const { MAX_MELDS } = meldsModule;

export const SEATS = 4;

/** What a self-draw of `winner` means to `reader` (TableSettlement.selfDrawWorth), `owed(y)` being
 * what payer y would owe: the winner collects from every other seat, a payer loses its own. */
export function selfDrawShare(winner: number, reader: number, owed: (payer: number) => number): number {
  if (reader !== winner) return -owed(reader);
  let sum = 0;
  for (let y = 0; y < SEATS; y++) if (y !== winner) sum += owed(y);
  return sum;
}
/** SEATS - 1: the seats are a power of two, so the seat after y is `(y + 1) & LAST_SEAT`, one
 * instruction, where `% SEATS` costs a signed remainder (1% of a Korean tsumogiri hand's
 * instructions, in the turn order and the deal). */
export const LAST_SEAT = 3;
/** Hand stride: every kind, flowers and jokers included (American hands hold both). */
export const STRIDE = KINDS;

// Phases.
export const TURN = 0; // `cur` holds 14 - 3 per meld tiles and must act
export const CLAIM = 1; // `claimSeats[claimAt]` is offered the discard (or a kong's added tile)
export const OVER = 2;
export const PREPLAY = 3; // the ruleset's decisions before East's first turn (American: the Charleston)

/** How a ruleset plays on the table: data the turn flow reads, fixed for a session. */
export interface TableRules {
  /** The set and its wall, every physical tile as its kind, in kind order. */
  readonly set: TileSet;
  readonly wallTiles: Uint8Array;
  /** Tiles at the end of the wall that are never drawn in turn. */
  readonly reserve: number;
  /** Kong and flower replacements may not reach into the reserve either. */
  readonly reserveBlocksReplacement: boolean;
  /** Flowers drawn are set aside and replaced from the tail. */
  readonly flowersAside: boolean;
  readonly shapes: WinShapes;
  /** Seven pairs may count four of a kind as two pairs. */
  readonly quadPairs: boolean;
  /** Chows may be claimed from the seat on the left. */
  readonly chowCalls: boolean;
  /** Several seats winning on one discard: only the first in turn order from the discarder. */
  readonly headBump: boolean;
  /** Another seat may win on the tile a player adds to a pung (robbing the kong). */
  readonly robKong: boolean;
  /** ... and on a concealed kong's tile. */
  readonly robConcealedKong?: boolean;
  /** A pung or kong claim beats a chow claim from a seat earlier in turn order (default true). */
  readonly pongBeatsChow?: boolean;
  /** Wins are judged by this model, not by the standard shapes (American: a card line): waits,
   * complete hands and claim options come from it, and nobody declares kongs. */
  readonly wins?: WinModel<TableState>;
  /** A dead hand stops drawing and discarding: turns pass over it. */
  readonly deadSkipTurns?: boolean;
  /** A seat's claim lifts its missed-win lock (`temp`) as its next draw does (default true);
   * false: only the draw does. */
  readonly claimLiftsLock?: boolean;
  /**
   * Every hand after a session's first draws its wall (and its other chance events) from a
   * stream of its own, keyed by the session's stream as the session began and the hand's
   * number, and the deal goes round from seat 0 whoever deals. The wall is shuffled as it is
   * drawn, so with one stream for the session a hand's wall would depend on how many tiles the
   * hands before it drew: two arms that played an early hand differently would be dealt
   * different walls ever after, and their later hands would not be paired; and dealing from
   * the dealer would give a seat other tiles in an arm whose dealer differs. The first hand is
   * dealt as with one stream. The ruleset's `pairing` option sets it (pairing.ts).
   */
  readonly handStreams: boolean;
  /** After the deal each seat draws in turn from places of the wall of its own
   * (Wall.startSeatDraws; pairing.ts). */
  readonly seatDraws: boolean;
}

/**
 * Typed arrays carved out of one buffer, so a new hand (or session) clears them all with one
 * fill instead of one call per array.
 */
export class Arena {
  private readonly bytes = new Uint8Array(8192);
  private at = 0;

  i32(n: number): Int32Array {
    this.at = (this.at + 3) & ~3;
    const a = new Int32Array(this.bytes.buffer, this.at, n);
    this.at += 4 * n;
    return a;
  }

  f64(n: number): Float64Array {
    this.at = (this.at + 7) & ~7;
    const a = new Float64Array(this.bytes.buffer, this.at, n);
    this.at += 8 * n;
    return a;
  }

  i8(n: number): Int8Array {
    const a = new Int8Array(this.bytes.buffer, this.at, n);
    this.at += n;
    return a;
  }

  u8(n: number): Uint8Array {
    const a = new Uint8Array(this.bytes.buffer, this.at, n);
    this.at += n;
    return a;
  }

  clear(): void {
    this.bytes.fill(0, 0, this.at);
  }
}

/** Per-seat counters summed over the session, read by `rates` and by experiments. */
export class SessionStats {
  protected readonly arena = new Arena();
  /** Points received over this seat's wins (what its wins were worth). */
  readonly winPoints = this.arena.f64(SEATS);
  readonly wins = this.arena.i32(SEATS);
  readonly selfDraws = this.arena.i32(SEATS);
  /** Discard wins paid by this seat (a multi-win counts once per winner). */
  readonly dealIns = this.arena.i32(SEATS);
  /** Sum of the seat's own turn number at its wins. */
  readonly winTurns = this.arena.i32(SEATS);
  hands = 0;
  handsWon = 0;
  exhaustive = 0;
  multiWin = 0;
  /** The dealer's net over the hands it dealt (its edge). */
  dealerNet = 0;
  /** Discards summed over the hands (the length of a hand). */
  turns = 0;

  /** Wins over every seat. */
  totalWins(): number {
    let n = 0;
    for (let y = 0; y < SEATS; y++) n += this.wins[y]!;
    return n;
  }

  reset(): void {
    this.hands = this.handsWon = this.exhaustive = this.multiWin = this.dealerNet = this.turns = 0;
    this.arena.clear();
  }
}

/** A typed array of the table's, as a ruleset sees it: its elements read-only. (Its fill and set
 * are not barred: barring them would keep a ruleset's state from being passed to the table's
 * operations, and no ruleset calls them on the table's arrays.) */
type Frozen<A> = Readonly<A>;

/** The writable array behind a Frozen one. */
type Thawed<T> =
  T extends Frozen<Float64Array>
    ? Float64Array
    : T extends Frozen<Int32Array>
      ? Int32Array
      : T extends Frozen<Uint32Array>
        ? Uint32Array
        : T extends Frozen<Int8Array>
          ? Int8Array
          : T extends Frozen<Uint8Array>
            ? Uint8Array
            : T;

/** A state with the table's read-only marks off: what the table's own code writes through. */
export type Writable<S> = { -readonly [K in keyof S]: Thawed<S[K]> };

/** The table as its own code (flow.ts, determinize, the situation's layout) writes it. */
export type WritableTable = Writable<TableState>;

export abstract class TableState<R = unknown> implements GameState, RulesetHooks {
  log: Trace | null = null;
  declare readonly wall: Wall;
  declare readonly ev: HandEval;
  /** Net points per seat over the session. */
  readonly net: Frozen<Float64Array> = new Float64Array(SEATS);

  // Table rules, copied into plain fields: read on every move.
  declare readonly reserveBlocksReplacement: boolean;
  /** Kinds from this one on are set aside when drawn (flowers), or 255 when none are. */
  declare readonly asideFrom: number;
  declare readonly quadPairs: boolean;
  declare readonly chowCalls: boolean;
  declare readonly headBump: boolean;
  declare readonly robKong: boolean;
  declare readonly robConcealedKong: boolean;
  declare readonly pongBeatsChow: boolean;
  /** TableRules.wins, or null: the standard shapes, judged by the table's hand evaluator. */
  declare readonly wins: WinModel<TableState> | null;
  declare readonly deadSkipTurns: boolean;
  declare readonly claimLiftsLock: boolean;
  declare readonly handStreams: boolean;
  declare readonly seatDraws: boolean;

  // Session.
  /** The session's deal stream: every wall of the session is drawn from it. The wall holds the
   * one reference, so that setting it (a determinization's stream, a copy's own) redirects every
   * later draw. With hand streams (TableRules.handStreams) this object, the one the session was
   * dealt with, is reseeded at the start of each hand after the first (flow.ts dealHand). */
  get rng(): Rng {
    return this.wall.rng;
  }

  set rng(rng: Rng) {
    this.wall.rng = rng;
  }

  /** The key of the session's hand streams (TableRules.handStreams; Rng.familyKey). */
  readonly handKey: Frozen<Uint32Array> = new Uint32Array(3);
  readonly handNo: number = 0;
  readonly dealer: number = 0;
  /** Times the deal has passed. */
  readonly dealerPasses: number = 0;
  /** Hands the current dealer has kept the deal for in a row. */
  readonly dealerStreak: number = 0;
  readonly roundWind: number = 0;
  /** The dealer's net when the hand began. */
  readonly dealerNetBefore: number = 0;

  /** Everything below that a new hand clears to zero; a ruleset's own per-hand arrays come from it too. */
  readonly arena = new Arena();

  // Hand: tiles (masks are kinds.ts two-word masks, seat * 2 + word).
  /** The kinds in each hand. */
  readonly kinds: Frozen<Int32Array> = this.arena.i32(SEATS * 2);
  /** The kinds each hand holds two or more of (pung candidates). */
  readonly pairs: Frozen<Int32Array> = this.arena.i32(SEATS * 2);
  /** The kinds each hand holds four of (concealed kong candidates). */
  readonly quads: Frozen<Int32Array> = this.arena.i32(SEATS * 2);
  /** The kinds each seat has a melded pung of (added kong candidates). */
  readonly pungs: Frozen<Int32Array> = this.arena.i32(SEATS * 2);
  /** Winning kinds of each seat's 13-tile state. */
  readonly waits: Frozen<Int32Array> = this.arena.i32(SEATS * 2);
  /** Kinds of word 0 a seat may not win on by discard until its next turn (after letting a win
   * go), or -1 for every kind: a ruleset's use, cleared by the table at the seat's next draw
   * (and at its claims, unless the rules say claimLiftsLock false). */
  readonly temp: Frozen<Int32Array> = this.arena.i32(SEATS);
  /** The kinds each seat could claim a discard of for a meld: the pairs, or with a win model an
   * array of its own that the model keeps (American exposures may use jokers). */
  declare readonly callable: Frozen<Int32Array>;
  /** Own discards, as a mask (the ruleset may clear a claimed one). */
  readonly dMask: Frozen<Int32Array> = this.arena.i32(SEATS * 2);
  /** Pattern indices [m, p, s, z] of each hand, kept in step with `hand`. */
  readonly gi: Frozen<Int32Array> = this.arena.i32(SEATS * 4);
  readonly hand: Frozen<Int8Array> = this.arena.i8(SEATS * STRIDE);
  /** Tiles everyone can see: rivers and melds. */
  readonly seen: Frozen<Int8Array> = this.arena.i8(STRIDE);
  /** Shanten of each seat's 13-tile state. */
  readonly shanten13: Frozen<Int8Array> = this.arena.i8(SEATS);
  readonly meldType: Frozen<Uint8Array> = this.arena.u8(SEATS * MAX_MELDS);
  readonly meldKind: Frozen<Int8Array> = this.arena.i8(SEATS * MAX_MELDS);
  readonly meldN: Frozen<Uint8Array> = this.arena.u8(SEATS);
  readonly openMelds: Frozen<Uint8Array> = this.arena.u8(SEATS);
  readonly flowers: Frozen<Uint8Array> = this.arena.u8(SEATS);
  /** Own discards claimed by others. */
  readonly claimed: Frozen<Uint8Array> = this.arena.u8(SEATS);
  readonly draws: Frozen<Uint8Array> = this.arena.u8(SEATS);
  readonly discards: Frozen<Uint8Array> = this.arena.u8(SEATS);
  /** Why a hand is dead (cannot win at all), 0 = alive; the codes are the ruleset's. */
  readonly dead: Frozen<Uint8Array> = this.arena.u8(SEATS);

  /** The deal is under way (flowers are judged once it is done). */
  readonly dealing: boolean = false;
  /** The ruleset ended the hand as a wall game (American: three dead hands): no tile is drawn
   * any more. */
  readonly ended: boolean = false;

  // Hand: turn.
  readonly phase: number = TURN;
  readonly cur: number = 0;
  /** Tile drawn this turn, or -1 (after a claim, or the dealer's first turn). */
  readonly drawn: number = -1;
  /** The drawn tile is a kong replacement. */
  readonly afterKong: boolean = false;
  /** The drawn tile replaced a flower. */
  readonly afterFlower: boolean = false;
  /** The turn follows a pung or chow: discard only (no self-draw win, no kong). */
  readonly fromClaim: boolean = false;
  /** Any call or kong so far (ends the first go-around). */
  readonly anyCall: boolean = false;
  /** The seat to act in TURN may legally declare a self-draw win. */
  readonly turnWinOk: boolean = false;
  /** The tiles of the seat to act in TURN form a winning shape (a win may be declared). */
  readonly turnWinShape: boolean = false;
  /** The kinds the seat to act in TURN may discard, set as the turn starts (two words): the
   * view, the legal list and isLegal all ask for them on every turn. */
  readonly allowed0: number = 0;
  readonly allowed1: number = 0;
  /** The ruleset may forbid discarding some held kinds this hand (see restrict). */
  readonly restrictDiscards: boolean = false;

  // Hand: a discard (or a kong's added tile) being offered.
  readonly claimTile: number = -1;
  readonly discarder: number = -1;
  readonly discardAfterKong: boolean = false;
  readonly lastDiscard: boolean = false;
  /** The tile on offer is the fourth added to a pung: it may only be won on (robbing the kong). */
  readonly robbing: boolean = false;
  readonly claimSeats: Frozen<Int8Array> = new Int8Array(3);
  readonly claimN: number = 0;
  readonly claimAt: number = 0;
  /** Claim options per seat (bits of CAN_* in actions.ts). */
  readonly claimOpts: Frozen<Uint8Array> = new Uint8Array(SEATS);
  /** The seat may legally win on the tile on offer. */
  readonly ronOk: Frozen<Uint8Array> = new Uint8Array(SEATS);
  /** The tile on offer is one of the seat's winning tiles not barred by the ruleset: letting
   * it go is passing a winning tile. */
  readonly passable: Frozen<Uint8Array> = new Uint8Array(SEATS);
  readonly winners: number = 0;
  readonly meldClaimSeat: number = -1;
  readonly meldClaimAction: number = -1;

  declare readonly r: R;
  declare readonly stats: SessionStats;

  constructor(r: R, t: TableRules, stats: SessionStats) {
    this.r = r;
    this.stats = stats;
    this.wall = new Wall(t.wallTiles, t.reserve);
    // A ruleset with a win model never asks for shanten, so it does not pay for building the tables.
    this.ev = t.wins ? (null as unknown as HandEval) : new HandEval(t.shapes, t.set.copies[tilesModule.SOU]! > 0);
    this.reserveBlocksReplacement = t.reserveBlocksReplacement;
    this.asideFrom = t.flowersAside ? tilesModule.FLOWER : 255;
    this.quadPairs = t.quadPairs;
    this.chowCalls = t.chowCalls;
    this.headBump = t.headBump;
    this.robKong = t.robKong;
    this.robConcealedKong = t.robConcealedKong ?? false;
    this.pongBeatsChow = t.pongBeatsChow ?? true;
    this.wins = t.wins ?? null;
    this.callable = t.wins ? this.arena.i32(SEATS * 2) : this.pairs;
    this.deadSkipTurns = t.deadSkipTurns ?? false;
    this.claimLiftsLock = t.claimLiftsLock ?? true;
    this.handStreams = t.handStreams;
    this.seatDraws = t.seatDraws;
  }

  /** Clears every per-hand array. */
  clearHand(): void {
    this.arena.clear();
  }

  /** Live tiles left (drawable in turn). */
  live(): number {
    return this.ended ? 0 : this.wall.live();
  }

  /** Whether a kong or flower replacement can still be drawn. */
  replacementLeft(): boolean {
    return this.reserveBlocksReplacement ? this.wall.live() > 0 : this.wall.undrawn() > 0;
  }

  /** The seat whose turn follows `seat`'s (passing over dead hands where they stop playing),
   * asked once `seat`'s discard went unclaimed (its claim window closed), before the next draw. */
  nextSeat(seat: number): number {
    // The skipping loop out of line: this runs after every discard, on a path that must fit
    // V8's inlining budget (flow.ts discard).
    return this.deadSkipTurns ? nextLiveSeat(this, seat) : (seat + 1) & LAST_SEAT;
  }

  seatWind(seat: number): number {
    return (seat - this.dealer) & LAST_SEAT;
  }

  /** Whether `seat`'s mask `m` (seat * 2 + word arrays) holds `kind`. */
  has(m: Int32Array, seat: number, kind: number): boolean {
    return (m[seat * 2 + WORD[kind]!]! & BIT[kind]!) !== 0;
  }

  /** Whether the seat to act in TURN may discard `kind`. */
  mayDiscard(kind: number): boolean {
    return ((WORD[kind] === 0 ? this.allowed0 : this.allowed1) & BIT[kind]!) !== 0;
  }

  // ---- Ruleset hooks (hooks.ts): the defaults where most rulesets do nothing -------------------

  // What is legal (TableLegality).
  abstract selfDrawLegal(seat: number): boolean;
  restrict(_seat: number): number {
    return this.allowed0;
  }
  abstract discardWin(seat: number, tile: number): number;
  locked(_seat: number): boolean {
    return false;
  }
  addDeclarations(_seat: number, _out: Int16Array, n: number): number {
    return n;
  }
  lockedActions(_seat: number, _out: Int16Array, n: number): number {
    return n;
  }

  // What happens at each moment (TableEvents).
  newSession(): void {}
  abstract newHand(): void;
  afterDeal(): boolean {
    return false;
  }
  onFlower(_seat: number): boolean {
    return false;
  }
  abstract onDiscard(seat: number, kind: number, declare: number): void;
  onPassed(_seat: number): void {}
  abstract missedWin(seat: number, tile: number): void;
  abstract falseWin(seat: number): void;
  onClaimed(_seat: number, _kind: number): void {}

  // How a hand is settled (TableSettlement).
  abstract paySelfDraw(seat: number): void;
  abstract payDiscardWins(): void;
  selfDrawWorth(_seat: number, _tile: number, _reader: number): number {
    return Number.NaN;
  }
  abstract dealerKeeps(dealerWon: boolean, exhausted: boolean): boolean;
  roundWindAfterPass(): number {
    return this.roundWind;
  }
  abstract sessionOver(): boolean;

  // How hidden tiles are dealt for search (HiddenTiles): never called in play.
  knownTiles(_seat: number, _y: number, _out: Int8Array): void {}
  knownReady(_y: number): boolean {
    return false;
  }
  countHidden(_seat: number, _counts: Int16Array): void {}
  hiddenRefuses(_kind: number): boolean {
    return false;
  }
  dealHidden(_seat: number, _next: () => number): void {}
  startLean(_discarded: ArrayLike<number>, _exposed: readonly LaterExposure[]): StartLean | null {
    return null;
  }
  handRedealt(_y: number): void {}
  afterDeterminize(_seat: number): void {}
  afterCopy(): void {}
}

/** The seat after `seat` whose hand is not dead (`seat` itself when every other is). */
function nextLiveSeat(s: TableState, seat: number): number {
  let y = (seat + 1) & LAST_SEAT;
  while (s.dead[y] !== 0 && y !== seat) y = (y + 1) & LAST_SEAT;
  return y;
}
