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
import type { PluginRef } from '../experiment/experiment.js';
import type { StrategyDef } from '../core/strategy.js';
import { tableFiles, tableObjects, writeAtomically } from '../io/csv.js';
import { summarizeMean, type Tally } from '../stats/tally.js';
import { GAME, luckFill, outDir, outFolder, positiveInt, positiveNumber, seatIndex, seedText, splitSeats, tableOf } from './options.js';
import { checkControl, given, list, runnerOptions, type RunControl } from './control.js';
import { checkOptions, FLAG, PLUGINS, POSITIVE, RULES, SEED, SETS, SPECS, TEXT, WHOLE, type Keys } from './arguments.js';
import { chartFiles } from '../report/chart.js';
import { intervalChart, rowsOf, tableNamed } from '../report/specs.js';
import { toolStamp } from '../io/build.js';
import { bracketed } from '../io/print.js';
import {
  readContinuous,
  readSprt,
  rounds,
  specText,
  spsa,
  SPSA,
  SPSA_CHARTS,
  SPSA_COLUMNS,
  SPSA_STEP_GAMES,
  SPSA_TABLE_COLUMNS,
  SPRT_COLUMNS,
  SPRT_TABLE_COLUMNS,
  sprtRun,
  type Continuous,
  type SprtSpec,
} from './spsa.js';

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
  /** 'halving' (the default: successive halving of a grid) or 'spsa' (continuous ranges lo..hi). */
  method?: string;
  /** Test the tuned setting against `current` by an SPRT: 'd0,d1', its gain per game under H0 and H1. */
  sprt?: string;
  /** The SPRT's error rates (default 0.05 each). */
  alpha?: number;
  beta?: number;
  /** The setting the tuned one is tested against (default: the strategy with its defaults). */
  current?: string;
  /** The most games each setting plays in the SPRT (default 10000). */
  sprtGames?: number;
  /** The tuned seat's result less its luck of the draws (TuneRoundParams.luck). */
  luck?: boolean;
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
  method: TEXT('halving or spsa'),
  sprt: TEXT("'d0,d1'"),
  alpha: POSITIVE,
  beta: POSITIVE,
  current: TEXT('a strategy spec'),
  sprtGames: WHOLE,
  luck: FLAG,
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
  /** halving or spsa. */
  method: string;
  /** With --method spsa: every step. */
  steps?: Record<string, string | number>[];
  /** With --sprt: the test of the tuned setting against the current one. */
  sprt?: SprtResult;
}

/** What `tune --sprt` adds to the result. */
export interface SprtResult {
  tuned: string;
  current: string;
  d0: number;
  d1: number;
  alpha: number;
  beta: number;
  games: number;
  llr: number;
  lower: number;
  upper: number;
  verdict: 'H1' | 'H0' | 'inconclusive';
  answer: string;
  batches: Record<string, string | number>[];
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

/** `tune`, with the table the CLI prints as text. */
export async function tuneRun(o: TuneOptions, c: RunControl = {}): Promise<{ result: TuneResult; table: CsvTable; sprt?: CsvTable }> {
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
  const luck = o.luck === true;
  // With --luck, chance keyed as compare --luck keys it (GameEntry.luckRules, the same odds).
  const { rules } = tableOf(entry, { rules: o.rules, set: list('--set', o.set), card: o.card }, luckFill(entry, luck));
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
  const method = o.method ?? 'halving';
  if (method !== 'halving' && method !== 'spsa')
    throw new InputError(`--method ${JSON.stringify(method)}: expected halving (successive halving of a grid) or spsa (ranges lo..hi)`);
  const test = sprtOf(o, flags.strategy, entry.strategies, game, rules);
  // Every round runs on the pool the runner keeps for this worker count: starting worker
  // threads costs more than a small round.
  const opts = runnerOptions({ ...o, seed: flags.seed }, c);
  if (luck && !entry.def.luck) throw new InputError(`tune --luck: ${game} has no luck meter; leave --luck out`);
  const play = rounds({ game, rules, against, seat, ...(plugins.length ? { plugins } : {}), ...(luck ? { luck } : {}) }, opts);
  const setup = { game, rules, seat, against, plugins, luck, flags, lowerIsBetter: entry.def.lowerIsBetter };
  if (method === 'spsa') {
    const cont = readContinuous(flags.strategy, entry.strategies, game, rules);
    const steps = Math.floor(flags.budget / (2 * SPSA_STEP_GAMES));
    if (steps < 2)
      throw new InputError(
        `--budget ${flags.budget}: too small for SPSA: each step plays ${2 * SPSA_STEP_GAMES} games (two settings, ${SPSA_STEP_GAMES} deals); give --budget ${4 * SPSA_STEP_GAMES} or more`,
      );
    const out = outFolder(flags.out, path.join('results', `tune-${game}`), flags.force);
    return spsaTune(setup, cont, steps, out, test, play);
  }
  const configs = expandGrid(flags.strategy, entry.strategies, game, rules);
  const halvings = Math.max(1, Math.ceil(Math.log2(configs.length)));
  const first = Math.floor(flags.budget / halvings / configs.length);
  if (first < MIN_GAMES) {
    throw new InputError(
      `--budget ${flags.budget}: too small for ${configs.length} configurations over ${halvings} rounds (${first} games each in the first); give --budget ${MIN_GAMES * halvings * configs.length} or more, or a smaller grid`,
    );
  }
  const out = outFolder(flags.out, path.join('results', `tune-${game}`), flags.force);

  const rows: (string | number | Figure)[][] = [];
  let alive = configs;
  let offset = 0;
  let last: { tally: Tally; configs: string[]; order: number[] } | null = null;
  const started = Date.now();
  for (let r = 1; r <= halvings; r++) {
    const games = Math.floor(flags.budget / halvings / alive.length);
    const t = await play(alive, games, offset);
    const means = alive.map((_, i) => summarizeMean(t.means[`m${i}`]));
    // Best first; ties keep grid order, so the halving is the same on any machine.
    const order = alive
      .map((_, i) => i)
      .sort((a, b) => (entry.def.lowerIsBetter ? means[a]!.mean - means[b]!.mean : means[b]!.mean - means[a]!.mean) || a - b);
    const keep = r === halvings ? 1 : Math.ceil(alive.length / 2);
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
    if (alive.length === 1 && r < halvings) break;
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
        : `${winner} wins: ${d!.mean >= 0 ? '+' : ''}${bracketed(d!.mean, d!.low, d!.high)} per game against ${runnerUp} on the same deals${few} (${better} is better); ${significant ? 'significantly better (95%)' : 'not significantly better: the interval includes 0, so the two are a tie at this budget'}`;
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
    rounds: halvings,
    seat,
    against,
    ...(plugins.length ? { plugins } : {}),
    ...(luck ? { luck } : {}),
    winner,
    runner_up: runnerUp,
    diff_vs_runner_up: d && num(d.mean),
    diff_vs_runner_up_ci_low: d && num(d.low),
    diff_vs_runner_up_ci_high: d && num(d.high),
    diff_vs_runner_up_ci_why: whyNone,
    significant,
    seconds: (Date.now() - started) / 1000,
  };
  const tested = test ? await testSetting(test, winner, setup, offset, play) : null;
  const tables = [table, ...(tested ? [tested.table] : [])];
  await writeTune(
    out,
    TUNE_CHARTS,
    tables,
    { ...meta, ...(tested ? { sprt: tested.meta } : {}) },
    {
      question: `Which configuration of ${flags.strategy} plays ${game} best?`,
      answer: [answer, ...(tested ? [tested.result.answer] : [])],
    },
  );
  const result: TuneResult = {
    ...runOf(setup),
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
    method: 'halving',
    ...(tested ? { sprt: tested.result } : {}),
  };
  return { result, table, ...(tested ? { sprt: tested.table } : {}) };
}

/** Writes a tune run's tables with their meta.json (the run's `meta` with its question and answer) and charts. */
async function writeTune(
  out: string,
  charts: ChartDef[],
  tables: CsvTable[],
  meta: Record<string, unknown>,
  said: { question: string; answer: string[] },
): Promise<void> {
  const files = await chartFiles(out, charts, tables);
  const described = { ...meta, ...said, charts: charts.map((c) => ({ name: c.name, caption: c.caption })) };
  writeAtomically([...tableFiles(out, tables, described, (t) => columnDictionary(t, DOCS[t.name]!)), ...files]);
}

/** What every tune result begins with: the game, the strategy given, the budget and the seed. */
const runOf = (setup: Setup) => ({ game: setup.game, grid: setup.flags.strategy, budget: setup.flags.budget, seed: setup.flags.seed });

/** Each table's column dictionary. */
const DOCS: Record<string, Record<string, ColumnDoc>> = { tune: TUNE_COLUMNS, spsa: SPSA_COLUMNS, sprt: SPRT_COLUMNS };

/** What a tune run is set up with, for SPSA and the SPRT. */
interface Setup {
  game: string;
  rules: Record<string, unknown>;
  seat: number;
  against: string[];
  plugins: PluginRef[];
  luck: boolean;
  flags: { strategy: string; budget: number; seed: string };
  lowerIsBetter: boolean;
}

/** The SPRT asked for (--sprt with its error rates and the setting tested against), or null; checked before any game. */
function sprtOf(
  o: TuneOptions,
  strategy: string,
  defs: StrategyDef[],
  game: string,
  rules: Record<string, unknown>,
): (SprtSpec & { current: string; most: number }) | null {
  if (o.sprt === undefined) {
    const lone = (['alpha', 'beta', 'current', 'sprtGames'] as const).find((k) => o[k] !== undefined);
    if (lone) throw new InputError(`--${lone === 'sprtGames' ? 'sprt-games' : lone}: only with --sprt d0,d1`);
    return null;
  }
  const { d0, d1 } = readSprt(String(o.sprt));
  const rate = (flag: string, v: unknown) => {
    const x = given(v, positiveNumber(flag));
    if (x !== undefined && !(x < 0.5)) throw new InputError(`${flag} ${x}: an error rate from 0 to 0.5 (e.g. 0.05)`);
    return x ?? 0.05;
  };
  const name = /^[a-z][a-z0-9-]*/.exec(strategy.trim())?.[0] ?? strategy;
  const current = parseSpec(o.current ?? name, defs, game, rules).text;
  const most = given(o.sprtGames, positiveInt('--sprt-games')) ?? 10000;
  if (most < 2) throw new InputError(`--sprt-games ${most}: give at least 2 (the test needs a spread of the paired differences)`);
  return { d0, d1, alpha: rate('--alpha', o.alpha), beta: rate('--beta', o.beta), current, most };
}

/** The SPRT of the tuned setting against the current one on fresh deals: its table, what it adds to the result and to meta.json. */
async function testSetting(
  test: SprtSpec & { current: string; most: number },
  tuned: string,
  setup: Setup,
  offset: number,
  play: ReturnType<typeof rounds>,
): Promise<{ table: CsvTable; result: SprtResult; meta: Record<string, unknown> }> {
  const run = await sprtRun(tuned, test.current, test, test.most, setup.lowerIsBetter, offset, play);
  const table = figureTable('sprt', SPRT_TABLE_COLUMNS, run.rows, SPRT_COLUMNS);
  const r = run.result;
  const hyp = `H0: ${tuned} gains ${test.d0} per game over ${test.current}; H1: it gains ${test.d1} (alpha ${test.alpha}, beta ${test.beta})`;
  const said =
    r.verdict === 'H1'
      ? `accept H1: ${tuned} is better than ${test.current}`
      : r.verdict === 'H0'
        ? `accept H0: ${tuned} does not gain ${test.d1} per game over ${test.current}; keep the current setting`
        : `inconclusive after ${run.games} games each (--sprt-games): neither bound reached`;
  const answer = `SPRT, ${hyp}: LLR ${r.llr.toFixed(2)} after ${run.games} games each, bounds [${r.lower.toFixed(2)}, ${r.upper.toFixed(2)}]: ${said}`;
  const result: SprtResult = {
    tuned,
    current: test.current,
    d0: test.d0,
    d1: test.d1,
    alpha: test.alpha,
    beta: test.beta,
    games: run.games,
    llr: num(r.llr) ?? (r.llr > 0 ? 1e308 : -1e308),
    lower: r.lower,
    upper: r.upper,
    verdict: r.verdict,
    answer,
    batches: tableObjects(table) as Record<string, string | number>[],
  };
  const { batches: _b, ...meta } = result;
  return { table, result, meta };
}

/** `tune --method spsa`: SPSA over the ranges, then with --sprt the test of its setting. */
async function spsaTune(
  setup: Setup,
  cont: Continuous,
  steps: number,
  out: string,
  test: (SprtSpec & { current: string; most: number }) | null,
  play: ReturnType<typeof rounds>,
): Promise<{ result: TuneResult; table: CsvTable; sprt?: CsvTable }> {
  const started = Date.now();
  const { flags, game } = setup;
  const start = specText(
    cont,
    cont.axes.map((a) => (a.start - a.lo) / (a.hi - a.lo)),
  );
  const run = await spsa(cont, steps, SPSA_STEP_GAMES, setup.lowerIsBetter, flags.seed, play);
  const table = figureTable('spsa', SPSA_TABLE_COLUMNS, run.rows, SPSA_COLUMNS);
  const tested = test ? await testSetting(test, run.setting, setup, run.offset, play) : null;
  const answer = `SPSA over ${steps} steps of ${SPSA_STEP_GAMES} duplicate deals each: ${run.setting} (from ${start})`;
  const tables = [table, ...(tested ? [tested.table] : [])];
  const meta = {
    ...toolStamp(),
    experiment: 'tune',
    method: 'spsa',
    seed: flags.seed,
    budget: flags.budget,
    game,
    rules: setup.rules,
    strategy: flags.strategy,
    steps,
    games_per_step: SPSA_STEP_GAMES,
    gains: SPSA,
    seat: setup.seat,
    against: setup.against,
    ...(setup.plugins.length ? { plugins: setup.plugins } : {}),
    ...(setup.luck ? { luck: true } : {}),
    start,
    tuned: run.setting,
    ...(tested ? { sprt: tested.meta } : {}),
    seconds: (Date.now() - started) / 1000,
  };
  await writeTune(out, SPSA_CHARTS, tables, meta, {
    question: `Which setting of ${flags.strategy} plays ${game} best?`,
    answer: [answer, ...(tested ? [tested.result.answer] : [])],
  });
  const result: TuneResult = {
    ...runOf(setup),
    winner: run.setting,
    runner_up: null,
    diff_vs_runner_up: null,
    diff_vs_runner_up_ci_low: null,
    diff_vs_runner_up_ci_high: null,
    diff_vs_runner_up_ci_why: null,
    significant: tested?.result.verdict === 'H1',
    answer,
    out,
    rounds: [],
    method: 'spsa',
    steps: tableObjects(table) as Record<string, string | number>[],
    ...(tested ? { sprt: tested.result } : {}),
  };
  return { result, table, ...(tested ? { sprt: tested.table } : {}) };
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
