import type { Strategy, StrategyDef } from '../../src/core/strategy.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import * as handEvalModule from '../../src/games/mahjong/table/hand-eval.js';
import { HandEval } from '../../src/games/mahjong/table/hand-eval.js';
import * as kindsModule from '../../src/games/mahjong/table/kinds.js';
import * as koreanKindsModule from '../../src/games/mahjong/korean/kinds.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import * as uperModule from '../../src/games/mahjong/korean/uper.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import * as meldsModule from '../../src/games/mahjong/table/melds.js';
import { SEVEN_PAIRS_SHAPES } from '../../src/games/mahjong/shanten.js';
import * as tilesModule from '../../src/games/mahjong/tiles.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { CHOW_LOW, CHOW_MID, DISCARD, KONG, PASS, PUNG, SELF_KONG, TABLE_ACTIONS, WIN } = actionsModule;
const { OPEN_UPER, UPER } = uperModule;
const { SLOT, WEIGHT } = handEvalModule;
const { BIT, isHonor, isSimple, isTerminal, lowKind } = kindsModule;
const { KOREAN_KINDS } = koreanKindsModule;
const { CHOW, fullKinds } = meldsModule;
const { EAST, HONOR, PIN, WHITE } = tilesModule;

/** How a player built on efficiency departs from it: the uper policies and the fold. */
export interface EfficiencyHooks {
  /**
   * Whether to declare uper while discarding `k` (a legal declaration); `live` = live tiles of
   * the waits it would have, `waits` their mask. Without the hook the player never declares.
   */
  uper?(v: KoreanView, k: number, live: number, waits: number): boolean;
  /** Declare open uper instead whenever the rules and the hand allow it. */
  open?: boolean;
  /** Kinds to restrict discards to (0: no restriction), given the best shanten after a discard. */
  defence?(v: KoreanView, shanten: number): number;
}

/** Static order among equally good discards: honours, then terminals, then 2 and 8, then the middle. */
const KEEP = Int8Array.from({ length: 34 }, (_, k) => (isHonor(k) ? 0 : isTerminal(k) ? 1 : k % 9 === 1 || k % 9 === 7 ? 2 : 3));

/**
 * Minimises shanten, then maximises the live tiles that would lower it (ukeire); wins when
 * legal; calls only when the call lowers shanten and keeps 2 basic points within reach.
 */
export class EfficiencyPlayer implements Strategy<KoreanView> {
  private readonly ev = new HandEval(SEVEN_PAIRS_SHAPES, false);
  private readonly full = new Int32Array(2);
  private readonly c = new Int8Array(43);
  private readonly unseen = new Int8Array(34);
  private readonly shAfter = new Int8Array(34);
  private readonly uke = new Int16Array(34);
  private readonly kongMask = new Int32Array(2);
  /** The legal claims (the view lists them). */
  private readonly claimList = new Int16Array(TABLE_ACTIONS);

  private readonly rules: KoreanRules;
  /** Discards, kongs, calls and the win come from the view; only an uper policy needs the
   * table to list the legal actions, for the declarations. */
  readonly viewOnly: boolean;

  constructor(
    rules: KoreanRules,
    private readonly hooks: EfficiencyHooks = {},
  ) {
    // A plain copy: resolved rules objects are slow (dictionary-mode) to read.
    this.rules = { ...rules };
    this.viewOnly = hooks.uper === undefined;
  }

  choose(v: KoreanView, legal: Int16Array, n: number): number {
    if (v.winLegal) return WIN;
    return v.phase === 0 ? this.turn(v, legal, n) : this.claim(v);
  }

  /** `legal` is listed only for a player with an uper policy (viewOnly): the declarations
   * come only in the list. */
  private turn(v: KoreanView, legal: Int16Array, n: number): number {
    const discards = v.discardable;
    v.selfKongs(this.kongMask);
    const kongs = this.kongMask[0]!;
    let upers = 0;
    let opens = 0;
    for (let i = 0; i < n; i++) {
      const a = legal[i]!;
      if (a < UPER || a >= SELF_KONG) continue;
      if (a < OPEN_UPER) upers |= BIT[a - UPER]!;
      else opens |= BIT[a - OPEN_UPER]!;
    }
    if (v.locked && v.drawn >= 0) return kongs !== 0 ? SELF_KONG + v.drawn : DISCARD + v.drawn;
    const melds = v.meldN;
    this.fillUnseen(v);
    const ev = this.ev;
    ev.load(v.hand);
    let allowed = discards;
    let best = ev.rankDiscards(v.hand, 0, melds, this.unseen, allowed, 0, this.shAfter, this.uke);
    const safe = this.hooks.defence ? this.hooks.defence(v, best) & discards : 0;
    if (safe !== 0 && safe !== discards) {
      allowed = safe;
      best = ev.rankDiscards(v.hand, 0, melds, this.unseen, allowed, 0, this.shAfter, this.uke);
    }
    // A kong that keeps the shape is a free draw.
    for (let i = 0; i < KOREAN_KINDS.length && kongs !== 0; i++) {
      const q = KOREAN_KINDS[i]!;
      if ((kongs & BIT[q]!) === 0) continue;
      const sh = v.hand[q] === 4 ? ev.shantenWith(q, -4, melds + 1) : ev.shantenWith(q, -1, melds);
      if (sh <= best) return SELF_KONG + q;
    }
    if ((upers | opens) !== 0 && this.hooks.uper) {
      const d = this.declaration(v, upers);
      if (d >= 0) return (opens & BIT[d]!) !== 0 && this.hooks.open ? OPEN_UPER + d : UPER + d;
    }
    return DISCARD + this.pick(allowed, best);
  }

  /** The uper declaration the policy takes with the most live waits, or -1. */
  private declaration(v: KoreanView, upers: number): number {
    let bestK = -1;
    let bestLive = -1;
    for (let i = 0; i < KOREAN_KINDS.length; i++) {
      const k = KOREAN_KINDS[i]!;
      if ((upers & BIT[k]!) === 0) continue;
      const waits = this.waitsAfter(v, k);
      let live = 0;
      for (let j = 0; j < KOREAN_KINDS.length; j++) if (waits & BIT[KOREAN_KINDS[j]!]!) live += this.unseen[KOREAN_KINDS[j]!]!;
      if (live > bestLive && this.hooks.uper!(v, k, live, waits)) {
        bestLive = live;
        bestK = k;
      }
    }
    return bestK;
  }

  /** Waits after discarding `k` from the loaded hand. */
  private waitsAfter(v: KoreanView, k: number): number {
    const full = this.full;
    fullKinds(v.hand, 0, v.meldType, v.meldKind, 0, v.meldN, k, full, 0);
    const ev = this.ev;
    const m = ev.idx[0]!;
    const p = ev.idx[1]!;
    const z = ev.idx[3]!;
    const g = SLOT[k]!;
    const w = WEIGHT[k]!;
    ev.setIndices(g === 0 ? m - w : m, g === 1 ? p - w : p, 0, g === 3 ? z - w : z);
    ev.waits(v.meldN, full[0]! | quadsWithout(v.hand, k), 0, full, 0);
    ev.setIndices(m, p, 0, z);
    return full[0]!;
  }

  /** Among `allowed` discards at `best` shanten: most ukeire, then the KEEP order, then kind. */
  private pick(allowed: number, best: number): number {
    const shAfter = this.shAfter;
    const uke = this.uke;
    let k = -1;
    for (let m = allowed; m !== 0; m &= m - 1) {
      const q = lowKind(m);
      if (shAfter[q] !== best) continue;
      if (k < 0 || uke[q]! > uke[k]! || (uke[q] === uke[k] && KEEP[q]! < KEEP[k]!)) k = q;
    }
    return k;
  }

  private fillUnseen(v: KoreanView): void {
    for (let i = 0; i < KOREAN_KINDS.length; i++) {
      const k = KOREAN_KINDS[i]!;
      this.unseen[k] = 4 - v.seen[k]! - v.hand[k]!;
    }
  }

  private claim(v: KoreanView): number {
    const legal = this.claimList;
    for (let i = v.claims(legal) - 1; i > 0; i--) {
      const a = legal[i]!;
      if (a !== WIN && this.callHelps(v, a)) return a;
    }
    return PASS;
  }

  /** The call lowers shanten (a kong: does not raise it) and 2 basic points stay reachable. */
  private callHelps(v: KoreanView, a: number): boolean {
    const t = v.claimTile;
    const c = this.c;
    const ev = this.ev;
    const melds = v.meldN;
    c.set(v.hand);
    ev.load(c);
    const before = ev.shanten(melds);
    let low = -1;
    if (a === PUNG) c[t] = c[t]! - 2;
    else if (a === KONG) c[t] = c[t]! - 3;
    else {
      low = a === CHOW_LOW ? t : a === CHOW_MID ? t - 1 : t - 2;
      for (let k = low; k < low + 3; k++) if (k !== t) c[k] = c[k]! - 1;
    }
    ev.load(c);
    if (a === KONG) {
      if (ev.shanten(melds + 1) > before) return false;
    } else {
      let after = 99;
      for (let i = 0; i < KOREAN_KINDS.length; i++) {
        const k = KOREAN_KINDS[i]!;
        if (c[k]! > 0) after = Math.min(after, ev.shantenWith(k, -1, melds + 1));
      }
      if (after >= before) return false;
    }
    return twoBasicReachable(this.rules, v, c, low >= 0 ? low : t, low >= 0);
  }
}

/** Basic points a pung of `k` scores for this seat: dragon, seat wind, prevalent wind. */
function basicValue(rules: KoreanRules, v: KoreanView, k: number): number {
  return (k >= WHITE ? 1 : 0) + (k === EAST + v.seatWind ? 1 : 0) + (rules.prevalentWindYaku && k === EAST + v.roundWind ? 1 : 0);
}

/**
 * Whether an open hand (concealed tiles `c` after the call, whose new meld starts at `kind`)
 * can still reach 2 basic points: value pungs it has, value pairs it could pung, and a half
 * flush, all simples or all pungs within a few tiles.
 */
export function twoBasicReachable(rules: KoreanRules, v: KoreanView, c: ArrayLike<number>, kind: number, chow: boolean): boolean {
  let points = 0;
  let suits = 0;
  let simples = true;
  let anyChow = chow;
  for (let i = 0; i <= v.meldN; i++) {
    // The melds held, then the one being called.
    const isChow = i < v.meldN ? v.meldType[i] === CHOW : chow;
    const k = i < v.meldN ? v.meldKind[i]! : kind;
    anyChow ||= isChow;
    if (!isChow) points += basicValue(rules, v, k);
    if (k < HONOR) suits |= k < PIN ? 1 : 2;
    if (!isSimple(k) || (isChow && !isSimple(k + 2))) simples = false;
  }
  let pairs = 0;
  let offSimple = 0;
  let man = 0;
  let pin = 0;
  for (let i = 0; i < KOREAN_KINDS.length; i++) {
    const k = KOREAN_KINDS[i]!;
    const n = c[k]!;
    if (n === 0) continue;
    if (n >= 2) {
      pairs++;
      points += basicValue(rules, v, k);
    }
    if (!isSimple(k)) offSimple += n;
    if (k < PIN) man += n;
    else if (k < HONOR) pin += n;
  }
  if (suits !== 3) {
    const off = suits === 1 ? pin : suits === 2 ? man : Math.min(man, pin);
    if (off <= 3) points += 2;
  }
  if (simples && rules.allSimplesOpenAllowed && offSimple <= 2) points += 1;
  if (!anyChow && pairs >= 4 - (v.meldN + 1)) points += 2;
  return points >= 2;
}

/** Kinds the hand holds four of after discarding one `minus`. */
function quadsWithout(hand: Int8Array, minus: number): number {
  let q = 0;
  for (let i = 0; i < KOREAN_KINDS.length; i++) {
    const k = KOREAN_KINDS[i]!;
    if (hand[k]! - (k === minus ? 1 : 0) === 4) q |= BIT[k]!;
  }
  return q;
}

export const efficiency: StrategyDef<KoreanView, KoreanRules> = {
  name: 'efficiency',
  game: 'korean',
  doc: 'minimises shanten, then maximises live tiles that improve it; calls only when a call helps and 2 basic points stay reachable; wins when legal; never declares uper',
  params: [],
  make: (_p, rules) => new EfficiencyPlayer(rules),
};
