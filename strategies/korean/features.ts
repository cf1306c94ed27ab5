import type { FeatureSet } from '../../src/core/features.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import * as koreanKindsModule from '../../src/games/mahjong/korean/kinds.js';
import * as uperModule from '../../src/games/mahjong/korean/uper.js';
import * as kindsModule from '../../src/games/mahjong/table/kinds.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import { HandEval } from '../../src/games/mahjong/table/hand-eval.js';
import { SEVEN_PAIRS_SHAPES } from '../../src/games/mahjong/shanten.js';
import { discardKind, isCall, MahjongFeatures, meldLow, withExtras } from '../mahjong/features.js';
import { twoBasicReachable } from './efficiency.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { CHOW_LOW, SELF_KONG } = actionsModule;
const { OPEN_UPER, UPER } = uperModule;
const { STEM, stemsOf } = koreanKindsModule;
const { BIT } = kindsModule;

/**
 * What a distilled Korean policy scores an action by: the shared mahjong features
 * (strategies/mahjong/features.ts), then Korean's own. Uper: a declaration (and whether it is
 * open uper), and, with it, the live tiles of its waits (over 20) and the live wall (over 50);
 * a discard's danger by Korean sacred discard, which bars a seat from winning on a discard of
 * a kind it has discarded or (by `stemRule`) of that kind's stem (1-4-7, 2-5-8, 3-6-9): the
 * share of the other seats against which it is not safe so, and how many of those have declared
 * uper (and are ready); and a call that keeps the 2 basic points a win needs within reach (as
 * `efficiency` judges it).
 */
const NAMES = ['uper', 'open_uper', 'uper_live', 'uper_wall', 'stem_unsafe_seats', 'uper_unsafe', 'call_two_basic'] as const;

const F = Object.fromEntries(NAMES.map((name, i) => [name, i])) as Record<(typeof NAMES)[number], number>;

/** The Korean efficiency bots' evaluator: the Korean set has no bamboo; seven pairs, no thirteen
 * orphans. Made on first use: it builds the shanten tables, which every process and worker that
 * loads the catalog would otherwise pay for at start. */
let ev: HandEval | undefined;

const shared = new MahjongFeatures<KoreanView>(
  // A session's length and how its hands follow one another: no feature reads them (the
  // winds it reads from the view, as they stand).
  ['handsPerSession', 'pairing', 'dealerRotation', 'roundWind'],
  () => (ev ??= new HandEval(SEVEN_PAIRS_SHAPES, false)),
);

/** Whether seat y may not win on a discard of kind k by sacred discard: it has discarded k, or
 * by the stem rule a kind of k's stem (any of its discards, or its uper declaration tile). */
function sacred(v: KoreanView, y: number, k: number): boolean {
  const d = v.discardMask[y * 2]!;
  const bit = BIT[k]!;
  if ((d & bit) !== 0) return true;
  const stem = v.rules.stemRule;
  if (stem === 'allDiscards') return (stemsOf(d) & bit) !== 0;
  return stem === 'declarationOnly' && v.uper[y] !== 0 && (STEM[v.uperTile[y]!]! & bit) !== 0;
}

export const koreanFeatures: FeatureSet<KoreanView> = withExtras(shared, {
  names: NAMES,
  fill(v, a, s, out, at) {
    const k = discardKind(a);
    if (k >= 0) {
      if (a >= UPER && a < SELF_KONG) {
        out[at + F.uper] = 1;
        out[at + F.open_uper] = a >= OPEN_UPER ? 1 : 0;
        out[at + F.uper_live] = s.live[k]! / 20;
        out[at + F.uper_wall] = v.live / 50;
      }
      let unsafe = 0,
        uper = 0;
      for (let y = 0; y < 4; y++) {
        if (y === v.seat || sacred(v, y, k)) continue;
        unsafe++;
        if (v.uper[y] !== 0) uper++;
      }
      out[at + F.stem_unsafe_seats] = unsafe / 3;
      out[at + F.uper_unsafe] = uper;
    } else if (isCall(a)) {
      const chow = a >= CHOW_LOW;
      out[at + F.call_two_basic] = twoBasicReachable(v.rules, v, s.callHand, meldLow(a, v.claimTile), chow) ? 1 : 0;
    }
  },
});
