// A hand against a whole card: which lines it completes, how many tiles each line still needs
// ("tiles away"), and which lines the visible tiles have killed. Exact, with no search: a
// variant's natural slots need naturals, its joker slots take naturals or jokers, and naturals
// and jokers are each interchangeable among the slots of one tile kind (american/RULES.md,
// "Matching a hand").

import * as cardModule from './card.js';
import type { Card } from './card.js';
import { CardIndex } from './lines.js';
import * as slotsModule from './slots.js';
import type { Exposure } from './slots.js';

export { placeExposures, type Exposure } from './slots.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { CARD_KINDS } = cardModule;
const { PACKED, placeExposures } = slotsModule;

/** Tiles away of a line no variant of which fits the hand's exposures (or a concealed line once exposed). */
export const UNREACHABLE = 99;

/**
 * A card compiled for matching. A hand without exposures is matched kind by kind: every
 * variant starts from its sum for an empty hand, and each kind the hand holds (about ten of the
 * 35) updates only the variants that use it (lines.ts CardIndex), a third of the work of
 * summing every variant's entries.
 */
export class CardMatcher {
  readonly lines: number;
  readonly index: CardIndex;
  private readonly sums: Int32Array;
  // Scratch for the slow path (a hand with exposures).
  private readonly natS = new Int8Array(CARD_KINDS);
  private readonly jokS = new Int8Array(CARD_KINDS);
  private readonly usedS: boolean[] = [];

  constructor(readonly card: Card) {
    this.lines = card.lines.length;
    this.index = new CardIndex(card);
    this.sums = new Int32Array(this.index.variants);
  }

  /**
   * out[line] = the fewest tiles the hand must still change to complete the line (0 = it does),
   * or UNREACHABLE. `hand` holds the concealed natural tiles by kind, `jokers` the concealed
   * jokers; the exposures' tiles are not in `hand`. For a 13-tile hand the count includes the
   * tile still to draw.
   */
  tilesAway(hand: ArrayLike<number>, jokers: number, exposures: readonly Exposure[], out: Int16Array): void {
    if (exposures.length > 0) return this.tilesAwayExposed(hand, jokers, exposures, out);
    const { kStart, eVar, eRow, empty } = this.index;
    const sums = this.sums;
    sums.set(empty);
    for (let t = 0; t < CARD_KINDS; t++) {
      const h = hand[t]!;
      if (h === 0) continue;
      for (let e = kStart[t]!, end = kStart[t + 1]!; e < end; e++) {
        const r = eRow[e]!;
        sums[eVar[e]!]! += PACKED[r + h]! - PACKED[r]!;
      }
    }
    const lineStart = this.card.lineStart;
    for (let l = 0; l < this.lines; l++) {
      let best = UNREACHABLE;
      for (let v = lineStart[l]!, vEnd = lineStart[l + 1]!; v < vEnd; v++) {
        const sum = sums[v]!;
        const jneed = sum & 63; // slots.ts awayFromSum, by hand
        const away = (sum >> 6) + (jneed > jokers ? jneed - jokers : 0);
        if (away < best) best = away;
      }
      out[l] = best;
    }
  }

  private tilesAwayExposed(hand: ArrayLike<number>, jokers: number, exposures: readonly Exposure[], out: Int16Array): void {
    for (let l = 0; l < this.lines; l++) {
      let best = UNREACHABLE;
      if (!this.card.lines[l]!.concealed) {
        for (let v = this.card.lineStart[l]!; v < this.card.lineStart[l + 1]!; v++) {
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
  dead(
    hand: ArrayLike<number>,
    jokers: number,
    exposures: readonly Exposure[],
    unseen: ArrayLike<number>,
    unseenJokers: number,
    out: Uint8Array,
  ): void {
    for (let l = 0; l < this.lines; l++) {
      let alive = false;
      if (exposures.length === 0 || !this.card.lines[l]!.concealed) {
        for (let v = this.card.lineStart[l]!; v < this.card.lineStart[l + 1]! && !alive; v++) {
          if (!placeExposures(this.card.variants[v]!, exposures, this.natS, this.jokS, this.usedS)) continue;
          alive = reachable(this.natS, this.jokS, hand, jokers, unseen, unseenJokers);
        }
      }
      out[l] = alive ? 0 : 1;
    }
  }
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

function reachable(
  nat: Int8Array,
  jok: Int8Array,
  hand: ArrayLike<number>,
  jokers: number,
  unseen: ArrayLike<number>,
  unseenJokers: number,
): boolean {
  let jokersShort = 0;
  for (let t = 0; t < CARD_KINDS; t++) {
    const needNat = Math.max(0, nat[t]! - hand[t]!);
    if (needNat > unseen[t]!) return false;
    const slots = Math.max(0, jok[t]! - Math.max(0, hand[t]! - nat[t]!));
    jokersShort += Math.max(0, slots - (unseen[t]! - needNat));
  }
  return jokersShort <= jokers + unseenJokers;
}
