import { InputError } from '../src/core/errors.js';
import { resolveRules } from '../src/core/rules.js';
import { parseSpec, type StrategySpec } from '../src/core/strategy.js';
import { Arm } from '../src/experiment/arm.js';
import {
  diff,
  diffColumns,
  family,
  figureIn,
  figureTable,
  flagWords,
  gamesToFlag,
  mean,
  meanColumns,
  quote,
  rate,
  rateColumns,
  scaled,
  significant,
  tested,
  type Figure,
} from '../src/experiment/columns.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import type { Cellval } from '../src/core/table.js';
import { standing } from '../src/experiment/standing.js';
import { addMean, addRate, summarizeMean, type Tally } from '../src/stats/tally.js';
import { nylonppong } from '../src/games/hwatu/nylonppong/game.js';
import type { NylonRules } from '../src/games/hwatu/nylonppong/rules.js';
import { END_STOP, END_STOP_FAILED, type NylonState } from '../src/games/hwatu/nylonppong/state.js';
import { nylonppongStrategies } from '../strategies/nylonppong/index.js';
import { TABLE_BOT } from '../strategies/nylonppong/stop-table.js';
import { curveChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL, NON_NEGATIVE, PLACE_DIFFERENCE, SHARE, SHARE_DIFFERENCE } from '../src/experiment/ranges.js';

/** Round end reasons in END_* order (state.ts), as CSV column stems. */
export const END_COLUMNS = ['end_stop', 'end_stop_failed', 'end_go_out', 'end_combo', 'end_exhausted'];

/** Counts how rounds ended and how long they lasted over the games of one observation
 * (e.g. one deal played in every rotation), then adds that observation to a tally. */
export class RoundCounter {
  private readonly ends = new Int32Array(END_COLUMNS.length);
  private rounds = 0;
  private turns = 0;

  add(s: NylonState): void {
    for (let r = 0; r < s.cfg.rounds; r++) {
      this.ends[s.recEnd[r]! - 1]!++;
      this.turns += s.recTurns[r]!;
    }
    this.rounds += s.cfg.rounds;
  }

  /** Adds rates `${key}.end${i}` and the mean round length `${key}.turns`, and resets. */
  flush(t: Tally, key: string): void {
    for (let i = 0; i < END_COLUMNS.length; i++) addRate(t, `${key}.end${i}`, this.ends[i]!, this.rounds);
    addMean(t, `${key}.turns`, this.turns / this.rounds);
    this.ends.fill(0);
    this.rounds = 0;
    this.turns = 0;
  }
}

export const endCells = (t: Tally, key: string): Figure[] => END_COLUMNS.map((_, i) => rate(t, `${key}.end${i}`));
export const endColumns = () => END_COLUMNS.flatMap(rateColumns);

/** The house rules that can move the answer, each a layer over the defaults. */
export const STOP_VARIANTS: Record<string, Record<string, unknown>> = {
  default: {},
  stopRequiresOtherPong: { stopRequiresOtherPong: true },
  concealedTripletsIgnored: { concealedTriplet: true, concealedTripletScoring: 'ignore' },
  failedStopPenalty50: { failedStopPenalty: 50 },
};
const FOCALS = ['basic', 'careful'];
const LIMITS = [5, 10];
const PLAYERS = [2, 3, 4, 5, 6];
/** The bot that plays the stop table learned by rollouts (nylonppong-stop-table): one more arm
 * beside careful at every t and basic at the limit, in the one cell whose rules it plays under
 * (the defaults, four players). */
const TABLE_STOP = 'table-stop';
const tableStopCell = (variant: string, focal: string, limit: number, players: number) =>
  variant === 'default' && focal === 'careful' && limit === 10 && players === 4;

interface Cell {
  variant: string;
  limit: number;
  players: number;
  focal: string;
  rules: NylonRules;
  ts: number[];
  arms: Arm<NylonState, NylonRules>[];
  specs: StrategySpec[];
}

/** Whole numbers as ranges: 0, 1, 2, 3, 5 as "0-3, 5". */
function ranges(xs: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < xs.length; ) {
    let j = i;
    while (j + 1 < xs.length && xs[j + 1] === xs[j]! + 1) j++;
    out.push(j > i ? `${xs[i]}-${xs[j]}` : String(xs[i]));
    i = j + 1;
  }
  return out.join(', ');
}

function list<T>(given: unknown, all: T[], name: string): T[] {
  if (given === undefined) return all;
  const want = Array.isArray(given) ? given : [given];
  for (const x of want)
    if (!all.includes(x as T)) throw new InputError(`stop-limit: ${name} ${JSON.stringify(x)} is not one of ${all.join(', ')}`);
  return all.filter((x) => want.includes(x));
}

/**
 * `stop-limit`: "at what sum should I stop?" For each stop limit, player count, house-rule
 * variant and focal strategy (basic or careful), one seat plays focal(t) for every t from 0
 * (never stop) to the limit against basic seats at the limit. Every t of a cell plays the
 * same deals, each rotated through all seats (duplicate), so every two t's are paired.
 */
export const stopLimit: ExperimentDef = {
  name: 'stop-limit',
  question: 'Nylon-ppong: at what two-card sum should I call stop?',
  keyColumns: {
    'stop-limit': [],
    'stop-limit-best': ['variant', 'limit', 'players', 'focal', 'best_t', 'best_penalty_per_round', 'tied_with_best', 'margin_significant'],
  },
  columns: {
    limit: 'the stop limit (the highest two-card sum that may stop)',
    focal: 'the focal bot (basic or careful), with its threshold t',
    t: "the focal seat's threshold: it stops only with a sum at most t (0 = never; empty for table-stop, which stops where its table says)",
    strategy: 'the focal strategy spec',
    penalty_per_game: { meaning: "the focal seat's penalty points per game (lower is better)", range: NON_NEGATIVE },
    diff_vs_t_limit_per_game: {
      meaning: 'paired difference in penalty per game against stopping at the limit, same deals',
      range: ANY_REAL,
    },
    diff_vs_basic_limit_per_game: {
      meaning: 'paired difference in penalty per game against basic stopping at the limit, same deals',
      range: ANY_REAL,
    },
    diff_vs_best_per_round: {
      meaning:
        "paired difference in penalty per round against the cell's best t, same deals (positive = worse than the best; Holm among every comparison of a t with its cell's best; empty for the best t and the arms that are not a t)",
      range: ANY_REAL,
    },
    stop_rate: { meaning: "share of the focal seat's rounds in which it stopped (0-1)", range: SHARE },
    stop_fail_rate: { meaning: 'share of its stops that failed (0-1)', range: SHARE },
    win_prob_diff_vs_t_limit: { meaning: 'paired difference in win_prob against stopping at the limit', range: SHARE_DIFFERENCE },
    place_diff_vs_t_limit: {
      meaning: 'paired difference in mean_place against stopping at the limit (negative = better)',
      range: PLACE_DIFFERENCE,
    },
    best_t: 'the t with the lowest penalty',
    best_penalty_per_round: { meaning: 'the penalty per round at best_t', range: NON_NEGATIVE },
    tied_with_best:
      'the t not significantly worse than best_t (Holm among every comparison of a t with its cell\'s best in the table, 5%), best_t included, as ranges ("0-3, 5")',
    next_t: 'the runner-up t that plays differently from best_t',
    margin_per_round: { meaning: 'paired penalty difference per round, runner-up less best (positive = best is better)', range: ANY_REAL },
    margin_significant:
      'whether the margin is significant: margin_per_round_p_holm under 5%, Holm among the margins of every row (yes, no)',
    best_vs_t_limit_per_round: { meaning: 'paired penalty difference per round, best_t less stopping at the limit', range: ANY_REAL },
    worst_t: 'the t with the highest penalty',
    worst_vs_best_per_round: {
      meaning: 'paired penalty difference per round, worst_t less best_t (its p-values in the family of tied_with_best)',
      range: ANY_REAL,
    },
    best_t_by_win_prob: 'the t that wins the game most often',
    best_win_prob: { meaning: 'its win_prob', range: SHARE },
    best_win_prob_vs_t_limit: { meaning: 'its paired difference in win_prob against stopping at the limit', range: SHARE_DIFFERENCE },
  },
  doc: 'Nylon-ppong: the best stop threshold t (0..stopLimit) for one seat against basic seats, per limit 5/10, 2-6 players, house rules and focal bot (basic, careful)',
  charts: [
    {
      name: 'stop-limit',
      caption:
        'How much each stop threshold t costs against the best t of its table: the paired difference in penalty per round on the same deals, with 95% interval bands (0 at the best t), one line per table size; a panel per house rule, stop limit and focal bot. A band that leaves the dashed zero line marks a t worse than the best.',
      spec: (tables) =>
        curveChart({
          title: 'Nylon-ppong: each stop threshold against the best one',
          // The best t is the line's zero: it is the reference the others are measured from.
          rows: rowsOf(tableNamed(tables, 'stop-limit'), (r) => String(r.strategy).startsWith(`${r.focal}(`)).map((r) => ({
            ...r,
            ...(typeof r.diff_vs_best_per_round === 'number'
              ? {}
              : { diff_vs_best_per_round: 0, diff_vs_best_per_round_ci_low: 0, diff_vs_best_per_round_ci_high: 0 }),
            panel: `${r.variant}: limit ${r.limit}, ${r.focal}`,
          })),
          x: 't',
          xAxis: 'stop threshold t (two-card sum)',
          y: 'diff_vs_best_per_round',
          yAxis: 'cost over best t (points/round)',
          series: 'players',
          seriesTitle: 'players',
          panel: 'panel',
          wrap: 4,
          sharedY: true,
          independentX: true,
          reference: 0,
        }),
    },
  ],
  defaultGames: 1000,
  build(params) {
    const variants = list(params.variant, Object.keys(STOP_VARIANTS), 'variant');
    const focals = list(params.focal, FOCALS, 'focal');
    const limits = list(params.limit, LIMITS, 'limit');
    const players = list(params.players, PLAYERS, 'players');
    const base = (params.rules as Record<string, unknown> | undefined) ?? {};
    const cells: Cell[] = [];
    for (const variant of variants)
      for (const focal of focals)
        for (const limit of limits)
          for (const n of players) {
            const rules = resolveRules(nylonppong.schema, [
              { where: 'stop-limit rules', values: base },
              { where: `stop-limit variant ${variant}`, values: { ...STOP_VARIANTS[variant], stopLimit: limit, players: n } },
            ]);
            const parse = (s: string) => parseSpec(s, nylonppongStrategies, 'nylonppong', rules);
            const ts = Array.from({ length: limit + 1 }, (_, t) => t);
            const specs = ts.map((t) => parse(`${focal}(t=${t})`));
            // careful is also measured against plain basic at the limit.
            if (focal !== 'basic') specs.push(parse(`basic(t=${limit})`));
            if (tableStopCell(variant, focal, limit, n)) specs.push(parse(TABLE_STOP));
            const field = Array.from({ length: n - 1 }, () => parse('basic'));
            const arms = specs.map((spec) => new Arm(nylonppong, rules, [spec, ...field], nylonppongStrategies));
            cells.push({ variant, limit, players: n, focal, rules, ts, arms, specs });
          }
    const rowOf = (c: Cell) => [c.variant, c.limit, c.players, c.focal];
    const counter = new RoundCounter();
    const games = params.games ?? 1000;
    return {
      name: 'stop-limit',
      games,
      chunk: 200,
      cells: cells.map((c) => `${c.variant} limit=${c.limit} players=${c.players} focal=${c.focal}`),
      provenance: {
        variants: Object.fromEntries(variants.map((v) => [v, STOP_VARIANTS[v]])),
        baseRules: base,
        field: 'basic (t = stopLimit)',
        cells: cells.map((c) => ({
          ...Object.fromEntries(['variant', 'limit', 'players', 'focal'].map((k, i) => [k, rowOf(c)[i]])),
          rules: c.rules,
          arms: c.specs.map((s) => s.text),
        })),
      },
      runGame(cell, index, seed, tally) {
        const c = cells[cell]!;
        const n = c.players;
        const R = c.rules.rounds;
        const games = new Float64Array(c.arms.length);
        const wins = new Float64Array(c.arms.length);
        const places = new Float64Array(c.arms.length);
        c.arms.forEach((arm, a) => {
          let total = 0;
          let stops = 0;
          let failed = 0;
          let win = 0;
          let place = 0;
          for (let rot = 0; rot < n; rot++) {
            const s = arm.play(seed, cell, index, rot);
            total += arm.returns[0]!;
            // The game's objective: the least total penalty wins (ties shared).
            const st = standing(arm.returns, 0, true);
            win += st.win;
            place += st.place;
            for (let r = 0; r < R; r++) {
              if (s.recEnder[r] !== rot) continue;
              if (s.recEnd[r] === END_STOP) stops++;
              else if (s.recEnd[r] === END_STOP_FAILED) {
                stops++;
                failed++;
              }
            }
            counter.add(s);
          }
          counter.flush(tally, `${a}`);
          games[a] = total / n;
          wins[a] = win / n;
          places[a] = place / n;
          addMean(tally, `${a}.game`, games[a]!);
          addMean(tally, `${a}.win`, wins[a]!);
          addMean(tally, `${a}.place`, places[a]!);
          addRate(tally, `${a}.stop`, stops, R * n);
          addRate(tally, `${a}.fail`, failed, stops);
        });
        const limitArm = c.limit;
        const basicArm = c.specs.findIndex((s) => s.text === `basic(t=${c.limit})`);
        for (let a = 0; a < c.arms.length; a++) {
          addMean(tally, `${a}.diff`, games[a]! - games[limitArm]!);
          addMean(tally, `${a}.diffBasic`, games[a]! - games[basicArm]!);
          addMean(tally, `${a}.winDiff`, wins[a]! - wins[limitArm]!);
          addMean(tally, `${a}.placeDiff`, places[a]! - places[limitArm]!);
          for (let b = a + 1; b <= c.limit; b++) addMean(tally, `pair.${a}.${b}`, games[a]! - games[b]!);
        }
      },
      tables(tallies) {
        const rows: (Cellval | Figure)[][] = [];
        // Per cell: the best t, the runner-up and their margin, and every other t against the best.
        const picks = cells.map((c, cell) => {
          const t = tallies[cell]!;
          const R = c.rules.rounds;
          const game = (x: number) => summarizeMean(t.means[`${x}.game`]).mean;
          const order = [...c.ts].sort((x, y) => game(x) - game(y));
          const b = order[0]!;
          // x less the best, per round, from the paired tally of the lower t less the higher.
          const vsBest = (x: number) => scaled(diff(t, `pair.${Math.min(b, x)}.${Math.max(b, x)}`), (b < x ? -1 : 1) / R);
          // The runner-up plays differently from the best somewhere (t = 0 and 1 never differ:
          // no 2 cards sum to 1), else it is no alternative.
          const differs = (x: number) => summarizeMean(t.means[`pair.${Math.min(b, x)}.${Math.max(b, x)}`]).sd > 0;
          const next = order.find((x) => x !== b && differs(x)) ?? order[1]!;
          const others = c.ts.filter((x) => x !== b).map((x) => ({ t: x, f: vsBest(x) }));
          const worst = order.at(-1)!;
          return { b, next, margin: vsBest(next), others, worst, worstFigure: others.find((o) => o.t === worst)!.f };
        });
        // Two families: the margins (one a row), and every t against its cell's best.
        family(picks.map((p) => p.margin));
        family(picks.flatMap((p) => p.others.map((o) => o.f)));
        cells.forEach((c, cell) => {
          const t = tallies[cell]!;
          const { b, others } = picks[cell]!;
          c.specs.forEach((spec, a) => {
            const vsBest = a < c.ts.length && a !== b ? others.find((o) => o.t === c.ts[a])!.f : '';
            rows.push([
              ...rowOf(c),
              a < c.ts.length ? c.ts[a]! : spec.name === TABLE_STOP ? NaN : c.limit,
              spec.text,
              t.means[`${a}.game`]?.n ?? 0,
              scaled(mean(t, `${a}.game`), 1 / c.rules.rounds),
              mean(t, `${a}.game`),
              mean(t, `${a}.diff`),
              mean(t, `${a}.diffBasic`),
              vsBest,
              rate(t, `${a}.stop`),
              rate(t, `${a}.fail`),
              ...endCells(t, `${a}`),
              mean(t, `${a}.turns`),
              mean(t, `${a}.win`),
              { ...mean(t, `${a}.place`), players: c.players },
              mean(t, `${a}.winDiff`),
              { ...mean(t, `${a}.placeDiff`), players: c.players },
            ]);
          });
        });
        const best = cells.map((c, cell) => {
          const t = tallies[cell]!;
          const { b, next, margin, others, worst, worstFigure } = picks[cell]!;
          const tied = [b, ...others.filter((o) => !significant(o.f)).map((o) => o.t)].sort((x, y) => x - y);
          // The same question by the game's own objective: the t that wins the game most often.
          const w = [...c.ts].sort((x, y) => summarizeMean(t.means[`${y}.win`]).mean - summarizeMean(t.means[`${x}.win`]).mean)[0]!;
          return [
            ...rowOf(c),
            b,
            scaled(mean(t, `${b}.game`), 1 / c.rules.rounds),
            ranges(tied),
            next,
            margin,
            significant(margin) ? 'yes' : 'no',
            scaled(mean(t, `${b}.diff`), 1 / c.rules.rounds),
            worst,
            worstFigure,
            w,
            mean(t, `${w}.win`),
            mean(t, `${w}.winDiff`),
          ];
        });
        return [
          figureTable(
            'stop-limit',
            [
              'variant',
              'limit',
              'players',
              'focal',
              't',
              'strategy',
              'games',
              ...meanColumns('penalty_per_round'),
              ...meanColumns('penalty_per_game'),
              ...meanColumns('diff_vs_t_limit_per_game'),
              ...meanColumns('diff_vs_basic_limit_per_game'),
              ...diffColumns('diff_vs_best_per_round'),
              ...rateColumns('stop_rate'),
              ...rateColumns('stop_fail_rate'),
              ...endColumns(),
              ...meanColumns('round_turns'),
              ...meanColumns('win_prob'),
              ...meanColumns('mean_place'),
              ...meanColumns('win_prob_diff_vs_t_limit'),
              ...meanColumns('place_diff_vs_t_limit'),
            ],
            rows,
            stopLimit.columns,
          ),
          figureTable(
            'stop-limit-best',
            [
              'variant',
              'limit',
              'players',
              'focal',
              'best_t',
              ...meanColumns('best_penalty_per_round'),
              'tied_with_best',
              'next_t',
              ...diffColumns('margin_per_round'),
              'margin_significant',
              ...meanColumns('best_vs_t_limit_per_round'),
              'worst_t',
              ...diffColumns('worst_vs_best_per_round'),
              'best_t_by_win_prob',
              ...meanColumns('best_win_prob'),
              ...meanColumns('best_win_prob_vs_t_limit'),
            ],
            best,
            stopLimit.columns,
          ),
        ];
      },
      summary(tables) {
        const t = tables.find((x) => x.name === 'stop-limit-best')!;
        const col = (name: string) => t.columns.indexOf(name);
        const tests = t.rows.reduce((k, r) => k + (r[col('limit')] as number), 0);
        // Cells where no t is told from the best: this size cannot answer them.
        const every = (r: Cellval[]) => r[col('tied_with_best')] === `0-${r[col('limit')]}`;
        const blind = t.rows.filter(every);
        const needed = (r: Cellval[]) => gamesToFlag(figureIn(t, r, 'worst_vs_best_per_round'), games, tests);
        const lines = [
          'the thresholds t as good as the best (the lowest penalty per round), every other t significantly worse ' +
            `(Holm among the ${tests} comparisons of a t with its cell's best)` +
            (blind.length === 0
              ? ':'
              : `; in ${blind.length} of the ${t.rows.length} cells ${games} games a cell cannot tell any t from the best ` +
                `(about --games ${Math.max(...blind.map(needed))} would tell the worst t of each from its best):`),
        ];
        for (const variant of variants)
          for (const focal of focals)
            for (const limit of limits) {
              const mine = t.rows.filter((r) => r[col('variant')] === variant && r[col('focal')] === focal && r[col('limit')] === limit);
              if (mine.length === 0) continue;
              // Player counts that share an answer, together: "any t for 2-4, 6 players; t = 0-9 for 5".
              const answers = new Map<string, number[]>();
              for (const r of mine) {
                const key = every(r) ? 'any t' : `t = ${r[col('tied_with_best')]}`;
                answers.set(key, [...(answers.get(key) ?? []), r[col('players')] as number]);
              }
              const each = [...answers].map(([key, players]) => `${key} for ${ranges(players)} players`);
              lines.push(`${variant}, ${focal}, stopLimit ${limit}: ${each.join('; ')}`);
            }
        // table-stop beside the careful bot it is built on, from its own rows.
        const all = tables.find((x) => x.name === 'stop-limit')!;
        const c = (name: string) => all.columns.indexOf(name);
        const f = (x: unknown) => (x as number).toFixed(2);
        for (const r of all.rows.filter((x) => x[c('strategy')] === TABLE_STOP)) {
          const bot = all.rows.find(
            (x) => x[c('strategy')] === TABLE_BOT && ['variant', 'limit', 'players', 'focal'].every((k) => x[c(k)] === r[c(k)]),
          )!;
          const [careful, basic] = tested([figureIn(all, r, 'diff_vs_t_limit_per_game'), figureIn(all, r, 'diff_vs_basic_limit_per_game')]);
          lines.push(
            `${TABLE_STOP} (${TABLE_BOT} stopping where the stop table says), ${r[c('variant')]}, stopLimit ${r[c('limit')]}, ${r[c('players')]} players: ` +
              `${f(r[c('penalty_per_round')])} penalty points per round (${TABLE_BOT}: ${f(bot[c('penalty_per_round')])}); per game against careful stopping at the limit ` +
              `${quote(careful!)}, ${flagWords(careful!, games, 2)}; against basic at the limit ${quote(basic!)}, ${flagWords(basic!, games, 2)}`,
          );
        }
        return lines;
      },
    };
  },
};
