// The turn flow every mahjong ruleset shares: the deal, draws with flower replacement, discards,
// the claim window (win before pung or kong before chow, in turn order from the discarder),
// kongs of every kind with their replacement draws (and robbing an added kong), wins, wall
// games and the session of hands. The ruleset's hooks on the state (hooks.ts) judge, pay and
// move the deal.

import type { Rng } from '../../../core/rng.js';
import * as tilesModule from '../tiles.js';
import * as actionsModule from './actions.js';
import * as handEvalModule from './hand-eval.js';
import * as kindsModule from './kinds.js';
import * as meldsModule from './melds.js';
import * as stateModule from './state.js';
import type { WritableTable } from './state.js';

// Imports as module-local consts, here and in every module the move loop runs through: V8
// folds a module's own consts into the compiled code, but re-reads an imported binding through
// its module cell, checking that it is initialised, at every use - about a fifth of the time of
// a hand. (The consts are read when the module loads, so these modules must not import each
// other in a cycle.)
const { HONOR, KINDS, formatTiles, tileName } = tilesModule;
const {
  CAN_ANY,
  CAN_CHOW_HIGH,
  CAN_CHOW_LOW,
  CAN_CHOW_MID,
  CAN_KONG,
  CAN_PUNG,
  CAN_WIN,
  CHOW_HIGH,
  CHOW_LOW,
  CHOW_MID,
  KONG,
  PUNG,
  TABLE_ACTIONS,
  WIN_LEGAL,
  WIN_PASSABLE,
} = actionsModule;
const { SLOT, WEIGHT, quadPairsWait } = handEvalModule;
const { BIT, WORD, chowable, forEachKind } = kindsModule;
const { ADDED_KONG, CHOW: MELD_CHOW, CONCEALED_KONG, KONG: MELD_KONG, MAX_MELDS, PUNG: MELD_PUNG, fullKinds } = meldsModule;
const { CLAIM, LAST_SEAT, OVER, PREPLAY, SEATS, STRIDE, TURN } = stateModule;

const WINDS = 'ESWN';

// Trace lines are written as `s.log?.push(...)`: optional chaining skips building the string
// when the log is off, which is every fast run. In the per-draw path they sit in small helper
// functions behind `if (s.log)`, so that the draw functions stay small enough to be inlined.

/** Starts a session, seat 0 dealing first. */
export function startSession(s: WritableTable, rng: Rng): void {
  s.rng = rng;
  if (s.handStreams) rng.familyKey(s.handKey);
  s.stats.reset();
  s.net.fill(0);
  s.handNo = 0;
  s.dealer = 0;
  s.dealerPasses = 0;
  s.dealerStreak = 0;
  s.roundWind = 0;
  s.newSession();
  dealHand(s);
}

function dealHand(s: WritableTable): void {
  // A later hand's stream: the session's stream object, reseeded (TableRules.handStreams).
  if (s.handStreams && s.handNo > 0) s.rng.seedFamily(s.handKey, s.handNo);
  s.wall.reset(s.rng);
  s.clearHand();
  s.anyCall = false;
  s.afterKong = false;
  s.afterFlower = false;
  s.claimTile = -1;
  s.discarder = -1;
  s.robbing = false;
  s.restrictDiscards = false;
  s.ended = false;
  s.dealerNetBefore = s.net[s.dealer]!;
  s.newHand();
  s.log?.push(`hand ${s.handNo + 1}: dealer seat ${s.dealer}, round wind ${WINDS[s.roundWind]}`);
  // Thirteen tiles each in turn order, then the dealer's fourteenth; a flower is replaced as it
  // comes (the same tiles, in distribution, as replacing them after the deal). With hand streams
  // the round starts at seat 0 whoever deals (the first hand's dealer, so that hand is dealt as
  // before), so that a seat is dealt the same thirteen tiles in two arms whose dealers differ.
  s.dealing = true;
  // The dealer's fourteenth is the loop's last step, not a call of its own: a second call site
  // of drawFor and addTile is compiled out of line, more code to fetch every hand.
  const first = s.handStreams ? 0 : s.dealer;
  const last = 13 * SEATS;
  for (let i = 0, seat = first; i <= last; i++, seat = i === last ? s.dealer : (seat + 1) & LAST_SEAT)
    addTile(s, seat, drawFor(s, seat, false));
  s.dealing = false;
  s.afterFlower = false;
  if (s.seatDraws) s.wall.startSeatDraws();
  for (let seat = 0; seat < SEATS; seat++) if (seat !== s.dealer) recomputeWaits(s, seat);
  if (s.log) logHands(s);
  if (s.afterDeal()) return;
  startPlay(s);
}

/** `seat` is to decide next among the ruleset's decisions before play (American: the Charleston). */
export function preplayTurn(s: WritableTable, seat: number): void {
  s.phase = PREPLAY;
  s.cur = seat;
}

/** `seat`'s dealt tiles already win (the ruleset found them so after the deal: American's heavenly
 * hand): the win is settled at once, as a self-draw on its turn. */
export function heavenlyWin(s: WritableTable, seat: number): void {
  s.phase = TURN;
  s.cur = seat;
  s.turnWinOk = s.turnWinShape = true;
  selfDrawWin(s);
}

/** East starts by discarding without drawing (after the deal, or the ruleset's exchanges before play). */
export function startPlay(s: WritableTable): void {
  startTurn(s, s.dealer, FIRST);
}

function logHands(s: WritableTable): void {
  for (let seat = 0; seat < SEATS; seat++) {
    s.log?.push(
      `  seat ${seat} (${WINDS[s.seatWind(seat)]}) ${formatTiles(s.hand.subarray(seat * STRIDE, seat * STRIDE + STRIDE))}${s.flowers[seat] ? ` flowers ${s.flowers[seat]}` : ''}`,
    );
  }
  s.log?.event({
    type: 'start_kyoku',
    hand: s.handNo,
    bakaze: WINDS[s.roundWind],
    oya: s.dealer,
    scores: Array.from(s.net),
    tehais: Array.from({ length: SEATS }, (_, seat) => handTiles(s, seat)),
  });
}

/** `seat`'s concealed tiles by name, in kind order (records only). */
export function handTiles(s: WritableTable, seat: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < KINDS; k++) for (let n = s.hand[seat * STRIDE + k]!; n > 0; n--) out.push(tileName(k));
  return out;
}

/**
 * Draws a tile for `seat` from the head (or the tail, for a kong replacement), setting flowers
 * aside and replacing each from the tail. -1 when the hand ended instead: no replacement was
 * left (a wall game) or the ruleset settled it on a flower.
 */
function drawFor(s: WritableTable, seat: number, fromTail: boolean): number {
  const w = s.wall;
  const t = fromTail ? w.drawTail() : w.seatMode ? w.drawSeat(seat) : w.drawHead();
  // Flowers are rare: their replacement stays out of the (inlined) common path.
  return t < s.asideFrom ? t : replaceFlowers(s, seat, t);
}

function replaceFlowers(s: WritableTable, seat: number, t: number): number {
  const w = s.wall;
  while (t >= s.asideFrom) {
    s.flowers[seat]!++;
    s.seen[t]!++;
    s.log?.push(`  seat ${seat} shows flower ${tileName(t)}`);
    s.log?.event({ type: 'flower', seat, pai: tileName(t) });
    // During the deal the ruleset looks at the flowers once the deal is done (afterDeal).
    if (!s.dealing && s.onFlower(seat)) return -1;
    if (!s.replacementLeft()) {
      exhaustiveDraw(s);
      return -1;
    }
    t = w.drawTail();
  }
  s.afterFlower = true;
  return t;
}

/** Adds one tile of kind `k` to `seat`'s concealed hand. */
export function addTile(s: WritableTable, seat: number, k: number): void {
  const n = ++s.hand[seat * STRIDE + k]!;
  if (k >= HONOR + 7) return;
  const bit = BIT[k]!;
  const m = (seat << 1) | WORD[k]!;
  s.kinds[m]! |= bit;
  if (n === 2) s.pairs[m]! |= bit;
  else if (n === 4) s.quads[m]! |= bit;
  s.gi[(seat << 2) | SLOT[k]!]! += WEIGHT[k]!;
}

/** Moves `n` copies of `k` out of the concealed hand (into a meld or a discard). */
export function takeTiles(s: WritableTable, seat: number, k: number, n: number): void {
  const left = (s.hand[seat * STRIDE + k]! -= n);
  if (k >= HONOR + 7) return;
  const bit = BIT[k]!;
  const m = (seat << 1) | WORD[k]!;
  if (left === 0) s.kinds[m]! &= ~bit;
  if (left < 2) s.pairs[m]! &= ~bit;
  if (left + n === 4) s.quads[m]! &= ~bit;
  s.gi[(seat << 2) | SLOT[k]!]! -= n * WEIGHT[k]!;
}

/** Loads `seat`'s concealed pattern into the state's evaluator. */
export function loadEval(s: WritableTable, seat: number): void {
  const g = seat * 4;
  s.ev.setIndices(s.gi[g]!, s.gi[g + 1]!, s.gi[g + 2]!, s.gi[g + 3]!);
}

/** Writes `seat`'s full kinds (all four copies held or melded), less one `minus`, to out[at..]. */
export function seatFullKinds(s: WritableTable, seat: number, minus: number, out: Int32Array, at: number): void {
  const q0 = s.quads[seat * 2]!;
  const q1 = s.quads[seat * 2 + 1]!;
  const drop = minus >= 0 && s.has(s.quads, seat, minus);
  out[at] = drop && WORD[minus] === 0 ? q0 & ~BIT[minus]! : q0;
  out[at + 1] = drop && WORD[minus] === 1 ? q1 & ~BIT[minus]! : q1;
  const n = s.meldN[seat]!;
  if (n === 0) return;
  fullKinds(s.hand, seat * STRIDE, s.meldType, s.meldKind, seat * MAX_MELDS, n, minus, scratch, 0);
  out[at] = out[at]! | scratch[0]!;
  out[at + 1] = out[at + 1]! | scratch[1]!;
}

const scratch = new Int32Array(2);

/** Recomputes `seat`'s shanten and waits after its hand changed to 13 - 3 per meld tiles. */
export function recomputeWaits(s: WritableTable, seat: number): void {
  if (s.wins !== null) return s.wins.waits(s, seat);
  const g = seat * 4;
  s.ev.setIndices(s.gi[g]!, s.gi[g + 1]!, s.gi[g + 2]!, s.gi[g + 3]!);
  const melds = s.meldN[seat]!;
  const sh = s.ev.shanten(melds);
  s.shanten13[seat] = sh;
  if (sh === 0) {
    seatFullKinds(s, seat, -1, full, 0);
    s.ev.waits(melds, full[0]!, full[1]!, s.waits, seat * 2);
  } else {
    s.waits[seat * 2] = 0;
    s.waits[seat * 2 + 1] = 0;
  }
  if (melds === 0 && s.quadPairs) {
    const k = quadPairsWait(s.hand, seat * STRIDE, -1, s.ev.kinds);
    if (k >= 0) s.waits[seat * 2 + WORD[k]!]! |= BIT[k]!;
  }
}

const full = new Int32Array(2);

/** Whether `seat`'s 14 - 3 per meld tiles are a winning shape (only the dealer's first turn asks). */
function completeNow(s: WritableTable, seat: number): boolean {
  const g = seat * 4;
  s.ev.setIndices(s.gi[g]!, s.gi[g + 1]!, s.gi[g + 2]!, s.gi[g + 3]!);
  const melds = s.meldN[seat]!;
  if (s.ev.shanten(melds) === -1) return true;
  return melds === 0 && s.quadPairs && quadPairsComplete(s, seat);
}

/** Fourteen tiles in seven pairs, four of a kind counting as two. */
function quadPairsComplete(s: WritableTable, seat: number): boolean {
  const kinds = s.ev.kinds;
  for (let i = 0; i < kinds.length; i++) if ((s.hand[seat * STRIDE + kinds[i]!]! & 1) !== 0) return false;
  return true;
}

/** How a turn starts (startTurn): with a draw in turn, with a kong's replacement draw, after a
 * pung or chow, as the hand's first turn (East, without a draw), or again, the same seat's turn
 * with its hand changed by a turn action of the ruleset's own. */
const DRAW = 0;
const REPLACEMENT = 1;
const AFTER_CALL = 2;
const FIRST = 3;
const AGAIN = 4;

/** Sets again what the seat to act may do, after a turn action of the ruleset's own changed its hand. */
export function prepareTurn(s: WritableTable): void {
  startTurn(s, s.cur, AGAIN);
}

/**
 * Starts `seat`'s turn (see DRAW..AGAIN): draws for it where the turn starts with a draw,
 * unless the hand ends instead (an empty wall, or no replacement left), then sets what it may
 * discard and do about a self-draw win (none after a call).
 *
 * One function for every start of a turn, so that its bytecode is over V8's limit for inlining
 * (460 bytes; it is 469 under Node 20), like discard's: it is always compiled on its own, with
 * the whole draw inlined into it, and the discard calls it. When the discard inlined the draw
 * instead, which parts of it fitted into the discard's budget depended on the timing of V8's
 * compiles: Korean tsumogiri runs of the same build settled anywhere from 203k to 225k hands a
 * second.
 */
function startTurn(s: WritableTable, seat: number, how: number): void {
  if (how <= REPLACEMENT) {
    if (how === REPLACEMENT) {
      recomputeWaits(s, seat);
      if (!s.replacementLeft()) return exhaustiveDraw(s);
    } else {
      if (s.live() <= 0) return exhaustiveDraw(s);
      if (s.deadSkipTurns && s.dead[seat] !== 0) return exhaustiveDraw(s); // every seat is dead
      s.temp[seat] = 0;
    }
    s.afterFlower = false;
    const t = drawFor(s, seat, how === REPLACEMENT);
    if (t < 0) return;
    addTile(s, seat, t);
    if (how === DRAW) s.draws[seat]!++;
    s.drawn = t;
    if (s.log) logDraw(s, seat, t, how === REPLACEMENT);
  } else if (how !== AGAIN) s.drawn = -1;
  if (how !== AGAIN) {
    s.cur = seat;
    s.phase = TURN;
    s.afterKong = how === REPLACEMENT;
    s.fromClaim = how === AFTER_CALL;
  }
  const d = s.drawn;
  s.turnWinShape =
    s.wins !== null
      ? s.wins.complete(s, seat)
      : d >= 0
        ? (s.waits[(seat << 1) | WORD[d]!]! & BIT[d]!) !== 0
        : !s.fromClaim && s.discards[seat] === 0 && completeNow(s, seat);
  s.turnWinOk = s.turnWinShape && s.dead[seat] === 0 && s.selfDrawLegal(seat);
  setAllowed(s, seat);
}

/** What the seat to act may discard: every kind it holds, unless the ruleset narrows it. */
function setAllowed(s: WritableTable, x: number): void {
  s.allowed0 = s.kinds[x * 2]!;
  s.allowed1 = s.kinds[x * 2 + 1]!;
  if (s.restrictDiscards) s.allowed0 = s.restrict(x);
}

/** Traces a draw, out of line: no run that counts traces. */
function logDraw(s: WritableTable, seat: number, t: number, replacement: boolean): void {
  s.log?.push(`seat ${seat} ${replacement ? 'draws replacement' : 'draws'} ${tileName(t)} (${s.live()} left)`);
  s.log?.event(replacement ? { type: 'tsumo', seat, pai: tileName(t), replacement } : { type: 'tsumo', seat, pai: tileName(t) });
}

/**
 * Discards `k`; `declare` is the ruleset's declaration block + 1, or 0. Then offers the discard
 * to the others: every seat that can claim it, counter-clockwise from the discarder.
 *
 * One function, the offer included, so that its bytecode is over V8's limit for inlining (460
 * bytes): it is always compiled on its own, and the move that calls it (the GameDef's `apply`)
 * stays small enough for the game loop to inline. V8 counts a function already optimized at
 * its size plus all it inlined, so when the discard fitted into `apply`, `apply` no longer fitted
 * into the loop, and which way it went depended on the timing of V8's compiles: a Korean
 * tsumogiri run settled 5-15% slower when it went the wrong way.
 */
export function discard(s: WritableTable, x: number, k: number, declare: number): void {
  takeTiles(s, x, k, 1);
  s.dMask[(x << 1) | WORD[k]!]! |= BIT[k]!;
  s.seen[k]!++;
  s.discards[x]!++;
  // A ready hand that throws back its draw keeps its 13 tiles, and so its waits.
  if (k !== s.drawn) recomputeWaits(s, x);
  s.onDiscard(x, k, declare);
  s.discardAfterKong = s.afterKong;
  s.afterKong = false;
  s.drawn = -1;
  s.lastDiscard = s.live() <= 0;
  s.claimTile = k;
  s.discarder = x;
  const bit = BIT[k]!;
  const w = WORD[k]!;
  // Most discards interest nobody: not a wait, no pair to pung, no two tiles of a run for the
  // seat on the left to chow. The four seats' words are read unrolled, the discarder's too (it
  // then only sends the rare discard of a tile it still pairs or waits on the long way): a loop
  // skipping the discarder cost 3% of a Korean tsumogiri hand's instructions.
  const W = s.waits,
    C = s.callable;
  let interest = W[w]! | C[w]! | W[2 + w]! | C[2 + w]! | W[4 + w]! | C[4 + w]! | W[6 + w]! | C[6 + w]!;
  if (s.chowCalls && !s.lastDiscard) interest |= chowable(s.kinds[(((x + 1) & LAST_SEAT) << 1) | w]!);
  if ((interest & bit) === 0) return passOn(s, x);
  s.claimN = 0;
  s.claimAt = 0;
  s.winners = 0;
  s.meldClaimSeat = -1;
  askSeats(s, 1);
  if (s.claimN === 0) return passOn(s, x);
  s.phase = CLAIM;
  s.cur = s.claimSeats[0]!;
}

/** `x`'s discard went unclaimed (or its hand was ruled dead in its turn): the next seat draws. */
function passOn(s: WritableTable, x: number): void {
  s.onPassed(x);
  startTurn(s, s.nextSeat(x), DRAW);
}

/**
 * Asks the seats `from` and more places on from the discarder what they may do with the tile
 * on offer (CAN_* bits in claimOpts, with their ronOk and passable reset), adding each that may
 * do something to claimSeats: on a discard, a win, pung, kong or chow (or the ruleset's own
 * claims); on a kong being robbed, a win only. One loop for the discard, the kong and a
 * determinization's rebuilt window, with the per-seat checks inline (a call per seat cost
 * Chinese-American play a few percent).
 */
export function askSeats(s: WritableTable, from: number): void {
  const x = s.discarder;
  const t = s.claimTile;
  const bit = BIT[t]!;
  const w = WORD[t]!;
  const melds = !s.lastDiscard && !s.robbing;
  const chows = melds && s.chowCalls;
  for (let i = from; i < SEATS; i++) {
    const y = (x + i) & LAST_SEAT;
    let opts = 0;
    let win = 0;
    if (s.wins !== null && !s.robbing) {
      win = s.wins.claims(s, y, t);
      opts = win & CAN_ANY;
    } else {
      if ((s.waits[y * 2 + w]! & bit) !== 0) {
        win = s.discardWin(y, t);
        opts = win & CAN_WIN;
      }
      const n = s.hand[y * STRIDE + t]!;
      if ((n >= 2 || (chows && i === 1)) && melds && !s.locked(y)) {
        if (n >= 2) opts |= CAN_PUNG;
        if (n === 3 && s.replacementLeft()) opts |= CAN_KONG;
        if (chows && i === 1) opts |= chowOptions(s, y, t);
      }
    }
    s.ronOk[y] = (win & WIN_LEGAL) !== 0 ? 1 : 0;
    s.passable[y] = (win & WIN_PASSABLE) !== 0 ? 1 : 0;
    s.claimOpts[y] = opts;
    if (opts !== 0) s.claimSeats[s.claimN++] = y;
  }
}

function chowOptions(s: WritableTable, y: number, t: number): number {
  if (t >= HONOR) return 0;
  const h = s.hand;
  const off = y * STRIDE;
  const n = t % 9;
  let o = 0;
  if (n <= 6 && h[off + t + 1]! > 0 && h[off + t + 2]! > 0) o |= CAN_CHOW_LOW;
  if (n >= 1 && n <= 7 && h[off + t - 1]! > 0 && h[off + t + 1]! > 0) o |= CAN_CHOW_MID;
  if (n >= 2 && h[off + t - 2]! > 0 && h[off + t - 1]! > 0) o |= CAN_CHOW_HIGH;
  return o;
}

/** The seat being offered the tile chose `a` (PASS, WIN, PUNG, KONG, a chow or a ruleset meld). */
export function claimAction(s: WritableTable, a: number, win: boolean): void {
  const y = s.cur;
  const t = s.claimTile;
  if (win) {
    if (s.ronOk[y] === 1) {
      s.winners |= 1 << y;
      if (s.headBump) return resolveClaims(s);
    } else s.falseWin(y);
  } else {
    if (s.passable[y] === 1) s.missedWin(y, t);
    // A pung or kong beats a chow (unless the rules say the first claim in turn order wins);
    // only one seat can pung a given discard.
    // A ruleset's meld goes to the first claimant in turn order from the discarder.
    if (
      ((a === PUNG || a === KONG) && (s.pongBeatsChow || s.meldClaimSeat < 0)) ||
      (((a >= CHOW_LOW && a <= CHOW_HIGH) || a >= TABLE_ACTIONS) && s.meldClaimSeat < 0)
    ) {
      s.meldClaimSeat = y;
      s.meldClaimAction = a;
    }
  }
  if (++s.claimAt === s.claimN) return resolveClaims(s);
  s.cur = s.claimSeats[s.claimAt]!;
}

function resolveClaims(s: WritableTable): void {
  const x = s.discarder;
  if (s.winners !== 0) return discardWins(s);
  if (s.robbing) return completeKong(s, x, s.claimTile);
  const y = s.meldClaimSeat;
  if (y < 0) return passOn(s, x);
  const t = s.claimTile;
  const a = s.meldClaimAction;
  s.claimed[x]!++;
  s.onClaimed(x, t);
  const mi = y * MAX_MELDS + s.meldN[y]!;
  if (s.claimLiftsLock) s.temp[y] = 0;
  s.anyCall = true;
  s.openMelds[y]!++;
  if (a >= TABLE_ACTIONS) {
    s.wins!.claimMeld(s, y, a);
  } else if (a === PUNG || a === KONG) {
    const n = a === PUNG ? 2 : 3;
    takeTiles(s, y, t, n);
    s.seen[t]! += n;
    s.meldType[mi] = a === PUNG ? MELD_PUNG : MELD_KONG;
    s.meldKind[mi] = t;
    if (a === PUNG) s.pungs[y * 2 + WORD[t]!]! |= BIT[t]!;
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
  if (a < TABLE_ACTIONS) s.meldN[y]!++;
  s.log?.push(`seat ${y} claims ${tileName(t)} from seat ${x}`);
  s.log?.event({
    type: 'call',
    seat: y,
    target: x,
    pai: tileName(t),
    meld: a === PUNG ? 'pon' : a === KONG ? 'daiminkan' : a < TABLE_ACTIONS ? 'chi' : 'exposure',
  });
  // A ruleset's meld may prove the claimer's own hand dead (American exposures).
  if (s.deadSkipTurns && s.dead[y] !== 0) return endDeadTurn(s, y);
  startTurn(s, y, a === KONG ? REPLACEMENT : AFTER_CALL);
}

/**
 * `seat`'s hand was ruled dead in its own turn (by its exposure, or a turn action of the
 * ruleset's own) where dead hands stop playing: it stops at once, without a discard, and the
 * next seat in turn that still plays draws.
 */
export function endDeadTurn(s: WritableTable, seat: number): void {
  s.drawn = -1;
  passOn(s, seat);
}

/**
 * Concealed kong (four held) or added kong (a pung plus the fourth), then a replacement. An
 * added kong's tile is first offered to the others to win on, where the rules allow robbing it.
 */
export function selfKong(s: WritableTable, x: number, k: number): void {
  const off = x * STRIDE;
  s.anyCall = true;
  if (s.hand[off + k] === 4) {
    takeTiles(s, x, k, 4);
    s.seen[k]! += 4;
    const mi = x * MAX_MELDS + s.meldN[x]!;
    s.meldType[mi] = CONCEALED_KONG;
    s.meldKind[mi] = k;
    s.meldN[x]!++;
    if (s.robConcealedKong && offerKongTile(s, x, k)) return;
    return startTurn(s, x, REPLACEMENT);
  }
  takeTiles(s, x, k, 1);
  s.seen[k]!++;
  s.pungs[x * 2 + WORD[k]!]! &= ~BIT[k]!;
  if (s.robKong && offerKongTile(s, x, k)) return;
  completeKong(s, x, k);
}

/** Completes `x`'s kong of `k` (its tiles already out of the hand; a pung turns into an added kong), then the replacement. */
function completeKong(s: WritableTable, x: number, k: number): void {
  s.robbing = false;
  for (let i = x * MAX_MELDS; i < x * MAX_MELDS + s.meldN[x]!; i++) {
    if (s.meldType[i] === MELD_PUNG && s.meldKind[i] === k) s.meldType[i] = ADDED_KONG;
  }
  startTurn(s, x, REPLACEMENT);
}

/** Offers the kong tile `t` of `x` to every seat that waits on it (robbing the kong); false when none does. */
function offerKongTile(s: WritableTable, x: number, t: number): boolean {
  s.claimTile = t;
  s.discarder = x;
  s.robbing = true;
  s.claimN = 0;
  s.claimAt = 0;
  s.winners = 0;
  s.meldClaimSeat = -1;
  askSeats(s, 1);
  if (s.claimN === 0) {
    s.robbing = false;
    return false;
  }
  s.phase = CLAIM;
  s.cur = s.claimSeats[0]!;
  return true;
}

/** The seat to act declares a self-draw win: paid if legal, else a false win. */
export function selfDrawWin(s: WritableTable): void {
  const x = s.cur;
  if (!s.turnWinOk) {
    s.falseWin(x);
    s.turnWinShape = false;
    // Dead now: it may discard only what the ruleset leaves it.
    setAllowed(s, x);
    return;
  }
  s.paySelfDraw(x);
  s.stats.selfDraws[x]!++;
  s.stats.winTurns[x]! += s.discards[x]! + 1;
  s.stats.wins[x]!++;
  s.stats.handsWon++;
  finishHand(s, x === s.dealer, false);
}

function discardWins(s: WritableTable): void {
  const x = s.discarder;
  let dealerWon = false;
  let count = 0;
  s.payDiscardWins();
  for (let i = 1; i < SEATS; i++) {
    const y = (x + i) & LAST_SEAT;
    if ((s.winners & (1 << y)) === 0) continue;
    count++;
    s.stats.winTurns[y]! += s.discards[y]! + 1;
    s.stats.wins[y]!++;
    s.stats.dealIns[x]!++;
    if (y === s.dealer) dealerWon = true;
  }
  s.stats.handsWon++;
  if (count > 1) s.stats.multiWin++;
  finishHand(s, dealerWon, false);
}

export function exhaustiveDraw(s: WritableTable): void {
  s.stats.exhaustive++;
  s.log?.push('wall empty: exhaustive draw, no payment');
  s.log?.event({ type: 'ryukyoku', reason: 'exhausted' });
  finishHand(s, false, true);
}

/** Ends the hand: moves the deal, then deals the next hand or ends the session. */
export function finishHand(s: WritableTable, dealerWon: boolean, exhausted: boolean): void {
  s.stats.hands++;
  s.stats.dealerNet += s.net[s.dealer]! - s.dealerNetBefore;
  for (let y = 0; y < SEATS; y++) s.stats.turns += s.discards[y]!;
  s.handNo++;
  if (s.dealerKeeps(dealerWon, exhausted)) s.dealerStreak++;
  else {
    s.dealer = (s.dealer + 1) & LAST_SEAT;
    s.dealerPasses++;
    s.dealerStreak = 0;
    s.roundWind = s.roundWindAfterPass();
  }
  s.log?.push(`  net after hand ${s.handNo}: ${Array.from(s.net).join(' ')}`);
  s.log?.event({ type: 'end_kyoku', hand: s.handNo - 1, deltas: s.log.deltas(s.net), scores: Array.from(s.net) });
  if (s.sessionOver()) {
    s.phase = OVER;
    return;
  }
  dealHand(s);
}

/** A two-word mask in notation, for traces. */
export function maskName(lo: number, hi: number): string {
  const c = new Int8Array(KINDS);
  forEachKind(lo, hi, (k) => {
    c[k] = 1;
  });
  return formatTiles(c) || '-';
}
