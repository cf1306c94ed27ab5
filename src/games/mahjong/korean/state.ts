// Everything one Korean session keeps beyond the shared table (table/state.ts): uper and
// sacred discard, the scorer, and the Korean hooks the table's turn flow calls. Masks are
// word 0 of the table's two-word masks: the Korean set has no bamboo.

import * as tilesModule from '../tiles.js';
import { KOREAN_SET, wallTiles } from '../tile-sets.js';
import { SEVEN_PAIRS_SHAPES } from '../shanten.js';
import * as actionsModule from '../table/actions.js';
import * as kindsModule from '../table/kinds.js';
import { pairingRules } from '../table/pairing.js';
import * as tableStateModule from '../table/state.js';
import { SessionStats, TableState } from '../table/state.js';
import * as writesModule from '../table/writes.js';
import * as codesModule from './codes.js';
import * as furitenModule from './furiten.js';
import * as judgeModule from './judge.js';
import * as paymentsModule from './payments.js';
import type { KoreanRules } from './rules.js';
import { Scorer } from './scoring.js';
import * as uperModule from './uper.js';
import { UperCache } from './uper.js';
import type { KoreanView } from './view.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { FLOWER } = tilesModule;
const { CAN_WIN, WIN_LEGAL, WIN_PASSABLE } = actionsModule;
const { BIT } = kindsModule;
const { SEATS, STRIDE } = tableStateModule;
const { forgetDiscard } = writesModule;
const { LOST_KINDS } = codesModule;
const { missedWin, ronBlock } = furitenModule;
const { MIN_BASIC, ronBasic, tsumoBasic } = judgeModule;
const { declareUper, jump, payDiscardWins, paySelfDraw, selfDrawWorth, uperDiscard } = paymentsModule;
const { lockedKong, uperDeclarations } = uperModule;

/** Per-seat counters summed over the session: the table's, and uper and sacred discard. */
export class KoreanStats extends SessionStats {
  readonly upers = this.arena.i32(SEATS);
  readonly openUpers = this.arena.i32(SEATS);
  readonly jumps = this.arena.i32(SEATS);
  /** lost[seat * 5 + kind]: discards the seat could have won on but for sacred discard. */
  readonly lost = this.arena.i32(SEATS * LOST_KINDS.length);
}

export class KoreanState extends TableState<KoreanRules> {
  declare readonly stats: KoreanStats;
  readonly scorer: Scorer;
  readonly uperCache = new UperCache();
  readonly views: KoreanView[] = [];

  /** Open upers declared this hand. */
  openUpers = 0;
  // Per hand, in the table's arena: cleared with the table's arrays.
  /** 0 none, 1 uper, 2 open uper. */
  readonly uper = this.arena.u8(SEATS);
  /** Declaration tile (meaningful only while `uper` is set). */
  readonly uperTile = this.arena.i8(SEATS);
  readonly noRon = this.arena.u8(SEATS);
  /** Counts behind `dMask` (kept only under furitenIncludesClaimed = false). */
  readonly dCount = this.arena.i8(SEATS * STRIDE);
  /** !furitenIncludesClaimed, read on every discard: a field of the state costs less than a
   * read through the rules object. */
  private readonly countDiscards: boolean;

  constructor(r: KoreanRules) {
    const all = wallTiles(KOREAN_SET);
    super(
      r,
      {
        set: KOREAN_SET,
        wallTiles: r.tileSet === 'korean104' ? all : all.filter((k) => k < FLOWER),
        reserve: r.deadWall,
        reserveBlocksReplacement: true,
        flowersAside: true,
        shapes: SEVEN_PAIRS_SHAPES,
        quadPairs: r.sevenPairsAllowQuad,
        chowCalls: r.chowCalls === 'leftOnly',
        headBump: r.multiRon === 'headBump',
        robKong: false,
        ...pairingRules(r.pairing),
      },
      new KoreanStats(),
    );
    this.scorer = new Scorer(r);
    this.countDiscards = !r.furitenIncludesClaimed;
  }

  /** Waits of standing open upers other than `seat`'s: others may not discard them unless forced. */
  openBan(seat: number): number {
    if (this.openUpers === 0) return 0;
    let ban = 0;
    for (let y = 0; y < SEATS; y++) if (y !== seat && this.uper[y] === 2 && this.dead[y] === 0) ban |= this.waits[y * 2]!;
    return ban;
  }

  /**
   * Kinds `seat`, to act in TURN, may discard (a mask): a locked hand only its draw; otherwise
   * what it holds less other players' open-uper waits, unless nothing else is left.
   */
  discardable(seat: number): number {
    if (this.drawn >= 0 && this.locked(seat)) return BIT[this.drawn]!;
    const held = this.kinds[seat * 2]!;
    const allowed = held & ~this.openBan(seat);
    return allowed === 0 ? held : allowed;
  }

  // ---- Table hooks ------------------------------------------------------------------------

  newHand(): void {
    this.openUpers = 0;
    this.uperCache.clear();
  }

  selfDrawLegal(seat: number): boolean {
    return tsumoBasic(this, seat) >= MIN_BASIC;
  }

  override restrict(seat: number): number {
    return this.discardable(seat);
  }

  onDiscard(seat: number, kind: number, declare: number): void {
    // Claimed discards leave sacred discard only under furitenIncludesClaimed = false, the one
    // case that needs counts behind the mask.
    if (this.countDiscards) this.dCount[seat * STRIDE + kind]!++;
    if (declare) declareUper(this, seat, kind, declare);
    // Out of line: this hook runs on every discard, and it must stay small enough for the
    // table's discard to fit V8's inlining budget (table/flow.ts discard).
    else if (this.uper[seat] !== 0) uperDiscard(this, seat, kind);
  }

  discardWin(seat: number, tile: number): number {
    // Letting a tile of W go is passing a winning tile (❶(1), ➌(1)) even when it is worth
    // under 2 basic points (the A3 trap), but not when sacred discard already bars it.
    const block = ronBlock(this, seat, tile);
    const enough = ronBasic(this, seat, tile) >= MIN_BASIC;
    let win = this.dead[seat] === 0 ? CAN_WIN : 0;
    if (block < 0) win |= enough ? WIN_PASSABLE | WIN_LEGAL : WIN_PASSABLE;
    else if (enough) this.stats.lost[seat * LOST_KINDS.length + block]!++;
    return win;
  }

  /** Uper or dead: every draw that does not win is discarded, and no calls. */
  override locked(seat: number): boolean {
    return this.uper[seat] !== 0 || this.dead[seat] !== 0;
  }

  missedWin(seat: number, tile: number): void {
    missedWin(this, seat, tile);
  }

  falseWin(seat: number): void {
    jump(this, seat);
  }

  override onClaimed(seat: number, kind: number): void {
    if (this.countDiscards && --this.dCount[seat * STRIDE + kind]! === 0) forgetDiscard(this, seat, kind);
  }

  paySelfDraw(seat: number): void {
    paySelfDraw(this, seat);
  }

  payDiscardWins(): void {
    payDiscardWins(this);
  }

  override selfDrawWorth(seat: number, tile: number, reader: number): number {
    return selfDrawWorth(this, seat, tile, reader);
  }

  dealerKeeps(dealerWon: boolean): boolean {
    return dealerWon && this.r.dealerRotation !== 'always';
  }

  override roundWindAfterPass(): number {
    return this.r.roundWind === 'byDealerCycle' ? ((this.dealerPasses / SEATS) | 0) % SEATS : this.roundWind;
  }

  sessionOver(): boolean {
    return this.handNo >= this.r.handsPerSession;
  }

  override addDeclarations(seat: number, out: Int16Array, n: number): number {
    return this.openMelds[seat] === 0 && this.live() >= this.r.uperMinWall ? uperDeclarations(this, seat, out, n) : n;
  }

  override lockedActions(seat: number, out: Int16Array, n: number): number {
    return lockedKong(this, seat, out, n);
  }

  // ---- Search hooks -----------------------------------------------------------------------

  /** An open uper shows its waits, and others' discards depend on them (openBan): its hand is
   * kept whole. (Its waits pin its shape but not every tile; dealing hands with given waits by
   * rejection is hopeless, and a locked hand only ever discards what it draws.) */
  override knownTiles(_seat: number, y: number, out: Int8Array): void {
    if (this.uper[y] !== 2) return;
    for (let k = 0; k < FLOWER; k++) out[k]! += this.hand[y * STRIDE + k]!;
  }

  /** A declared uper is ready: it is dealt only ready hands. (What its later play implies, such
   * as the draws it threw back not being among its waits, is not imposed.) */
  override knownReady(y: number): boolean {
    return this.uper[y] === 1;
  }

  /** The uper cache holds the true hand's entries: a pure function of them, but forgotten so that a
   * determinization keeps nothing the seat cannot see. */
  override handRedealt(y: number): void {
    this.uperCache.forget(y);
  }
}
