// Dead hands (RULES.md, "Dead hands"): a hand is dead once the visible tiles (every discard and
// every exposure) prove that no line of the card can still be made with it. Each live seat keeps
// a witness, a variant still possible; only when it fails are the others tried.

import * as tilesModule from '../tiles.js';
import * as tableStateModule from '../table/state.js';
import * as writesModule from '../table/writes.js';
import * as cardModule from './card.js';
import * as slotsModule from './slots.js';
import type { Exposure } from './slots.js';
import type { AmericanState } from './state.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { JOKER } = tilesModule;
const { SEATS } = tableStateModule;
const { declareDead, endAsWallGame, setCallable, setWaits } = writesModule;
const { CARD_KINDS } = cardModule;
const { MAX_EXPOSURES, placeExposures } = slotsModule;

/** Dead-hand causes (TableState.dead). */
export const DEAD_VISIBLE = 1;
export const DEAD_FALSE_WIN = 2;

/** Declares dead every live hand the visible tiles prove unwinnable; three dead end the hand
 * (a situation read calls it once its table is laid). `letGo` is the kind of a discard that has
 * just gone unclaimed, the one change since the last check (-1: check everything). */
export function checkDead(s: AmericanState, letGo = -1): void {
  if (s.r.deadHandAdjudication === 'off') return;
  // The unseen count of one kind, neither a joker nor one an exposure holds jokers of, is read
  // only by the witnesses that use it: the others are still possible, and the tallies hold.
  const d = s.deadTest;
  const quick = d.checked && letGo >= 0 && letGo < CARD_KINDS && d.exposedJokers[letGo] === 0;
  if (!quick) tallyJokers(s);
  const entryOf = s.index.entryOf;
  let deadN = 0;
  for (let y = 0; y < SEATS; y++) {
    if (s.dead[y] === 0 && !(quick && entryOf[s.witness[y]! * CARD_KINDS + letGo]! < 0) && !stillPossible(s, y, quick ? letGo : -1)) {
      const w = firstPossible(s, y);
      if (w >= 0) s.witness[y] = w;
      else {
        declareDead(s, y, DEAD_VISIBLE);
        s.stats.deadHands++;
        setWaits(s, y, 0, 0);
        setCallable(s, y, 0, 0);
        s.log?.push(`seat ${y}'s hand is dead: no line is still possible from the visible tiles`);
        s.log?.event({ type: 'dead_hand', seat: y, why: 'noLinePossible' });
      }
    }
    if (s.dead[y] !== 0) deadN++;
  }
  d.checked = true;
  if (deadN >= 3 && s.r.threeDeadHandsEndGame && !s.ended) {
    endAsWallGame(s);
    s.log?.push('three dead hands: the hand ends as a wall game');
    s.log?.event({ type: 'ryukyoku', reason: 'threeDeadHands' });
  }
}

/** The first variant `y` may still complete (noted as its witness), or -1. The search tests
 * without noting and tests the one it keeps again to note it: noting as it goes would store the
 * terms of every variant it rejects, where only the witness's are ever read (stillPossible). */
function firstPossible(s: AmericanState, y: number): number {
  for (let v = 0; v < s.index.variants; v++) {
    if (possible(s, y, v, false)) {
      possible(s, y, v, true);
      return v;
    }
  }
  return -1;
}

/** Whether `y` may still complete some variant of `line`, judged from the visible tiles as
 * the dead-hand test judges them (advice shows only the lines still alive). */
export function linePossible(s: AmericanState, y: number, line: number): boolean {
  tallyJokers(s);
  const start = s.card.lineStart;
  for (let v = start[line]!; v < start[line + 1]!; v++) if (possible(s, y, v, false)) return true;
  return false;
}

/** Finds each live hand's witness afresh from the visible tiles, `seat`'s own aside (a
 * determinization: the witnesses were found from the true hands). */
export function findWitnesses(s: AmericanState, seat: number): void {
  tallyJokers(s);
  for (let y = 0; y < SEATS; y++) {
    if (y === seat || s.dead[y] !== 0) continue;
    let w = 0;
    while (w < s.index.variants - 1 && !possible(s, y, w, false)) w++;
    s.witness[y] = w;
  }
}

/**
 * What the dead-hand test knows of the jokers, from the visible tiles (tallyJokers, which every
 * full test starts with), kept per state (AmericanState.deadTest) for checkDead's quick test.
 */
export class DeadTest {
  /** Per kind, the jokers lying in exposures of it (any seat's, to be had by exchanging a
   * natural of that kind for each). */
  readonly exposedJokers = new Int8Array(CARD_KINDS);
  /** The jokers neither discarded nor in an exposure (in the wall or some concealed hand). */
  hiddenJokers = 0;
  /** Summed over the kinds, jokerBalance of a kind no variant entry uses. */
  unusedBalance = 0;
  /** Per seat: the variant the last `possible` asked to note found possible (-1 after one that
   * did not), the jokers to spare then (hiddenJokers less those it needs), and what each of its
   * kinds added to that need (seat * CARD_KINDS + kind). */
  readonly slackFor = new Int32Array(SEATS).fill(-1);
  readonly slack = new Int32Array(SEATS);
  readonly term = new Int32Array(SEATS * CARD_KINDS);
  /**
   * Every live seat's witness was found possible by the last checkDead, and the tallies it made
   * still hold: then, when a discard goes unclaimed, only that kind's unseen count has changed
   * since, and a witness that does not use it stays possible. Cleared by whatever else sets
   * witnesses or lays the table anew.
   */
  checked = false;
}

function tallyJokers(s: AmericanState): void {
  const d = s.deadTest;
  const e = d.exposedJokers;
  e.fill(0);
  let exposed = 0;
  for (let y = 0; y < SEATS; y++) {
    for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + s.expN[y]!; i++) {
      e[s.expTile[i]!]! += s.expJokers[i]!;
      exposed += s.expJokers[i]!;
    }
  }
  d.hiddenJokers = s.jokerCount - s.seen[JOKER]! - exposed;
  let b = 0;
  for (let t = 0; t < CARD_KINDS; t++) if (e[t] !== 0) b += jokerBalance(s.copies[t]! - s.seen[t]!, 0, 0, e[t]!);
  d.unusedBalance = b;
}

/**
 * Whether `y`'s witness is still possible. After an unclaimed discard of `letGo` (-1: anything
 * may have changed), with the witness's need known from the last test of it, only its term for
 * that kind is weighed again: no other count it reads has moved (checkDead's quick test), and
 * the witness was possible, so no other term is IMPOSSIBLE. Most discards leave a witness that
 * uses the kind at that, one entry read rather than all of the variant's.
 */
function stillPossible(s: AmericanState, y: number, letGo: number): boolean {
  const w = s.witness[y]!;
  const d = s.deadTest;
  if (letGo < 0 || d.slackFor[y] !== w) return possible(s, y, w, true);
  const entry = s.index.entryOf[w * CARD_KINDS + letGo]!;
  const r = s.lines[y]!.row[entry]!;
  // No exposure holds a joker of letGo (the quick test): the term is the balance alone.
  const b = jokerBalance(s.copies[letGo]! - s.seen[letGo]!, r >> 8, (r >> 4) & 15, 0);
  const at = y * CARD_KINDS + letGo;
  if (b === IMPOSSIBLE) {
    d.slackFor[y] = -1;
    return false;
  }
  d.slack[y]! += d.term[at]! - b;
  d.term[at] = b;
  if (d.slack[y]! >= 0) return true;
  d.slackFor[y] = -1;
  return false;
}

/**
 * Whether variant `v` may still be completed by `y`, judged only from what everyone sees (the
 * discards and every exposure): its exposures fit, every natural it still needs has a copy
 * unseen, and the jokers can fill the rest: those neither discarded nor exposed, and those in
 * exposures, each for an unseen natural of its kind that the variant can spare. A variant that
 * fits the exposures only once some of y's own jokers are exchanged away is possibleRedeemed.
 * With `note` (a witness tested), what it needs is kept for stillPossible.
 */
function possible(s: AmericanState, y: number, v: number, note: boolean): boolean {
  const l = s.lines[y]!;
  const d = s.deadTest;
  if (note) d.slackFor[y] = -1;
  if (l.ok[v] === 0) return possibleRedeemed(s, y, v);
  const { vStart, vEntry, eKind } = s.index;
  const e = d.exposedJokers;
  let need = d.unusedBalance;
  for (let i = vStart[v]!; i < vStart[v + 1]!; i++) {
    const entry = vEntry[i]!;
    const t = eKind[entry]!;
    const r = l.row[entry]!;
    const unseen = s.copies[t]! - s.seen[t]!;
    const b = jokerBalance(unseen, r >> 8, (r >> 4) & 15, e[t]!);
    if (b === IMPOSSIBLE) return false;
    const term = b - (e[t] !== 0 ? jokerBalance(unseen, 0, 0, e[t]!) : 0);
    if (note) d.term[y * CARD_KINDS + t] = term;
    need += term;
  }
  if (need > d.hiddenJokers) return false;
  if (note) {
    d.slackFor[y] = v;
    d.slack[y] = d.hiddenJokers - need;
  }
  return true;
}

/** Scratch of possibleRedeemed: a variant placed on exposures whose jokers are exchanged away. */
const redeemScratch = {
  nat: new Int8Array(CARD_KINDS),
  jok: new Int8Array(CARD_KINDS),
  jokers: new Int8Array(CARD_KINDS),
  used: [] as boolean[],
  list: [] as Exposure[],
};

/**
 * Variant `v` does not fit `y`'s exposures as they lie; it may once `y` exchanges every joker
 * of some of them for naturals (a set of a section without jokers takes an exposure of
 * naturals only). Each exchanged joker needs one more unseen natural of its exposure's kind,
 * and joins the hidden jokers. Tries every such choice of y's exposures holding jokers.
 */
function possibleRedeemed(s: AmericanState, y: number, v: number): boolean {
  const ix = s.index;
  if (ix.vNaturalSets[v] === 0 || ix.vConcealed[v] !== 0) return false;
  const at = y * MAX_EXPOSURES;
  const n = s.expN[y]!;
  let jokered = 0;
  for (let i = 0; i < n; i++) if (s.expJokers[at + i]! > 0) jokered |= 1 << i;
  const { nat, jok, jokers, used, list } = redeemScratch;
  list.length = n;
  for (let m = jokered; m > 0; m = (m - 1) & jokered) {
    for (let i = 0; i < n; i++)
      list[i] = { tile: s.expTile[at + i]!, size: s.expSize[at + i]!, jokers: (m >> i) & 1 ? 0 : s.expJokers[at + i]! };
    if (!placeExposures(ix.card.variants[v]!, list, nat, jok, used)) continue;
    jokers.set(s.deadTest.exposedJokers);
    let hidden = s.deadTest.hiddenJokers;
    for (let i = 0; i < n; i++) {
      if (((m >> i) & 1) === 0) continue;
      const t = s.expTile[at + i]!;
      const j = s.expJokers[at + i]!;
      nat[t]! += j;
      jokers[t]! -= j;
      hidden += j;
    }
    let need = 0;
    for (let t = 0; t < CARD_KINDS && need !== IMPOSSIBLE; t++) {
      const b = jokerBalance(s.copies[t]! - s.seen[t]!, nat[t]!, jok[t]!, jokers[t]!);
      need = b === IMPOSSIBLE ? IMPOSSIBLE : need + b;
    }
    if (need <= hidden) return true;
  }
  return false;
}

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
