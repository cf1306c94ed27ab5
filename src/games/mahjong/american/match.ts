// A hand against a whole card: which lines it completes, how many tiles each line still needs
// ("tiles away"), and which lines the visible tiles have killed. Exact, with no search: a
// variant's natural slots need naturals, its joker slots take naturals or jokers, and naturals
// and jokers are each interchangeable among the slots of one tile kind (american/RULES.md,
// "Matching a hand").

import { CARD_KINDS, type Card, type Variant } from './card.js';

/** An exposure on the table: `size` tiles of `tile`, `jokers` of them jokers. */
export interface Exposure {
  tile: number;
  size: number;
  jokers: number;
}

/** Tiles away of a line no variant of which fits the hand's exposures (or a concealed line once exposed). */
export const UNREACHABLE = 99;

// The two sums of tiles away, for one (natural, joker-slot) entry and a hand count h, packed in
// one number: missing naturals * 64 + joker slots left unfilled by spare naturals. Summing the
// packed values over a variant's entries gives both sums with one table load and no branch per
// entry (a branch on "naturals missing" mispredicts about half the time on real hands).
// PACKED[packedRow(n, j) + h] for every n, j, h below 16 (a card never needs 16 of one kind).
const H_STRIDE = 16;
export const PACK = 64;
/** The row of PACKED for an entry of `n` naturals and `j` joker slots. */
export const packedRow = (n: number, j: number): number => (n * H_STRIDE + j) * H_STRIDE;
export const PACKED = Int16Array.from({ length: H_STRIDE ** 3 }, (_, i) => {
  const h = i % H_STRIDE;
  const j = ((i / H_STRIDE) | 0) % H_STRIDE;
  const n = (i / H_STRIDE ** 2) | 0;
  return Math.max(0, n - h) * PACK + Math.max(0, j - Math.max(0, h - n));
});

/** Tiles away from a packed sum, with `jokers` jokers to fill the joker slots. */
export const awayFromSum = (sum: number, jokers: number): number => {
  const jneed = sum & (PACK - 1);
  return (sum >> 6) + (jneed > jokers ? jneed - jokers : 0);
};

/** A card compiled for matching: each variant's kinds as flat entries (kind, row of the packed table). */
export class CardMatcher {
  readonly lines: number;
  private readonly lineStart: Int32Array;
  private readonly start: Int32Array;
  private readonly kind: Uint8Array;
  /** Per entry: the row of PACKED for its natural and joker counts. */
  private readonly row: Uint16Array;
  // Scratch for the slow path (a hand with exposures).
  private readonly natS = new Int8Array(CARD_KINDS);
  private readonly jokS = new Int8Array(CARD_KINDS);
  private readonly usedS: boolean[] = [];

  constructor(readonly card: Card) {
    this.lines = card.lines.length;
    this.lineStart = card.lineStart;
    const starts: number[] = [];
    const kind: number[] = [];
    const row: number[] = [];
    for (const v of card.variants) {
      starts.push(kind.length);
      for (let t = 0; t < CARD_KINDS; t++) {
        const n = v.natural[t]!;
        const j = v.joker[t]!;
        if (n + j === 0) continue;
        kind.push(t);
        row.push(packedRow(n, j));
      }
    }
    starts.push(kind.length);
    this.start = Int32Array.from(starts);
    this.kind = Uint8Array.from(kind);
    this.row = Uint16Array.from(row);
  }

  /**
   * out[line] = the fewest tiles the hand must still change to complete the line (0 = it does),
   * or UNREACHABLE. `hand` holds the concealed natural tiles by kind, `jokers` the concealed
   * jokers; the exposures' tiles are not in `hand`. For a 13-tile hand the count includes the
   * tile still to draw.
   */
  tilesAway(hand: ArrayLike<number>, jokers: number, exposures: readonly Exposure[], out: Int16Array): void {
    if (exposures.length > 0) return this.tilesAwayExposed(hand, jokers, exposures, out);
    const { lineStart, start, kind, row } = this;
    const table = PACKED;
    for (let l = 0; l < this.lines; l++) {
      let best = UNREACHABLE;
      // A variant's missing naturals alone reach the line's best: it cannot do better.
      let bound = best * PACK;
      for (let v = lineStart[l]!, vEnd = lineStart[l + 1]!; v < vEnd; v++) {
        let sum = 0;
        for (let e = start[v]!, eEnd = start[v + 1]!; e < eEnd && sum < bound; e++) sum += table[row[e]! + hand[kind[e]!]!]!;
        const miss = sum >> 6;
        const jneed = sum & (PACK - 1);
        const away = miss + (jneed > jokers ? jneed - jokers : 0);
        if (away < best) {
          best = away;
          bound = best * PACK;
        }
      }
      out[l] = best;
    }
  }

  private tilesAwayExposed(hand: ArrayLike<number>, jokers: number, exposures: readonly Exposure[], out: Int16Array): void {
    for (let l = 0; l < this.lines; l++) {
      let best = UNREACHABLE;
      if (!this.card.lines[l]!.concealed) {
        for (let v = this.lineStart[l]!; v < this.lineStart[l + 1]!; v++) {
          if (!placeExposures(this.card.variants[v]!, exposures, this.natS, this.jokS, this.usedS)) continue;
          const away = awayOf(this.natS, this.jokS, hand, jokers);
          if (away < best) best = away;
        }
      }
      out[l] = best;
    }
  }

  /** The lines a 14-tile hand completes, in card order. */
  matches(hand: ArrayLike<number>, jokers: number, exposures: readonly Exposure[], scratch = new Int16Array(this.lines)): number[] {
    this.tilesAway(hand, jokers, exposures, scratch);
    const out: number[] = [];
    for (let l = 0; l < this.lines; l++) if (scratch[l] === 0) out.push(l);
    return out;
  }

  /**
   * out[line] = 1 when no variant of the line can still be completed: the exposures fit none of
   * them, or some tile it needs as a natural has too few copies unseen, or its joker slots need
   * more jokers than the hand and the unseen tiles hold. `unseen[t]` = copies of t neither in
   * this hand nor visible anywhere (discards, every exposure); `unseenJokers` likewise.
   */
  dead(hand: ArrayLike<number>, jokers: number, exposures: readonly Exposure[], unseen: ArrayLike<number>, unseenJokers: number, out: Uint8Array): void {
    for (let l = 0; l < this.lines; l++) {
      let alive = false;
      if (exposures.length === 0 || !this.card.lines[l]!.concealed) {
        for (let v = this.lineStart[l]!; v < this.lineStart[l + 1]! && !alive; v++) {
          if (!placeExposures(this.card.variants[v]!, exposures, this.natS, this.jokS, this.usedS)) continue;
          alive = reachable(this.natS, this.jokS, hand, jokers, unseen, unseenJokers);
        }
      }
      out[l] = alive ? 0 : 1;
    }
  }
}

/**
 * Assigns each exposure to a distinct set of the variant with its tile and size (one with jokers
 * only to a set jokers may fill) and leaves the variant's other slots in `nat` and `jok`. Sets
 * with the same tile and size are interchangeable, so taking the first free one is exact.
 */
export function placeExposures(v: Variant, exposures: readonly Exposure[], nat: Int8Array, jok: Int8Array, used: boolean[]): boolean {
  nat.set(v.natural);
  jok.set(v.joker);
  used.length = v.sets.length;
  used.fill(false);
  for (const e of exposures) {
    let i = 0;
    for (; i < v.sets.length; i++) {
      const s = v.sets[i]!;
      if (!used[i] && s.tile === e.tile && s.size === e.size && (e.jokers === 0 || s.jokerable)) break;
    }
    if (i === v.sets.length) return false;
    used[i] = true;
    const s = v.sets[i]!;
    if (s.jokerable) jok[s.tile]! -= s.size;
    else nat[s.tile]! -= s.size;
  }
  return true;
}

/** Tiles away of one variant's remaining slots (the slow path's form of the loop in tilesAway). */
function awayOf(nat: Int8Array, jok: Int8Array, hand: ArrayLike<number>, jokers: number): number {
  let miss = 0;
  let jneed = 0;
  for (let t = 0; t < CARD_KINDS; t++) {
    const d = nat[t]! - hand[t]!;
    if (d > 0) {
      miss += d;
      jneed += jok[t]!;
    } else if (jok[t]! + d > 0) {
      jneed += jok[t]! + d;
    }
  }
  return miss + Math.max(0, jneed - jokers);
}

function reachable(nat: Int8Array, jok: Int8Array, hand: ArrayLike<number>, jokers: number, unseen: ArrayLike<number>, unseenJokers: number): boolean {
  let jokersShort = 0;
  for (let t = 0; t < CARD_KINDS; t++) {
    const needNat = Math.max(0, nat[t]! - hand[t]!);
    if (needNat > unseen[t]!) return false;
    const slots = Math.max(0, jok[t]! - Math.max(0, hand[t]! - nat[t]!));
    jokersShort += Math.max(0, slots - (unseen[t]! - needNat));
  }
  return jokersShort <= jokers + unseenJokers;
}
