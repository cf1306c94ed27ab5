// What the Charleston does to a hand, as the start an inferred particle deals (TableState.startLean,
// table/infer.ts). Three or more passes before play let every seat give away tiles off the line it
// chases, so at the first turn a hand lies nearer a card line than a uniform deal (5.5 tiles from
// its nearest line against 7.0, issue 49), and the line is one the seat's later play goes on
// chasing. A particle dealt the others uniformly there started them too far from any line, and too
// far from the line their later discards and exposures show, so at the decision they were far from
// ready and the deciding seat's value read high.
//
// So each other hand is dealt toward a target: one of the card's variants, read from the seat's
// public play after the first turn (its exposures must be sets of the variant; each tile it
// discarded that the variant uses makes the variant less likely), and the hand's tiles are dealt
// with a tile that fills the target's missing tiles TILT times as likely as another.
//
// Approximations (stated; judged by the calibration they give, issue 49): the target is drawn from
// the record's later play as if that play revealed it, and not weighed back by a prior over
// targets; and the tilted deal is taken as the Charleston's prior, not derived from the passes.

import type { Rng } from '../../../core/rng.js';
import * as tilesModule from '../tiles.js';
import type { LaterExposure, StartLean } from '../table/hooks.js';
import type { CardIndex } from './lines.js';

const { FLOWER, PLAY_KINDS } = tilesModule;

/** How much likelier a tile that fills the target's missing tiles is dealt than another. Chosen
 * by the first turn alone (2026-12-07, the calibration study's 44 American situations in play of
 * games 0-59, seed 2026): the particles' others then lie 5.35 tiles from a line there, the true
 * hands 5.47 (tilt 6: 6.45; 60: 4.33; none: 7.01). */
export const TILT = 20;
/** How much each tile the seat discarded in play that a variant uses makes it less likely. */
const DISCARD_COST = Math.log(3);

/** The card kind of a table kind (every flower is one card kind), or -1 for a joker. */
const cardKind = (k: number): number => (k < PLAY_KINDS ? k : k < FLOWER + 8 ? FLOWER : -1);

/**
 * The targets for one seat's start: every variant its later exposures fit, weighed by
 * exp(-DISCARD_COST * its discards the variant uses); null when none fits.
 */
export function startLean(index: CardIndex, discarded: ArrayLike<number>, exposed: readonly LaterExposure[]): StartLean | null {
  const { card } = index;
  const byCard = new Int32Array(FLOWER + 1);
  for (let k = 0; k < discarded.length; k++) {
    const t = cardKind(k);
    if (t >= 0) byCard[t]! += discarded[k]!;
  }
  const cum = new Float64Array(card.variants.length);
  let sum = 0;
  card.variants.forEach((v, i) => {
    let fits = exposed.length === 0 || index.vConcealed[i] === 0;
    const used = v.sets.map(() => false);
    for (const x of exposed) {
      if (!fits) break;
      const j = v.sets.findIndex((g, n) => !used[n] && g.tile === x.kind && g.size === x.size && (x.jokers === 0 || g.jokerable));
      if (j < 0) fits = false;
      else used[j] = true;
    }
    if (fits) {
      let cost = 0;
      for (let t = 0; t <= FLOWER; t++) if (v.natural[t]! + v.joker[t]! > 0) cost += byCard[t]!;
      sum += Math.exp(-DISCARD_COST * cost);
    }
    cum[i] = sum;
  });
  if (sum === 0) return null;
  return {
    tilt: Math.log(TILT),
    pick(rng: Rng, want: Int8Array, off: number): void {
      const u = rng.next() * sum;
      let lo = 0;
      let hi = cum.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cum[mid]! > u) hi = mid;
        else lo = mid + 1;
      }
      const v = card.variants[lo]!;
      for (let t = 0; t <= FLOWER; t++) want[off + t] = v.natural[t]! + v.joker[t]!;
    },
  };
}
