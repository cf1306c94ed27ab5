import { Table } from '../src/core/play.js';
import { Rollouts } from '../src/core/rollouts.js';
import { resolveRules } from '../src/core/rules.js';
import { makeStrategy, parseSpec, type Strategy } from '../src/core/strategy.js';
import { BucketGains, bucketKeys, familyWords, gainColumns, gainRows } from '../src/experiment/bucket-gains.js';
import { figureTable } from '../src/experiment/columns.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import type { CsvTable } from '../src/core/table.js';
import type { Tally } from '../src/stats/tally.js';
import { DRAW, has, JAYEON, PPONG, STOP } from '../src/games/hwatu/nylonppong/actions.js';
import { nylonppong } from '../src/games/hwatu/nylonppong/game.js';
import { PHASE_START, type NylonState } from '../src/games/hwatu/nylonppong/state.js';
import type { NylonView } from '../src/games/hwatu/nylonppong/view.js';
import { nylonppongStrategies } from '../strategies/nylonppong/index.js';
import { bucketOf, bucketParts, opponentsText, PILE_LABELS, TABLE_BOT, VERDICTS } from '../strategies/nylonppong/stop-table.js';
import { curveChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL } from '../src/experiment/ranges.js';

/** Rollouts per candidate at each decision. The bucket's interval comes from the spread over
 * its decisions, which holds the rollouts' own noise too: more decisions narrow it more than
 * more rollouts per decision would. */
const ROLLOUTS = 16;
/** The chart leaves out buckets seen in fewer games (their bands would swamp the scale). */
const CHART_GAMES = 30;

/**
 * `nylonppong-stop-table`: "with this hand, against these hands, this late in the round:
 * should I stop?" Four seats play careful(t=4,k=0.1). At every decision where a seat may stop
 * (and cannot go out instead, which every bot does), Rollouts (src/core/rollouts.ts) plays
 * stopping and drawing on 16 times each from determinizations of what that seat has seen,
 * every seat playing careful afterwards, to the end of the round: the paired difference is the
 * estimated gain of stopping, in penalty points (positive: stopping is better). Then the bot
 * plays its own choice. Each decision adds its estimate to its bucket (stop-table.ts: own sum,
 * pair or not, the other hands' sizes, the draw pile's size); a bucket's gain is the mean over
 * its decisions, with an interval over games (a seat that waits meets the same bucket turn
 * after turn, so decisions of one game are not independent).
 *
 * The determinizations deal the other hands uniformly from the unseen cards: they do not read
 * the others' past play (a two-card hand that did not stop is a little likelier to be high).
 */
export const nylonppongStopTable: ExperimentDef = {
  name: 'nylonppong-stop-table',
  question: "Nylon-ppong: when does calling stop pay, by my two-card sum, the others' hand sizes and the cards left in the draw pile?",
  keyColumns: { 'nylonppong-stop-table': ['opponents', 'pile', 'sum', 'pair', 'decisions', 'stop_gain', 'verdict'] },
  columns: {
    opponents: "the other players' hand sizes, ascending (5: has not called ppong this round; 2: has)",
    pile: 'cards left in the draw pile at the decision (a range: 0, 1-4, 5-9, 10-19, 20+)',
    sum: "the deciding player's two-card month sum",
    pair: 'whether its two cards are of one month (a pair can still go out by ppong; yes, no)',
    decisions: 'decisions in this bucket where the player could stop (count)',
    games: 'games in which the bucket came up (count; the interval is over these)',
    stop_gain: {
      meaning:
        'mean estimated gain of stopping over drawing, penalty points per round over the rest of the round (positive: stopping is better)',
      range: ANY_REAL,
    },
    verdict:
      "stop (the interval of stop_gain above 0), play on (below 0) or unsure (across 0): the bucket's own, as table-stop plays it (stop_gain_p_holm says which hold for the table as one family)",
  },
  doc: `Nylon-ppong: a stop table learned by rollouts: at every decision where a seat of ${TABLE_BOT} may stop, the gain of stopping over drawing (${ROLLOUTS} rollouts each), by own sum, pair, the others' hand sizes and the draw pile's size`,
  charts: [
    {
      name: 'nylonppong-stop-table',
      caption: `Estimated gain of stopping over drawing against the two-card sum, one line per draw-pile range, with 95% interval bands; a panel per other players' hand sizes and own hand (two months or a pair), each with its own scale; buckets seen in at least ${CHART_GAMES} games. Above the dashed zero line, stopping pays.`,
      spec: (tables) =>
        curveChart({
          title: "Nylon-ppong: the gain of stopping, by sum, the others' hand sizes and the draw pile",
          // Panels in table order, two months before a pair (a stable sort keeps the rest in order).
          rows: rowsOf(tableNamed(tables, 'nylonppong-stop-table'), (r) => (r.games as number) >= CHART_GAMES)
            .sort((a, b) => -String(a.opponents).localeCompare(String(b.opponents)) || String(a.pair).localeCompare(String(b.pair)))
            .map((r) => ({ ...r, panel: `others hold ${r.opponents}, ${r.pair === 'yes' ? 'a pair' : 'two months'}` })),
          x: 'sum',
          xAxis: 'two-card sum',
          y: 'stop_gain',
          yAxis: 'gain of stopping (points per round)',
          series: 'pile',
          seriesTitle: 'cards in the draw pile',
          panel: 'panel',
          wrap: 2,
          reference: 0,
        }),
    },
  ],
  defaultGames: 25000,
  build(params) {
    const base = (params.rules as Record<string, unknown> | undefined) ?? {};
    const rules = resolveRules(nylonppong.schema, [{ where: 'nylonppong-stop-table rules', values: base }]);
    const botSpec = parseSpec(TABLE_BOT, nylonppongStrategies, 'nylonppong', rules);
    const bot = makeStrategy<NylonView>(botSpec, nylonppongStrategies, rules);
    const ro = new Rollouts(nylonppong, rules, botSpec, nylonppongStrategies);
    ro.set(ro.set(0, DRAW, 0), STOP, 0);
    const gains = new BucketGains();
    const observer: Strategy<NylonView> = {
      choose: () => {
        throw new Error('the stop-table observer plays only at its own table');
      },
      search(s, seat, legal, n, rng) {
        const v = nylonppong.view(s as NylonState, seat);
        const a = bot.choose(v, legal, n, rng);
        if (v.phase === PHASE_START && has(legal, n, STOP) && a !== PPONG && a !== JAYEON) {
          ro.evaluate(s, seat, 2, 0, ROLLOUTS, rng);
          gains.add(bucketOf(v), ro.gain(1));
        }
        return a;
      },
    };
    const n = nylonppong.seats(rules);
    const table = new Table(
      nylonppong,
      rules,
      Array.from({ length: n }, () => observer),
      Array.from({ length: n }, () => botSpec.text),
    );
    return {
      name: 'nylonppong-stop-table',
      games: params.games ?? 25000,
      // A game of 5 rounds takes some 4 ms of rollouts (about 7 decisions of 2 x 16 rollouts).
      chunk: 100,
      cells: ['stop table'],
      provenance: {
        rules,
        bot: botSpec.text,
        policy: botSpec.text,
        rolloutsPerCandidate: ROLLOUTS,
        candidates: ['draw (the reference)', 'stop'],
        decisions: 'every turn start where the seat may stop and cannot go out by ppong',
        pileBuckets: PILE_LABELS,
      },
      runGame(cell, index, seed, tally) {
        gains.clear();
        table.playSeeded(seed, cell, index);
        gains.flush(tally);
      },
      tables([t]) {
        return [stopTableOf(t!)];
      },
      summary([t]) {
        return summaryOf(t!);
      },
    };
  },
};

function stopTableOf(t: Tally): CsvTable {
  // Buckets in a fixed order (a merged tally's key order depends on how chunks were merged):
  // nobody has called ppong first, the pile from full to empty, then the sum.
  const buckets = bucketKeys(t)
    .map((key) => ({ key, ...bucketParts(key) }))
    .sort((a, b) => b.opponents - a.opponents || b.pile - a.pile || a.sum - b.sum || Number(a.pair) - Number(b.pair));
  const gains = gainRows(
    t,
    buckets.map((b) => b.key),
    VERDICTS,
  );
  const rows = buckets.map((b, i) => [opponentsText(b.opponents), PILE_LABELS[b.pile]!, b.sum, b.pair ? 'yes' : 'no', ...gains[i]!]);
  return figureTable(
    'nylonppong-stop-table',
    ['opponents', 'pile', 'sum', 'pair', ...gainColumns('stop_gain')],
    rows,
    nylonppongStopTable.columns,
  );
}

function summaryOf(t: CsvTable): string[] {
  const c = (name: string) => t.columns.indexOf(name);
  const verdict = (v: string) => t.rows.filter((r) => r[c('verdict')] === v);
  const stops = verdict('stop').map((r) => r[c('sum')] as number);
  const decisions = t.rows.reduce((k, r) => k + (r[c('decisions')] as number), 0);
  const lines = [
    `${t.rows.length} buckets, ${decisions} decisions: stopping pays in ${stops.length}` +
      (stops.length ? ` (every one with a sum of ${Math.max(...stops)} or less)` : '') +
      `, playing on in ${verdict('play on').length}; ${verdict('unsure').length} are unsure (the interval spans 0); ${familyWords(t, 'stop_gain', 'unsure')}`,
  ];
  // Per others' hand sizes, the highest sum whose verdict is stop, in each pile range.
  for (const opp of [...new Set(t.rows.map((r) => r[c('opponents')] as string))]) {
    const mine = t.rows.filter((r) => r[c('opponents')] === opp);
    const each = [...PILE_LABELS].reverse().flatMap((pile) => {
      const here = mine.filter((r) => r[c('pile')] === pile);
      const sums = here.filter((r) => r[c('verdict')] === 'stop').map((r) => r[c('sum')] as number);
      return here.length ? [`${pile}: ${sums.length ? Math.max(...sums) : 'none'}`] : [];
    });
    lines.push(`others holding ${opp} cards: the highest sum where stopping pays, by cards left to draw: ${each.join(', ')}`);
  }
  return lines;
}
