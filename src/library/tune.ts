import path from 'node:path';
import { gameEntry } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { expandGrid } from '../core/grid.js';
import { parseSpec } from '../core/strategy.js';
import { columnDictionary, type ColumnDoc } from '../experiment/dictionary.js';
import { ANY_REAL, inRange, type Bounded } from '../experiment/ranges.js';
import { figureTable, type Figure } from '../experiment/columns.js';
import type { ChartDef, CsvTable } from '../core/table.js';
import { FEW } from '../stats/intervals.js';
import { loadPlugins } from './plugins.js';
import type { TuneRoundParams } from '../experiment/tune.js';
import { tableFiles, tableObjects, writeAtomically } from '../io/csv.js';
import { runExperiment } from '../runner/pool.js';
import { summarizeMean, type Tally } from '../stats/tally.js';
import { GAME, outDir, outFolder, positiveInt, seatIndex, seedText, splitSeats, tableOf } from './options.js';
import { checkControl, given, list, runnerOptions, type RunControl } from './control.js';
import { checkOptions, FLAG, PLUGINS, POSITIVE, RULES, SEED, SETS, SPECS, TEXT, WHOLE, type Keys } from './arguments.js';
import { chartFiles } from '../report/chart.js';
import { intervalChart, rowsOf, tableNamed } from '../report/specs.js';
import { toolStamp } from '../io/build.js';
import { tuneRound } from './studies.js';

export interface TuneOptions {
  game: string;
  /** The grid: 'name(p=lo..hi:step,q=[a,b,c],r=value)'; parameters left out keep their defaults. */
  strategy: string;
  /** Games in all, split evenly over the rounds. */
  budget: number;
  /** The tuned strategy's place in the line-up (default 0). */
  seat?: number;
  /** The other seats' specs: 'SPEC,SPEC*k' or a list (default: the game's reference bot). */
  against?: string | string[];
  rules?: string | Record<string, unknown>;
  set?: string | string[];
  card?: string;
  plugin?: string | string[];
  seed?: string;
  workers?: number;
  decisionTimeout?: number;
  /** The output folder (default results/tune-<game>). */
  out?: string;
  force?: boolean;
}

const TUNE_KEYS: Keys<TuneOptions> = {
  game: GAME(),
  strategy: TEXT("a grid such as 'careful(t=[4,7],k=0.1)'"),
  budget: WHOLE,
  seat: WHOLE,
  against: SPECS,
  rules: RULES,
  set: SETS,
  card: TEXT('a card file'),
  plugin: PLUGINS,
  seed: SEED,
  workers: WHOLE,
  decisionTimeout: POSITIVE,
  out: TEXT('a folder name'),
  force: FLAG,
};

/** What `tune --json` prints. */
export interface TuneResult {
  game: string;
  grid: string;
  budget: number;
  seed: string;
  winner: string;
  runner_up: string | null;
  diff_vs_runner_up: number | null;
  diff_vs_runner_up_ci_low: number | null;
  diff_vs_runner_up_ci_high: number | null;
  /** Why the difference has no interval, with its count, or null where it has one. */
  diff_vs_runner_up_ci_why: string | null;
  significant: boolean;
  answer: string;
  out: string;
  rounds: Record<string, string | number>[];
}

/** The tune table's columns. */
export const TUNE_TABLE_COLUMNS = [
  'round',
  'config',
  'games',
  'mean',
  'mean_ci_low',
  'mean_ci_high',
  'diff_vs_leader',
  'diff_vs_leader_ci_low',
  'diff_vs_leader_ci_high',
  'kept',
];

/** The tuning rounds: every configuration's mean with its interval, a panel per round. */
export const TUNE_CHARTS: ChartDef[] = [
  {
    name: 'tune',
    caption:
      "Each configuration's mean result per game with its 95% interval in each round of successive halving, on that round's shared deals; the better half goes on to the next round.",
    spec: (tables) =>
      intervalChart({
        title: 'Tuning rounds: mean result per game of each configuration',
        rows: rowsOf(tableNamed(tables, 'tune')).map((r) => ({ ...r, panel: `round ${r.round}` })),
        category: 'config',
        categoryTitle: 'configuration',
        value: 'mean',
        axis: "mean result per game (the game's points or chips)",
        row: 'panel',
      }),
  },
];

/** What the tune table's columns mean. */
export const TUNE_COLUMNS: Record<string, ColumnDoc> = {
  round: 'the halving round (from 1), each on fresh deals',
  config: 'the configuration: the strategy spec with every parameter written out',
  games: 'games the configuration played in the round (count)',
  mean: { meaning: "its mean result per game in the tuned seat (the game's points; a penalty where lower is better)", range: ANY_REAL },
  diff_vs_leader: { meaning: "paired difference against the round's leader on the same deals (0 for the leader)", range: ANY_REAL },
  kept: 'whether it went on to the next round (yes, no; the last round keeps the winner)',
};

/** Fewest games a configuration gets in the first round. */
const MIN_GAMES = 20;

const num = (x: number) => (Number.isFinite(x) ? x : null);
const fmt = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(1) : Math.abs(x) >= 1 ? x.toFixed(3) : x.toPrecision(3));

/** `tune`, with the table the CLI prints as text. */
export async function tuneRun(o: TuneOptions, c: RunControl = {}): Promise<{ result: TuneResult; table: CsvTable }> {
  const game = o.game;
  const flags = {
    strategy: o.strategy,
    budget: given(o.budget, positiveInt('--budget'))!,
    seed: given(o.seed, seedText) ?? '1',
    seat: given(o.seat, seatIndex('--seat')),
    out: given(o.out, outDir),
    force: o.force,
  };
  const plugins = await loadPlugins(list('--plugin', o.plugin));
  const entry = gameEntry(game);
  const { rules } = tableOf(entry, { rules: o.rules, set: list('--set', o.set), card: o.card });
  const seats = entry.def.seats(rules);
  const against =
    o.against !== undefined
      ? typeof o.against === 'string'
        ? splitSeats(o.against, '--against')
        : o.against
      : Array.from({ length: seats - 1 }, () => entry.defaultSeat);
  // Each spec before the count, as for sim's seats (simArm).
  for (const a of against) parseSpec(a, entry.strategies, game, rules);
  if (against.length !== seats - 1)
    throw new InputError(
      `--against: ${game} with these rules seats ${seats}; give ${seats - 1} specs for the other seats (got ${against.length})`,
    );
  const seat = flags.seat ?? 0;
  if (seat >= seats) throw new InputError(`--seat: ${game} with these rules has seats 0 to ${seats - 1} (got ${seat})`);
  const configs = expandGrid(flags.strategy, entry.strategies, game, rules);
  const rounds = Math.max(1, Math.ceil(Math.log2(configs.length)));
  const first = Math.floor(flags.budget / rounds / configs.length);
  if (first < MIN_GAMES) {
    throw new InputError(
      `--budget ${flags.budget}: too small for ${configs.length} configurations over ${rounds} rounds (${first} games each in the first); give --budget ${MIN_GAMES * rounds * configs.length} or more, or a smaller grid`,
    );
  }
  const out = outFolder(flags.out, path.join('results', `tune-${game}`), flags.force);

  const rows: (string | number | Figure)[][] = [];
  let alive = configs;
  let offset = 0;
  let last: { tally: Tally; configs: string[]; order: number[] } | null = null;
  const started = Date.now();
  // Every round runs on the pool the runner keeps for this worker count: starting worker
  // threads costs more than a small round.
  const opts = runnerOptions({ ...o, seed: flags.seed }, c);
  for (let r = 1; r <= rounds; r++) {
    const games = Math.floor(flags.budget / rounds / alive.length);
    const params: TuneRoundParams = { game, rules, configs: alive, against, seat, offset, games, ...(plugins.length ? { plugins } : {}) };
    const res = await runExperiment(tuneRound, params, opts);
    const t = res.tallies[0]!;
    const means = alive.map((_, i) => summarizeMean(t.means[`m${i}`]));
    // Best first; ties keep grid order, so the halving is the same on any machine.
    const order = alive
      .map((_, i) => i)
      .sort((a, b) => (entry.def.lowerIsBetter ? means[a]!.mean - means[b]!.mean : means[b]!.mean - means[a]!.mean) || a - b);
    const keep = r === rounds ? 1 : Math.ceil(alive.length / 2);
    const leader = order[0]!;
    order.forEach((i, rank) => {
      const m = means[i]!;
      const d = pairDiff(t, i, leader);
      rows.push([
        r,
        alive[i]!,
        games,
        { value: m.mean, low: m.low, high: m.high, n: m.n, largeSample: true },
        { value: d.mean, low: d.low, high: d.high, n: m.n, largeSample: true },
        rank < keep ? 'yes' : 'no',
      ]);
    });
    last = { tally: t, configs: alive, order };
    alive = order.slice(0, keep).map((i) => alive[i]!);
    offset += games;
    if (alive.length === 1 && r < rounds) break;
  }
  const { tally, configs: finalists, order } = last!;
  const winner = finalists[order[0]!]!;
  const runnerUp = order.length > 1 ? finalists[order[1]!]! : null;
  const d = runnerUp ? pairDiff(tally, order[0]!, order[1]!) : null;
  const better = entry.def.lowerIsBetter ? 'lower' : 'higher';
  const significant = d !== null && (entry.def.lowerIsBetter ? d.high < 0 : d.low > 0);
  const alike = d !== null && d.low === 0 && d.high === 0;
  const lastGames = summarizeMean(tally.means.m0).n;
  // Any real difference has an interval from two games on (the table's rows say the same).
  const shown = d && inRange<Bounded>({ value: d.mean, low: d.low, high: d.high, n: lastGames, largeSample: true }, ANY_REAL);
  const whyNone = shown?.why === undefined ? null : `${shown.why} (n = ${lastGames})`;
  const few = lastGames < FEW ? ` (from ${lastGames} games each only)` : '';
  const answer =
    runnerUp === null
      ? `${winner} is the only configuration`
      : alike
        ? `${winner} and ${runnerUp} played every deal alike (these values make the same decisions here): a tie, the first in grid order named`
        : `${winner} wins: ${d!.mean >= 0 ? '+' : ''}${fmt(d!.mean)} [${fmt(d!.low)}, ${fmt(d!.high)}] per game against ${runnerUp} on the same deals${few} (${better} is better); ${significant ? 'significantly better (95%)' : 'not significantly better: the interval includes 0, so the two are a tie at this budget'}`;
  const table = figureTable('tune', TUNE_TABLE_COLUMNS, rows, TUNE_COLUMNS);
  const meta = {
    ...toolStamp(),
    experiment: 'tune',
    seed: flags.seed,
    budget: flags.budget,
    game,
    rules,
    grid: flags.strategy,
    configurations: configs.length,
    rounds,
    seat,
    against,
    ...(plugins.length ? { plugins } : {}),
    winner,
    runner_up: runnerUp,
    diff_vs_runner_up: d && num(d.mean),
    diff_vs_runner_up_ci_low: d && num(d.low),
    diff_vs_runner_up_ci_high: d && num(d.high),
    diff_vs_runner_up_ci_why: whyNone,
    significant,
    seconds: (Date.now() - started) / 1000,
  };
  const charts = await chartFiles(out, TUNE_CHARTS, [table]);
  const described = {
    ...meta,
    question: `Which configuration of ${flags.strategy} plays ${game} best?`,
    answer: [answer],
    charts: TUNE_CHARTS.map((c) => ({ name: c.name, caption: c.caption })),
  };
  writeAtomically([...tableFiles(out, [table], described, (t) => columnDictionary(t, TUNE_COLUMNS)), ...charts]);
  const result: TuneResult = {
    game,
    grid: flags.strategy,
    budget: flags.budget,
    seed: flags.seed,
    winner,
    runner_up: runnerUp,
    diff_vs_runner_up: meta.diff_vs_runner_up,
    diff_vs_runner_up_ci_low: meta.diff_vs_runner_up_ci_low,
    diff_vs_runner_up_ci_high: meta.diff_vs_runner_up_ci_high,
    diff_vs_runner_up_ci_why: meta.diff_vs_runner_up_ci_why,
    significant,
    answer,
    out,
    rounds: tableObjects(table) as Record<string, string | number>[],
  };
  return { result, table };
}

/**
 * Tunes a strategy's parameters by successive halving (`pongsim tune`): every configuration
 * on the same deals, the tuned seat rotated through the table. Writes tune.csv into `out` and
 * gives what `tune --json` prints.
 */
export async function tune(o: TuneOptions, c: RunControl = {}): Promise<TuneResult> {
  checkOptions('tune', o, TUNE_KEYS, ['game', 'strategy', 'budget']);
  checkControl('tune', c);
  return (await tuneRun(o, c)).result;
}

/** Configuration i's paired difference against j, from the round's pairwise tallies. */
function pairDiff(t: Tally, i: number, j: number): { mean: number; low: number; high: number } {
  if (i === j) return { mean: 0, low: 0, high: 0 };
  const m = summarizeMean(t.means[i < j ? `d${i}_${j}` : `d${j}_${i}`]);
  return i < j ? { mean: m.mean, low: m.low, high: m.high } : { mean: -m.mean, low: -m.high, high: -m.low };
}
