import { dealRng } from '../src/core/rng.js';
import { resolveRules } from '../src/core/rules.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import { figureTable, mean, meanColumns, rate, rateColumns } from '../src/experiment/columns.js';
import { addMean, addRate } from '../src/stats/tally.js';
import { Deck } from '../src/games/hwatu/deck.js';
import { betDrawsCard, betFactor, priorTable } from '../src/games/hwatu/wolnamppong/odds.js';
import { ODDS_COLUMNS, oddsRows } from '../src/games/hwatu/wolnamppong/odds-table.js';
import { wolnamSchema, type WolnamRules } from '../src/games/hwatu/wolnamppong/rules.js';
import { heatMap, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL, SHARE } from '../src/experiment/ranges.js';

/** The default rules and each post / Ilbi variant. */
const VARIANTS: { name: string; set: Partial<WolnamRules> }[] = [
  { name: 'default', set: {} },
  { name: 'postResult=push', set: { postResult: 'push' } },
  { name: 'postResult=loseDouble', set: { postResult: 'loseDouble' } },
  { name: 'ilbiLossMultiplier=1', set: { ilbiLossMultiplier: 1 } },
  { name: 'ilbiLossMultiplier=2', set: { ilbiLossMultiplier: 2 } },
];

const HANDS: [number, number][] = [];
for (let lo = 1; lo <= 12; lo++) for (let hi = lo; hi <= 12; hi++) HANDS.push([lo, hi]);

/**
 * `wolnamppong-odds`: the exact odds table under each variant, beside a Monte Carlo
 * estimate per hand. One game index deals every one of the 78 hands once (random copies of
 * its months) and turns a third card from the real 46-card rest, settled by the same
 * function that settles bets in play.
 */
export const wolnamppongOdds: ExperimentDef = {
  name: 'wolnamppong-odds',
  question: 'Wolnamppong: which hands are worth a bet, and what does each pay per chip?',
  keyColumns: {
    'wolnamppong-odds': ['variant', 'lo', 'hi', 'bet', 'p_win', 'p_lose', 'ev_per_chip', 'exact_in_interval'],
  },
  columns: {
    lo: 'the lower month of the two hand cards (1-12)',
    hi: 'the higher month of the two hand cards (1-12)',
    bet: 'the bet the hand allows: between, higher or lower (a pair under callHighLow), or none',
    p_win: 'probability that the bet wins, the third card from the 46 unseen (0-1)',
    p_post: 'probability that the third card matches a hand card (a post; 0-1)',
    p_outside: 'probability that the third card falls outside the two months (0-1)',
    p_lose: 'probability that the bet loses, posts included (0-1)',
    ev_per_chip: 'expected net chips per chip bet under the rules',
    p_win_exact: 'p_win as an exact fraction',
    p_post_exact: 'p_post as an exact fraction',
    p_outside_exact: 'p_outside as an exact fraction',
    p_lose_exact: 'p_lose as an exact fraction',
    ev_per_chip_exact: 'ev_per_chip as an exact fraction',
    note: 'why the hand never reaches a bet, or why its result is certain (empty otherwise)',
    mc_n: 'simulated deals of the hand (count)',
    mc_p_win: { meaning: 'simulated share of bets won (0-1)', range: SHARE },
    mc_ev: { meaning: 'simulated net chips per chip bet', range: ANY_REAL },
    exact_in_interval: 'whether the exact EV lies inside the simulated 95% interval (yes, no)',
  },
  doc: 'exact Wolnamppong odds per hand for the default rules and each post/Ilbi variant, with a Monte Carlo check per cell',
  charts: [
    {
      name: 'wolnamppong-odds',
      caption:
        'Exact expected value per chip bet for each hand (its low card by its high card), a panel per rule variant; darker is worse for the bettor.',
      spec: (tables) =>
        heatMap({
          title: 'Wolnamppong: exact EV per chip bet, by the two hand cards',
          rows: rowsOf(tableNamed(tables, 'wolnamppong-odds')),
          x: 'lo',
          xAxis: 'low hand card (month)',
          y: 'hi',
          yAxis: 'high hand card (month)',
          value: 'ev_per_chip',
          legend: 'EV (chips per chip bet)',
          panel: 'variant',
          wrap: 2,
          decimals: 2,
        }),
    },
  ],
  defaultGames: 20000,
  build(params) {
    const rules = VARIANTS.map((v) => resolveRules(wolnamSchema, [{ where: v.name, values: v.set }]));
    const priors = rules.map(priorTable);
    const deck = new Deck();
    return {
      name: 'wolnamppong-odds',
      games: params.games ?? 20000,
      chunk: 5000,
      cells: VARIANTS.map((v) => v.name),
      provenance: { variants: VARIANTS.map((v, i) => ({ name: v.name, rules: rules[i] })) },
      runGame(cell, index, seed, tally) {
        const r = rules[cell]!;
        const rng = dealRng(seed, cell, index);
        for (const [lo, hi] of HANDS) {
          deck.reset();
          const a = (lo - 1) * 4 + rng.int(4);
          let b = (hi - 1) * 4 + rng.int(4);
          if (b === a) b = (hi - 1) * 4 + (((a & 3) + 1 + rng.int(3)) % 4);
          deck.take(a);
          deck.take(b);
          const kind = priors[cell]![lo * 13 + hi]!.kind;
          const m = betDrawsCard(r, lo, hi) ? (deck.draw(rng) >> 2) + 1 : 0;
          const f = betFactor(r, lo, hi, kind, m);
          addMean(tally, `ev.${lo}.${hi}`, f);
          addRate(tally, `win.${lo}.${hi}`, f > 0 ? 1 : 0, 1);
        }
      },
      tables(tallies) {
        const rows = VARIANTS.flatMap((v, cell) =>
          oddsRows(rules[cell]!, []).map((row) => {
            const key = `${row[0]}.${row[1]}`;
            const ev = mean(tallies[cell]!, `ev.${key}`);
            const exact = row[ODDS_COLUMNS.indexOf('ev_per_chip')] as number;
            const agrees = exact >= ev.low && exact <= ev.high ? 'yes' : 'no';
            return [v.name, ...row, tallies[cell]!.rates[`win.${key}`]?.n ?? 0, rate(tallies[cell]!, `win.${key}`), ev, agrees];
          }),
        );
        return [
          figureTable(
            'wolnamppong-odds',
            ['variant', ...ODDS_COLUMNS, 'mc_n', ...rateColumns('mc_p_win'), ...meanColumns('mc_ev'), 'exact_in_interval'],
            rows,
            wolnamppongOdds.columns,
          ),
        ];
      },
      summary([t]) {
        const col = t!.columns.indexOf('exact_in_interval');
        const yes = t!.rows.filter((r) => r[col] === 'yes').length;
        return [
          `wolnamppong-odds: the exact EV lies inside the Monte Carlo 95% interval in ${yes} of ${t!.rows.length} cells (about 95% expected)`,
        ];
      },
    };
  },
};
