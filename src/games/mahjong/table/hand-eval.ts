// Shanten, waits and per-discard live-tile counts on the shared shanten tables, for every
// ruleset whose wins are sets and a pair (plus seven pairs and thirteen orphans where the
// ruleset has them). A hand is four base-5 pattern indices, one per group (m, p, s, honours),
// and a one-tile change touches one group: a discard choice or a wait test is a few
// small-table lookups, which is what lets four efficiency seats play thousands of hands a
// second. Group slots: 0 = m, 1 = p, 2 = s, 3 = honours. A set without bamboo keeps slot 2 at
// the empty pattern.

import type { WinShapes } from '../shanten.js';
import { shantenTables } from '../shanten-tables.js';
import * as shantenModule from '../shanten.js';
import * as tilesModule from '../tiles.js';
import * as kindsModule from './kinds.js';

// Imports as module-local consts, read once: see flow.ts.
const { KIND_WEIGHT } = shantenModule;
const { HONOR, PIN, PLAY_KINDS, SOU, isTerminalOrHonor } = tilesModule;
const { ALL0, ALL1, BIT, WORD, lowKind, lowBamboo, near0, near1, popcount } = kindsModule;

/** Group slot of each kind. */
export const SLOT = Uint8Array.from({ length: PLAY_KINDS }, (_, k) => (k < PIN ? 0 : k < SOU ? 1 : k < HONOR ? 2 : 3));
/** Weight of each kind in its group's base-5 pattern index. */
export const WEIGHT = KIND_WEIGHT;

/** Thirteen-orphans kinds as word masks. */
const ORPHANS0 = maskOf((k) => isTerminalOrHonor(k) && WORD[k] === 0);
const ORPHANS1 = maskOf((k) => isTerminalOrHonor(k) && WORD[k] === 1);
const IS_ORPHAN = Uint8Array.from({ length: PLAY_KINDS }, (_, k) => (isTerminalOrHonor(k) ? 1 : 0));
/** c -> 5c: see rankDiscards. */
const TIMES_FIVE = Int32Array.from({ length: 256 }, (_, c) => 5 * c);
/** 5^8: a suit index at or above it holds a 9. */
const NINE = 390625;

function maskOf(pred: (k: number) => boolean): number {
  let m = 0;
  for (let k = 0; k < PLAY_KINDS; k++) if (pred(k)) m |= BIT[k]!;
  return m;
}

let rowTable: Int32Array | undefined;
let noBambooTable: Int32Array | undefined;

/**
 * [m+p fold class * suit classes + suit class]: the `kept` row offset (three-suit class *
 * honour classes * 5) of the three suits folded together, built once per process. Folding is
 * commutative, so any two suits' fold class can stand first.
 */
function rowOfTable(): Int32Array {
  if (rowTable) return rowTable;
  const t = shantenTables();
  rowTable = new Int32Array(t.mps.length);
  for (let i = 0; i < rowTable.length; i++) rowTable[i] = t.mps[i]! * t.honorClasses * 5;
  return rowTable;
}

/**
 * [m class * suit classes + p class]: the `kept` row offset of m and p folded with an empty
 * bamboo group, for sets without bamboo: one lookup where three suits need two. Symmetric,
 * since folding commutes.
 */
function noBambooRows(): Int32Array {
  if (noBambooTable) return noBambooTable;
  const t = shantenTables();
  const sc = t.suitClasses;
  const empty = t.suit[0]! & 255;
  const rows = rowOfTable();
  noBambooTable = new Int32Array(sc * sc);
  for (let i = 0; i < noBambooTable.length; i++) noBambooTable[i] = rows[t.mp[i]! * sc + empty]!;
  return noBambooTable;
}

/** A shanten evaluator bound to the tables, for one ruleset's shapes and suits; one per state or strategy. */
export class HandEval {
  private readonly suit: Uint16Array;
  private readonly honor: Uint16Array;
  private readonly kept: Uint8Array;
  private readonly mp: Uint16Array;
  private readonly rowOf: Int32Array;
  /** noBambooRows(), or an empty array for sets with bamboo. */
  private readonly mpRow: Int32Array;
  private readonly sc: number;
  private readonly sevenPairs: boolean;
  private readonly orphans: boolean;
  private readonly bamboo: boolean;
  /** The play kinds of the ruleset's set, in kind order. */
  readonly kinds: Uint8Array;
  /** Pattern indices [m, p, s, z] of the hand `load`ed last. */
  readonly idx = new Int32Array(4);
  /** Info (class | singles << 8 | pairs << 12) of `idx`. */
  private readonly info = new Int32Array(4);
  /** Beside rankDiscards' candidate draws (`cand`): the info of each one added to the whole
   * hand, and its weight in its group's pattern. */
  private readonly addInfo = new Uint16Array(PLAY_KINDS);
  private readonly drawWeight = new Int32Array(PLAY_KINDS);
  /** rankDiscards scratch: candidate draws of m at 0.., p at 9.., s at 18.., honours at 27..
   * (each group's list ending at ends[group]), and the folds of the other suits. */
  private readonly cand = new Uint8Array(PLAY_KINDS);
  private readonly ends = new Int32Array(4);
  private readonly folds = new Int32Array(3);

  constructor(shapes: WinShapes, bamboo: boolean) {
    const t = shantenTables();
    this.suit = t.suit;
    this.honor = t.honor;
    this.kept = t.kept;
    this.mp = t.mp;
    this.sc = t.suitClasses;
    this.rowOf = rowOfTable();
    this.mpRow = bamboo ? new Int32Array(0) : noBambooRows();
    this.sevenPairs = shapes.sevenPairs;
    this.orphans = shapes.thirteenOrphans;
    this.bamboo = bamboo;
    this.kinds = Uint8Array.from({ length: PLAY_KINDS }, (_, k) => k).filter((k) => bamboo || WORD[k] === 0);
    this.setIndices(0, 0, 0, 0);
  }

  /** Shanten from group infos: the best of sets and a pair and (concealed) seven pairs; thirteen orphans is the callers'. */
  private sh(a: number, b: number, c: number, d: number, melds: number): number {
    const sc = this.sc;
    const ab = (a & 255) * sc + (b & 255);
    const row = this.bamboo ? this.rowOf[this.mp[ab]! * sc + (c & 255)]! : this.mpRow[ab]!;
    let s = 13 - 3 * melds - this.kept[row + (d & 255) * 5 + 4 - melds]!;
    if (melds === 0 && this.sevenPairs) {
      let pairs = (a >> 12) + (b >> 12) + (c >> 12) + (d >> 12);
      let singles = ((a >> 8) & 15) + ((b >> 8) & 15) + ((c >> 8) & 15) + ((d >> 8) & 15);
      if (pairs > 7) pairs = 7;
      if (singles > 7 - pairs) singles = 7 - pairs;
      const sp = 13 - 2 * pairs - singles;
      if (sp < s) s = sp;
    }
    return s;
  }

  /** Info of group `slot` at pattern index `i`. */
  infoAt(slot: number, i: number): number {
    return slot === 3 ? this.honor[i]! : this.suit[i]!;
  }

  /** Loads a count array (offset `off`, kinds 0..33) as the current hand. */
  load(counts: ArrayLike<number>, off = 0): void {
    let m = 0;
    let p = 0;
    let s = 0;
    let z = 0;
    for (let j = 8; j >= 0; j--) {
      m = m * 5 + counts[off + j]!;
      p = p * 5 + counts[off + PIN + j]!;
      s = s * 5 + counts[off + SOU + j]!;
    }
    for (let j = 6; j >= 0; j--) z = z * 5 + counts[off + HONOR + j]!;
    this.setIndices(m, p, s, z);
  }

  setIndices(m: number, p: number, s: number, z: number): void {
    this.idx[0] = m;
    this.idx[1] = p;
    this.idx[2] = s;
    this.idx[3] = z;
    this.info[0] = this.suit[m]!;
    this.info[1] = this.suit[p]!;
    this.info[2] = this.suit[s]!;
    this.info[3] = this.honor[z]!;
  }

  /** Shanten of the loaded hand. */
  shanten(melds: number): number {
    const i = this.info;
    const s = this.sh(i[0]!, i[1]!, i[2]!, i[3]!, melds);
    if (!this.orphans || melds !== 0) return s;
    const x = this.idx;
    const so = orphansOf(x[0]!, x[1]!, x[2]!, i[3]!);
    return so < s ? so : s;
  }

  /** Shanten of the loaded hand with `delta` copies of `kind` added (negative: removed). */
  shantenWith(kind: number, delta: number, melds: number): number {
    const g = SLOT[kind]!;
    const j = this.idx[g]! + delta * WEIGHT[kind]!;
    const x = this.infoAt(g, j);
    const i = this.info;
    const s = this.sh(g === 0 ? x : i[0]!, g === 1 ? x : i[1]!, g === 2 ? x : i[2]!, g === 3 ? x : i[3]!, melds);
    if (!this.orphans || melds !== 0) return s;
    const n = this.idx;
    const so = orphansOf(g === 0 ? j : n[0]!, g === 1 ? j : n[1]!, g === 2 ? j : n[2]!, g === 3 ? x : i[3]!);
    return so < s ? so : s;
  }

  /**
   * The kinds completing the loaded 13 - 3 * melds tile hand, as a two-word mask written to
   * out[at], out[at + 1] (zero unless the hand is ready), leaving out `full0`/`full1` (kinds the
   * player holds all four of, see melds.ts fullKinds). Only kinds near a held tile can complete
   * a ready hand (a lone new tile completes no set), and for thirteen orphans the orphan kinds.
   * Returns whether any kind completes it.
   */
  waits(melds: number, full0: number, full1: number, out: Int32Array, at: number): boolean {
    let w0 = 0;
    let w1 = 0;
    if (this.shanten(melds) === 0) {
      const o = this.orphans && melds === 0;
      for (let m = (near0(this.heldMask(0)) | (o ? ORPHANS0 : 0)) & ~full0; m !== 0; m &= m - 1) {
        const k = lowKind(m);
        if (this.shantenWith(k, 1, melds) === -1) w0 |= BIT[k]!;
      }
      for (let m = (near1(this.heldMask(1)) | (o ? ORPHANS1 : 0)) & ~full1; m !== 0; m &= m - 1) {
        const k = lowBamboo(m);
        if (this.shantenWith(k, 1, melds) === -1) w1 |= BIT[k]!;
      }
    }
    out[at] = w0;
    out[at + 1] = w1;
    return (w0 | w1) !== 0;
  }

  /**
   * The kinds whose draw may lower the loaded hand's shanten, as a two-word mask in out[0] and
   * out[1]: a superset, as rankDiscards takes it (kinds near a held tile; with no melds, the
   * orphan kinds for thirteen orphans, and any kind for seven pairs short of kinds).
   */
  mayImprove(melds: number, out: Int32Array): void {
    const held0 = this.heldMask(0);
    const held1 = this.heldMask(1);
    const concealed = melds === 0;
    const anyKind = concealed && this.sevenPairs && popcount(held0) + popcount(held1) <= 7;
    const orphans = concealed && this.orphans;
    out[0] = anyKind ? ALL0 : near0(held0) | (orphans ? ORPHANS0 : 0);
    out[1] = !this.bamboo ? 0 : anyKind ? ALL1 : near1(held1) | (orphans ? ORPHANS1 : 0);
  }

  /** Mask word `word` of the kinds in the loaded hand (a base-5 digit is non-zero). */
  private heldMask(word: number): number {
    let mask = 0;
    let bit = 1;
    for (let g = word === 0 ? 0 : 2; g < (word === 0 ? 4 : 3); g++) {
      if (word === 0 && g === 2) continue;
      let i = this.idx[g]!;
      for (let j = g === 3 ? 7 : 9; j > 0; j--, bit <<= 1) {
        if (i % 5 !== 0) mask |= bit;
        i = (i / 5) | 0;
      }
    }
    return mask;
  }

  /**
   * For a 14 - 3 * melds tile hand (loaded) and each kind in `allowed0`/`allowed1` it holds:
   * shantenAfter[k] after discarding one k; for the discards reaching the lowest shanten,
   * ukeire[k] = live tiles (unseen[k] copies each) whose draw would lower it further (when
   * only one discard reaches it, ukeire is not needed and stays -1); held kinds outside the
   * allowed masks get 99 and -1, entries of kinds not held are left as they were. Returns the
   * lowest shanten.
   */
  rankDiscards(
    counts: ArrayLike<number>,
    off: number,
    melds: number,
    unseen: ArrayLike<number>,
    allowed0: number,
    allowed1: number,
    shantenAfter: Int8Array,
    ukeire: Int16Array,
  ): number {
    const idx = this.idx;
    const info = this.info;
    const kinds = this.kinds;
    const suit = this.suit;
    const honor = this.honor;
    const kept = this.kept;
    const mp = this.mp;
    const rowOf = this.rowOf;
    const sc = this.sc;
    const base = 13 - 3 * melds;
    const sets = 4 - melds;
    const concealed = melds === 0;
    const sevenShape = concealed && this.sevenPairs;
    const orphans = concealed && this.orphans;
    const folds = this.folds;
    // The hand's own folds: a discard from one group leaves the others as they are.
    const a1 = info[0]!;
    const b1 = info[1]!;
    const c1 = info[2]!;
    const d1 = info[3]!;
    // Without bamboo, a suit folds with the other one alone: `rows` is then the two-suit table
    // (mpRow, symmetric, since folding commutes): one lookup instead of two.
    const bamboo = this.bamboo;
    const rows = bamboo ? rowOf : this.mpRow;
    if (bamboo) {
      folds[0] = mp[(b1 & 255) * sc + (c1 & 255)]! * sc;
      folds[1] = mp[(a1 & 255) * sc + (c1 & 255)]! * sc;
      folds[2] = mp[(a1 & 255) * sc + (b1 & 255)]! * sc;
    } else {
      folds[0] = (b1 & 255) * sc;
      folds[1] = (a1 & 255) * sc;
      folds[2] = 0;
    }
    const row1 = (bamboo ? rowOf[folds[2]! + (c1 & 255)]! : rows[(a1 & 255) * sc + (b1 & 255)]!) + sets;
    const dRow1 = (d1 & 255) * 5 + sets;
    const pairs1 = (a1 >> 12) + (b1 >> 12) + (c1 >> 12) + (d1 >> 12);
    const singles1 = ((a1 >> 8) & 15) + ((b1 >> 8) & 15) + ((c1 >> 8) & 15) + ((d1 >> 8) & 15);
    let best = 99;
    // The discards reaching `best`, as a two-word mask.
    let tied0 = 0;
    let tied1 = 0;
    let held0 = 0;
    let held1 = 0;
    for (let n = 0; n < kinds.length; n++) {
      const d = kinds[n]!;
      if (counts[off + d]! === 0) continue;
      const bit = BIT[d]!;
      const w = WORD[d]!;
      if (w === 0) held0 |= bit;
      else held1 |= bit;
      ukeire[d] = -1;
      if (((w === 0 ? allowed0 : allowed1) & bit) === 0) {
        shantenAfter[d] = 99;
        continue;
      }
      const g = SLOT[d]!;
      const j = idx[g]! - WEIGHT[d]!;
      let s: number;
      let x: number;
      if (g < 3) {
        x = suit[j]!;
        s = base - kept[rows[folds[g]! + (x & 255)]! + dRow1]!;
      } else {
        x = honor[j]!;
        s = base - kept[row1 + (x & 255) * 5]!;
      }
      if (sevenShape) {
        const own = g === 0 ? a1 : g === 1 ? b1 : g === 2 ? c1 : d1;
        let p = pairs1 - (own >> 12) + (x >> 12);
        let q = singles1 - ((own >> 8) & 15) + ((x >> 8) & 15);
        if (p > 7) p = 7;
        if (q > 7 - p) q = 7 - p;
        if (13 - 2 * p - q < s) s = 13 - 2 * p - q;
      }
      if (orphans) {
        const so = orphansOf(g === 0 ? j : idx[0]!, g === 1 ? j : idx[1]!, g === 2 ? j : idx[2]!, g === 3 ? x : d1);
        if (so < s) s = so;
      }
      shantenAfter[d] = s;
      if (s < best) {
        best = s;
        tied0 = w === 0 ? bit : 0;
        tied1 = w === 0 ? 0 : bit;
      } else if (s === best) {
        if (w === 0) tied0 |= bit;
        else tied1 |= bit;
      }
    }
    // One discard (or none) reaches the best: its ukeire is not needed.
    if ((tied0 & (tied0 - 1)) === 0 && (tied1 & (tied1 - 1)) === 0 && (tied0 === 0 || tied1 === 0)) return best;
    // Improving tiles lie near held tiles, except that seven pairs short of kinds takes any
    // new kind and thirteen orphans any orphan kind.
    const anyKind = sevenShape && popcount(held0) + popcount(held1) <= 7;
    const cand0 = anyKind ? ALL0 : near0(held0) | (orphans ? ORPHANS0 : 0);
    const cand1 = !this.bamboo ? 0 : anyKind ? ALL1 : near1(held1) | (orphans ? ORPHANS1 : 0);
    // Candidate draws by group, each with its pattern after adding it to the whole hand
    // (shared by every discard from another group).
    const list = this.cand;
    const addInfo = this.addInfo;
    const drawWeight = this.drawWeight;
    const ends = this.ends;
    ends[0] = 0;
    ends[1] = 9;
    ends[2] = 18;
    ends[3] = 27;
    for (let word = 0; word < 2; word++) {
      for (let m = word === 0 ? cand0 : cand1; m !== 0; m &= m - 1) {
        const k = word === 0 ? lowKind(m) : lowBamboo(m);
        if (unseen[k]! <= 0) continue;
        const g = SLOT[k]!;
        const at = ends[g]!++;
        list[at] = k;
        addInfo[at] = this.infoAt(g, idx[g]! + WEIGHT[k]!);
        drawWeight[at] = WEIGHT[k]!;
      }
    }
    // Thirteen orphans: kinds of orphans held and orphan kinds held twice or more.
    let oKinds = 0;
    let oPairs = 0;
    if (orphans) {
      for (let k = 0; k < PLAY_KINDS; k++) {
        if (IS_ORPHAN[k] === 0) continue;
        const n = counts[off + k]!;
        if (n > 0) oKinds++;
        if (n > 1) oPairs++;
      }
    }
    const stamp = ++rankStamp;
    for (let word = 0; word < 2; word++) {
      for (let m = word === 0 ? tied0 : tied1; m !== 0; m &= m - 1) {
        const d = word === 0 ? lowKind(m) : lowBamboo(m);
        const gd = SLOT[d]!;
        const without = idx[gd]! - WEIGHT[d]!;
        const xd = gd === 3 ? honor[without]! : suit[without]!;
        const a0 = gd === 0 ? xd : info[0]!;
        const b0 = gd === 1 ? xd : info[1]!;
        const c0 = gd === 2 ? xd : info[2]!;
        const d0 = gd === 3 ? xd : info[3]!;
        const ac = a0 & 255;
        const bc = b0 & 255;
        const cc = c0 & 255;
        const dRow = (d0 & 255) * 5 + sets;
        // A draw changes the seven-pairs count by one step at most: it matters only when the
        // discard's seven-pairs shanten is the best itself. Pairs and singles of the whole
        // hand after the discard, less the drawn group's own, give each draw's count.
        const pairs = (a0 >> 12) + (b0 >> 12) + (c0 >> 12) + (d0 >> 12);
        const singles = ((a0 >> 8) & 15) + ((b0 >> 8) & 15) + ((c0 >> 8) & 15) + ((d0 >> 8) & 15);
        const sevens = sevenShape && sevenPairsOf(pairs, singles) === best;
        // The orphan counts after the discard; a draw matters only when they reach `best`.
        let dKinds = oKinds;
        let dPairs = oPairs;
        if (orphans && IS_ORPHAN[d] === 1) {
          const n = counts[off + d]!;
          if (n === 1) dKinds--;
          else if (n === 2) dPairs--;
        }
        const orph = orphans && 13 - dKinds - (dPairs > 0 ? 1 : 0) === best;
        const special = sevens || orph;
        // Draws from the other groups depend on this discard only through its group's
        // pattern info, which equally good discards often share (two isolated tiles); not so
        // for thirteen orphans, which read the counts.
        const memo = gd * 65536 + xd;
        const known = !orphans && crossStamp[memo] === stamp;
        let cross = known ? crossLive[memo]! : 0;
        let same = 0;
        for (let g = 0; g < 4; g++) {
          if (g !== gd && known) continue;
          const own = g === gd;
          const to = ends[g]!;
          if (to === g * 9) continue;
          const gi = g === 0 ? a0 : g === 1 ? b0 : g === 2 ? c0 : d0;
          const restPairs = pairs - (gi >> 12);
          const restSingles = singles - ((gi >> 8) & 15);
          // Each draw's pattern: for the discard's own group, after the discard and the draw;
          // a suit draw folds with the other two suits, an honour draw with all three.
          // Both as two loads without a branch: a pattern from `xt[xb + xw[k]]`, a `kept` row
          // from `rt[rb + class] + dr` (an honour draw's row is its class * 5).
          const xt = g === 3 ? honor : suit;
          const rt = g === 3 ? TIMES_FIVE : rows;
          const rb =
            g === 3
              ? 0
              : !bamboo
                ? (g === 0 ? bc : ac) * sc
                : g === 0
                  ? mp[bc * sc + cc]! * sc
                  : g === 1
                    ? mp[ac * sc + cc]! * sc
                    : mp[ac * sc + bc]! * sc;
          const dr = g === 3 ? (bamboo ? rowOf[mp[ac * sc + bc]! * sc + cc]! : rows[ac * sc + bc]!) + sets : dRow;
          let live = 0;
          for (let i = g * 9; i < to; i++) {
            const k = list[i]!;
            const x = own ? xt[without + drawWeight[i]!]! : addInfo[i]!;
            let sh = base - kept[rt[rb + (x & 255)]! + dr]!;
            if (sh >= best) {
              if (!special) continue;
              if (sevens) {
                let p = restPairs + (x >> 12);
                let q = restSingles + ((x >> 8) & 15);
                if (p > 7) p = 7;
                if (q > 7 - p) q = 7 - p;
                if (13 - 2 * p - q < sh) sh = 13 - 2 * p - q;
              }
              if (orph && IS_ORPHAN[k] === 1) {
                const n = counts[off + k]! - (k === d ? 1 : 0);
                const so = 13 - dKinds - (n === 0 ? 1 : 0) - (dPairs > 0 || n === 1 ? 1 : 0);
                if (so < sh) sh = so;
              }
              if (sh >= best) continue;
            }
            live += unseen[k]!;
          }
          if (own) same += live;
          else cross += live;
        }
        if (!known && !orphans) {
          crossStamp[memo] = stamp;
          crossLive[memo] = cross;
        }
        ukeire[d] = same + cross;
      }
    }
    return best;
  }
}

/** Seven-pairs shanten (seven distinct pairs) of a hand with `pairs` kinds held twice or more and `singles` held once. */
function sevenPairsOf(pairs: number, singles: number): number {
  if (pairs > 7) pairs = 7;
  if (singles > 7 - pairs) singles = 7 - pairs;
  return 13 - 2 * pairs - singles;
}

/** Thirteen-orphans shanten from the three suit indices and the honour group's info. */
function orphansOf(m: number, p: number, s: number, honours: number): number {
  const hp = honours >> 12;
  let kinds = hp + ((honours >> 8) & 15);
  let pair = hp > 0;
  for (let g = 0; g < 3; g++) {
    const i = g === 0 ? m : g === 1 ? p : s;
    const ones = i % 5;
    const nines = (i / NINE) | 0;
    if (ones > 0) kinds++;
    if (nines > 0) kinds++;
    if (ones > 1 || nines > 1) pair = true;
  }
  return 13 - kinds - (pair ? 1 : 0);
}

// rankDiscards memo, per process (one call runs at a time): live tiles drawn outside a
// discard's group, by (group, the group's pattern info after the discard), valid while the
// stamp is the current call's.
const crossStamp = new Int32Array(4 * 65536);
const crossLive = new Int16Array(4 * 65536);
let rankStamp = 0;

/**
 * With seven pairs counting four of a kind as two pairs: the kind completing the seven pairs
 * of a 13-tile hand (the tables count distinct pairs only), or -1; `minus` is a kind to leave
 * out once. `kinds` are the set's play kinds.
 */
export function quadPairsWait(hand: ArrayLike<number>, off: number, minus: number, kinds: Uint8Array): number {
  let odd = -1;
  let pairs = 0;
  for (let i = 0; i < kinds.length; i++) {
    const k = kinds[i]!;
    const n = hand[off + k]! - (k === minus ? 1 : 0);
    if (n & 1) {
      if (odd >= 0) return -1;
      odd = k;
    }
    pairs += n >> 1;
  }
  return odd >= 0 && pairs === 6 ? odd : -1;
}
