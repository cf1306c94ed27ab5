// A determinization of a table state for one seat (GameDef.determinize), for search bots: the
// state as the seat knows it, with the tiles it cannot see dealt at random.
//
// What a seat knows, and so what a determinization keeps as it is:
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
// What it does not know: the other seats' concealed tiles, the undrawn wall (live, reserve and
// replacement tiles alike: every draw picks uniformly among the undrawn tiles, so the wall is one
// bag) and the ruleset's own hidden places (American: the passes the others have chosen). Those
// tiles are pooled by kind, never in the order the state stores them, shuffled with the
// determinization's stream and dealt back, every place keeping its size:
// - tiles the seat knows to be in another hand stay there (TableState.knownTiles: the American
//   Charleston, a Korean open uper's hand);
// - a hand everyone knows is ready (Korean uper) is dealt only ready hands, by rejection and
//   before the others, so that with one such hand the deal is uniform among those that respect
//   it (with two, the second is dealt from what the first left: nearly uniform);
// - places that refuse some kinds (a hand never holds a flower where flowers are set aside; an
//   American pass never holds a joker) are dealt first from the tiles they accept, then the
//   other places from what is left: uniform among the deals that respect the refusals, since
//   every refusing place refuses the same kinds in each ruleset;
// - in a claim window the seats asked before the seat to act have answered unseen: they are
//   taken to have passed (the seat's own answer stands), and the seats after it are asked
//   according to their new hands. The seat to act keeps its options: when it is not `seat`, its
//   hand is kept too, because what it may claim follows from its hand. Search bots determinize
//   for the seat to act, where this never arises.
// Then what follows from the hands is rebuilt (masks, pattern indices, waits, the turn's options,
// the claim window), and the bookkeeping of windows and turns that are over, which the true hands
// shaped and nothing reads any more, is cleared.

import { copyState } from '../../../core/copy.js';
import type { Rng } from '../../../core/rng.js';
import * as tilesModule from '../tiles.js';
import * as flowModule from './flow.js';
import * as stateModule from './state.js';
import type { TableState } from './state.js';

// Imports as module-local consts, read once: see flow.ts.
const { KINDS } = tilesModule;
const { addTile, askSeats, prepareTurn, recomputeWaits, takeTiles } = flowModule;
const { CLAIM, LAST_SEAT, OVER, PREPLAY, SEATS, STRIDE, TURN } = stateModule;

/** Tries at a ready hand before taking the last one. Random 13 Korean tiles are ready about
 * once in 2000 from a full set, and once in 200 to 700 from what is unseen at an uper; this is
 * never reached in practice. */
const READY_TRIES = 100000;

// Scratch, one set per process: a determinization runs to the end without yielding.
/** Tiles of other hands the seat knows (seat * STRIDE + kind), and the pool by kind. */
const known = new Int8Array(SEATS * STRIDE);
const knownOf = Array.from({ length: SEATS }, (_, y) => known.subarray(y * STRIDE, (y + 1) * STRIDE));
const counts = new Int16Array(KINDS);
/** Unknown tiles of each hand to deal, or -1 for a hand kept whole. */
const unknown = new Int16Array(SEATS);
/** The pool: tiles[0..first) are accepted by every place, tiles[first..n) refused by some. */
const tiles = new Uint8Array(256);
let n = 0;
let first = 0;
let rng: Rng;
/** One hand's tiles dealt in a try at a ready hand. */
const dealt = new Uint8Array(14);

/** A tile for a place that refuses some kinds: uniform among the accepted ones left. */
function drawFirst(): number {
  const j = rng.int(first);
  const x = tiles[j]!;
  tiles[j] = tiles[first - 1]!;
  tiles[first - 1] = tiles[n - 1]!;
  tiles[n - 1] = x;
  first--;
  n--;
  return x;
}

/** A tile for a place that takes any kind (once every refusing place is dealt): uniform among those left. */
function drawRest(): number {
  const j = rng.int(n);
  const x = tiles[j]!;
  tiles[j] = tiles[n - 1]!;
  tiles[n - 1] = x;
  n--;
  return x;
}

/** Takes one tile of kind `k` out of the pool, keeping the accepted tiles in front. */
function remove(k: number): void {
  let j = 0;
  while (j < n && tiles[j] !== k) j++;
  if (j === n) throw new Error(`determinize: no ${k} left among the unseen tiles for a given hand`);
  if (j < first) {
    tiles[j] = tiles[first - 1]!;
    tiles[first - 1] = tiles[n - 1]!;
    first--;
  } else tiles[j] = tiles[n - 1]!;
  n--;
}

/** Puts back the last `c` tiles drawn (they sit at tiles[n..n + c)). */
function undraw(c: number, fromFirst: boolean): void {
  for (let i = 0; i < c; i++) {
    if (fromFirst) {
      // Keep the accepted tiles in front: the first refused one goes behind the returned tile.
      const x = tiles[n]!;
      tiles[n] = tiles[first]!;
      tiles[first++] = x;
    }
    n++;
  }
}

/** The other hands' unknown tiles by kind (seat * STRIDE + kind) where a determinizer chose
 * them (an inferred particle: table/infer.ts), or null to deal them uniformly. */
let given: Int8Array | null = null;

/**
 * A determinization (below) whose hands hold `hands` (by kind, seat * STRIDE + kind: each
 * other hand's tiles beside those the seat knows are there), the rest of what the seat cannot
 * see dealt anew from `stream`.
 */
export function determinizeGiven(from: TableState, seat: number, stream: Rng, s: TableState, hands: Int8Array): void {
  given = hands;
  try {
    determinize(from, seat, stream, s);
  } finally {
    given = null;
  }
}

/**
 * Turns `s`, a copy of `from`, into a determinization of it for `seat` drawing from `stream`
 * (which also becomes the stream of every later chance event).
 */
export function determinize(from: TableState, seat: number, stream: Rng, s: TableState): void {
  s.rng = stream;
  // Hands dealt after this one (a rollout that runs past the hand's end) come from the stream
  // too, not from the true session's hand streams.
  if (s.handStreams) stream.familyKey(s.handKey);
  rng = stream;
  if (s.phase === OVER) return;
  const cur = s.cur;
  const hand = s.hand;
  const drawnHidden = s.phase === TURN && cur !== seat && s.drawn >= 0;

  // Pool what the seat cannot see, by kind.
  counts.fill(0);
  known.fill(0);
  for (let y = 0; y < SEATS; y++) {
    unknown[y] = -1;
    if (y === seat || (s.phase === CLAIM && y === cur)) continue;
    s.knownTiles(seat, y, knownOf[y]!);
    let u = 0;
    for (let k = 0; k < KINDS; k++) {
      const c = hand[y * STRIDE + k]! - known[y * STRIDE + k]!;
      counts[k]! += c;
      u += c;
    }
    if (u > 0) unknown[y] = u;
  }
  s.poolHidden(seat, counts);
  const w = s.wall;
  w.countUndrawn(counts);

  // Lay it out by kind, the tiles every place accepts first.
  const handsFirst = s.asideFrom < KINDS;
  n = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < KINDS; k++) {
      const refused = (handsFirst && k >= s.asideFrom) || s.hiddenRefuses(k);
      if (refused === (pass === 1)) for (let c = 0; c < counts[k]!; c++) tiles[n++] = k;
    }
    if (pass === 0) first = n;
  }

  // Given hands leave the pool first.
  if (given)
    for (let y = 0; y < SEATS; y++) if (unknown[y]! >= 0) for (let k = 0; k < KINDS; k++) for (let c = given[y * STRIDE + k]!; c > 0; c--) remove(k);

  // Deal: the places that refuse some kinds, ready hands before the others, then the wall.
  s.dealHidden(seat, drawFirst);
  for (let ready = 1; ready >= 0; ready--) {
    for (let y = 0; y < SEATS; y++) {
      if (unknown[y]! >= 0 && s.knownReady(y) === (ready === 1)) dealHand(s, y, handsFirst, drawnHidden && y === cur);
    }
  }
  w.redeal(drawRest);

  // Rebuild the phase.
  if (s.phase !== CLAIM) clearClaims(s);
  if (s.phase !== TURN) clearTurn(s);
  if (s.phase === TURN && unknown[cur]! >= 0) prepareTurn(s);
  if (s.phase === CLAIM) {
    rebuildClaims(s, seat);
    // Judging the options may count into the session's statistics (Korean: discard wins lost
    // to sacred discard), which counted the true offers already.
    copyState(from.stats, s.stats);
  }
  s.afterDeterminize(seat);
}

/** Deals `y`'s hand anew: the tiles the seat knows are there, then unknown[y] from the pool
 * (the last as the tile drawn this turn when `withDraw`), and recomputes its waits. */
function dealHand(s: TableState, y: number, fromFirst: boolean, withDraw: boolean): void {
  const off = y * STRIDE;
  s.hand.fill(0, off, off + STRIDE);
  for (let i = y * 2; i < y * 2 + 2; i++) s.kinds[i] = s.pairs[i] = s.quads[i] = 0;
  s.gi.fill(0, y * 4, y * 4 + 4);
  for (let k = 0; k < KINDS; k++) for (let c = 0; c < known[off + k]!; c++) addTile(s, y, k);
  let draw = fromFirst ? drawFirst : drawRest;
  const main = unknown[y]! - (withDraw ? 1 : 0);
  if (given) {
    // The given tiles in kind order, the last as the draw.
    let k = 0,
      left = 0;
    draw = () => {
      while (left === 0) left = given![off + k++]!;
      left--;
      return k - 1;
    };
    for (let i = 0; i < main; i++) addTile(s, y, draw());
    s.handRedealt(y);
    if (s.phase === PREPLAY || (s.phase === TURN && y === s.cur && !withDraw)) {
      s.waits[y * 2] = s.waits[y * 2 + 1] = 0;
      s.shanten13[y] = 0;
    } else recomputeWaits(s, y);
  } else if (s.knownReady(y)) {
    for (let tries = 1; ; tries++) {
      for (let i = 0; i < main; i++) addTile(s, y, (dealt[i] = draw()));
      recomputeWaits(s, y);
      if ((s.waits[y * 2]! | s.waits[y * 2 + 1]!) !== 0 || tries === READY_TRIES) break;
      for (let i = 0; i < main; i++) takeTiles(s, y, dealt[i]!, 1);
      undraw(main, fromFirst);
    }
    s.handRedealt(y);
  } else {
    for (let i = 0; i < main; i++) addTile(s, y, draw());
    s.handRedealt(y);
    // Waits are of a hand at rest (13 tiles less 3 per meld): not while passing, nor on a turn
    // begun without a draw, where the true waits are those of an earlier hand and unread.
    if (s.phase === PREPLAY || (s.phase === TURN && y === s.cur && !withDraw)) {
      s.waits[y * 2] = s.waits[y * 2 + 1] = 0;
      s.shanten13[y] = 0;
    } else recomputeWaits(s, y);
  }
  if (withDraw) {
    const d = draw();
    addTile(s, y, d);
    s.drawn = d;
  }
}

/** Outside a claim window, what the last window recorded is stale. */
function clearClaims(s: TableState): void {
  s.claimOpts.fill(0);
  s.ronOk.fill(0);
  s.passable.fill(0);
  s.claimSeats.fill(0);
  s.claimN = s.claimAt = s.winners = 0;
  s.meldClaimSeat = s.meldClaimAction = -1;
}

/** Outside a turn, what the last turn allowed is stale (a kong's tile on offer keeps no draw). */
function clearTurn(s: TableState): void {
  s.turnWinShape = s.turnWinOk = false;
  s.allowed0 = s.allowed1 = 0;
  if (s.phase === CLAIM) s.drawn = -1;
}

/** The claim window under way, with the seat to act first and the seats after it asked anew. */
function rebuildClaims(s: TableState, seat: number): void {
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
