// Turn flow of a Korean hand and session: deal, draws with flower replacement, discards,
// claims in turn order, kongs, wins, false wins ("jump"), exhaustive draws, payments and the
// dealer rotation (rules §1.A-1.H).

import type { Rng } from '../../../core/rng.js';
import * as tilesModule from '../tiles.js';
import * as actionsModule from './actions.js';
import * as furitenModule from './furiten.js';
import * as handEvalModule from './hand-eval.js';
import * as judgeModule from './judge.js';
import * as kindsModule from './kinds.js';
import * as meldsModule from './melds.js';
import * as scoringModule from './scoring.js';
import type { BonusInput } from './scoring.js';
import * as stateModule from './state.js';
import type { KoreanState } from './state.js';

// Imports as module-local consts, here and in every module the move loop runs through: V8
// folds a module's own consts into the compiled code, but re-reads an imported binding through
// its module cell, checking that it is initialised, at every use - about a fifth of the time of
// a hand. (The consts are read when the module loads, so these modules must not import each
// other in a cycle.)
const { FLOWER, PLAY_KINDS, formatTiles, tileName } = tilesModule;
const {
  CAN_CHOW_HIGH, CAN_CHOW_LOW, CAN_CHOW_MID, CAN_KONG, CAN_PUNG, CAN_WIN, CHOW_HIGH, CHOW_LOW,
  CHOW_MID, KONG, PUNG,
} = actionsModule;
const { missedWin, ronBlock } = furitenModule;
const { quadPairsWait, SLOT, WEIGHT } = handEvalModule;
const { loadScorer, ronBasic, tsumoBasic } = judgeModule;
const { BIT } = kindsModule;
const { ADDED_KONG, CHOW: MELD_CHOW, CONCEALED_KONG, KONG: MELD_KONG, PUNG: MELD_PUNG } = meldsModule;
const { basicLines, scoreParts } = scoringModule;
const {
  CLAIM, DEAD_DISCARDED_WAIT, DEAD_JUMP, DEAD_UPER_FURITEN, LOST_KINDS, NO_RON_DISCARDED_WAIT,
  NO_RON_UPER_FURITEN, OVER, SEATS, TURN,
} = stateModule;

const WINDS = 'ESWN';

// Trace lines are written as `s.log?.push(...)`: optional chaining skips building the string
// when the log is off, which is every fast run. In the per-draw path they sit in small helper
// functions behind `if (s.log)`, so that the draw functions stay small enough to be inlined.

/** Starts a session: `handsPerSession` hands, seat 0 dealing first. */
export function startSession(s: KoreanState, rng: Rng): void {
  s.rng = rng;
  s.stats.reset();
  s.net.fill(0);
  s.handNo = 0;
  s.dealer = 0;
  s.dealerPasses = 0;
  s.roundWind = 0;
  dealHand(s);
}

function dealHand(s: KoreanState): void {
  s.wall.reset(s.rng);
  s.clearHand();
  s.openUpers = 0;
  s.uperCache.clear();
  s.anyCall = false;
  s.afterKong = false;
  s.claimTile = -1;
  s.discarder = -1;
  s.log?.push(`hand ${s.handNo + 1}: dealer seat ${s.dealer}, round wind ${WINDS[s.roundWind]}`);
  // Thirteen tiles each in turn order from the dealer, then the dealer's fourteenth.
  for (let i = 0, seat = s.dealer; i < 13 * SEATS + 1; i++, seat = (seat + 1) % SEATS) addTile(s, seat, drawFor(s, seat, false));
  for (let seat = 0; seat < SEATS; seat++) if (seat !== s.dealer) recomputeWaits(s, seat);
  if (s.log) logHands(s);
  // East starts by discarding without drawing.
  s.phase = TURN;
  s.cur = s.dealer;
  s.drawn = -1;
  s.fromClaim = false;
  prepareTurn(s);
}

function logHands(s: KoreanState): void {
  for (let seat = 0; seat < SEATS; seat++) {
    s.log?.push(`  seat ${seat} (${WINDS[s.seatWind(seat)]}) ${formatTiles(s.hand.subarray(seat * PLAY_KINDS, seat * PLAY_KINDS + PLAY_KINDS))}${s.flowers[seat] ? ` flowers ${s.flowers[seat]}` : ''}`);
  }
}

/**
 * Draws a tile for `seat` from the head (or the tail, for a kong replacement), exposing
 * flowers and replacing each from the tail. -1 when a flower cannot be replaced: the wall is
 * empty and the hand is an exhaustive draw.
 */
function drawFor(s: KoreanState, seat: number, fromTail: boolean): number {
  const t = fromTail ? s.wall.drawTail() : s.wall.drawHead();
  // Flowers are rare: their replacement stays out of the (inlined) common path.
  return t < FLOWER ? t : replaceFlowers(s, seat, t);
}

function replaceFlowers(s: KoreanState, seat: number, t: number): number {
  const w = s.wall;
  while (t >= FLOWER) {
    s.flowers[seat]!++;
    s.log?.push(`  seat ${seat} shows flower ${tileName(t)}`);
    if (w.live() <= 0) return -1;
    t = w.drawTail();
  }
  return t;
}

function addTile(s: KoreanState, seat: number, k: number): void {
  const bit = BIT[k]!;
  const n = ++s.hand[seat * PLAY_KINDS + k]!;
  s.kinds[seat]! |= bit;
  if (n === 2) s.pairs[seat]! |= bit;
  else if (n === 4) s.quads[seat]! |= bit;
  s.gi[seat * 3 + SLOT[k]!]! += WEIGHT[k]!;
}

/** Moves `n` copies of `k` out of the concealed hand (into a meld or a discard). */
function takeTiles(s: KoreanState, seat: number, k: number, n: number): void {
  const bit = BIT[k]!;
  const left = (s.hand[seat * PLAY_KINDS + k]! -= n);
  if (left === 0) s.kinds[seat]! &= ~bit;
  if (left < 2) s.pairs[seat]! &= ~bit;
  if (left + n === 4) s.quads[seat]! &= ~bit;
  s.gi[seat * 3 + SLOT[k]!]! -= n * WEIGHT[k]!;
}

function recomputeWaits(s: KoreanState, seat: number): void {
  const g = seat * 3;
  s.ev.setIndices(s.gi[g]!, s.gi[g + 1]!, s.gi[g + 2]!);
  const melds = s.meldN[seat]!;
  const sh = s.ev.shanten(melds);
  s.shanten13[seat] = sh;
  let w = sh === 0 ? s.ev.waits(melds, s.fullKinds(seat, -1)) : 0;
  if (melds === 0 && s.r.sevenPairsAllowQuad) w |= quadPairsWait(s.hand, seat * PLAY_KINDS, -1);
  s.waits[seat] = w;
}

/** Whether `seat`'s 14 - 3 per meld tiles are a winning shape (only the dealer's first turn asks). */
function completeNow(s: KoreanState, seat: number): boolean {
  const g = seat * 3;
  s.ev.setIndices(s.gi[g]!, s.gi[g + 1]!, s.gi[g + 2]!);
  const melds = s.meldN[seat]!;
  if (s.ev.shanten(melds) === -1) return true;
  return melds === 0 && s.r.sevenPairsAllowQuad && tsumoBasic(s, seat) >= 0;
}

/** Sets what the seat to act in TURN may discard and do about a self-draw win (none after a call). */
function prepareTurn(s: KoreanState): void {
  const x = s.cur;
  s.turnWinShape = s.drawn >= 0 ? (s.waits[x]! & BIT[s.drawn]!) !== 0 : !s.fromClaim && s.discards[x] === 0 && completeNow(s, x);
  s.turnWinOk = s.turnWinShape && s.dead[x] === 0 && tsumoBasic(s, x) >= 2;
  s.allowed = s.discardable(x);
}

/** `seat` draws in turn; an empty wall ends the hand. */
function beginTurn(s: KoreanState, seat: number): void {
  if (s.live() <= 0) return exhaustiveDraw(s);
  s.temp[seat] = 0;
  const t = drawFor(s, seat, false);
  if (t < 0) return exhaustiveDraw(s);
  addTile(s, seat, t);
  s.draws[seat]!++;
  s.cur = seat;
  s.phase = TURN;
  s.drawn = t;
  s.afterKong = false;
  s.fromClaim = false;
  if (s.log) logDraw(s, seat, t, 'draws');
  prepareTurn(s);
}

/** Traces a draw; kept out of the draw functions so that they stay small enough to inline. */
function logDraw(s: KoreanState, seat: number, t: number, what: string): void {
  s.log?.push(`seat ${seat} ${what} ${tileName(t)} (${s.live()} left)`);
}

/** The kong replacement draw, after which the seat acts again. */
function replacementDraw(s: KoreanState, seat: number): void {
  recomputeWaits(s, seat);
  const t = drawFor(s, seat, true);
  if (t < 0) return exhaustiveDraw(s);
  addTile(s, seat, t);
  s.cur = seat;
  s.phase = TURN;
  s.drawn = t;
  s.afterKong = true;
  s.fromClaim = false;
  if (s.log) logDraw(s, seat, t, 'draws replacement');
  prepareTurn(s);
}

/** Discards `k`; `declare` 1 = uper, 2 = open uper. Then offers the discard to the others. */
export function discard(s: KoreanState, x: number, k: number, declare: number): void {
  takeTiles(s, x, k, 1);
  // Claimed discards leave sacred discard only under furitenIncludesClaimed = false, the one
  // case that needs counts behind the mask.
  if (!s.r.furitenIncludesClaimed) s.dCount[x * PLAY_KINDS + k]!++;
  s.dMask[x]! |= BIT[k]!;
  s.seen[k]!++;
  s.discards[x]!++;
  // A ready hand that throws back its draw keeps its 13 tiles, and so its waits.
  if (k !== s.drawn) recomputeWaits(s, x);
  if (declare) declareUper(s, x, k, declare);
  else if (s.uper[x] !== 0 && (s.waits[x]! & BIT[k]!) !== 0 && s.dead[x] === 0) discardedWait(s, x);
  s.discardAfterKong = s.afterKong;
  s.afterKong = false;
  s.drawn = -1;
  s.lastDiscard = s.live() <= 0;
  offerDiscard(s, x, k);
}

/** ➌(2): a winning tile let go after uper. */
function discardedWait(s: KoreanState, x: number): void {
  if (s.r.afterUperDiscardWinningTile === 'dead') s.dead[x] = DEAD_DISCARDED_WAIT;
  else s.noRon[x] = NO_RON_DISCARDED_WAIT;
  s.log?.push(`  seat ${x} let a winning tile go after uper: ${s.dead[x] ? 'dead hand' : 'no discard wins'}`);
}

function declareUper(s: KoreanState, x: number, k: number, declare: number): void {
  s.uper[x] = declare;
  s.uperTile[x] = k;
  s.stats.upers[x]!++;
  if (declare === 2) {
    s.stats.openUpers[x]!++;
    s.openUpers++;
  }
  s.log?.push(`  seat ${x} declares ${declare === 2 ? 'open uper' : 'uper'} waiting on ${maskName(s.waits[x]!)}`);
  if ((s.waits[x]! & s.dMask[x]!) !== 0) {
    // A7: declared while a wait is among the own discards.
    if (s.r.uperWhileFuriten === 'dead') s.dead[x] = DEAD_UPER_FURITEN;
    else s.noRon[x] = NO_RON_UPER_FURITEN;
  }
}

function maskName(mask: number): string {
  const c = new Int8Array(PLAY_KINDS);
  for (let k = 0; k < PLAY_KINDS; k++) if (BIT[k]! & mask) c[k] = 1;
  return formatTiles(c) || '-';
}

/** Asks every seat that can claim `t`, counter-clockwise from the discarder. */
function offerDiscard(s: KoreanState, x: number, t: number): void {
  s.claimTile = t;
  s.discarder = x;
  const bit = BIT[t]!;
  const melds = !s.lastDiscard;
  const chows = melds && s.chowCalls;
  // Most discards interest nobody: not a wait, and no pair to pung (chows aside).
  let interest = 0;
  for (let y = 0; y < SEATS; y++) if (y !== x) interest |= s.waits[y]! | s.pairs[y]!;
  if ((interest & bit) === 0 && !chows) return beginTurn(s, (x + 1) % SEATS);
  s.claimN = 0;
  s.claimAt = 0;
  s.winners = 0;
  s.meldClaimSeat = -1;
  for (let i = 1; i < SEATS; i++) {
    const y = (x + i) % SEATS;
    let opts = 0;
    s.ronOk[y] = 0;
    s.passable[y] = 0;
    if ((s.waits[y]! & bit) !== 0) {
      // Letting a tile of W go is passing a winning tile (❶(1), ➌(1)) even when it is worth
      // under 2 basic points (the A3 trap), but not when sacred discard already bars it.
      const block = ronBlock(s, y, t);
      const enough = ronBasic(s, y, t) >= 2;
      if (block < 0) {
        s.passable[y] = 1;
        if (enough) s.ronOk[y] = 1;
      } else if (enough) s.stats.lost[y * LOST_KINDS.length + block]!++;
      if (s.dead[y] === 0) opts = CAN_WIN;
    }
    const n = s.hand[y * PLAY_KINDS + t]!;
    if ((n >= 2 || (chows && i === 1)) && melds && !s.locked(y)) {
      if (n >= 2) opts |= CAN_PUNG;
      if (n === 3 && s.live() >= 1) opts |= CAN_KONG;
      if (chows && i === 1) opts |= chowOptions(s, y, t);
    }
    s.claimOpts[y] = opts;
    if (opts !== 0) s.claimSeats[s.claimN++] = y;
  }
  if (s.claimN === 0) return beginTurn(s, (x + 1) % SEATS);
  s.phase = CLAIM;
  s.cur = s.claimSeats[0]!;
}

function chowOptions(s: KoreanState, y: number, t: number): number {
  if (t >= 27) return 0;
  const h = s.hand;
  const off = y * PLAY_KINDS;
  const n = t % 9;
  let o = 0;
  if (n <= 6 && h[off + t + 1]! > 0 && h[off + t + 2]! > 0) o |= CAN_CHOW_LOW;
  if (n >= 1 && n <= 7 && h[off + t - 1]! > 0 && h[off + t + 1]! > 0) o |= CAN_CHOW_MID;
  if (n >= 2 && h[off + t - 2]! > 0 && h[off + t - 1]! > 0) o |= CAN_CHOW_HIGH;
  return o;
}

/** The seat being offered the discard chose `a` (PASS, WIN, PUNG, KONG or a chow). */
export function claimAction(s: KoreanState, a: number, win: boolean): void {
  const y = s.cur;
  const t = s.claimTile;
  if (win) {
    if (s.ronOk[y] === 1) {
      s.winners |= 1 << y;
      if (s.r.multiRon === 'headBump') return resolveClaims(s);
    } else jump(s, y);
  } else {
    if (s.passable[y] === 1) missedWin(s, y, t);
    // A pung or kong beats a chow; only one seat can pung a given discard.
    if (a === PUNG || a === KONG || (a >= CHOW_LOW && a <= CHOW_HIGH && s.meldClaimSeat < 0)) {
      s.meldClaimSeat = y;
      s.meldClaimAction = a;
    }
  }
  if (++s.claimAt === s.claimN) return resolveClaims(s);
  s.cur = s.claimSeats[s.claimAt]!;
}

function resolveClaims(s: KoreanState): void {
  const x = s.discarder;
  if (s.winners !== 0) return ronWin(s);
  const y = s.meldClaimSeat;
  if (y < 0) return beginTurn(s, (x + 1) % SEATS);
  const t = s.claimTile;
  const a = s.meldClaimAction;
  s.claimed[x]!++;
  if (!s.r.furitenIncludesClaimed && --s.dCount[x * PLAY_KINDS + t]! === 0) s.dMask[x]! &= ~BIT[t]!;
  const mi = y * 4 + s.meldN[y]!;
  s.temp[y] = 0;
  s.anyCall = true;
  s.openMelds[y]!++;
  if (a === PUNG || a === KONG) {
    const n = a === PUNG ? 2 : 3;
    takeTiles(s, y, t, n);
    s.seen[t]! += n;
    s.meldType[mi] = a === PUNG ? MELD_PUNG : MELD_KONG;
    s.meldKind[mi] = t;
    if (a === PUNG) s.pungs[y]! |= BIT[t]!;
  } else {
    const low = a === CHOW_LOW ? t : a === CHOW_MID ? t - 1 : t - 2;
    for (let k = low; k < low + 3; k++) {
      if (k === t) continue;
      takeTiles(s, y, k, 1);
      s.seen[k]!++;
    }
    s.meldType[mi] = MELD_CHOW;
    s.meldKind[mi] = low;
  }
  s.meldN[y]!++;
  s.log?.push(`seat ${y} claims ${tileName(t)} from seat ${x}`);
  if (a === KONG) return replacementDraw(s, y);
  s.cur = y;
  s.phase = TURN;
  s.drawn = -1;
  s.afterKong = false;
  s.fromClaim = true;
  prepareTurn(s);
}

/** Concealed kong (four held) or added kong (a pung plus the fourth), then a replacement. */
export function selfKong(s: KoreanState, x: number, k: number): void {
  const off = x * PLAY_KINDS;
  if (s.hand[off + k] === 4) {
    takeTiles(s, x, k, 4);
    s.seen[k]! += 4;
    const mi = x * 4 + s.meldN[x]!;
    s.meldType[mi] = CONCEALED_KONG;
    s.meldKind[mi] = k;
    s.meldN[x]!++;
  } else {
    takeTiles(s, x, k, 1);
    s.seen[k]!++;
    s.pungs[x]! &= ~BIT[k]!;
    for (let i = x * 4; i < x * 4 + s.meldN[x]!; i++) {
      if (s.meldType[i] === MELD_PUNG && s.meldKind[i] === k) s.meldType[i] = ADDED_KONG;
    }
  }
  s.anyCall = true;
  replacementDraw(s, x);
}

/** The seat to act declares a self-draw win: paid if legal, else a jump. */
export function selfDrawWin(s: KoreanState): void {
  const x = s.cur;
  if (!s.turnWinOk) {
    jump(s, x);
    s.turnWinShape = false;
    // Dead now: it may discard only its draw.
    s.allowed = s.discardable(x);
    return;
  }
  tsumoBasic(s, x);
  const total = payWin(s, x, true);
  const turn = s.discards[x]! + 1;
  s.stats.selfDraws[x]!++;
  for (let y = 0; y < SEATS; y++) {
    if (y === x) continue;
    const pay = total * dealerFactor(s, x, y);
    s.net[y]! -= pay;
    s.net[x]! += pay;
    s.stats.winPoints[x]! += pay;
  }
  s.stats.winTurns[x]! += turn;
  s.stats.wins[x]!++;
  s.stats.handsWon++;
  finishHand(s, x === s.dealer);
}

function ronWin(s: KoreanState): void {
  const x = s.discarder;
  const t = s.claimTile;
  let dealerWon = false;
  let count = 0;
  for (let i = 1; i < SEATS; i++) {
    const y = (x + i) % SEATS;
    if ((s.winners & (1 << y)) === 0) continue;
    count++;
    loadScorer(s, y, t, t, false);
    const total = payWin(s, y, false);
    const mult = s.uper[y] === 2 ? s.r.openUperRonMultiplier : s.r.ronMultiplier;
    const pay = total * mult * dealerFactor(s, x, y);
    s.net[x]! -= pay;
    s.net[y]! += pay;
    s.stats.winPoints[y]! += pay;
    s.stats.winTurns[y]! += s.discards[y]! + 1;
    s.stats.wins[y]!++;
    s.stats.dealIns[x]!++;
    if (y === s.dealer) dealerWon = true;
  }
  s.stats.handsWon++;
  if (count > 1) s.stats.multiWin++;
  finishHand(s, dealerWon);
}

/** Scores the hand loaded in the scorer for `seat`; returns the sum each payer owes before multipliers. */
function payWin(s: KoreanState, seat: number, selfDraw: boolean): number {
  const sc = s.scorer;
  const basic = sc.basic();
  const b: BonusInput = {
    flowers: s.flowers[seat]!,
    uper: s.uper[seat]!,
    kongReplacement: selfDraw && s.afterKong,
    afterKongDiscard: !selfDraw && s.discardAfterKong,
    last: selfDraw ? s.live() <= 0 : s.lastDiscard,
  };
  const lines: [string, number][] | null = s.log ? [] : null;
  if (lines) basicLines(sc, lines);
  const parts = scoreParts(sc, basic, b, lines);
  if (lines) {
    s.log?.push(`seat ${seat} wins ${selfDraw ? 'by self-draw' : `on seat ${s.discarder}'s discard`} with ${tileName(sc.winTile)}: ${formatTiles(sc.c)}`);
    s.log?.push(`  ${lines.map(([n, p]) => `${n} ${p}`).join(', ')}; basic ${parts.basic} + bonus ${parts.bonus} + dora ${parts.dora} + ante ${parts.ante} = ${parts.total}`);
  }
  return parts.total;
}

function dealerFactor(s: KoreanState, a: number, b: number): number {
  return a === s.dealer || b === s.dealer ? s.r.dealerMultiplier : 1;
}

/** A false win: the declaration is cancelled and the offender's hand is dead (§1.H). */
function jump(s: KoreanState, seat: number): void {
  s.dead[seat] = DEAD_JUMP;
  s.stats.jumps[seat]!++;
  const p = s.r.jumpPenalty;
  if (p !== 'deadHand') {
    for (let y = 0; y < SEATS; y++) {
      if (y === seat) continue;
      s.net[y]! += p.payEach;
      s.net[seat]! -= p.payEach;
    }
  }
  s.log?.push(`  seat ${seat} declared a false win (jump): dead hand`);
}

function exhaustiveDraw(s: KoreanState): void {
  s.stats.exhaustive++;
  s.log?.push('wall empty: exhaustive draw, no payment');
  finishHand(s, false);
}

function finishHand(s: KoreanState, dealerWon: boolean): void {
  s.stats.hands++;
  s.handNo++;
  if (!dealerWon || s.r.dealerRotation === 'always') {
    s.dealer = (s.dealer + 1) % SEATS;
    s.dealerPasses++;
    if (s.r.roundWind === 'byDealerCycle') s.roundWind = ((s.dealerPasses / SEATS) | 0) % SEATS;
  }
  s.log?.push(`  net after hand ${s.handNo}: ${Array.from(s.net).join(' ')}`);
  if (s.handNo >= s.r.handsPerSession) {
    s.phase = OVER;
    return;
  }
  dealHand(s);
}
