import { Table } from '../src/core/play.js';
import { Rollouts } from '../src/core/rollouts.js';
import { resolveRules } from '../src/core/rules.js';
import { makeStrategy, parseSpec, type Strategy } from '../src/core/strategy.js';
import { BucketGains, bucketKeys, familyWords, gainColumns, gainRows } from '../src/experiment/bucket-gains.js';
import { figureTable, rate } from '../src/experiment/columns.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import type { CsvTable } from '../src/core/table.js';
import { addRate, type Tally } from '../src/stats/tally.js';
import { DISCARD } from '../src/games/mahjong/table/actions.js';
import { TURN } from '../src/games/mahjong/table/state.js';
import { korean, type KoreanState } from '../src/games/mahjong/korean/game.js';
import { koreanSchema, type KoreanRules } from '../src/games/mahjong/korean/rules.js';
import { OPEN_UPER, UPER } from '../src/games/mahjong/korean/uper.js';
import type { KoreanView } from '../src/games/mahjong/korean/view.js';
import { koreanStrategies } from '../strategies/korean/index.js';
import { EfficiencyPlayer } from '../strategies/korean/efficiency.js';
import {
  bucketParts,
  LIVE_LABELS,
  OPPONENT_LABELS,
  SILENT_POLICY,
  TABLE_BOT,
  TURN_LABELS,
  UperBuckets,
  VALUE_LABELS,
  VERDICTS,
  WAIT_KIND_LABELS,
} from '../strategies/korean/uper-buckets.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL } from '../src/experiment/ranges.js';

/** Rollouts per candidate at each decision. Fewer than the stop table's 16: a Korean hand is
 * long and noisy, and a bucket's interval narrows more per second from more decisions than
 * from more rollouts per decision (at 16, about half a decision's variance is its own
 * rollouts'; at 8 the run plays nearly twice the hands). */
const ROLLOUTS = 8;
/** The chart shows buckets seen in at least this many hands (their bands would swamp the scale). */
const CHART_HANDS = 1000;

/**
 * `korean-uper-table`: "with this wait, this late, against these declarations: should I
 * declare uper?" Four seats play uper-wait(w=2), one hand a game. At every turn where a seat
 * may declare uper (and neither wins nor makes a kong first, which every efficiency bot does),
 * each declaration it could make, uper while discarding tile k, is weighed against discarding
 * k silently: Rollouts (src/core/rollouts.ts) plays both on 8 times from determinizations of
 * what the seat has seen (an uper seat's hand is dealt only ready hands), the others playing
 * the bot and the deciding seat, once silent, the bot with its declarations off (dama), to the
 * end of the hand. The paired difference is the estimated gain of declaring now over staying
 * silent for the rest of the hand, in points. Then the bot plays its own choice. Each
 * declaration adds its estimate to its bucket (uper-buckets.ts); a bucket's gain is the mean
 * over its decisions, with an interval over hands (a seat that stays silent meets the same
 * bucket turn after turn).
 *
 * The determinizations deal the other hands uniformly from the unseen tiles (the uper hands
 * among the ready ones): they do not read the others' discards.
 */
export const koreanUperTable: ExperimentDef = {
  name: 'korean-uper-table',
  question: "Korean 2-point: when does declaring uper pay, by turn, the waits, what the hand scores and the others' declarations?",
  keyColumns: { 'korean-uper-table': ['opponents_uper', 'turn', 'wait_kinds', 'live', 'value', 'decisions', 'declare_gain', 'verdict'] },
  columns: {
    opponents_uper: 'other players who have declared uper already (0, 1, 2+)',
    turn: "the deciding player's own turn (its discards so far + 1), in ranges",
    wait_kinds: 'kinds of tile the hand would wait on after the declaring discard (1, 2, 3+)',
    live: 'live wait tiles: copies of the waits the player cannot see (not in its hand, a river or a meld), in ranges',
    value: 'points a discard win would score without the uper (ante + basic + bonus + dora), the least over the waits, in ranges',
    decisions: 'declarations in this bucket the player could make (count; one turn may offer several declaring discards)',
    games: 'hands in which the bucket came up (count; the interval is over these)',
    declare_gain: {
      meaning:
        'mean estimated gain of declaring uper over discarding the same tile silently, points per hand over the rest of the hand (positive: declaring is better)',
      range: ANY_REAL,
    },
    bot_declares: `share of the decisions where ${TABLE_BOT} itself declared with that tile (0-1)`,
    verdict:
      "declare (the interval of declare_gain above 0), stay silent (below 0) or unsure (across 0): the bucket's own, as uper-table plays it (declare_gain_p_holm says which hold for the table as one family)",
  },
  doc: `Korean 2-point: an uper table learned by rollouts: at every declaration a seat of ${TABLE_BOT} could make, the gain of declaring over the same discard silent (${ROLLOUTS} rollouts each), by the others' declarations, turn, wait kinds, live wait tiles and the hand's value`,
  charts: [
    {
      name: 'korean-uper-table',
      caption: `Estimated gain of declaring uper over staying silent per bucket (own turn | wait kinds | live wait tiles | what a discard win would score), with 95% intervals; a panel per number of other players who have declared; buckets seen in at least ${CHART_HANDS} hands. Right of the dashed zero line, declaring pays.`,
      spec: (tables) =>
        intervalChart({
          title: 'Korean 2-point: the gain of declaring uper, by bucket',
          rows: rowsOf(tableNamed(tables, 'korean-uper-table'), (r) => (r.games as number) >= CHART_HANDS).map((r) => ({
            ...r,
            panel: `${r.opponents_uper} other player(s) declared`,
            bucket: `${r.turn} | ${r.wait_kinds} | ${r.live} | ${r.value}`,
          })),
          category: 'bucket',
          categoryTitle: 'turn | wait kinds | live tiles | value',
          value: 'declare_gain',
          axis: 'gain of declaring (points per hand)',
          row: 'panel',
          reference: 0,
        }),
    },
  ],
  defaultGames: 50000,
  build(params) {
    const base = (params.rules as Record<string, unknown> | undefined) ?? {};
    const rules = resolveRules<KoreanRules>(koreanSchema, [
      { where: 'korean-uper-table rules', values: base },
      { where: 'korean-uper-table', values: { handsPerSession: 1 } },
    ]);
    const botSpec = parseSpec(TABLE_BOT, koreanStrategies, 'korean', rules);
    const silentSpec = parseSpec(SILENT_POLICY, koreanStrategies, 'korean', rules);
    const bot = makeStrategy<KoreanView>(botSpec, koreanStrategies, rules);
    const ro = new Rollouts(korean, rules, botSpec, koreanStrategies, silentSpec);
    const buckets = new UperBuckets(rules);
    const gains = new BucketGains();
    // The declarations on offer, as the efficiency player weighs them: with a hook that always
    // says no, it asks about every legal declaring discard (kind, live wait tiles, waits).
    const offered = new Int32Array(3 * 34);
    let offers = 0;
    const lister = new EfficiencyPlayer(rules, {
      uper(_v, k, live, waits) {
        offered[3 * offers] = k;
        offered[3 * offers + 1] = live;
        offered[3 * offers + 2] = waits;
        offers++;
        return false;
      },
    });
    // The tally of the hand under way: whether the bot declared with the tile goes straight in,
    // one rate observation per decision (the gains wait for the hand's end: BucketGains).
    let tally: Tally | null = null;
    const observer: Strategy<KoreanView> = {
      choose: () => {
        throw new Error('the uper-table observer plays only at its own table');
      },
      search(s, seat, legal, n, rng) {
        const v = korean.view(s as KoreanState, seat);
        const a = bot.choose(v, legal, n, rng);
        if (v.phase !== TURN || v.locked) return a;
        offers = 0;
        lister.choose(v, legal, n);
        for (let i = 0; i < offers; i++) {
          const k = offered[3 * i]!;
          const key = buckets.key(v, k, offered[3 * i + 1]!, offered[3 * i + 2]!);
          // The bot declares open uper where it may (open=1): so does the candidate.
          let declare = UPER + k;
          for (let j = 0; j < n; j++) if (legal[j] === OPEN_UPER + k) declare = OPEN_UPER + k;
          ro.set(ro.set(0, DISCARD + k, 0), declare, 0);
          ro.evaluate(s, seat, 2, 0, ROLLOUTS, rng);
          gains.add(key, ro.gain(1));
          addRate(tally!, `${key}.bot`, a === declare ? 1 : 0, 1);
        }
        return a;
      },
    };
    const table = new Table(
      korean,
      rules,
      Array.from({ length: 4 }, () => observer),
      Array.from({ length: 4 }, () => botSpec.text),
    );
    return {
      name: 'korean-uper-table',
      games: params.games ?? 50000,
      // A hand takes some 5 ms of rollouts (about 1.6 declarations of 2 x 8 rollouts).
      chunk: 200,
      cells: ['uper table'],
      provenance: {
        rules,
        bot: botSpec.text,
        policy: botSpec.text,
        silentPolicy: silentSpec.text,
        rolloutsPerCandidate: ROLLOUTS,
        candidates: ['the declaring discard, silent (the reference)', 'the same discard declaring uper (open uper where the bot would)'],
        decisions: 'every legal declaring discard at a turn where the seat neither wins nor makes a kong',
        buckets: {
          opponents_uper: OPPONENT_LABELS,
          turn: TURN_LABELS,
          wait_kinds: WAIT_KIND_LABELS,
          live: LIVE_LABELS,
          value: VALUE_LABELS,
        },
      },
      runGame(cell, index, seed, t) {
        gains.clear();
        tally = t;
        table.playSeeded(seed, cell, index);
        gains.flush(t);
      },
      tables([t]) {
        return [uperTableOf(t!)];
      },
      summary([t]) {
        return summaryOf(t!);
      },
    };
  },
};

function uperTableOf(t: Tally): CsvTable {
  // Buckets in a fixed order (a merged tally's key order depends on how chunks were merged).
  const buckets = bucketKeys(t)
    .map((key) => ({ key, ...bucketParts(key) }))
    .sort((a, b) => a.opponents - b.opponents || a.turn - b.turn || a.kinds - b.kinds || a.live - b.live || a.value - b.value);
  const gains = gainRows(
    t,
    buckets.map((b) => b.key),
    VERDICTS,
  );
  const rows = buckets.map((b, i) => {
    const gain = gains[i]!;
    return [
      OPPONENT_LABELS[b.opponents]!,
      TURN_LABELS[b.turn]!,
      WAIT_KIND_LABELS[b.kinds]!,
      LIVE_LABELS[b.live]!,
      VALUE_LABELS[b.value]!,
      ...gain.slice(0, -1),
      rate(t, `${b.key}.bot`).value,
      gain.at(-1)!,
    ];
  });
  // The bot's share beside the gain, before the verdict.
  const columns = gainColumns('declare_gain');
  return figureTable(
    'korean-uper-table',
    ['opponents_uper', 'turn', 'wait_kinds', 'live', 'value', ...columns.slice(0, -1), 'bot_declares', 'verdict'],
    rows,
    koreanUperTable.columns,
  );
}

function summaryOf(t: CsvTable): string[] {
  const c = (name: string) => t.columns.indexOf(name);
  const decisions = (rows: typeof t.rows) => rows.reduce((k, r) => k + (r[c('decisions')] as number), 0);
  const verdict = (rows: typeof t.rows, v: string) => rows.filter((r) => r[c('verdict')] === v);
  const all = decisions(t.rows);
  const lines = [
    `${t.rows.length} buckets, ${all} decisions: declaring pays in ${verdict(t.rows, 'declare').length} buckets (${decisions(verdict(t.rows, 'declare'))} decisions), ` +
      `staying silent in ${verdict(t.rows, 'stay silent').length} (${decisions(verdict(t.rows, 'stay silent'))}); ${verdict(t.rows, 'unsure').length} are unsure (the interval spans 0); ` +
      familyWords(t, 'declare_gain', 'unsure'),
  ];
  // Along each bucket dimension: of the decisions in each range, the share whose bucket says declare and stay silent.
  const dims: [string, string, string[]][] = [
    ['opponents_uper', 'other players declared', OPPONENT_LABELS],
    ['turn', 'turn', TURN_LABELS],
    ['wait_kinds', 'wait kinds', WAIT_KIND_LABELS],
    ['live', 'live wait tiles', LIVE_LABELS],
    ['value', 'value', VALUE_LABELS],
  ];
  for (const [name, words, labels] of dims) {
    const each = labels.flatMap((label) => {
      const here = t.rows.filter((r) => r[c(name)] === label);
      const n = decisions(here);
      const pct = (v: string) => `${Math.round((100 * decisions(verdict(here, v))) / n)}%`;
      return n ? [`${label}: ${pct('declare')} declare, ${pct('stay silent')} silent`] : [];
    });
    lines.push(`by ${words}, the decisions whose bucket says so: ${each.join('; ')}`);
  }
  // Where the table and the bot it was learned with part ways.
  const botDeclares = (rows: typeof t.rows) =>
    Math.round(rows.reduce((k, r) => k + (r[c('decisions')] as number) * (r[c('bot_declares')] as number), 0));
  const silent = verdict(t.rows, 'stay silent');
  const declare = verdict(t.rows, 'declare');
  lines.push(
    `${TABLE_BOT} declares with the tile in ${botDeclares(silent)} of the ${decisions(silent)} decisions whose bucket says stay silent, ` +
      `and in ${botDeclares(declare)} of the ${decisions(declare)} whose bucket says declare (where a turn offers several declaring tiles it declares with one at most)`,
  );
  return lines;
}
