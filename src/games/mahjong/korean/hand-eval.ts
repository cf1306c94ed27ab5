// Shanten, waits and per-discard live-tile counts for Korean hands, on the shared shanten
// tables. The Korean set has no bamboo, so the empty bamboo group is folded into the m+p fold
// table once (`mpRow`), and a one-tile change touches one group's pattern: a discard choice or
// a wait test is two small-table lookups, which is what lets four efficiency seats play
// thousands of hands a second. Group slots: 0 = m, 1 = p, 2 = honours.

import { shantenTables } from '../shanten-tables.js';
import * as shantenModule from '../shanten.js';
import * as tilesModule from '../tiles.js';
import * as kindsModule from './kinds.js';

// Imports as module-local consts, read once: see flow.ts.
const { KIND_WEIGHT } = shantenModule;
const { HONOR, PIN } = tilesModule;
const { BIT, lowKind, KOREAN_KINDS, popcount } = kindsModule;

/** Group slot of each kind (bamboo never occurs). */
export const SLOT = Uint8Array.from({ length: 34 }, (_, k) => (k < PIN ? 0 : k < HONOR ? 1 : 2));
/** Weight of each kind in its group's base-5 pattern index. */
export const WEIGHT = KIND_WEIGHT;

let mpRow: Int32Array | undefined;

/**
 * The m+p fold table with the (always empty) bamboo group folded in, built once per process,
 * holding each folded class's row offset into the `kept` table (class * honour classes * 5).
 */
function foldedWithEmptyBamboo(): Int32Array {
  if (mpRow) return mpRow;
  const t = shantenTables();
  const sc = t.suitClasses;
  const empty = t.suit[0]! & 255;
  mpRow = new Int32Array(sc * sc);
  for (let i = 0; i < mpRow.length; i++) mpRow[i] = t.mps[t.mp[i]! * sc + empty]! * t.honorClasses * 5;
  return mpRow;
}

/** A shanten evaluator bound to the tables; cheap to copy around, one per state or strategy. */
export class HandEval {
  private readonly suit: Uint16Array;
  private readonly honor: Uint16Array;
  private readonly kept: Uint8Array;
  private readonly mpRow: Int32Array;
  private readonly sc: number;
  /** Pattern indices [m, p, z] of the hand `load`ed last. */
  readonly idx = new Int32Array(3);
  /** Info (class | singles << 8 | pairs << 12) of `idx` and of each one-tile addition. */
  private readonly info = new Int32Array(3);
  private readonly addInfo = new Int32Array(34);
  /** rankDiscards scratch: candidate draws of m at 0.., p at 9.., honours at 18... */
  private readonly cand = new Uint8Array(25);

  constructor() {
    const t = shantenTables();
    this.suit = t.suit;
    this.honor = t.honor;
    this.kept = t.kept;
    this.sc = t.suitClasses;
    this.mpRow = foldedWithEmptyBamboo();
  }

  /** Shanten from group infos: min over standard (with `melds` called sets) and seven pairs. */
  sh(a: number, b: number, c: number, melds: number): number {
    let s = 13 - 3 * melds - this.kept[this.mpRow[(a & 255) * this.sc + (b & 255)]! + (c & 255) * 5 + 4 - melds]!;
    if (melds === 0) {
      let pairs = (a >> 12) + (b >> 12) + (c >> 12);
      let singles = ((a >> 8) & 15) + ((b >> 8) & 15) + ((c >> 8) & 15);
      if (pairs > 7) pairs = 7;
      if (singles > 7 - pairs) singles = 7 - pairs;
      const sp = 13 - 2 * pairs - singles;
      if (sp < s) s = sp;
    }
    return s;
  }

  /** Info of group `slot` at pattern index `i`. */
  infoAt(slot: number, i: number): number {
    return slot === 2 ? this.honor[i]! : this.suit[i]!;
  }

  /** Loads a count array (offset `off`, 34 kinds) as the current hand. */
  load(counts: ArrayLike<number>, off = 0): void {
    let m = 0;
    let p = 0;
    let z = 0;
    for (let j = 8; j >= 0; j--) {
      m = m * 5 + counts[off + j]!;
      p = p * 5 + counts[off + PIN + j]!;
    }
    for (let j = 6; j >= 0; j--) z = z * 5 + counts[off + HONOR + j]!;
    this.setIndices(m, p, z);
  }

  setIndices(m: number, p: number, z: number): void {
    this.idx[0] = m;
    this.idx[1] = p;
    this.idx[2] = z;
    this.info[0] = this.suit[m]!;
    this.info[1] = this.suit[p]!;
    this.info[2] = this.honor[z]!;
  }

  /** Shanten of the loaded hand. */
  shanten(melds: number): number {
    return this.sh(this.info[0]!, this.info[1]!, this.info[2]!, melds);
  }

  /** Shanten of the loaded hand with `delta` copies of `kind` added (negative: removed). */
  shantenWith(kind: number, delta: number, melds: number): number {
    const g = SLOT[kind]!;
    const x = this.infoAt(g, this.idx[g]! + delta * WEIGHT[kind]!);
    const i = this.info;
    return g === 0 ? this.sh(x, i[1]!, i[2]!, melds) : g === 1 ? this.sh(i[0]!, x, i[2]!, melds) : this.sh(i[0]!, i[1]!, x, melds);
  }

  /**
   * Mask of kinds completing the loaded 13 - 3 * melds tile hand (0 unless it is ready),
   * leaving out `full` (kinds the player holds all four of, see melds.ts fullKinds). Only
   * kinds near a held tile can complete a ready hand: a lone new tile completes no set.
   */
  waits(melds: number, full: number): number {
    const i = this.info;
    if (this.sh(i[0]!, i[1]!, i[2]!, melds) !== 0) return 0;
    let mask = 0;
    for (let m = near(this.heldMask()) & ~full; m !== 0; m &= m - 1) {
      const k = lowKind(m);
      if (this.shantenWith(k, 1, melds) === -1) mask |= BIT[k]!;
    }
    return mask;
  }

  /** Mask of the kinds in the loaded hand (a base-5 digit is non-zero). */
  private heldMask(): number {
    let mask = 0;
    let bit = 1;
    for (let g = 0; g < 3; g++) {
      let i = this.idx[g]!;
      const digits = g === 2 ? 7 : 9;
      for (let j = 0; j < digits; j++, bit <<= 1) {
        if (i % 5 !== 0) mask |= bit;
        i = (i / 5) | 0;
      }
    }
    return mask;
  }

  /**
   * For a 14 - 3 * melds tile hand (loaded) and each kind in `allowed` it holds: shantenAfter[k]
   * after discarding one k; for the discards reaching the lowest shanten, ukeire[k] = live
   * tiles (unseen[k] copies each) whose draw would lower it further (when only one discard
   * reaches it, ukeire is not needed and stays -1); held kinds outside `allowed` get 99 and -1,
   * entries of kinds not held are left as they were. Returns the lowest shanten.
   */
  rankDiscards(
    counts: ArrayLike<number>, off: number, melds: number, unseen: ArrayLike<number>, allowed: number,
    shantenAfter: Int8Array, ukeire: Int16Array,
  ): number {
    const idx = this.idx;
    const info = this.info;
    let best = 99;
    let tied = 0; // the discards reaching `best`
    let heldMask = 0;
    for (let n = 0; n < KOREAN_KINDS.length; n++) {
      const d = KOREAN_KINDS[n]!;
      if (counts[off + d]! === 0) continue;
      const bit = BIT[d]!;
      heldMask |= bit;
      ukeire[d] = -1;
      if ((allowed & bit) === 0) {
        shantenAfter[d] = 99;
        continue;
      }
      const s = this.shantenWith(d, -1, melds);
      shantenAfter[d] = s;
      if (s < best) {
        best = s;
        tied = bit;
      } else if (s === best) tied |= bit;
    }
    if ((tied & (tied - 1)) === 0) return best;
    // Improving tiles lie near held tiles, except that seven pairs short of kinds takes any new kind.
    const candidates = melds === 0 && popcount(heldMask) <= 7 ? ALL_KINDS : near(heldMask);
    // Candidate draws by group, each with its pattern after adding it to the whole hand
    // (shared by every discard from another group).
    const list = this.cand;
    const addInfo = this.addInfo;
    let nm = 0;
    let np = 9;
    let nz = 18;
    for (let m = candidates; m !== 0; m &= m - 1) {
      const k = lowKind(m);
      if (unseen[k]! <= 0) continue;
      const g = SLOT[k]!;
      addInfo[k] = this.infoAt(g, idx[g]! + WEIGHT[k]!);
      if (g === 0) list[nm++] = k;
      else if (g === 1) list[np++] = k;
      else list[nz++] = k;
    }
    // sh() unrolled per group: with two groups fixed, the m+p fold for honour draws and the
    // seven-pairs counts are computed once per discard.
    const suit = this.suit;
    const honor = this.honor;
    const kept = this.kept;
    const mpRow = this.mpRow;
    const sc = this.sc;
    const base = 13 - 3 * melds;
    const sets = 4 - melds;
    const stamp = ++rankStamp;
    for (let m = tied; m !== 0; m &= m - 1) {
      const d = lowKind(m);
      const gd = SLOT[d]!;
      const without = idx[gd]! - WEIGHT[d]!;
      const xd = gd === 2 ? honor[without]! : suit[without]!;
      const a0 = gd === 0 ? xd : info[0]!;
      const b0 = gd === 1 ? xd : info[1]!;
      const c0 = gd === 2 ? xd : info[2]!;
      const ac = a0 & 255;
      const bc = b0 & 255;
      const cRow = (c0 & 255) * 5 + sets;
      const foldAB = mpRow[ac * sc + bc]! + sets;
      // A draw changes the seven-pairs count by one step at most: it matters only when the
      // discard's seven-pairs shanten is the best itself.
      let pairs0 = (a0 >> 12) + (b0 >> 12) + (c0 >> 12);
      let singles0 = ((a0 >> 8) & 15) + ((b0 >> 8) & 15) + ((c0 >> 8) & 15);
      if (pairs0 > 7) pairs0 = 7;
      if (singles0 > 7 - pairs0) singles0 = 7 - pairs0;
      const sevens = melds === 0 && 13 - 2 * pairs0 - singles0 === best;
      // Draws from the other two groups depend on this discard only through its group's
      // pattern info, which equally good discards often share (two isolated tiles).
      const memo = gd * 65536 + xd;
      const known = crossStamp[memo] === stamp;
      let cross = known ? crossLive[memo]! : 0;
      let same = 0;
      if (gd === 0 || !known) {
        for (let i = 0; i < nm; i++) {
          const k = list[i]!;
          const x = gd === 0 ? suit[without + WEIGHT[k]!]! : addInfo[k]!;
          let sh = base - kept[mpRow[(x & 255) * sc + bc]! + cRow]!;
          if (sevens && sh >= best) sh = sevenPairs(x, b0, c0);
          if (sh < best) {
            if (gd === 0) same += unseen[k]!;
            else cross += unseen[k]!;
          }
        }
      }
      if (gd === 1 || !known) {
        for (let i = 9; i < np; i++) {
          const k = list[i]!;
          const x = gd === 1 ? suit[without + WEIGHT[k]!]! : addInfo[k]!;
          let sh = base - kept[mpRow[ac * sc + (x & 255)]! + cRow]!;
          if (sevens && sh >= best) sh = sevenPairs(x, a0, c0);
          if (sh < best) {
            if (gd === 1) same += unseen[k]!;
            else cross += unseen[k]!;
          }
        }
      }
      if (gd === 2 || !known) {
        for (let i = 18; i < nz; i++) {
          const k = list[i]!;
          const x = gd === 2 ? honor[without + WEIGHT[k]!]! : addInfo[k]!;
          let sh = base - kept[foldAB + (x & 255) * 5]!;
          if (sevens && sh >= best) sh = sevenPairs(x, a0, b0);
          if (sh < best) {
            if (gd === 2) same += unseen[k]!;
            else cross += unseen[k]!;
          }
        }
      }
      if (!known) {
        crossStamp[memo] = stamp;
        crossLive[memo] = cross;
      }
      const live = same + cross;
      ukeire[d] = live;
    }
    return best;
  }
}

/** Seven-pairs shanten of three group infos. */
function sevenPairs(x: number, p: number, q: number): number {
  let pairs = (x >> 12) + (p >> 12) + (q >> 12);
  let singles = ((x >> 8) & 15) + ((p >> 8) & 15) + ((q >> 8) & 15);
  if (pairs > 7) pairs = 7;
  if (singles > 7 - pairs) singles = 7 - pairs;
  return 13 - 2 * pairs - singles;
}

const ALL_KINDS = (1 << 25) - 1;

// rankDiscards memo, per process (one call runs at a time): live tiles drawn outside a
// discard's group, by (group, the group's pattern info after the discard), valid while the
// stamp is the current call's.
const crossStamp = new Int32Array(3 * 65536);
const crossLive = new Int16Array(3 * 65536);
let rankStamp = 0;
const MAN_BITS = 0x1ff;
const PIN_BITS = 0x1ff << 9;
const HONOUR_BITS = 0x7f << 18;

/** Kinds within two of a held suit tile, and held honours. */
function near(held: number): number {
  const m = held & MAN_BITS;
  const p = held & PIN_BITS;
  return ((m | (m << 1) | (m << 2) | (m >>> 1) | (m >>> 2)) & MAN_BITS)
    | ((p | (p << 1) | (p << 2) | (p >>> 1) | (p >>> 2)) & PIN_BITS)
    | (held & HONOUR_BITS);
}

/**
 * With sevenPairsAllowQuad: the kind completing seven pairs that count four of a kind as two
 * (the tables count distinct pairs only), as a mask; `minus` is a kind to leave out once.
 */
export function quadPairsWait(hand: ArrayLike<number>, off: number, minus: number): number {
  let odd = -1;
  let pairs = 0;
  for (let i = 0; i < KOREAN_KINDS.length; i++) {
    const k = KOREAN_KINDS[i]!;
    const n = hand[off + k]! - (k === minus ? 1 : 0);
    if (n & 1) {
      if (odd >= 0) return 0;
      odd = k;
    }
    pairs += n >> 1;
  }
  return odd >= 0 && pairs === 6 ? BIT[odd]! : 0;
}
