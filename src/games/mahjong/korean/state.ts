// Everything one Korean session keeps: typed arrays indexed seat * 34 + kind (hands), seat * 4
// + i (melds), or by seat, allocated once per worker and reset per hand.

import type { GameState } from '../../../core/game.js';
import type { Rng } from '../../../core/rng.js';
import * as tilesModule from '../tiles.js';
import { HandEval } from './hand-eval.js';
import * as kindsModule from './kinds.js';
import * as meldsModule from './melds.js';
import type { KoreanRules } from './rules.js';
import { Scorer } from './scoring.js';
import { UperCache } from './uper.js';
import type { KoreanView } from './view.js';
import { Wall } from './wall.js';

// Imports as module-local consts, read once: see flow.ts.
const { PLAY_KINDS } = tilesModule;
const { BIT } = kindsModule;
const { fullKinds } = meldsModule;

export const SEATS = 4;

// Phases.
export const TURN = 0; // `cur` holds 14 - 3 per meld tiles and must act
export const CLAIM = 1; // `claimSeats[claimAt]` is offered the discard
export const OVER = 2;

// Why a hand is dead (cannot win at all).
export const DEAD_JUMP = 1;
export const DEAD_DISCARDED_WAIT = 2; // ➌(2): after uper, let a winning tile go
export const DEAD_UPER_FURITEN = 3; // uperWhileFuriten = 'dead'

// Why a hand may not win on a discard for the rest of the hand.
export const NO_RON_MISSED = 1; // ➌(1): passed a winning discard after uper
export const NO_RON_UPER_FURITEN = 2; // uperWhileFuriten = 'selfDrawOnly'
export const NO_RON_DISCARDED_WAIT = 3; // afterUperDiscardWinningTile = 'permanentNoRon'

/** Kinds of sacred discard a lost discard win is counted under (the study's columns). */
export const LOST_KINDS = ['temporary', 'identical', 'stem', 'afterUperMiss', 'dead'] as const;
export const LOST_TEMPORARY = 0;
export const LOST_IDENTICAL = 1;
export const LOST_STEM = 2;
export const LOST_UPER_MISS = 3;
export const LOST_DEAD = 4;

/**
 * Typed arrays carved out of one buffer, so a new hand (or session) clears them all with one
 * fill instead of one call per array.
 */
class Arena {
  private readonly bytes = new Uint8Array(4096);
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
  private readonly arena = new Arena();
  /** Points received over this seat's wins (what its wins were worth). */
  readonly winPoints = this.arena.f64(SEATS);
  readonly wins = this.arena.i32(SEATS);
  readonly selfDraws = this.arena.i32(SEATS);
  /** Discard wins paid by this seat (a multi-win counts once per winner). */
  readonly dealIns = this.arena.i32(SEATS);
  readonly upers = this.arena.i32(SEATS);
  readonly openUpers = this.arena.i32(SEATS);
  readonly jumps = this.arena.i32(SEATS);
  /** Sum of the seat's own turn number at its wins. */
  readonly winTurns = this.arena.i32(SEATS);
  /** lost[seat * 5 + kind]: discards the seat could have won on but for sacred discard. */
  readonly lost = this.arena.i32(SEATS * LOST_KINDS.length);
  hands = 0;
  handsWon = 0;
  exhaustive = 0;
  multiWin = 0;

  reset(): void {
    this.hands = this.handsWon = this.exhaustive = this.multiWin = 0;
    this.arena.clear();
  }
}

export class KoreanState implements GameState {
  log: string[] | null = null;
  readonly wall: Wall;
  readonly ev = new HandEval();
  readonly scorer: Scorer;
  readonly uperCache = new UperCache();
  readonly stats = new SessionStats();
  /** Net points per seat over the session. */
  readonly net = new Float64Array(SEATS);
  readonly views: KoreanView[] = [];

  // Session.
  /** The session's deal stream: every wall of the session is drawn from it. */
  rng!: Rng;
  handNo = 0;
  dealer = 0;
  /** Times the deal has passed (for roundWind = 'byDealerCycle'). */
  dealerPasses = 0;
  roundWind = 0;

  /** Everything below that a new hand clears to zero. */
  private readonly arena = new Arena();

  // Hand: tiles (masks are kinds.ts bits).
  /** Mask of the kinds in each hand. */
  readonly kinds = this.arena.i32(SEATS);
  /** Mask of the kinds each hand holds two or more of (pung candidates). */
  readonly pairs = this.arena.i32(SEATS);
  /** Mask of the kinds each hand holds four of (concealed kong candidates). */
  readonly quads = this.arena.i32(SEATS);
  /** Mask of the kinds each seat has a melded pung of (added kong candidates). */
  readonly pungs = this.arena.i32(SEATS);
  /** Pattern indices [m, p, z] of each hand, kept in step with `hand`. */
  readonly gi = this.arena.i32(SEATS * 3);
  /** Own discards that count for sacred discard (furitenIncludesClaimed), as a mask. */
  readonly dMask = this.arena.i32(SEATS);
  /** Winning-tile mask of each seat's 13-tile state (W of the rules file). */
  readonly waits = this.arena.i32(SEATS);
  /** Temporary sacred discard until the seat's next draw or claim (mask; -1 = every tile). */
  readonly temp = this.arena.i32(SEATS);
  readonly hand = this.arena.i8(SEATS * PLAY_KINDS);
  /** Counts behind `dMask` (kept only under furitenIncludesClaimed = false). */
  readonly dCount = this.arena.i8(SEATS * PLAY_KINDS);
  /** Tiles everyone can see: rivers and melds. */
  readonly seen = this.arena.i8(PLAY_KINDS);
  /** Shanten of each seat's 13-tile state. */
  readonly shanten13 = this.arena.i8(SEATS);
  readonly meldType = this.arena.u8(SEATS * 4);
  readonly meldKind = this.arena.i8(SEATS * 4);
  readonly meldN = this.arena.u8(SEATS);
  readonly openMelds = this.arena.u8(SEATS);
  readonly flowers = this.arena.u8(SEATS);
  /** Own discards claimed by others. */
  readonly claimed = this.arena.u8(SEATS);
  readonly draws = this.arena.u8(SEATS);
  readonly discards = this.arena.u8(SEATS);
  // Uper and sacred discard.
  /** 0 none, 1 uper, 2 open uper. */
  readonly uper = this.arena.u8(SEATS);
  /** Declaration tile (meaningful only while `uper` is set). */
  readonly uperTile = this.arena.i8(SEATS);
  readonly dead = this.arena.u8(SEATS);
  readonly noRon = this.arena.u8(SEATS);

  /** Open upers declared this hand. */
  openUpers = 0;

  // Hand: turn.
  phase = TURN;
  cur = 0;
  /** Tile drawn this turn, or -1 (after a claim, or the dealer's first turn). */
  drawn = -1;
  /** The drawn tile is a kong replacement. */
  afterKong = false;
  /** The turn follows a pung or chow: discard only (no self-draw win, no kong). */
  fromClaim = false;
  /** Any call or kong so far (ends the first go-around for the first-turn yaku). */
  anyCall = false;
  /** The seat to act in TURN may legally declare a self-draw win. */
  turnWinOk = false;
  /** The tiles of the seat to act in TURN form a winning shape (a win may be declared). */
  turnWinShape = false;
  /** `discardable(cur)` in TURN, set as the turn starts: the view, the legal list and isLegal
   * all ask for it on every turn. */
  allowed = 0;

  // Hand: a discard being offered.
  claimTile = -1;
  discarder = -1;
  discardAfterKong = false;
  lastDiscard = false;
  readonly claimSeats = new Int8Array(3);
  claimN = 0;
  claimAt = 0;
  /** Claim options per seat (bits of CLAIM_* in actions.ts). */
  readonly claimOpts = new Uint8Array(SEATS);
  /** The seat may legally win on the current discard. */
  readonly ronOk = new Uint8Array(SEATS);
  /** The current discard is one of the seat's winning tiles not barred by sacred discard:
   * letting it go is passing a winning tile. */
  readonly passable = new Uint8Array(SEATS);
  winners = 0;
  meldClaimSeat = -1;
  meldClaimAction = -1;

  /** chowCalls = 'leftOnly', read on every discard (a flag, not a string compare). */
  readonly chowCalls: boolean;

  constructor(readonly r: KoreanRules) {
    this.wall = new Wall(r.tileSet === 'korean104', r.deadWall);
    this.scorer = new Scorer(r);
    this.chowCalls = r.chowCalls === 'leftOnly';
  }

  /** Kinds `seat` holds all four of (hand less one `minus`, and melds): no waits. */
  fullKinds(seat: number, minus: number): number {
    const n = this.meldN[seat]!;
    const q = minus >= 0 && (this.quads[seat]! & BIT[minus]!) !== 0 ? this.quads[seat]! & ~BIT[minus]! : this.quads[seat]!;
    return n === 0 ? q : q | fullKinds(this.hand, seat * PLAY_KINDS, this.meldType, this.meldKind, seat * 4, n, minus);
  }

  /** Clears every per-hand array. */
  clearHand(): void {
    this.arena.clear();
  }

  /** Live tiles left (drawable in turn or as replacements). */
  live(): number {
    return this.wall.live();
  }

  seatWind(seat: number): number {
    return (seat - this.dealer + SEATS) % SEATS;
  }

  /** Waits of standing open upers other than `seat`'s: others may not discard them unless forced. */
  openBan(seat: number): number {
    if (this.openUpers === 0) return 0;
    let ban = 0;
    for (let y = 0; y < SEATS; y++) if (y !== seat && this.uper[y] === 2 && this.dead[y] === 0) ban |= this.waits[y]!;
    return ban;
  }

  /** Uper or dead: every draw that does not win is discarded, and no calls. */
  locked(seat: number): boolean {
    return this.uper[seat] !== 0 || this.dead[seat] !== 0;
  }

  /**
   * Kinds `seat`, to act in TURN, may discard (a mask): a locked hand only its draw; otherwise
   * what it holds less other players' open-uper waits, unless nothing else is left.
   */
  discardable(seat: number): number {
    if (this.drawn >= 0 && this.locked(seat)) return BIT[this.drawn]!;
    const held = this.kinds[seat]!;
    const allowed = held & ~this.openBan(seat);
    return allowed === 0 ? held : allowed;
  }
}
