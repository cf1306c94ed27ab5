// What a seat cannot see at the table, place by place, and how a given assignment of tiles to
// those places is dealt: the contract between the table, a ruleset (hooks.ts HiddenTiles) and
// whatever chooses the tiles for search. hiddenPlaces describes the places for a seat;
// dealPlaces deals an assignment to them and rebuilds what follows from it. Between the two a
// determinizer draws the assignment: determinize.ts draws it uniformly among those that respect
// the places' constraints; one that weighs the others' past play, or stratifies the first draws
// of a playout, draws its own and deals it the same way.
//
// What a seat knows, and so what stays as it is:
// - its own concealed tiles, and on its turn the tile it drew;
// - everything public: every river, meld and kong (the table shows a concealed kong's kind),
//   flowers set aside, each seat's draws, discards and claimed discards, how many tiles each
//   hand holds, the wall's size, payments and the session (dealer, hand, nets);
// - the rulesets' declarations and the locks the rules put on a seat: Korean uper and open uper
//   with the waits an open uper shows, sacred discard, no-ron and temporary locks, jumps;
//   Chinese-American missed-win locks; American exposures, joker exchanges, dead hands and the
//   Charleston's progress. These are kept as they stand. (A temporary lock after a passed
//   discard win is strictly the passer's own knowledge; the rulesets' information model treats
//   these locks as public facts, and they only ever narrow that seat's wins.)
// - the seat to act (toAct is public): in a claim window it stays the seat to act.
//
// What it does not know, the hidden places: the other seats' concealed tiles, the undrawn wall
// (live, reserve and replacement tiles alike: every draw picks uniformly among the undrawn
// tiles, so the wall is one bag) and the ruleset's own hidden places (American: the passes the
// others have chosen). Their tiles are pooled by kind, never in the order the state stores them,
// and every place keeps its size. The constraints on an assignment:
// - tiles the seat knows to be in another hand stay there (HiddenTiles.knownTiles: the American
//   Charleston, a Korean open uper's hand), and only the rest of that hand is dealt;
// - a hand everyone knows is ready (Korean uper) is dealt only ready hands (readyHand);
// - places may refuse some kinds: a hand never holds a flower where flowers are set aside; an
//   American pass never holds a joker;
// - in a claim window the seats asked before the seat to act have answered unseen: they are
//   taken to have passed (the seat's own answer stands), and the seats after it are asked
//   according to their new hands. The seat to act keeps its options: when it is not `seat`, its
//   hand is kept too, because what it may claim follows from its hand. Search bots determinize
//   for the seat to act, where this never arises.
// Once dealt, what follows from the hands is rebuilt (masks, pattern indices, waits, the turn's
// options, the claim window), and the bookkeeping of windows and turns that are over, which the
// true hands shaped and nothing reads any more, is cleared.

import { copyState } from '../../../core/copy.js';
import * as tilesModule from '../tiles.js';
import * as flowModule from './flow.js';
import * as stateModule from './state.js';
import type { SessionStats, TableState, WritableTable } from './state.js';

// Imports as module-local consts, read once: see flow.ts.
const { KINDS } = tilesModule;
const { addTile, askSeats, prepareTurn, recomputeWaits } = flowModule;
const { CLAIM, LAST_SEAT, PREPLAY, SEATS, STRIDE, TURN } = stateModule;

/** Most tiles in one kind of place: the largest set's wall. */
const MAX_TILES = 256;

/** The places `seat` cannot see (hiddenPlaces), and the constraints on the tiles they may hold. */
export class HiddenPlaces {
  /** The seat whose knowledge this is. */
  seat = -1;
  /** Per seat: the concealed tiles to deal it (its hand less what `seat` knows is there, its draw
   * included), or -1 for a hand kept whole: `seat`'s own, the seat to act in a claim window, a
   * hand with nothing unknown. */
  readonly handTiles = new Int16Array(SEATS);
  /** Per seat, by kind (seat * STRIDE + kind): the tiles `seat` knows are in that hand. They stay. */
  readonly known = new Int8Array(SEATS * STRIDE);
  /** Each seat's part of `known`. */
  readonly knownOf = Array.from({ length: SEATS }, (_, y) => this.known.subarray(y * STRIDE, (y + 1) * STRIDE));
  /** Per seat: 1 when everyone knows the hand is ready (Korean uper): it may be dealt only a ready hand. */
  readonly ready = new Uint8Array(SEATS);
  /** The seat to act when the tile it drew this turn is hidden: the last of its tiles is dealt
   * as that draw (HiddenDeal.drawn). -1 otherwise. */
  drawSeat = -1;
  /** Hands refuse the kinds from this one on (flowers set aside), or KINDS for none. */
  handsRefuseFrom = KINDS;
  /** Tiles in the ruleset's own hidden places (HiddenTiles.countHidden), and the kinds those refuse (1 each). */
  rulesetTiles = 0;
  readonly rulesetRefuses = new Uint8Array(KINDS);
  /** The wall's undrawn places. */
  wallTiles = 0;
  /** Every hidden tile by kind: what all the places hold together. */
  readonly pool = new Int16Array(KINDS);
}

/** An assignment of the pool to the places, for dealPlaces. */
export class HiddenDeal {
  /** The tiles dealt to each hand by kind (seat * STRIDE + kind), beside those known there; the
   * draw of HiddenPlaces.drawSeat apart. */
  readonly hands = new Int8Array(SEATS * STRIDE);
  /** The tile dealt as that draw, or -1. */
  drawn = -1;
  /** The ruleset's places, in the order it refills them (HiddenTiles.dealHidden). */
  readonly ruleset = new Uint8Array(MAX_TILES);
  /** The wall's undrawn places, in place order. */
  readonly wall = new Uint8Array(MAX_TILES);
}

/** Describes into `out` the places of `s` that `seat` cannot see. Reads the state only. */
export function hiddenPlaces(s: TableState, seat: number, out: HiddenPlaces): void {
  const { handTiles, known, ready, pool } = out;
  out.seat = seat;
  pool.fill(0);
  known.fill(0);
  for (let y = 0; y < SEATS; y++) {
    handTiles[y] = -1;
    ready[y] = s.knownReady(y) ? 1 : 0;
    if (y === seat || (s.phase === CLAIM && y === s.cur)) continue;
    s.knownTiles(seat, y, out.knownOf[y]!);
    let u = 0;
    for (let k = 0; k < KINDS; k++) {
      const c = s.hand[y * STRIDE + k]! - known[y * STRIDE + k]!;
      pool[k]! += c;
      u += c;
    }
    if (u > 0) handTiles[y] = u;
  }
  out.drawSeat = s.phase === TURN && s.cur !== seat && s.drawn >= 0 && handTiles[s.cur]! >= 0 ? s.cur : -1;
  out.handsRefuseFrom = Math.min(s.asideFrom, KINDS);
  for (let k = 0; k < KINDS; k++) out.rulesetRefuses[k] = s.hiddenRefuses(k) ? 1 : 0;
  let before = total(pool);
  s.countHidden(seat, pool);
  out.rulesetTiles = total(pool) - before;
  before = total(pool);
  s.wall.countUndrawn(pool);
  out.wallTiles = total(pool) - before;
}

function total(c: Int16Array): number {
  let n = 0;
  for (let k = 0; k < KINDS; k++) n += c[k]!;
  return n;
}

/**
 * Whether hand `y` of `s`, its known tiles with `tiles[0..n)` (its draw apart), is ready: what a
 * determinizer asks of a hand HiddenPlaces.ready marks. The trial is made on the hand itself,
 * which dealPlaces lays anew.
 */
export function readyHand(s: WritableTable, places: HiddenPlaces, y: number, tiles: Uint8Array, n: number): boolean {
  clearHand(s, y);
  const off = y * STRIDE;
  for (let k = 0; k < KINDS; k++) for (let c = 0; c < places.known[off + k]!; c++) addTile(s, y, k);
  for (let i = 0; i < n; i++) addTile(s, y, tiles[i]!);
  recomputeWaits(s, y);
  return (s.waits[y * 2]! | s.waits[y * 2 + 1]!) !== 0;
}

/**
 * Deals `deal` to the places `places` describes (of `s`, for its seat), then rebuilds what
 * follows from the hands: their masks, indices and waits, the turn's options and the claim
 * window. `stats` are the session's statistics as they stood: judging the claim window anew may
 * count into them (Korean: discard wins lost to sacred discard), which counted the true offers
 * already.
 */
export function dealPlaces(s: WritableTable, places: HiddenPlaces, deal: HiddenDeal, stats: SessionStats): void {
  const seat = places.seat;
  from = deal.ruleset;
  at = 0;
  s.dealHidden(seat, next);
  // Ready hands first, as a determinizer draws them.
  for (let r = 1; r >= 0; r--) {
    for (let y = 0; y < SEATS; y++) if (places.handTiles[y]! >= 0 && places.ready[y] === r) layHand(s, places, deal, y);
  }
  from = deal.wall;
  at = 0;
  s.wall.redeal(next);

  // Rebuild the phase.
  if (s.phase !== CLAIM) clearClaims(s);
  if (s.phase !== TURN) clearTurn(s);
  if (s.phase === TURN && places.handTiles[s.cur]! >= 0) prepareTurn(s);
  if (s.phase === CLAIM) {
    rebuildClaims(s, seat);
    copyState(stats, s.stats);
  }
  s.afterDeterminize(seat);
}

/** The places being refilled by dealPlaces, and the next tile of them. */
let from: Uint8Array = new Uint8Array(0);
let at = 0;
const next = (): number => from[at++]!;

function clearHand(s: WritableTable, y: number): void {
  s.hand.fill(0, y * STRIDE, (y + 1) * STRIDE);
  for (let i = y * 2; i < y * 2 + 2; i++) s.kinds[i] = s.pairs[i] = s.quads[i] = 0;
  s.gi.fill(0, y * 4, y * 4 + 4);
}

/** Lays `y`'s hand anew: the tiles the seat knows are there, then those dealt, and its draw last;
 * and recomputes its waits. */
function layHand(s: WritableTable, places: HiddenPlaces, deal: HiddenDeal, y: number): void {
  clearHand(s, y);
  const off = y * STRIDE;
  for (let k = 0; k < KINDS; k++) for (let c = places.known[off + k]! + deal.hands[off + k]!; c > 0; c--) addTile(s, y, k);
  s.handRedealt(y);
  const withDraw = places.drawSeat === y;
  // Waits are of a hand at rest (13 tiles less 3 per meld): not while passing, nor on a turn
  // begun without a draw, where the true waits are those of an earlier hand and unread.
  if (places.ready[y] === 0 && (s.phase === PREPLAY || (s.phase === TURN && y === s.cur && !withDraw))) {
    s.waits[y * 2] = s.waits[y * 2 + 1] = 0;
    s.shanten13[y] = 0;
  } else recomputeWaits(s, y);
  if (withDraw) {
    addTile(s, y, deal.drawn);
    s.drawn = deal.drawn;
  }
}

/** Outside a claim window, what the last window recorded is stale. */
function clearClaims(s: WritableTable): void {
  s.claimOpts.fill(0);
  s.ronOk.fill(0);
  s.passable.fill(0);
  s.claimSeats.fill(0);
  s.claimN = s.claimAt = s.winners = 0;
  s.meldClaimSeat = s.meldClaimAction = -1;
}

/** Outside a turn, what the last turn allowed is stale (a kong's tile on offer keeps no draw). */
function clearTurn(s: WritableTable): void {
  s.turnWinShape = s.turnWinOk = false;
  s.allowed0 = s.allowed1 = 0;
  if (s.phase === CLAIM) s.drawn = -1;
}

/** The claim window under way, with the seat to act first and the seats after it asked anew. */
function rebuildClaims(s: WritableTable, seat: number): void {
  const x = s.discarder;
  const cur = s.cur;
  s.winners &= 1 << seat;
  if (s.meldClaimSeat !== seat) s.meldClaimSeat = s.meldClaimAction = -1;
  for (let y = 0; y < SEATS; y++) {
    if (y !== cur) s.claimOpts[y] = s.ronOk[y] = s.passable[y] = 0;
  }
  s.claimSeats.fill(0);
  s.claimSeats[0] = cur;
  s.claimN = 1;
  s.claimAt = 0;
  let i = 1;
  while (((x + i) & LAST_SEAT) !== cur) i++;
  askSeats(s, i + 1);
}
