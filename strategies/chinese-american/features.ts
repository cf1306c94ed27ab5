import type { FeatureSet } from '../../src/core/features.js';
import { shapesOf } from '../../src/games/mahjong/chinese-american/judge.js';
import type { ChineseAmericanView } from '../../src/games/mahjong/chinese-american/view.js';
import { HandEval } from '../../src/games/mahjong/table/hand-eval.js';
import { MahjongFeatures } from '../mahjong/features.js';

/** The evaluators of the win shapes the rules allow (seven pairs, thirteen orphans: four at most), made when first asked. */
const evals = new Map<string, HandEval>();

function evalOf(v: ChineseAmericanView): HandEval {
  const shapes = shapesOf(v.rules);
  const key = `${shapes.sevenPairs} ${shapes.thirteenOrphans}`;
  let ev = evals.get(key);
  if (!ev) evals.set(key, (ev = new HandEval(shapes, true)));
  return ev;
}

/**
 * What a distilled Chinese-American policy scores an action by: the shared mahjong features
 * (strategies/mahjong/features.ts), the shanten read with the special rows the rules allow (seven
 * pairs, thirteen orphans), as `efficiency` reads it.
 */
export const chineseAmericanFeatures: FeatureSet<ChineseAmericanView> = new MahjongFeatures<ChineseAmericanView>(
  // A game's length and how its hands follow one another: no feature reads them.
  ['gameLengthDealerships', 'handsLimit', 'pairing'],
  evalOf,
);
