// What every CSV column means, with its unit: written into each table's .meta.json and printed
// by `pongsim explain`. A column X_ci_low or X_ci_high is the bound of X's 95% interval, X_p and
// X_p_holm the p-values of a difference X; the rest are documented here once (names every study
// shares) or by the study itself (its ExperimentDef.columns), and a test checks that no column of
// any table goes undocumented.

import { FEW } from '../stats/intervals.js';
import { SMALL_SAMPLE } from './columns.js';
import type { CsvTable } from './experiment.js';

/** Columns that mean the same wherever they appear. */
const COMMON: Record<string, string> = {
  variant: 'the house-rule variant of the row (a preset, a single change, or default)',
  strategy: 'the strategy spec, with every parameter written out',
  games: 'games played for the row (count)',
  hands: 'hands played for the row (count)',
  sessions: 'sessions played for the row (count)',
  players: 'players at the table (count)',
  seat: 'seat number from 0 (in seat order from the first dealer or starter)',
  n: 'observations behind the estimate (games, or trials for a rate)',
  win_rate: 'share of hands (or games) won (0-1)',
  win_prob: 'probability of winning the game: finishing with the best result, ties shared (0-1)',
  mean_place: 'mean finishing place in the game (1 = best; tied seats share the mean of their places)',
  draw_rate: 'share of hands that ended with no winner (a wall game or exhaustive draw; 0-1)',
  self_draw_share: 'share of wins made on a drawn tile (0-1)',
  deal_in_rate: 'share of hands in which the seat discarded the winning tile (0-1)',
  discards_per_hand: 'discards made per hand, all seats together (count)',
  round_turns: 'turns per round (count)',
  end_stop: 'share of rounds ended by a successful stop (0-1)',
  end_stop_failed: 'share of rounds ended by a failed stop (0-1)',
  end_go_out: 'share of rounds ended by a player going out (0-1)',
  end_combo: 'share of rounds ended by a declared combination (0-1)',
  end_exhausted: 'share of rounds ended by an empty draw pile (0-1)',
  penalty_per_round: 'penalty points per round (lower is better)',
  net_per_hand: 'net points per hand (higher is better)',
  stop_sum: "the stopper's two-card month sum",
  [SMALL_SAMPLE]: `the row's figures that rest on fewer than ${FEW} observations (games for a mean per game, trials for a rate, the games that observed it for a ratio), each with its count ("win_rate n=2; net_per_hand n=2"); empty when every figure rests on ${FEW} or more. Such a figure's interval is only as good as so few observations make it`,
  stopper_hands:
    "the stopper's two-card hands of the row's sum among the unseen cards, each equally likely, that the row averages over (count; 1 when her hand is given)",
};

/** Generated families of columns. */
const PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^row_(.+)_per_hand$/, (m) => `hands won with the row ${m[1]} as the winning hand, per hand (0-1)`],
  [/^extra_(.+)_per_hand$/, (m) => `hands won with the extra ${m[1]}, per hand (0-1)`],
  [/^seat(\d+)_net_per_hand$/, (m) => `seat ${m[1]}'s net points per hand (its net over the game divided by the game's hands)`],
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
  ],
];

/** The meaning of column `name`, from the study's own docs, the shared ones or a pattern; undefined if none. */
export function columnMeaning(name: string, own: Record<string, string> = {}): string | undefined {
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
  if (own[name] !== undefined) return own[name];
  if (COMMON[name] !== undefined) return COMMON[name];
  for (const [re, f] of PATTERNS) {
    const m = re.exec(name);
    if (m) return f(m);
  }
  return undefined;
}

/** Every column of a table with its meaning ("undocumented" where none is known). */
export function columnDictionary(t: CsvTable, own: Record<string, string> = {}): { name: string; meaning: string }[] {
  return t.columns.map((name) => ({ name, meaning: columnMeaning(name, own) ?? 'undocumented' }));
}
