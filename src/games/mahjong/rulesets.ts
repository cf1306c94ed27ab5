// The mahjong rulesets a hand can be analysed under without playing a game (`pongsim hand`):
// which tiles exist, how a hand is measured (shanten, improving tiles) and, when the ruleset
// has one, how a complete hand scores. A new ruleset is one more entry in RULESETS.

import { InputError } from '../../core/errors.js';
export type { WinSituation } from './situation.js';
import type { RulesSchema } from '../../core/rules.js';
import type { Meld } from './decompose.js';
import { CHINESE_AMERICAN_FIELDS, scoreChineseAmericanWin } from './chinese-american/hand.js';
import { chineseAmericanSchema, type ChineseAmericanRules } from './chinese-american/rules.js';
import { koreanSchema, type KoreanRules } from './korean/rules.js';
import { KOREAN_FIELDS, scoreKoreanWin } from './korean/situation.js';
import type { Extra, SituationField, WinSituation } from './situation.js';
import { ALL_SHAPES, SEVEN_PAIRS_SHAPES, shanten, shantenQuadPairs, type WinShapes } from './shanten.js';
import { CHINESE_AMERICAN_SET, KOREAN_SET, type TileSet } from './tile-sets.js';
import { PLAY_KINDS } from './tiles.js';
import { improvingTiles } from './waits.js';

/**
 * How far a hand is from winning. Concealed counts cover kinds 0..33 (flowers set aside) and
 * hold 13 - 3k or 14 - 3k tiles with k called melds. Behind an interface because American
 * play matches a card with jokers rather than sets and a pair; its evaluator plugs in here.
 */
export interface HandEvaluator {
  /** -1 complete, 0 ready, n tiles to exchange - 1. */
  shanten(concealed: ArrayLike<number>, melds: number): number;
  /** Kinds whose draw lowers the shanten of a 13 - 3k tile hand; fills `out` (length >= 34). */
  improving(concealed: ArrayLike<number>, melds: number, out: Uint8Array): number;
}

/**
 * The table-driven evaluator for rulesets whose wins are sets and a pair plus special shapes;
 * with `quadPairs`, seven pairs may also hold four of a kind as two pairs (the tables know only
 * distinct pairs, so that shape is measured beside them).
 */
export function shapeEvaluator(shapes: WinShapes, quadPairs = false): HandEvaluator {
  const plain: HandEvaluator = {
    shanten: (c, melds) => shanten(c, melds, shapes),
    improving: (c, melds, out) => improvingTiles(c, melds, shapes, out),
  };
  if (!quadPairs) return plain;
  return {
    shanten: (c, melds) => (melds === 0 ? Math.min(plain.shanten(c, 0), shantenQuadPairs(c)) : plain.shanten(c, melds)),
    improving(c, melds, out) {
      if (melds !== 0) return plain.improving(c, melds, out);
      // A draw lowers the better of the two measures: the tables' improving kinds where they
      // measure the hand, and every kind held an odd number of times where the pairs do.
      const tables = plain.shanten(c, 0);
      const pairs = shantenQuadPairs(c);
      const kinds = new Set<number>();
      if (tables <= pairs) {
        const n = plain.improving(c, 0, out);
        for (let i = 0; i < n; i++) kinds.add(out[i]!);
      }
      if (pairs <= tables) for (let k = 0; k < PLAY_KINDS; k++) if (c[k]! & 1) kinds.add(k);
      const sorted = [...kinds].sort((a, b) => a - b);
      out.set(sorted);
      return sorted.length;
    },
  };
}

export interface WinInput {
  /** Concealed play tiles by kind (length >= 34), winning tile included. */
  concealed: ArrayLike<number>;
  melds: readonly Meld[];
  winTile: number;
  selfDraw: boolean;
  situation: WinSituation;
}

export interface HandScore {
  /** Whether the rules let this hand win (e.g. Korean: at least 2 basic points). */
  legal: boolean;
  /** Why it may not win, or null. */
  reason: string | null;
  total: number;
  /** The ruleset's own subtotals, e.g. { basic, bonus, dora, ante }. */
  parts: Record<string, number>;
  breakdown: { name: string; points: number }[];
  /** The best row, where the ruleset scores by rows (Chinese-American). */
  row?: string;
  /** What each payer pays, by the payer's seat wind, where the ruleset says. */
  payments?: Record<string, number>;
}

/**
 * A ruleset's scorer: the house-rule schema its `--rules` and `--set` are checked against, and
 * the situation fields it reads beyond the shared ones. `score` throws a FieldError (naming
 * the field) on a situation that cannot be.
 */
export interface HandScorer {
  readonly schema: RulesSchema<unknown>;
  readonly fields: readonly SituationField[];
  score(win: WinInput, extra: Extra, rules: unknown): HandScore;
}

export interface Ruleset {
  readonly id: string;
  readonly title: string;
  readonly set: TileSet;
  /** How far a hand is from winning under the resolved house rules (null: the defaults). */
  evaluator(rules: unknown): HandEvaluator;
  /** Whether chows may be called, under the resolved house rules (null when the ruleset has no scorer). */
  chowMelds(rules: unknown): boolean;
  readonly scorer: HandScorer | null;
}

/** Types one scorer against its own rules object; the table stores it with that type erased. */
function scorer<R>(
  schema: RulesSchema<R>,
  fields: readonly SituationField[],
  score: (win: WinInput, extra: Extra, rules: R) => HandScore,
): HandScorer {
  return { schema: schema as RulesSchema<unknown>, fields, score: (win, extra, rules) => score(win, extra, rules as R) };
}

const koreanScorer = scorer<KoreanRules>(koreanSchema, KOREAN_FIELDS, (win, extra, r) => {
  const s = scoreKoreanWin(win, extra, r);
  return {
    legal: s.legal,
    reason: s.reason,
    total: s.total,
    parts: { basic: s.basic, bonus: s.bonus, dora: s.dora, ante: s.ante },
    breakdown: s.breakdown,
    payments: s.payments,
  };
});

const chineseAmericanScorer = scorer<ChineseAmericanRules>(chineseAmericanSchema, CHINESE_AMERICAN_FIELDS, (win, extra, r) => {
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
});

const KOREAN = shapeEvaluator(SEVEN_PAIRS_SHAPES);
const KOREAN_QUADS = shapeEvaluator(SEVEN_PAIRS_SHAPES, true);
const CHINESE_AMERICAN = shapeEvaluator(ALL_SHAPES);
const CHINESE_AMERICAN_QUADS = shapeEvaluator(ALL_SHAPES, true);

export const RULESETS: readonly Ruleset[] = [
  {
    id: 'korean',
    title: 'Korean 2-point: 104 tiles (no bamboo, four flowers), standard hands and seven pairs',
    set: KOREAN_SET,
    evaluator: (rules) => ((rules as KoreanRules | null)?.sevenPairsAllowQuad ? KOREAN_QUADS : KOREAN),
    // Korean play has no chow calls unless the house plays chowCalls = leftOnly.
    chowMelds: (rules) => (rules as KoreanRules | null)?.chowCalls === 'leftOnly',
    scorer: koreanScorer,
  },
  {
    id: 'chinese-american',
    title: 'Chinese-American: 144 tiles (eight flowers), standard hands, seven pairs and thirteen orphans',
    set: CHINESE_AMERICAN_SET,
    evaluator: (rules) => ((rules as ChineseAmericanRules | null)?.sevenPairsAllowQuad ? CHINESE_AMERICAN_QUADS : CHINESE_AMERICAN),
    chowMelds: () => true,
    scorer: chineseAmericanScorer,
  },
];

export function rulesetById(id: string): Ruleset {
  const r = RULESETS.find((x) => x.id === id);
  if (!r) throw new InputError(`unknown ruleset "${id}"; allowed: ${RULESETS.map((x) => x.id).join(', ')}`);
  return r;
}
