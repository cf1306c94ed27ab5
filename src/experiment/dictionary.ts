// What every CSV column means, with its unit, and for a figure (a column X with X_ci_low and
// X_ci_high) what values it can take: written into each table's .meta.json and printed by
// `pongsim explain`. A column X_ci_low or X_ci_high is the bound of X's 95% interval, X_p and
// X_p_holm the p-values of a difference X; the rest are documented here once (names every study
// shares) or by the study itself (its ExperimentDef.columns), and a test checks that no column of
// any table goes undocumented. A figure's range is declared here once: figureTable shows every
// figure as its range allows (ranges.ts), and a test checks every interval of every study against it.

import { FEW } from '../stats/intervals.js';
import { SMALL_SAMPLE, type CsvTable } from '../core/table.js';
import { ANY_REAL, NON_NEGATIVE, PLACE, rangeWords, SHARE, type Range, type RangeByKind } from './ranges.js';

/** A column's entry: what it means and, for a figure, what values it can take. */
export type ColumnDoc = string | { meaning: string; range: Range | RangeByKind };

/** Columns that mean the same wherever they appear. */
const COMMON: Record<string, ColumnDoc> = {
  variant: 'the house-rule variant of the row (a preset, a single change, or default)',
  strategy: 'the strategy spec, with every parameter written out',
  games: 'games played for the row (count)',
  hands: 'hands played for the row (count)',
  sessions: 'sessions played for the row (count)',
  players: 'players at the table (count)',
  seat: 'seat number from 0 (in seat order from the first dealer or starter)',
  n: 'observations behind the estimate (games, or trials for a rate)',
  win_rate: { meaning: 'share of hands (or games) won (0-1)', range: SHARE },
  win_prob: { meaning: 'probability of winning the game: finishing with the best result, ties shared (0-1)', range: SHARE },
  mean_place: { meaning: 'mean finishing place in the game (1 = best; tied seats share the mean of their places)', range: PLACE },
  draw_rate: { meaning: 'share of hands that ended with no winner (a wall game or exhaustive draw; 0-1)', range: SHARE },
  self_draw_share: { meaning: 'share of wins made on a drawn tile (0-1)', range: SHARE },
  deal_in_rate: { meaning: 'share of hands in which the seat discarded the winning tile (0-1)', range: SHARE },
  discards_per_hand: { meaning: 'discards made per hand, all seats together (count)', range: NON_NEGATIVE },
  round_turns: { meaning: 'turns per round (count)', range: NON_NEGATIVE },
  end_stop: { meaning: 'share of rounds ended by a successful stop (0-1)', range: SHARE },
  end_stop_failed: { meaning: 'share of rounds ended by a failed stop (0-1)', range: SHARE },
  end_go_out: { meaning: 'share of rounds ended by a player going out (0-1)', range: SHARE },
  end_combo: { meaning: 'share of rounds ended by a declared combination (0-1)', range: SHARE },
  end_exhausted: { meaning: 'share of rounds ended by an empty draw pile (0-1)', range: SHARE },
  penalty_per_round: { meaning: 'penalty points per round (lower is better)', range: NON_NEGATIVE },
  net_per_hand: { meaning: 'net points per hand (higher is better)', range: ANY_REAL },
  stop_sum: "the stopper's two-card month sum",
  [SMALL_SAMPLE]: `the row's figures that rest on fewer than ${FEW} observations (games for a mean per game, trials for a rate, the games that observed it for a ratio), each with its count ("win_rate n=2; net_per_hand n=2"), and those with no interval whatever their count, with why ("session_q05 n=60 (no interval: too few observations for an interval of the 5% quantile, which takes 72 in all)"); empty when there are none. Such a figure's interval is only as good as so few observations make it; a figure that can only lie in a bounded range (a share, a non-negative amount) has no interval from a mean, ratio or difference of fewer than ${FEW} ("too few to say")`,
  stopper_hands:
    "the stopper's two-card hands of the row's sum among the unseen cards, each equally likely, that the row averages over (count; 1 when her hand is given)",
};

/** Generated families of columns, with a figure's range. */
const PATTERNS: [RegExp, (m: RegExpExecArray) => string, Range?][] = [
  [/^row_(.+)_per_hand$/, (m) => `hands won with the row ${m[1]} as the winning hand, per hand (0-1)`, SHARE],
  [/^extra_(.+)_per_hand$/, (m) => `hands won with the extra ${m[1]}, per hand (0-1)`, SHARE],
  [/^seat(\d+)_net_per_hand$/, (m) => `seat ${m[1]}'s net points per hand (its net over the game divided by the game's hands)`, ANY_REAL],
  [/^p_fail((?:_\d+)+)_exact$/, (m) => `p_fail${m[1]} as an exact fraction`],
  [
    /^p_fail((?:_\d+)+)$/,
    (m) => {
      const sizes = m[1]!.slice(1).split('_');
      const held = sizes.length === 1 ? sizes[0] : `${sizes.slice(0, -1).join(', ')} and ${sizes.at(-1)}`;
      return `probability that the stop fails against ${sizes.length === 1 ? 'one compared opponent' : `${sizes.length} compared opponents`} holding ${held} cards, their hands dealt from the unseen cards (0-1, exact)`;
    },
  ],
  [
    /^lost_(.+)_per_hand$/,
    (m) => `discard wins the focal hand could have taken but for the ${m[1]!.replace(/_/g, ' ')} sacred-discard rule, per hand (count)`,
    NON_NEGATIVE,
  ],
];

const meaningOf = (doc: ColumnDoc): string => (typeof doc === 'string' ? doc : doc.meaning);

/** The meaning of column `name`, from the study's own docs, the shared ones or a pattern; undefined if none. */
export function columnMeaning(name: string, own: Record<string, ColumnDoc> = {}): string | undefined {
  const bound = /^(.+)_ci_(low|high)$/.exec(name);
  if (bound) {
    const base = columnMeaning(bound[1]!, own);
    return base && `${bound[2] === 'low' ? 'lower' : 'upper'} bound of the 95% interval of ${bound[1]}`;
  }
  const holm = /^(.+)_p_holm$/.exec(name);
  if (holm) {
    const base = columnMeaning(holm[1]!, own);
    return (
      base &&
      `${holm[1]}_p adjusted by Holm's method for the family of differences the table flags together (the README's Statistics section names each); the difference is significant when this is under 0.05`
    );
  }
  const p = /^(.+)_p$/.exec(name);
  if (p) {
    const base = columnMeaning(p[1]!, own);
    return (
      base &&
      `two-sided p-value of ${p[1]} against no difference (Student's t on the games it rests on), before any adjustment for the other differences`
    );
  }
  const doc = own[name] ?? COMMON[name];
  if (doc !== undefined) return meaningOf(doc);
  for (const [re, f] of PATTERNS) {
    const m = re.exec(name);
    if (m) return f(m);
  }
  return undefined;
}

/** The values figure column `name` can take, as the study's own docs, the shared ones or a pattern declare them; undefined if none does. */
export function columnRange(name: string, own: Record<string, ColumnDoc> = {}): Range | RangeByKind | undefined {
  const doc = own[name] ?? COMMON[name];
  if (doc !== undefined) return typeof doc === 'string' ? undefined : doc.range;
  for (const [re, , range] of PATTERNS) if (re.test(name)) return range;
  return undefined;
}

/** A column in the dictionary: its meaning, and for a figure the values it can take, in words. */
export interface ColumnEntry {
  name: string;
  meaning: string;
  range?: string;
}

/** Every column of a table with its meaning ("undocumented" where none is known), and each figure's range. */
export function columnDictionary(t: CsvTable, own: Record<string, ColumnDoc> = {}): ColumnEntry[] {
  return t.columns.map((name) => {
    const meaning = columnMeaning(name, own) ?? 'undocumented';
    const range = t.columns.includes(`${name}_ci_low`) ? columnRange(name, own) : undefined;
    return range ? { name, meaning, range: rangeWords(range) } : { name, meaning };
  });
}
