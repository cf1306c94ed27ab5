import { scorer, shapeEvaluator, type Ruleset } from '../rulesets.js';
import { ALL_SHAPES } from '../shanten.js';
import { CHINESE_AMERICAN_SET } from '../tile-sets.js';
import { CHINESE_AMERICAN_FIELDS, scoreChineseAmericanWin } from './hand.js';
import { chineseAmericanSchema, type ChineseAmericanRules } from './rules.js';

const CHINESE_AMERICAN = shapeEvaluator(ALL_SHAPES);
const CHINESE_AMERICAN_QUADS = shapeEvaluator(ALL_SHAPES, true);

/** Chinese-American's hands without a game: its tiles, its measure and its scorer (its catalog entry's hand, score and advice). */
export const chineseAmericanRuleset: Ruleset = {
  id: 'chinese-american',
  title: 'Chinese-American: 144 tiles (eight flowers), standard hands, seven pairs and thirteen orphans',
  set: CHINESE_AMERICAN_SET,
  evaluator: (rules) => ((rules as ChineseAmericanRules | null)?.sevenPairsAllowQuad ? CHINESE_AMERICAN_QUADS : CHINESE_AMERICAN),
  chowMelds: () => true,
  scorer: scorer<ChineseAmericanRules>(chineseAmericanSchema, CHINESE_AMERICAN_FIELDS, (win, extra, r) => {
    const s = scoreChineseAmericanWin(win, extra, r);
    return {
      legal: s.legal,
      reason: s.reason,
      total: s.total,
      parts: {},
      breakdown: s.breakdown,
      ...(s.row ? { row: `${s.row} ${s.rowName}` } : {}),
      payments: s.payments,
    };
  }),
};
