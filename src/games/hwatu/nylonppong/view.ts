import type { Config } from './rules.js';
import type { NylonState } from './state.js';

/**
 * What one seat may know: its own hand, everyone's hand size and ppong status, the face-up
 * discard pile (which holds every ppong'd card), the draw pile's size and the scores. One
 * object per state, refilled for each decision (it keeps no reference to the state, so a
 * strategy cannot reach other hands): strategies must not keep it. Fields set in the
 * constructor are `declare`d for the reason given at NylonState.
 */
export class NylonView {
  seat = 0;
  declare players: number;
  /** The decision: PHASE_START, PHASE_AFTER_DRAW, PHASE_DISCARD or PHASE_OFFER (state.ts). */
  phase = 0;
  /** Own cards per month (index 1..12). */
  declare hand: Uint8Array;
  handSize = 0;
  handSum = 0;
  /** Own months as bit sets (bit m-1 for month m): all held, and held exactly once. */
  held = 0;
  singles = 0;
  /** Every seat's hand size. */
  declare readonly sizes: Uint8Array;
  /** Every seat's ppong status this round. */
  declare readonly ponged: Uint8Array;
  /** Cards per month in the discard pile (index 1..12). */
  declare readonly discards: Uint8Array;
  /** Month of the top discard, 0 if none; its owner. */
  top = 0;
  topOwner = -1;
  pileLeft = 0;
  reshufflesLeft = 0;
  /** The best enabled combination the 6-card hand forms right after the draw, or -1; -1 at
   * every other decision. */
  combo = -1;
  starter = 0;
  round = 0;
  declare readonly totals: Float64Array;
  declare readonly cfg: Config;

  constructor(s: NylonState) {
    this.players = s.n;
    this.hand = s.handCounts[0]!;
    this.sizes = s.size;
    this.ponged = s.ponged;
    this.discards = s.discardCounts;
    this.totals = s.total;
    this.cfg = s.cfg;
  }

  fill(s: NylonState, seat: number): this {
    this.seat = seat;
    this.phase = s.phase;
    this.hand = s.handCounts[seat]!;
    this.handSize = s.size[seat]!;
    this.handSum = s.sum[seat]!;
    this.held = s.held[seat]!;
    this.singles = s.singles[seat]!;
    this.top = s.topMonth;
    this.topOwner = s.topOwner;
    this.pileLeft = s.deck.left;
    this.reshufflesLeft = s.cfg.reshuffleLimit - s.reshuffles;
    this.combo = s.comboOf(seat);
    this.starter = s.starter;
    this.round = s.round;
    return this;
  }

  next(seat: number): number {
    return (seat + this.cfg.step) % this.players;
  }

  /** The highest month held exactly once, else the highest held (0 for an empty hand). */
  highestSingle(): number {
    return 32 - Math.clz32(this.singles || this.held);
  }

  /** Cards of each month this seat cannot see (in other hands or the draw pile) into
   * out[1..12]; returns their number. */
  unseen(out: Uint8Array): number {
    let total = 0;
    for (let m = 1; m <= 12; m++) {
      const u = 4 - this.hand[m]! - this.discards[m]!;
      out[m] = u;
      total += u;
    }
    return total;
  }
}
