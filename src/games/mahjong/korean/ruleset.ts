import { scorer, shapeEvaluator, type Ruleset } from '../rulesets.js';
import { SEVEN_PAIRS_SHAPES } from '../shanten.js';
import { KOREAN_SET } from '../tile-sets.js';
import { koreanSchema, type KoreanRules } from './rules.js';
import { KOREAN_FIELDS, scoreKoreanWin } from './situation.js';

const KOREAN = shapeEvaluator(SEVEN_PAIRS_SHAPES);
const KOREAN_QUADS = shapeEvaluator(SEVEN_PAIRS_SHAPES, true);

/** Korean 2-point's hands without a game: its tiles, its measure and its scorer (its catalog entry's hand, score and advice). */
export const koreanRuleset: Ruleset = {
  id: 'korean',
  title: 'Korean 2-point: 104 tiles (no bamboo, four flowers), standard hands and seven pairs',
  set: KOREAN_SET,
  evaluator: (rules) => ((rules as KoreanRules | null)?.sevenPairsAllowQuad ? KOREAN_QUADS : KOREAN),
  // Korean play has no chow calls unless the house plays chowCalls = leftOnly.
  chowMelds: (rules) => (rules as KoreanRules | null)?.chowCalls === 'leftOnly',
  scorer: scorer<KoreanRules>(koreanSchema, KOREAN_FIELDS, (win, extra, r) => {
    const s = scoreKoreanWin(win, extra, r);
    return {
      legal: s.legal,
      reason: s.reason,
      total: s.total,
      parts: { basic: s.basic, bonus: s.bonus, dora: s.dora, ante: s.ante },
      breakdown: s.breakdown,
      payments: s.payments,
    };
  }),
};
