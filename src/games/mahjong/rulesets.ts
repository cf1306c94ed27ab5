// What a mahjong ruleset offers to a hand analysed without playing a game (`pongsim hand`,
// `pongsim score`, advice's melds): which tiles exist, how a hand is measured (shanten,
// improving tiles) and, when the ruleset has one, how a complete hand scores. Each ruleset
// writes its own beside its engine (korean/ruleset.ts, chinese-american/ruleset.ts) and its
// catalog entry names it: there is no list of rulesets keyed by game id.

export type { WinSituation } from './situation.js';
import type { RulesSchema } from '../../core/rules.js';
import type { Meld } from './decompose.js';
import type { Extra, SituationField, WinSituation } from './situation.js';
import { shanten, shantenQuadPairs, type WinShapes } from './shanten.js';
import type { TileSet } from './tile-sets.js';
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

/** Types one scorer against its own rules object; a Ruleset holds it with that type erased. */
export function scorer<R>(
  schema: RulesSchema<R>,
  fields: readonly SituationField[],
  score: (win: WinInput, extra: Extra, rules: R) => HandScore,
): HandScorer {
  return { schema: schema as RulesSchema<unknown>, fields, score: (win, extra, rules) => score(win, extra, rules as R) };
}
