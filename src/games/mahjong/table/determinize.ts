// A determinization of a table state for one seat (GameDef.determinize), for search bots: the
// state as the seat knows it, with the tiles it cannot see dealt at random. hidden.ts says what
// the seat knows and where the hidden tiles lie; this draws their assignment uniformly among
// those that respect the places' constraints, and deals it:
// - places that refuse some kinds (an American pass never holds a joker; a hand never holds a
//   flower where flowers are set aside) are dealt first from the tiles they accept, then the
//   other places from what is left: uniform among the deals that respect the refusals, since
//   every refusing place refuses the same kinds in each ruleset;
// - a hand everyone knows is ready is dealt by rejection and before the others, so that with one
//   such hand the deal is uniform among those that respect it (with two, the second is dealt
//   from what the first left: nearly uniform).

import type { Rng } from '../../../core/rng.js';
import * as tilesModule from '../tiles.js';
import * as hiddenModule from './hidden.js';
import { HiddenDeal, HiddenPlaces } from './hidden.js';
import * as stateModule from './state.js';
import type { TableState, WritableTable } from './state.js';

// Imports as module-local consts, read once: see flow.ts.
const { KINDS } = tilesModule;
const { dealPlaces, hiddenPlaces, readyHand } = hiddenModule;
const { OVER, SEATS, STRIDE } = stateModule;

/** Tries at a ready hand before taking the last one. Random 13 Korean tiles are ready about
 * once in 2000 from a full set, and once in 200 to 700 from what is unseen at an uper; this is
 * never reached in practice. */
const READY_TRIES = 100000;

// Scratch, one set per process: a determinization runs to the end without yielding.
const places = new HiddenPlaces();
const deal = new HiddenDeal();
/** The pool: tiles[0..first) are accepted by every place, tiles[first..n) refused by some. */
const tiles = new Uint8Array(256);
let n = 0;
let first = 0;
let rng: Rng;
/** One hand's tiles dealt in a try at a ready hand. */
const dealt = new Uint8Array(14);

/**
 * Turns `s`, a copy of `from`, into a determinization of it for `seat` drawing from `stream`
 * (which also becomes the stream of every later chance event).
 */
export function determinize(from: TableState, seat: number, stream: Rng, s: WritableTable): void {
  s.rng = stream;
  // Hands dealt after this one (a rollout that runs past the hand's end) come from the stream
  // too, not from the true session's hand streams.
  if (s.handStreams) stream.familyKey(s.handKey);
  if (s.phase === OVER) return;
  hiddenPlaces(s, seat, places);
  drawUniform(s, stream);
  dealPlaces(s, places, deal, from.stats);
}

/**
 * A determinization (above) whose other hands hold `hands` (by kind, seat * STRIDE + kind: each
 * hand's tiles beside those the seat knows are there, its hidden draw included), the rest of
 * what the seat cannot see (the ruleset's places, the wall) dealt uniformly from what is left.
 * `drawn` is the kind of the hidden draw of the seat to act, where it has one among its tiles;
 * otherwise one of them is picked uniformly. An inferred particle (table/infer.ts) is dealt so.
 */
export function determinizeGiven(from: TableState, seat: number, stream: Rng, s: WritableTable, hands: Int8Array, drawn: number): void {
  s.rng = stream;
  if (s.handStreams) stream.familyKey(s.handKey);
  if (s.phase === OVER) return;
  hiddenPlaces(s, seat, places);
  rng = stream;
  const given = places.pool.slice();
  deal.hands.fill(0);
  deal.drawn = -1;
  for (let y = 0; y < SEATS; y++) {
    if (places.handTiles[y]! < 0) continue;
    const off = y * STRIDE;
    for (let k = 0; k < KINDS; k++) {
      deal.hands[off + k] = hands[off + k]!;
      given[k]! -= hands[off + k]!;
    }
    if (places.drawSeat === y) {
      let d = drawn;
      if (d < 0 || hands[off + d]! === 0) {
        let j = stream.int(places.handTiles[y]!);
        for (d = 0; j >= hands[off + d]!; d++) j -= hands[off + d]!;
      }
      deal.drawn = d;
      deal.hands[off + d]!--;
    }
  }
  // The ruleset's places from the tiles they accept, the wall from the rest.
  n = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < KINDS; k++)
      if ((places.rulesetRefuses[k] === 1) === (pass === 1)) for (let c = 0; c < given[k]!; c++) tiles[n++] = k;
    if (pass === 0) first = n;
  }
  for (let i = 0; i < places.rulesetTiles; i++) deal.ruleset[i] = drawFirst();
  for (let i = 0; i < places.wallTiles; i++) deal.wall[i] = drawRest();
  dealPlaces(s, places, deal, from.stats);
}

/** Draws `deal` uniformly for `places` (see above): the ruleset's places, the ready hands, the
 * other hands, then the wall, a tile at a time from `stream`. */
function drawUniform(s: WritableTable, stream: Rng): void {
  rng = stream;
  // Lay the pool out by kind, the tiles every place accepts first.
  const refuseFrom = places.handsRefuseFrom;
  n = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < KINDS; k++) {
      const refused = k >= refuseFrom || places.rulesetRefuses[k] === 1;
      if (refused === (pass === 1)) for (let c = 0; c < places.pool[k]!; c++) tiles[n++] = k;
    }
    if (pass === 0) first = n;
  }
  for (let i = 0; i < places.rulesetTiles; i++) deal.ruleset[i] = drawFirst();
  deal.hands.fill(0);
  deal.drawn = -1;
  const handsFirst = refuseFrom < KINDS;
  for (let r = 1; r >= 0; r--) {
    for (let y = 0; y < SEATS; y++) if (places.handTiles[y]! >= 0 && places.ready[y] === r) drawHand(s, y, handsFirst);
  }
  for (let i = 0; i < places.wallTiles; i++) deal.wall[i] = drawRest();
}

/** `y`'s tiles, from the accepted ones when `fromFirst`, ready by rejection where it must be. */
function drawHand(s: WritableTable, y: number, fromFirst: boolean): void {
  const draw = fromFirst ? drawFirst : drawRest;
  const main = places.handTiles[y]! - (places.drawSeat === y ? 1 : 0);
  if (places.ready[y] === 1) {
    for (let tries = 1; ; tries++) {
      for (let i = 0; i < main; i++) dealt[i] = draw();
      if (readyHand(s, places, y, dealt, main) || tries === READY_TRIES) break;
      undraw(main, fromFirst);
    }
  } else for (let i = 0; i < main; i++) dealt[i] = draw();
  for (let i = 0; i < main; i++) deal.hands[y * STRIDE + dealt[i]!]!++;
  if (places.drawSeat === y) deal.drawn = draw();
}

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
