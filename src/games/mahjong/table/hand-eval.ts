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
/** 5^8: a suit index at or above it holds a 9. */
const NINE = 390625;

function maskOf(pred: (k: number) => boolean): number {
  let m = 0;
  for (let k = 0; k < PLAY_KINDS; k++) if (pred(k)) m |= BIT[k]!;
  return m;
}

let rowTable: Int32Array | undefined;

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

/** A shanten evaluator bound to the tables, for one ruleset's shapes and suits; one per state or strategy. */
export class HandEval {
  private readonly suit: Uint16Array;
  private readonly honor: Uint16Array;
  private readonly kept: Uint8Array;
  private readonly mp: Uint16Array;
  private readonly rowOf: Int32Array;
  private readonly sc: number;
  private readonly sevenPairs: boolean;
  private readonly orphans: boolean;
  private readonly bamboo: boolean;
  /** The play kinds of the ruleset's set, in kind order. */
  readonly kinds: Uint8Array;
  /** Pattern indices [m, p, s, z] of the hand `load`ed last. */
  readonly idx = new Int32Array(4);
  /** Info (class | singles << 8 | pairs << 12) of `idx` and of each one-tile addition. */
  private readonly info = new Int32Array(4);
  private readonly addInfo = new Int32Array(PLAY_KINDS);
  /** rankDiscards scratch: candidate draws of m at 0.., p at 9.., s at 18.., honours at 27... */
  private readonly cand = new Uint8Array(PLAY_KINDS);

  constructor(shapes: WinShapes, bamboo: boolean) {
    const t = shantenTables();
    this.suit = t.suit;
    this.honor = t.honor;
    this.kept = t.kept;
    this.mp = t.mp;
    this.sc = t.suitClasses;
    this.rowOf = rowOfTable();
    this.sevenPairs = shapes.sevenPairs;
    this.orphans = shapes.thirteenOrphans;
    this.bamboo = bamboo;
    this.kinds = Uint8Array.from({ length: PLAY_KINDS }, (_, k) => k).filter((k) => bamboo || WORD[k] === 0);
    this.setIndices(0, 0, 0, 0);
  }

  /** Shanten from group infos (and, for thirteen orphans, the suit indices): the best over the ruleset's shapes. */
  private sh(a: number, b: number, c: number, d: number, melds: number, im: number, ip: number, is: number): number {
    const sc = this.sc;
    let s = 13 - 3 * melds - this.kept[this.rowOf[this.mp[(a & 255) * sc + (b & 255)]! * sc + (c & 255)]! + (d & 255) * 5 + 4 - melds]!;
    if (melds === 0) {
      if (this.sevenPairs) {
        const sp = sevenPairs(a, b, c, d);
        if (sp < s) s = sp;
      }
      if (this.orphans) {
        const so = orphansOf(im, ip, is, d);
        if (so < s) s = so;
      }
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
    const x = this.idx;
    return this.sh(i[0]!, i[1]!, i[2]!, i[3]!, melds, x[0]!, x[1]!, x[2]!);
  }

  /** Shanten of the loaded hand with `delta` copies of `kind` added (negative: removed). */
  shantenWith(kind: number, delta: number, melds: number): number {
    const g = SLOT[kind]!;
    const j = this.idx[g]! + delta * WEIGHT[kind]!;
    const x = this.infoAt(g, j);
    const i = this.info;
    const n = this.idx;
    switch (g) {
      case 0: return this.sh(x, i[1]!, i[2]!, i[3]!, melds, j, n[1]!, n[2]!);
      case 1: return this.sh(i[0]!, x, i[2]!, i[3]!, melds, n[0]!, j, n[2]!);
      case 2: return this.sh(i[0]!, i[1]!, x, i[3]!, melds, n[0]!, n[1]!, j);
      default: return this.sh(i[0]!, i[1]!, i[2]!, x, melds, n[0]!, n[1]!, n[2]!);
    }
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

  /** Mask word `word` of the kinds in the loaded hand (a base-5 digit is non-zero). */
  private heldMask(word: number): number {
    if (word === 1) return digitsMask(this.idx[2]!, 9, 0);
    return digitsMask(this.idx[0]!, 9, 0) | digitsMask(this.idx[1]!, 9, 9) | digitsMask(this.idx[3]!, 7, 18);
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
    counts: ArrayLike<number>, off: number, melds: number, unseen: ArrayLike<number>, allowed0: number, allowed1: number,
    shantenAfter: Int8Array, ukeire: Int16Array,
  ): number {
    const idx = this.idx;
    const info = this.info;
    const kinds = this.kinds;
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
      const s = this.shantenWith(d, -1, melds);
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
    if (popcount(tied0) + popcount(tied1) <= 1) return best;
    // Improving tiles lie near held tiles, except that seven pairs short of kinds takes any
    // new kind and thirteen orphans any orphan kind.
    const concealed = melds === 0;
    const anyKind = concealed && this.sevenPairs && popcount(held0) + popcount(held1) <= 7;
    const orphans = concealed && this.orphans;
    const cand0 = anyKind ? ALL0 : near0(held0) | (orphans ? ORPHANS0 : 0);
    const cand1 = !this.bamboo ? 0 : anyKind ? ALL1 : near1(held1) | (orphans ? ORPHANS1 : 0);
    // Candidate draws by group, each with its pattern after adding it to the whole hand
    // (shared by every discard from another group).
    const list = this.cand;
    const addInfo = this.addInfo;
    let nm = 0;
    let np = 9;
    let ns = 18;
    let nz = 27;
    for (let word = 0; word < 2; word++) {
      for (let m = word === 0 ? cand0 : cand1; m !== 0; m &= m - 1) {
        const k = word === 0 ? lowKind(m) : lowBamboo(m);
        if (unseen[k]! <= 0) continue;
        const g = SLOT[k]!;
        addInfo[k] = this.infoAt(g, idx[g]! + WEIGHT[k]!);
        if (g === 0) list[nm++] = k;
        else if (g === 1) list[np++] = k;
        else if (g === 2) list[ns++] = k;
        else list[nz++] = k;
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
    const suit = this.suit;
    const honor = this.honor;
    const kept = this.kept;
    const mp = this.mp;
    const rowOf = this.rowOf;
    const sc = this.sc;
    const base = 13 - 3 * melds;
    const sets = 4 - melds;
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
        // The other suits folded, for draws into each suit; the three suits, for honour draws.
        const foldBC = mp[bc * sc + cc]! * sc;
        const foldAC = mp[ac * sc + cc]! * sc;
        const foldAB = mp[ac * sc + bc]! * sc;
        const rowABC = rowOf[foldAB + cc]! + sets;
        // A draw changes the seven-pairs count by one step at most: it matters only when the
        // discard's seven-pairs shanten is the best itself.
        const sevens = concealed && this.sevenPairs && sevenPairs(a0, b0, c0, d0) === best;
        // The orphan counts after the discard; a draw matters only when they reach `best`.
        let dKinds = oKinds;
        let dPairs = oPairs;
        if (orphans && IS_ORPHAN[d] === 1) {
          const n = counts[off + d]!;
          if (n === 1) dKinds--;
          else if (n === 2) dPairs--;
        }
        const orph = orphans && 13 - dKinds - (dPairs > 0 ? 1 : 0) === best;
        // Draws from the other groups depend on this discard only through its group's
        // pattern info, which equally good discards often share (two isolated tiles); not so
        // for thirteen orphans, which read the counts.
        const memo = gd * 65536 + xd;
        const known = !orphans && crossStamp[memo] === stamp;
        let cross = known ? crossLive[memo]! : 0;
        let same = 0;
        for (let g = 0; g < 4; g++) {
          if (g !== gd && known) continue;
          const from = g * 9;
          const to = g === 0 ? nm : g === 1 ? np : g === 2 ? ns : nz;
          for (let i = from; i < to; i++) {
            const k = list[i]!;
            const x = g === gd ? (g === 3 ? honor[without + WEIGHT[k]!]! : suit[without + WEIGHT[k]!]!) : addInfo[k]!;
            let sh: number;
            switch (g) {
              case 0: sh = base - kept[rowOf[foldBC + (x & 255)]! + dRow]!; break;
              case 1: sh = base - kept[rowOf[foldAC + (x & 255)]! + dRow]!; break;
              case 2: sh = base - kept[rowOf[foldAB + (x & 255)]! + dRow]!; break;
              default: sh = base - kept[rowABC + (x & 255) * 5]!;
            }
            if (sevens && sh >= best) {
              const sp = g === 0 ? sevenPairs(x, b0, c0, d0) : g === 1 ? sevenPairs(a0, x, c0, d0) : g === 2 ? sevenPairs(a0, b0, x, d0) : sevenPairs(a0, b0, c0, x);
              if (sp < sh) sh = sp;
            }
            if (orph && sh >= best && IS_ORPHAN[k] === 1) {
              const n = counts[off + k]! - (k === d ? 1 : 0);
              const so = 13 - dKinds - (n === 0 ? 1 : 0) - (dPairs > 0 || n === 1 ? 1 : 0);
              if (so < sh) sh = so;
            }
            if (sh < best) {
              if (g === gd) same += unseen[k]!;
              else cross += unseen[k]!;
            }
          }
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

/** Seven-pairs shanten of four group infos (seven distinct pairs). */
function sevenPairs(a: number, b: number, c: number, d: number): number {
  let pairs = (a >> 12) + (b >> 12) + (c >> 12) + (d >> 12);
  let singles = ((a >> 8) & 15) + ((b >> 8) & 15) + ((c >> 8) & 15) + ((d >> 8) & 15);
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

/** Bits `shift`.. of a mask for the non-zero base-5 digits of `i` (`digits` of them). */
function digitsMask(i: number, digits: number, shift: number): number {
  let mask = 0;
  for (let j = 0, bit = 1 << shift; j < digits; j++, bit <<= 1) {
    if (i % 5 !== 0) mask |= bit;
    i = (i / 5) | 0;
  }
  return mask;
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
