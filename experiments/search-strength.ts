import { resolveRules } from '../src/core/rules.js';
import { parseSpec } from '../src/core/strategy.js';
import { Arm } from '../src/experiment/arm.js';
import type { ExperimentDef, StudyGame } from '../src/experiment/experiment.js';
import {
  diff,
  diffColumns,
  family,
  figureIn,
  figureTable,
  flagWords,
  mean,
  meanColumns,
  quote,
  significant,
  type Figure,
} from '../src/experiment/columns.js';
import { addMean } from '../src/stats/tally.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL } from '../src/experiment/ranges.js';

/**
 * A game's fields in this study (its catalog entry's `search`): its best hand-written bot (the
 * winners of the README's tuning recipes, or the reference bot where tuning found no better),
 * and its rules: the Hwatu games whole, a mahjong session cut to one hand (or more, where a
 * gain is small: Chinese-American's entry says why), so that a game of search costs seconds,
 * not minutes (the bot plays each decision out to the end of its round or hand alike); and the
 * rollouts per action (`ns`), from a quick search to a slower one: 16 and 64 where a decision
 * has a handful of choices and a game costs little, 4 and 16 at a mahjong discard's dozen.
 */
export interface SearchField {
  best: string;
  rules: Record<string, unknown>;
  /** What the result counts, for this game. */
  unit: string;
  ns: number[];
  /** A game of the field is that many hands, and its result is given per hand (the session's
   * net divided by them); a game's first hands are the shorter games' deals and play, so longer
   * games add hands to each. */
  hands?: number;
  /** The search bot's own parameters in the field (e.g. "most=5"). */
  search?: string;
}

/** A game the study plays: its engine and strategies (plug-ins included), and its fields. */
export interface SearchedGame extends StudyGame {
  search: SearchField;
}

/**
 * `search-strength`: does one search bot, the same code for every game, beat each game's best
 * hand-written bot? Per game, `rollout(n, policy=<best>)` takes one seat against copies of
 * the best bot, rotated through the seats by the game index (duplicate deals); the baseline
 * arm seats the best bot there instead, on the same deal and streams, so the paired difference
 * is what searching adds to the policy it searches with. `searched` are the catalog's entries that
 * give the study their fields, in the catalog's order, handed over by the library, which lists
 * this study after the games' own.
 */
export function searchStrengthDef(searched: readonly SearchedGame[]): ExperimentDef {
  const searchStrength: ExperimentDef = {
    name: 'search-strength',
    question: "Does the rollout search bot beat each game's best hand-written bot?",
    keyColumns: { 'search-strength': ['game', 'strategy', 'result', 'diff_vs_best', 'verdict'] },
    columns: {
      game: 'the game',
      opponents: 'the best hand-written bot of the game, at every other seat and as the baseline',
      unit: "what the result counts, for this game (per game of the study's short rules)",
      result: { meaning: "the focal seat's mean result per game, in the unit of the row", range: ANY_REAL },
      diff_vs_best: {
        meaning:
          'paired difference per game against the best bot playing the same seat on the same deals (positive: the strategy does better; penalties counted with the sign turned)',
        range: ANY_REAL,
      },
      verdict: 'better, worse, or no significant difference (diff_vs_best_p_holm against 5%: Holm among every search of the table)',
    },
    doc: "every game: rollout(n) search with the game's best hand-written bot as policy, against copies of that bot, duplicate seats, paired difference with interval",
    charts: [
      {
        name: 'search-strength',
        caption:
          'What searching adds per game over the best hand-written bot it searches with, with 95% intervals, a panel per game (right of zero: the search bot does better).',
        spec: (tables) =>
          intervalChart({
            title: 'rollout search against the best hand-written bot',
            rows: rowsOf(tableNamed(tables, 'search-strength')).filter((r) => r.strategy !== r.opponents),
            category: 'strategy',
            value: 'diff_vs_best',
            axis: 'paired gain per game (result units)',
            row: 'game',
            reference: 0,
          }),
      },
    ],
    defaultGames: 100,
    build(params) {
      const cells = searched.map((entry) => {
        const f = { game: entry.def.id, ...entry.search };
        const rules = resolveRules(entry.def.schema, [{ where: 'search-strength', values: f.rules }]);
        const spec = (text: string) => parseSpec(text, entry.strategies, f.game, rules);
        const best = spec(f.best);
        const specs = [best, ...f.ns.map((n) => spec(`rollout(n=${n},${f.search ? `${f.search},` : ''}policy=${best.text})`))];
        const seats = entry.def.seats(rules);
        const arms = specs.map((s) => new Arm(entry.def, rules, [s, ...Array.from({ length: seats - 1 }, () => best)], entry.strategies));
        return { ...f, hands: f.hands ?? 1, seats, specs, arms, rules, sign: entry.def.lowerIsBetter ? -1 : 1 };
      });
      const games = params.games ?? 100;
      return {
        name: 'search-strength',
        games,
        // A game of search takes up to a second: small tasks keep both cores busy and checkpoints close.
        chunk: 2,
        cells: cells.map((c) => c.game),
        provenance: { games: cells.map((c) => ({ game: c.game, rules: c.rules, strategies: c.specs.map((s) => s.text) })) },
        runGame(cell, index, seed, tally) {
          const c = cells[cell]!;
          const focal = index % c.seats;
          let base = 0;
          c.arms.forEach((arm, k) => {
            arm.play(seed, cell, index, focal);
            const r = arm.returns[0]! / c.hands;
            addMean(tally, `result.${k}`, r);
            if (k === 0) base = r;
            else addMean(tally, `diff.${k}`, c.sign * (r - base));
          });
        },
        tables(tallies) {
          // Every search against its game's best bot is one family: the verdicts flag them together.
          const diffs = cells.map((c, cell) => c.specs.map((_s, k): Figure | '' => (k === 0 ? '' : diff(tallies[cell]!, `diff.${k}`))));
          family(diffs.flat().filter((d) => d !== ''));
          const rows = cells.flatMap((c, cell) =>
            c.specs.map((s, k) => {
              const t = tallies[cell]!;
              const d = diffs[cell]![k]!;
              const verdict = d === '' ? 'baseline' : !significant(d) ? 'no significant difference' : d.value > 0 ? 'better' : 'worse';
              return [c.game, s.text, c.specs[0]!.text, c.unit, t.means[`result.${k}`]?.n ?? 0, mean(t, `result.${k}`), d, verdict];
            }),
          );
          return [
            figureTable(
              'search-strength',
              ['game', 'strategy', 'opponents', 'unit', 'games', ...meanColumns('result'), ...diffColumns('diff_vs_best'), 'verdict'],
              rows,
              searchStrength.columns,
            ),
          ];
        },
        summary([t]) {
          const c = (name: string) => t!.columns.indexOf(name);
          const searches = t!.rows.filter((r) => r[c('verdict')] !== 'baseline');
          return [
            `per game against each game's best bot, on the same deals (Holm among the ${searches.length} searches):`,
            ...cells.map(
              (cell) =>
                `${cell.game}, against ${cell.specs[0]!.text}: ` +
                searches
                  .filter((r) => r[c('game')] === cell.game)
                  .map((r) => {
                    const d = figureIn(t!, r, 'diff_vs_best');
                    return `${/n=(\d+)/.exec(String(r[c('strategy')]))![0]} ${quote(d)} (${significant(d) ? r[c('verdict')] : flagWords(d, games, searches.length)})`;
                  })
                  .join('; '),
            ),
          ];
        },
      };
    },
  };
  return searchStrength;
}
