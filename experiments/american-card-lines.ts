import { resolveRules } from '../src/core/rules.js';
import { parseSpec } from '../src/core/strategy.js';
import { Arm } from '../src/experiment/arm.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import {
  family,
  figureIn,
  figureTable,
  meanColumns,
  pAgainst,
  quote,
  rate,
  rateColumns,
  ratio,
  shown,
  significant,
} from '../src/experiment/columns.js';
import { addRate, addRatio, type Tally } from '../src/stats/tally.js';
import { american } from '../src/games/mahjong/american/game.js';
import { americanSchema, cardProvenance, rulesCard, type AmericanRules } from '../src/games/mahjong/american/rules.js';
import { americanStrategies } from '../strategies/american/index.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { NON_NEGATIVE, SHARE } from '../src/experiment/ranges.js';

const SEATS = 4;

/**
 * `american-card-lines`: which lines of the card are chased, which are won, and what they pay?
 * Four line-chasers play whole sessions. A seat chases the line it is nearest to (fewest tiles
 * away, then highest value) when the Charleston ends; a line is a trap when it is chased at
 * least as often as the card's average line but converts its chases into wins with it at under
 * half the card's rate (the share of all chases won with the line chased).
 */
export const americanCardLines: ExperimentDef = {
  name: 'american-card-lines',
  question: 'American: which card lines are chased, which are won, what do they pay, and which are traps?',
  keyColumns: {
    'american-card-lines': ['line', 'value', 'chased_share', 'win_share', 'conversion', 'mean_payout', 'jokerless_share', 'trap'],
  },
  columns: {
    line: "the card line's id",
    section: 'its section of the card',
    value: 'its value: what a win pays before the multipliers (points)',
    exposed_or_concealed: 'X: groups may be exposed; C: concealed',
    chases: 'seat-hands for which it was the nearest line when the Charleston ended (count)',
    wins: 'wins with the line (count)',
    chased_share: { meaning: 'share of seat-hands chasing the line (0-1)', range: SHARE },
    win_share: { meaning: 'share of all wins made with the line (0-1)', range: SHARE },
    conversion: {
      meaning:
        'share of the seat-hands chasing the line that won with it (0-1; a win with the line by a seat that chased another is in wins, not here)',
      range: SHARE,
    },
    mean_payout: { meaning: 'points the winner received per win with the line', range: NON_NEGATIVE },
    jokers_per_win: { meaning: 'jokers in the winning 14 tiles (mean)', range: NON_NEGATIVE },
    jokerless_share: { meaning: "share of the line's wins holding no joker (0-1)", range: SHARE },
    trap: "trap if chased at least as often as the average line but converting its chases significantly under half the card's rate (Holm across the lines so chased whose conversion has an interval, 5%)",
  },
  doc: 'American: per card line, how often it is chased after the Charleston and how often won, the share of its chases won with it, mean payout, jokers per win, share of wins with no joker; trap lines (often chased, rarely won) flagged',
  charts: [
    {
      name: 'american-card-lines',
      caption: 'Share of all wins made on each line of the card, with 95% intervals.',
      spec: (tables) =>
        intervalChart({
          title: 'American: share of wins by card line',
          rows: rowsOf(tableNamed(tables, 'american-card-lines')),
          category: 'line',
          categoryTitle: 'card line',
          value: 'win_share',
          axis: 'share of all wins',
        }),
    },
  ],
  defaultGames: 2000,
  build(params) {
    const base = (params.rules as Record<string, unknown>) ?? {};
    const rules = resolveRules<AmericanRules>(americanSchema, [{ where: 'american-card-lines --rules/--set/--card', values: base }]);
    const card = rulesCard(rules);
    const spec = parseSpec('line-chaser', americanStrategies, 'american', rules);
    const arm = new Arm(american, rules, [spec, spec, spec, spec], americanStrategies);
    const L = card.lines.length;
    const games = params.games ?? 2000;
    return {
      name: 'american-card-lines',
      games,
      chunk: 20,
      cells: ['line-chaser x4'],
      provenance: { card: cardProvenance(rules), rules, strategy: spec.text },
      runGame(_cell, index, seed, tally) {
        const st = arm.play(seed, 0, index).stats;
        const wins = st.totalWins();
        addRate(tally, 'wall', st.exhaustive, st.hands);
        let chased = 0;
        let converted = 0;
        for (let l = 0; l < L; l++) {
          addRate(tally, `chased.${l}`, st.chased[l]!, SEATS * st.hands);
          addRate(tally, `won.${l}`, st.lineWins[l]!, wins);
          addRate(tally, `jokerless.${l}`, st.lineJokerless[l]!, st.lineWins[l]!);
          // Ratios over games (a session's hands are not independent), with intervals: chases won
          // with the line per chase, points and jokers per win.
          addRatio(tally, `converted.${l}`, st.lineConverted[l]!, st.chased[l]!);
          chased += st.chased[l]!;
          converted += st.lineConverted[l]!;
          addRatio(tally, `paid.${l}`, st.linePaid[l]!, st.lineWins[l]!);
          addRatio(tally, `jokers.${l}`, st.lineJokers[l]!, st.lineWins[l]!);
        }
        // The card's rate, the trap test's yardstick: all chases won with the line chased.
        addRate(tally, 'converted', converted, chased);
      },
      tables([t]: Tally[]) {
        const conversion = rate(t!, 'converted').value || 0;
        // A trap is often chased and converts significantly worse than half the card's rate: one
        // test per line chased at least as often as the average line, Holm across them.
        const figures = card.lines.map((_line, l) => ({ chased: rate(t!, `chased.${l}`), conversion: ratio(t!, `converted.${l}`) }));
        const often = figures.filter((f) => f.chased.value >= 1 / L);
        // A line whose conversion has no interval (too few games to say) is not tested.
        const tested = often.map((f) => {
          const figure = shown(f.conversion, 'conversion', americanCardLines.columns);
          return { ...figure, p: pAgainst(figure, conversion / 2) };
        });
        family(tested);
        const rows = card.lines.map((line, l) => {
          const f = figures[l]!;
          const k = often.indexOf(f);
          const trap = k >= 0 && significant(tested[k]!) && f.conversion.value < conversion / 2;
          return [
            line.id,
            line.section,
            line.value,
            line.concealed ? 'C' : 'X',
            t!.rates[`chased.${l}`]?.k ?? 0,
            t!.rates[`won.${l}`]?.k ?? 0,
            f.chased,
            rate(t!, `won.${l}`),
            f.conversion,
            ratio(t!, `paid.${l}`),
            ratio(t!, `jokers.${l}`),
            rate(t!, `jokerless.${l}`),
            trap ? 'trap' : '',
          ];
        });
        return [
          figureTable(
            'american-card-lines',
            [
              'line',
              'section',
              'value',
              'exposed_or_concealed',
              'chases',
              'wins',
              ...rateColumns('chased_share'),
              ...rateColumns('win_share'),
              ...meanColumns('conversion'),
              ...meanColumns('mean_payout'),
              ...meanColumns('jokers_per_win'),
              ...rateColumns('jokerless_share'),
              'trap',
            ],
            rows,
            americanCardLines.columns,
          ),
        ];
      },
      summary([t]) {
        const c = (name: string) => t!.columns.indexOf(name);
        const byWins = [...t!.rows].sort((a, b) => (b[c('win_share')] as number) - (a[c('win_share')] as number));
        const line = (r: (string | number)[]) =>
          `${r[0]} (value ${r[c('value')]}): chased ${quote(figureIn(t!, r, 'chased_share'), 3, 'seat-hands')}, ` +
          `won ${quote(figureIn(t!, r, 'win_share'), 3, 'wins')} of wins, ${quote(figureIn(t!, r, 'conversion'), 3, 'games')} of its chases won with it, pays ${quote(figureIn(t!, r, 'mean_payout'), 0, 'games')}`;
        const traps = t!.rows.filter((r) => r[c('trap')] === 'trap').map((r) => r[0]);
        const often = t!.rows.filter((r) => (r[c('chased_share')] as number) >= 1 / t!.rows.length);
        const tested = often.filter((r) => Number.isFinite(r[c('conversion_ci_low')])).length;
        const untested = often.length > tested ? `, ${often.length - tested} more too few games to say` : '';
        const never = t!.rows.filter((r) => r[c('wins')] === 0).map((r) => r[0]);
        return [
          `most won: ${byWins.slice(0, 3).map(line).join('; ')}`,
          `least won: ${byWins.slice(-2).map(line).join('; ')}`,
          `trap lines (chased at least as often as the average line, converting their chases significantly under half the card's rate; Holm among the ${tested} lines so chased${untested}): ` +
            (traps.length ? traps.join(', ') : `none shown at ${games} sessions`),
          ...(never.length ? [`never won: ${never.join(', ')}`] : []),
        ];
      },
    };
  },
};
