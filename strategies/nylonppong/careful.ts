import type { Strategy, StrategyDef } from '../../src/core/strategy.js';
import type { NylonRules } from '../../src/games/hwatu/nylonppong/rules.js';
import type { NylonView } from '../../src/games/hwatu/nylonppong/view.js';
import { basicWith, tParam } from './basic.js';

const MAX_HAND = 9;
const MAX_SCORE = 24;

function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/** BINOMIAL[u * 5 + c] = C(u, c) for u, c <= 4. */
const BINOMIAL = Float64Array.from({ length: 25 }, (_, i) => choose(Math.floor(i / 5), i % 5));

// Scratch: ways[j * (MAX_SCORE + 1) + v] = ways to pick j unseen cards scoring v.
const ways = new Float64Array((MAX_HAND + 1) * (MAX_SCORE + 1));

/**
 * P(h cards drawn uniformly from the unseen cards score at most x), with `unseen[m]` cards of
 * month m (`total` in all). A month held exactly 3 times scores 0 when `ignoreTriplets`
 * (concealedTripletScoring = 'ignore'). A knapsack over months, in place: j runs downwards
 * so each month's cards are counted once.
 */
export function probScoreAtMost(unseen: Uint8Array, total: number, h: number, x: number, ignoreTriplets: boolean): number {
  if (x < 0 || h > total) return 0;
  const W = MAX_SCORE + 1;
  const cap = Math.min(x, MAX_SCORE);
  ways.fill(0, 0, (h + 1) * W);
  ways[0] = 1;
  for (let m = 1; m <= 12; m++) {
    const u = unseen[m]!;
    if (u === 0) continue;
    for (let j = h; j >= 1; j--) {
      for (let v = cap; v >= 0; v--) {
        let add = 0;
        for (let c = 1; c <= u && c <= j; c++) {
          const score = ignoreTriplets && c === 3 ? 0 : c * m;
          if (score <= v) add += ways[(j - c) * W + v - score]! * BINOMIAL[u * 5 + c]!;
        }
        ways[j * W + v]! += add;
      }
    }
  }
  let k = 0;
  for (let v = 0; v <= cap; v++) k += ways[h * W + v]!;
  return k / choose(total, h);
}

const unseen = new Uint8Array(13);

/**
 * careful's estimate that a stop now fails: some player the stop is compared with scores at
 * or below the stopper (strictly below when ties do not fail). Each such hand is taken as a
 * uniform draw from the cards this seat cannot see, independently of the others.
 */
export function failedStopChance(v: NylonView): number {
  const { cfg } = v;
  const total = v.unseen(unseen);
  const x = cfg.stopTieFails ? v.handSum : v.handSum - 1;
  let none = 1;
  for (let q = 0; q < v.players; q++) {
    if (q === v.seat || (!cfg.compareAll && !v.ponged[q])) continue;
    none *= 1 - probScoreAtMost(unseen, total, v.sizes[q]!, x, cfg.ignoreTriplets);
  }
  return 1 - none;
}

/** careful's stop test: a sum at most t, and an estimated failed-stop chance under k. */
export const carefulStops =
  (t: number, k: number) =>
  (v: NylonView): boolean =>
    v.handSum <= t && failedStopChance(v) < k;

/** careful's play around a stop test: careful itself with carefulStops, table-stop with its table first. */
export const carefulWith = (stop: (v: NylonView) => boolean): Strategy<NylonView> => basicWith(stop, (v) => v.highestSingle());

export const careful: StrategyDef<NylonView, NylonRules> = {
  name: 'careful',
  game: 'nylonppong',
  doc:
    'basic, but stops only when its sum is at most t and its estimated chance that another compared hand ' +
    'scores at or below it (from the unseen cards and hand sizes) is below k',
  params: [tParam, { name: 'k', doc: 'largest estimated failed-stop chance it accepts', default: 0.1, min: 0, max: 1 }],
  make: (p) => carefulWith(carefulStops(p.t!, p.k!)),
};
