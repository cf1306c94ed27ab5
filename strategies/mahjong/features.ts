// What a distilled policy scores a mahjong action by, for every ruleset on the shared table
// (core/features.ts). A ruleset's own facts (Korean uper and its 2-point minimum) come as extra
// features in its own folder, joined to these by `withExtras`.

import type { FeatureSet } from '../../src/core/features.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import type { HandEval } from '../../src/games/mahjong/table/hand-eval.js';
import * as kindsModule from '../../src/games/mahjong/table/kinds.js';
import type { TableView } from '../../src/games/mahjong/table/view.js';
import * as tilesModule from '../../src/games/mahjong/tiles.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { CHOW_HIGH, CHOW_LOW, CHOW_MID, DECLARE, KONG, PUNG, SELF_KONG, WIN } = actionsModule;
const { ALL0, ALL1, lowKindOf } = kindsModule;
const { EAST, HONOR, PLAY_KINDS, WHITE } = tilesModule;

/**
 * The features of a discard (DISCARD + kind, or a ruleset's declaration that comes with one),
 * each `discard_` before its name: the shanten it loses against the best discard (at most 3);
 * the live tiles that would lower the shanten after it, when it keeps the best (over 20); whether
 * it leaves the hand ready; how many of its kind are in the rivers and melds (over 4); whether it
 * is a single, from a pair or from a set of three or four; a lone tile (an honour single, or a
 * suit tile with no held tile within two); an honour, a terminal; a value honour (a dragon, the
 * seat's or the round's wind) and one from a pair of them (a value pung given up); the share of
 * the seat's 14 tiles in its suit (a flush given up); and its danger: the share of the other
 * seats that have not discarded its kind (no genbutsu against them), how many threats (seats
 * with two open melds or more) have not, and how many of those are still suji-safe (a suit tile
 * whose suji partners, three away, the threat has discarded).
 */
const DISCARD_FEATURES = [
  'shanten_loss',
  'live',
  'ready',
  'visible',
  'single',
  'from_pair',
  'from_set',
  'lone',
  'honor',
  'terminal',
  'value_honor',
  'value_pair',
  'suit_share',
  'unsafe_seats',
  'threat_unsafe',
  'threat_suji',
] as const;

/**
 * The other actions', measured, like a discard, against the others at their decision (a pass
 * is the one with no features): a kong declared on the seat's turn and the shanten it loses
 * against the best discard; a win, and a false win (one the rules would not pay: the table lets
 * it be declared, at a cost); a call on a discard (a pung, a kong, a chow) by the shanten
 * before it (over 6) and what the call gains on it (the best shanten after it and a discard,
 * or after a kong), the live tiles that would lower the shanten after it (over 20), whether it
 * leaves the hand ready, whether it opens a concealed hand, and whether it is a pung or kong of
 * a value honour.
 */
const OTHER_FEATURES = [
  'self_kong',
  'self_kong_shanten_loss',
  'win',
  'false_win',
  'pung',
  'kong',
  'chow',
  'call_shanten_before',
  'call_shanten_gain',
  'call_live',
  'call_ready',
  'call_opens',
  'call_value',
] as const;

const NAMES = [...DISCARD_FEATURES.map((n) => `discard_${n}`), ...OTHER_FEATURES];
const D = Object.fromEntries(DISCARD_FEATURES.map((name, i) => [name, i])) as Record<(typeof DISCARD_FEATURES)[number], number>;
const F = Object.fromEntries(OTHER_FEATURES.map((name, i) => [name, DISCARD_FEATURES.length + i])) as Record<
  (typeof OTHER_FEATURES)[number],
  number
>;

/** Live tiles are scaled so that a good wait's count is near 1. */
const LIVE_SCALE = 20;

/** The kind a declaration (DECLARE + 34 * block + kind) discards, or a discard's kind; -1 for any other action. */
export function discardKind(a: number): number {
  if (a < DECLARE) return a;
  if (a < SELF_KONG) return (a - DECLARE) % 34;
  return -1;
}

/** Whether `a` is a call on a discard: a pung, a kong or a chow. */
export const isCall = (a: number): boolean => a >= PUNG && a <= CHOW_HIGH;

/** The low kind of the meld call `a` makes with the tile on offer `t` (a pung's or kong's: `t`). */
export const meldLow = (a: number, t: number): number => (a === CHOW_LOW ? t : a === CHOW_MID ? t - 1 : a === CHOW_HIGH ? t - 2 : t);

/**
 * The shared mahjong features of one ruleset's table, with what each decision's one pass over
 * the hand found (`prepare`), for a ruleset's extra features to read: the shanten after each
 * discard, the live tiles after those at the best, and, at a call, the concealed tiles it
 * leaves.
 */
export class MahjongFeatures<V extends TableView> implements FeatureSet<V> {
  readonly names: readonly string[] = NAMES;
  /** Unseen copies of each kind from the seat (4 - seen - own hand). */
  readonly unseen = new Int8Array(PLAY_KINDS);
  /** At a turn: the shanten after each held kind's discard, the lowest of them, and the live
   * tiles that would lower it after each discard reaching the lowest (else 0). */
  readonly shAfter = new Int8Array(PLAY_KINDS);
  readonly live = new Int16Array(PLAY_KINDS);
  best = 0;
  /** At a call (after `fill` of it): the concealed tiles it leaves, before the discard. */
  readonly callHand = new Int8Array(PLAY_KINDS);
  /** The seats with two open melds or more, as bits. */
  private threats = 0;
  /** Tiles of each suit (man, pin, bamboo) in the seat's hand and melds. */
  private readonly suits = new Int8Array(3);
  private shantenBefore = 0;
  private readonly scratch = new Int8Array(PLAY_KINDS);
  private readonly improve = new Int32Array(2);

  constructor(
    /** The rules a fitted policy plays under whatever their value (FeatureSet.sessionRules). */
    readonly sessionRules: readonly string[],
    /** The shanten evaluator of the view's ruleset (its win shapes and suits). */
    private readonly evalOf: (v: V) => HandEval,
  ) {}

  prepare(v: V): void {
    const ev = this.evalOf(v);
    for (let k = 0; k < PLAY_KINDS; k++) this.unseen[k] = 4 - v.seen[k]! - v.hand[k]!;
    let t = 0;
    for (let y = 0; y < 4; y++) if (y !== v.seat && v.openMeldsOf(y) >= 2) t |= 1 << y;
    this.threats = t;
    const suits = this.suits;
    suits.fill(0);
    for (let k = 0; k < HONOR; k++) suits[(k / 9) | 0]! += v.hand[k]!;
    for (let i = 0; i < v.meldN; i++) {
      const k = v.meldKind[i]!;
      if (k < HONOR) suits[(k / 9) | 0]! += 3;
    }
    ev.load(v.hand);
    if (v.phase !== 0) {
      this.shantenBefore = ev.shanten(v.meldN);
      return;
    }
    const { shAfter, live } = this;
    const best = ev.rankDiscards(v.hand, 0, v.meldN, this.unseen, ALL0, ALL1, shAfter, live);
    this.best = best;
    // rankDiscards counts the live tiles only where several discards tie at the best.
    for (let k = 0; k < PLAY_KINDS; k++) {
      if (v.hand[k]! === 0) continue;
      if (shAfter[k] !== best) live[k] = 0;
      else if (live[k]! < 0) live[k] = this.liveAfter(ev, v.hand, k, v.meldN);
    }
    ev.load(v.hand);
  }

  fill(v: V, a: number, _amount: number, out: Float64Array, at: number): void {
    out.fill(0, at, at + NAMES.length);
    const k = discardKind(a);
    if (k >= 0) this.discard(v, k, out, at);
    else if (a === WIN) out[at + (v.winLegal ? F.win : F.false_win)] = 1;
    else if (a >= SELF_KONG && a < WIN) {
      const q = a - SELF_KONG;
      const ev = this.evalOf(v);
      const sh = v.hand[q] === 4 ? ev.shantenWith(q, -4, v.meldN + 1) : ev.shantenWith(q, -1, v.meldN);
      out[at + F.self_kong] = 1;
      out[at + F.self_kong_shanten_loss] = Math.min(3, sh - this.best);
    } else if (isCall(a)) this.call(v, a, out, at);
  }

  private discard(v: V, k: number, out: Float64Array, at: number): void {
    const held = v.hand[k]!;
    out[at + D.shanten_loss] = Math.min(3, this.shAfter[k]! - this.best);
    out[at + D.live] = this.live[k]! / LIVE_SCALE;
    out[at + D.ready] = this.shAfter[k] === 0 ? 1 : 0;
    out[at + D.visible] = v.seen[k]! / 4;
    out[at + D.single] = held === 1 ? 1 : 0;
    out[at + D.from_pair] = held === 2 ? 1 : 0;
    out[at + D.from_set] = held >= 3 ? 1 : 0;
    out[at + D.lone] = held === 1 && lone(v.hand, k) ? 1 : 0;
    out[at + D.honor] = k >= HONOR ? 1 : 0;
    out[at + D.terminal] = k < HONOR && (k % 9 === 0 || k % 9 === 8) ? 1 : 0;
    const value = isValueHonor(v, k);
    out[at + D.value_honor] = value ? 1 : 0;
    out[at + D.value_pair] = value && held >= 2 ? 1 : 0;
    out[at + D.suit_share] = k < HONOR ? this.suits[(k / 9) | 0]! / 14 : 0;
    let unsafe = 0,
      threat = 0,
      suji = 0;
    for (let y = 0; y < 4; y++) {
      if (y === v.seat || v.discarded(y, k)) continue;
      unsafe++;
      if ((this.threats & (1 << y)) === 0) continue;
      threat++;
      if (isSuji(v, y, k)) suji++;
    }
    out[at + D.unsafe_seats] = unsafe / 3;
    out[at + D.threat_unsafe] = threat;
    out[at + D.threat_suji] = suji;
  }

  private call(v: V, a: number, out: Float64Array, at: number): void {
    const t = v.claimTile;
    const c = this.callHand;
    const ev = this.evalOf(v);
    const melds = v.meldN + 1;
    for (let k = 0; k < PLAY_KINDS; k++) c[k] = v.hand[k]!;
    if (a === PUNG) c[t] = c[t]! - 2;
    else if (a === KONG) c[t] = c[t]! - 3;
    else {
      const low = meldLow(a, t);
      for (let k = low; k < low + 3; k++) if (k !== t) c[k] = c[k]! - 1;
    }
    let after: number;
    let live = 0;
    if (a === KONG) {
      // A kong's hand draws a replacement: its live tiles are those that lower its shanten.
      ev.load(c);
      after = ev.shanten(melds);
      live = this.liveAfter(ev, c, -1, melds);
    } else {
      // The best discard after the call, and the most live tiles among those reaching it.
      // (A call is offered outside the seat's turn, so the turn's figures are free to reuse.)
      ev.load(c);
      const { shAfter, live: l } = this;
      after = ev.rankDiscards(c, 0, melds, this.unseen, ALL0, ALL1, shAfter, l);
      for (let k = 0; k < PLAY_KINDS; k++) {
        if (c[k]! <= 0 || shAfter[k] !== after) continue;
        const n = l[k]! >= 0 ? l[k]! : this.liveAfter(ev, c, k, melds);
        if (n > live) live = n;
      }
    }
    ev.load(v.hand);
    out[at + (a === PUNG ? F.pung : a === KONG ? F.kong : F.chow)] = 1;
    out[at + F.call_shanten_before] = this.shantenBefore / 6;
    out[at + F.call_shanten_gain] = this.shantenBefore - after;
    out[at + F.call_live] = live / LIVE_SCALE;
    out[at + F.call_ready] = after === 0 ? 1 : 0;
    out[at + F.call_opens] = v.openMelds === 0 ? 1 : 0;
    out[at + F.call_value] = (a === PUNG || a === KONG) && isValueHonor(v, t) ? 1 : 0;
  }

  /**
   * The live tiles whose draw lowers the shanten of the hand `hand` less one `minus` (-1: none),
   * a hand of 13 - 3 * melds tiles. Leaves `ev` loaded with it.
   */
  private liveAfter(ev: HandEval, hand: ArrayLike<number>, minus: number, melds: number): number {
    const c = this.scratch;
    for (let k = 0; k < PLAY_KINDS; k++) c[k] = hand[k]! - (k === minus ? 1 : 0);
    ev.load(c);
    const sh = ev.shanten(melds);
    const m = this.improve;
    ev.mayImprove(melds, m);
    let live = 0;
    for (let w = 0; w < 2; w++)
      for (let bits = m[w]!; bits !== 0; bits &= bits - 1) {
        const q = lowKindOf(w, bits);
        if (this.unseen[q]! > 0 && ev.shantenWith(q, 1, melds) < sh) live += this.unseen[q]!;
      }
    return live;
  }
}

/** A dragon, or the seat's or the round's wind: a pung of it scores in every ruleset here. */
export function isValueHonor(v: TableView, k: number): boolean {
  return k >= WHITE || k === EAST + v.seatWind || k === EAST + v.roundWind;
}

/** An honour, or a suit tile with no other held tile of its suit within two. */
function lone(hand: ArrayLike<number>, k: number): boolean {
  if (k >= HONOR) return true;
  const r = k % 9;
  for (let d = -2; d <= 2; d++) if (d !== 0 && r + d >= 0 && r + d < 9 && hand[k + d]! > 0) return false;
  return true;
}

/** Whether seat y has discarded the suji partners of suit tile k (three away, on each side it has one). */
function isSuji(v: TableView, y: number, k: number): boolean {
  if (k >= HONOR) return false;
  const r = k % 9;
  return (r < 3 || v.discarded(y, k - 3)) && (r > 5 || v.discarded(y, k + 3));
}

/** A ruleset's features beyond the shared ones: their names, and each written after the shared
 * ones were (so it may read what `shared` found). */
export interface ExtraFeatures<V extends TableView> {
  names: readonly string[];
  fill(v: V, a: number, shared: MahjongFeatures<V>, out: Float64Array, at: number): void;
}

/** The shared features followed by a ruleset's extras, as one feature set. */
export function withExtras<V extends TableView>(shared: MahjongFeatures<V>, extra: ExtraFeatures<V>): FeatureSet<V> {
  const n = shared.names.length;
  return {
    names: [...shared.names, ...extra.names],
    sessionRules: shared.sessionRules,
    prepare: (v) => shared.prepare(v),
    fill(v, a, amount, out, at) {
      shared.fill(v, a, amount, out, at);
      out.fill(0, at + n, at + n + extra.names.length);
      extra.fill(v, a, shared, out, at + n);
    },
  };
}
