import type { FeatureSet } from '../../src/core/features.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import * as uperModule from '../../src/games/mahjong/korean/uper.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import { HandEval } from '../../src/games/mahjong/table/hand-eval.js';
import { SEVEN_PAIRS_SHAPES } from '../../src/games/mahjong/shanten.js';
import { discardKind, isCall, MahjongFeatures, meldLow, withExtras } from '../mahjong/features.js';
import { twoBasicReachable } from './efficiency.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { CHOW_LOW, SELF_KONG } = actionsModule;
const { OPEN_UPER, UPER } = uperModule;

/**
 * What a distilled Korean policy scores an action by: the shared mahjong features
 * (strategies/mahjong/features.ts), then Korean's own. Uper: a declaration (and whether it is
 * open uper), and, with it, the live tiles of its waits (over 20) and the live wall (over 50);
 * a discard's danger from the seats that have declared uper (how many of them have not
 * discarded its kind); and a call that keeps the 2 basic points a win needs within reach (as
 * `efficiency` judges it).
 */
const NAMES = ['uper', 'open_uper', 'uper_live', 'uper_wall', 'uper_unsafe', 'call_two_basic'] as const;

const F = Object.fromEntries(NAMES.map((name, i) => [name, i])) as Record<(typeof NAMES)[number], number>;

/** The Korean efficiency bots' evaluator: the Korean set has no bamboo; seven pairs, no thirteen orphans. */
const ev = new HandEval(SEVEN_PAIRS_SHAPES, false);

const shared = new MahjongFeatures<KoreanView>(
  // A session's length and how its hands follow one another: no feature reads them (the
  // winds it reads from the view, as they stand).
  ['handsPerSession', 'pairing', 'dealerRotation', 'roundWind'],
  () => ev,
);

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
      let unsafe = 0;
      for (let y = 0; y < 4; y++) if (y !== v.seat && v.uper[y] !== 0 && !v.discarded(y, k)) unsafe++;
      out[at + F.uper_unsafe] = unsafe;
    } else if (isCall(a)) {
      const chow = a >= CHOW_LOW;
      out[at + F.call_two_basic] = twoBasicReachable(v.rules, v, s.callHand, meldLow(a, v.claimTile), chow) ? 1 : 0;
    }
  },
});
