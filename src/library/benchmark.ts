import path from 'node:path';
import { entryFor } from '../catalog/index.js';
import type { GameEntry } from '../catalog/entry.js';
import { everyChoice, kindOf, race, type Choice } from '../core/advise.js';
import { InputError, Interrupted } from '../core/errors.js';
import type { GameDef, GameState } from '../core/game.js';
import { isInferred, RoundStart, type RoundHistory } from '../core/infer.js';
import { Rng } from '../core/rng.js';
import { makeStrategy, parseSpec, type StrategySpec } from '../core/strategy.js';
import type { GameEvent } from '../core/trace.js';
import { now } from '../bench/clock.js';
import { Arm } from '../experiment/arm.js';
import { toolStamp } from '../io/build.js';
import { packagePath } from '../io/package.js';
import { writeAtomically } from '../io/csv.js';
import { checkEvents, type RecordDecision } from '../records/check.js';
import { Recorder, withRecorder } from '../records/record.js';
import { FEW, wilson } from '../stats/intervals.js';
import {
  chosenDeal,
  decisionDealing,
  exactUnder,
  fitting,
  MAX_BUDGET,
  MIN_BUDGET,
  racePlayer,
  rolloutPolicy,
  sharedRace,
} from './advise.js';
import { checkOptions, FLAG, LIST, SEED, TEXT, WHOLE, type Keys } from './arguments.js';
import { checkControl, given, RESUME, type RunControl } from './control.js';
import { checkpointEvery, checkpointPlan, readCheckpoint, removeCheckpoint, saveCheckpoint } from '../runner/checkpoint.js';
import { checkOut, GAME, gameRules, pathName, positiveInt, seedText } from './options.js';
import { rating } from './ladder.js';
import { writeRows, type RowColumn } from './rows-file.js';
import { bracketed } from '../io/print.js';
import {
  benchmarkText,
  BENCHMARK_FORMAT,
  readBenchmark,
  type BenchmarkAction,
  type BenchmarkDecision,
  type BenchmarkFile,
  type BenchmarkHeader,
} from './benchmark-file.js';

/** The benchmark's rollouts get this many times advise's default budget (issue 51). */
export const BUDGET_MULTIPLE = 50;
/** Decisions a build draws from: games are played until their non-forced decisions number this
 * many times those asked for (or every kind is exhausted), so that the rare kinds are found. */
const CANDIDATES_PER_DECISION = 5;
/** Games a build plays at most for each decision asked for. */
const MOST_GAMES_PER_DECISION = 2;
const BAD_MOVE_RULE =
  "a move loses more than the median loss of the reference bot's own choices outside the best set on this benchmark (0 where it never left the best set)";

/** Options of `pongsim benchmark build`. */
export interface BuildBenchmarkOptions {
  game: string;
  seed?: string;
  /** Decisions to draw (default 2000). */
  decisions?: number | string;
  /** The most playouts a decision valued by rollouts gets (default: 50 times advise's default). */
  budget?: number | string;
  /** How the rollouts deal what the seat cannot see, as advise's --deal: inferred or uniform
   * (default: the game's, as advise's). */
  deal?: string;
  out?: string;
  workers?: number | string;
  force?: boolean;
  /** Continue the build interrupted with these options, from its checkpoint (OUT's name with
   * .checkpoint.json for .jsonl). */
  resume?: boolean;
}

const BUILD_KEYS: Keys<BuildBenchmarkOptions> = {
  game: GAME('advise'),
  seed: SEED,
  decisions: WHOLE,
  budget: WHOLE,
  deal: TEXT('inferred or uniform'),
  out: TEXT('a .jsonl file name'),
  workers: WHOLE,
  force: FLAG,
  resume: FLAG,
};

/** A build's checkpoint: the decisions valued so far, in order (`--resume` values the rest). */
const BUILD_CHECKPOINT_FORMAT = 'pongsim-benchmark-checkpoint/1';

interface BuildCheckpoint {
  format: typeof BUILD_CHECKPOINT_FORMAT;
  identity: Record<string, unknown>;
  decisions: BenchmarkDecision[];
}

/** Where `benchmark build` writes a benchmark of `game` unless told (beside a run's results). */
export const benchmarkPath = (game: string): string => path.join('results', 'benchmarks', `${game}.jsonl`);
/** The benchmark of `game` shipped with the package: what scoring (and review's bad-move rate) reads unless told. */
export const shippedBenchmark = (game: string): string => packagePath(benchmarkPath(game));

/** A decision of the reference bots' games, found while the games are played. */
interface Candidate {
  game: number;
  line: number;
  seat: number;
  kind: string;
}

/** The game's entry for a benchmark: one that advises and keeps records. */
function benchEntry(game: string, command: string): GameEntry & Required<Pick<GameEntry, 'advise' | 'records'>> {
  const e = entryFor(game, 'advise', command);
  return entryFor(e.def.id, 'records', command) as ReturnType<typeof benchEntry>;
}

/** The reference bots' game `index` of a run seeded `seed`, as its record's events. */
function playedGame(entry: GameEntry, rules: Record<string, unknown>, seats: StrategySpec[], seed: string, index: number): GameEvent[] {
  const arm = new Arm(entry.def, rules, seats, entry.strategies);
  const rec = new Recorder('benchmark', () => true);
  withRecorder(rec, () => arm.play(seed, 0, index, 0));
  return rec.records[0]!.events;
}

/** A decision of a record, with its choices where it is one choice of several moves; the moves
 * after such a choice's first (the seat's run of moves) are not decisions of their own, but
 * join `moves` (complete once the walk has passed them). */
interface Walked {
  d: RecordDecision;
  choices: Choice[] | undefined;
  moves: number[];
  history: () => RoundHistory;
}

/** Walks the decisions of a record of the benchmark's game (re-played and checked). */
function walk(entry: GameEntry, rules: Record<string, unknown>, events: GameEvent[], each: (w: Walked) => void): void {
  const def = entry.def;
  const q = entry.advise!;
  const start = new RoundStart(def, rules);
  let chooser: Walked | null = null;
  const table = { chance: entry.records!.tableChance, rules: entry.records!.tableRules };
  checkEvents(def, rules, events, 'benchmark game', table, (d) => {
    start.see(d.state, d.line - 1);
    const choices = fitting(def, rules, d.state, d.seat, q.choices?.(d.state, d.seat));
    if (chooser && d.seat === chooser.d.seat && !choices) {
      chooser.moves.push(d.action);
      return;
    }
    const w: Walked = { d, choices, moves: [d.action], history: () => start.history(events, d.line - 1, d.seat) };
    chooser = choices ? w : null;
    each(w);
  });
}

/** Copies of the decision's table and of its round's first (the walk goes on with both). */
function kept(def: GameDef, rules: Record<string, unknown>, w: Walked): { state: GameState; history: RoundHistory } {
  const copy = (s: GameState): GameState => {
    const c = def.create(rules) as GameState;
    def.copy(s, c);
    return c;
  };
  const h = w.history();
  return { state: copy(w.d.state), history: { ...h, first: copy(h.first) } };
}

/** The decision's choices: the game's choices of several moves, else every legal action (each amount of a bet). */
function choicesAt(def: GameDef, w: { d: RecordDecision; choices: Choice[] | undefined }, legal: Int16Array): Choice[] {
  return w.choices ?? everyChoice(def, w.d.state, legal);
}

/** What `benchmark build` gives. */
export interface BuildBenchmarkResult {
  file: string;
  header: BenchmarkHeader;
}

/**
 * `pongsim benchmark build`: draws decisions from games of the reference bot in every seat,
 * stratified by kind (half of them each kind in turn, so a rare kind is in whole or in good
 * number; the rest drawn alike from all), and values every legal action of each: exactly where
 * the game knows every action's value (AdviseQuery.exactDecision), else by advise's race on the
 * worker pool at 50 times advise's budget, any action the game knows exactly (AdviseQuery.exact)
 * given its exact value. The same seed gives the same bytes, whatever the workers.
 */
export async function buildBenchmark(o: BuildBenchmarkOptions, c: RunControl = {}): Promise<BuildBenchmarkResult> {
  checkOptions('buildBenchmark', o, BUILD_KEYS, ['game']);
  checkControl('buildBenchmark', c);
  const entry = benchEntry(o.game, 'benchmark build');
  const { def } = entry;
  const q = entry.advise;
  const seed = given(o.seed, seedText) ?? '1';
  const wanted = given(o.decisions, positiveInt('--decisions', 100000)) ?? 2000;
  const budget = given(o.budget, positiveInt('--budget', MAX_BUDGET)) ?? BUDGET_MULTIPLE * q.budget;
  if (budget < MIN_BUDGET) throw new InputError(`--budget: expected at least ${MIN_BUDGET} playouts (got ${budget})`);
  const deal = chosenDeal(o.deal, q);
  const out = given(o.out, pathName('--out', 'a .jsonl file name')) ?? benchmarkPath(o.game);
  if (!out.endsWith('.jsonl')) throw new InputError(`--out ${out}: expected a file name ending in .jsonl`);
  checkOut('--out', out, 'file', o.force);
  const cp = checkpointPlan(
    out.replace(/\.jsonl$/, '.checkpoint.json'),
    { command: 'benchmark build', game: def.id, seed, decisions: wanted, budget, deal },
    Boolean(o.resume),
    c.resumeHint ?? RESUME,
  );
  const resumed = cp.resume ? readCheckpoint<BuildCheckpoint>(cp, BUILD_CHECKPOINT_FORMAT).decisions : [];
  // The build that values the decisions, read before any of them (a build made meanwhile is not it).
  const stamp = toolStamp();
  const player = racePlayer(o.workers);
  const rules = gameRules(entry, undefined);
  const seatSpec = parseSpec(entry.defaultSeat, entry.strategies, def.id, rules);
  const seats = Array.from({ length: def.seats(rules) }, () => seatSpec);
  const policy = rolloutPolicy(entry, undefined, rules);
  const legal = new Int16Array(def.maxActions(rules));

  // The games, and their decisions by kind.
  const games: GameEvent[][] = [];
  const byKind = new Map<string, Candidate[]>();
  let found = 0;
  while (found < CANDIDATES_PER_DECISION * wanted && games.length < MOST_GAMES_PER_DECISION * wanted) {
    const g = games.length;
    const events = playedGame(entry, rules, seats, seed, g);
    games.push(events);
    walk(entry, rules, events, (w) => {
      const choices = choicesAt(def, w, legal);
      if (choices.length < 2) return;
      const kind = kindOf(choices);
      if (!byKind.has(kind)) byKind.set(kind, []);
      byKind.get(kind)!.push({ game: g, line: w.d.line, seat: w.d.seat, kind });
      found++;
    });
  }
  // In the order of their games and lines, which is the order of their ids.
  const picked = stratified(byKind, wanted, new Rng(`${seed}/pick`));
  const decisions = resumedDecisions(cp.file, resumed, picked);

  // Each picked decision not yet valued, game by game in order, the finished ones saved every
  // few seconds: a large build (hours, for a mahjong game) survives an interrupt.
  const pickedAt = new Map(picked.map((p, id) => [`${p.game}/${p.line}`, { ...p, id }]));
  const save = () => saveCheckpoint(cp.file, { format: BUILD_CHECKPOINT_FORMAT, identity: cp.identity, decisions });
  const every = checkpointEvery();
  let saved = Date.now();
  // One progress bar for the build: the decisions left, valued one after another.
  const left = [picked.length - decisions.length];
  for (const g of [...new Set(picked.slice(decisions.length).map((p) => p.game))]) {
    const here: { w: Walked; state: GameState; history: RoundHistory; p: Candidate & { id: number } }[] = [];
    walk(entry, rules, games[g]!, (w) => {
      const p = pickedAt.get(`${g}/${w.d.line}`);
      if (!p || p.id < decisions.length) return;
      const { state, history } = kept(def, rules, w);
      here.push({ w: { ...w, d: { ...w.d, state } }, state, history, p });
    });
    for (const { w, state, history, p } of here) {
      // A race on this thread never yields: the event loop turns here, so a signal is heard.
      await new Promise((go) => setImmediate(go));
      if (c.signal?.aborted) {
        save();
        const reason = typeof c.signal.reason === 'string' ? c.signal.reason : 'aborted';
        throw new Interrupted(
          reason,
          `interrupted (${reason}): ${picked.length - decisions.length} of ${picked.length} decisions left, the valued ones saved in ${cp.file}; continue with: ${cp.how}`,
        );
      }
      const started = now();
      const choices = choicesAt(def, w, legal);
      const taken = takenName(def, w, choices);
      const valued = await valueDecision(
        entry,
        rules,
        state,
        p.seat,
        choices,
        history,
        policy,
        budget,
        deal,
        `${seed}/decision${p.id}`,
        player,
      );
      decisions.push({
        id: p.id,
        game_index: g,
        line: p.line,
        seat: p.seat,
        round: def.round(state) + 1,
        kind: p.kind,
        ...valued,
        taken,
        actions: valued.actions,
      });
      if (Date.now() - saved >= every) {
        save();
        saved = Date.now();
      }
      const seconds = now() - started;
      await c.onProgress?.({
        experiment: `benchmark build ${def.id}`,
        cellGames: left,
        workers: 1,
        cell: 0,
        games: 1,
        seconds,
        unit: 'decisions',
        uneven: true,
      });
    }
  }
  const kinds: Record<string, number> = {};
  for (const d of decisions) kinds[d.kind] = (kinds[d.kind] ?? 0) + 1;
  const header: BenchmarkHeader = {
    format: BENCHMARK_FORMAT,
    game: def.id,
    rules,
    seats: seats.map((s) => s.text),
    policy: policy.text,
    seed,
    games: games.length,
    decisions: decisions.length,
    budget,
    advise_budget: q.budget,
    value: q.value,
    exact_value: q.exactDecision?.value ?? null,
    unit: q.unit,
    bad_move_threshold: badMoveThreshold(decisions),
    bad_move_rule: BAD_MOVE_RULE,
    kinds,
    command: `benchmark build ${def.id} --seed ${seed} --decisions ${wanted}${o.budget === undefined ? '' : ` --budget ${budget}`}`,
    ...stamp,
  };
  writeAtomically([{ file: out, text: benchmarkText(header, decisions) }]);
  removeCheckpoint(cp.file);
  return { file: out, header };
}

/** A checkpoint's valued decisions, checked to be the first of this build's picks, in order:
 * each one's id, game, line, seat and kind those of the pick it values. */
function resumedDecisions(file: string, list: unknown, picked: readonly Candidate[]): BenchmarkDecision[] {
  const fits = (d: BenchmarkDecision, i: number): boolean => {
    const p = picked[i];
    return (
      p !== undefined &&
      d?.id === i &&
      d.game_index === p.game &&
      d.line === p.line &&
      d.seat === p.seat &&
      d.kind === p.kind &&
      Array.isArray(d.actions)
    );
  };
  if (!Array.isArray(list) || !list.every(fits))
    throw new InputError(`--resume: ${file} does not hold the first decisions of this build, in order; run without --resume`);
  return [...list];
}

/** `wanted` candidates: half of them each kind in turn (kinds by name, each kind's candidates
 * shuffled by `rng`), so that a rare kind is in whole or in good number, and the rest drawn
 * from all that are left alike, so that common kinds keep most of their weight; in the order
 * of their games and lines. */
function stratified(byKind: Map<string, Candidate[]>, wanted: number, rng: Rng): Candidate[] {
  const shuffled = <T>(list: T[]): T[] => {
    const a = [...list];
    for (let i = a.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  };
  const lists = [...byKind.keys()].sort().map((k) => shuffled(byKind.get(k)!));
  const out: Candidate[] = [];
  let round = 0;
  for (; out.length < Math.ceil(wanted / 2) && lists.some((l) => l.length > round); round++)
    for (const l of lists) if (l.length > round && out.length < Math.ceil(wanted / 2)) out.push(l[round]!);
  // The rest from every kind's candidates not yet taken (a kind's first `round` were offered).
  const taken = new Set(out);
  const rest = shuffled(lists.flat().filter((c) => !taken.has(c)));
  out.push(...rest.slice(0, wanted - out.length));
  return out.sort((a, b) => a.game - b.game || a.line - b.line);
}

/** The name of what the record took at a decision: its action (and amount), or the choice
 * that makes the moves the seat made one after another. */
function takenName(def: GameDef, w: Walked, choices: readonly Choice[]): string {
  const { d } = w;
  if (w.choices)
    return choices.find((c) => sameMoves(c.moves, w.moves))?.name ?? w.moves.map((a) => def.actionName(d.state, a, 0)).join(', ');
  return choices.find((c) => c.moves[0] === d.action && (c.amount ?? 0) === d.amount)?.name ?? def.actionName(d.state, d.action, d.amount);
}

const sameMoves = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort((x, y) => x - y).join(',') === [...b].sort((x, y) => x - y).join(',');

/** The values of a decision's choices: exact where the game knows every one exactly, else the
 * race's, with any the game knows exactly (AdviseQuery.exact) given its exact value. */
async function valueDecision(
  entry: GameEntry,
  rules: Record<string, unknown>,
  state: GameState,
  seat: number,
  choices: Choice[],
  history: RoundHistory,
  policy: StrategySpec,
  budget: number,
  deal: 'inferred' | 'uniform',
  seed: string,
  player: ReturnType<typeof racePlayer>,
): Promise<Pick<BenchmarkDecision, 'valued' | 'deal' | 'playouts' | 'top' | 'best' | 'actions'>> {
  const def = entry.def;
  const q = entry.advise!;
  const exactAll = q.exactDecision
    ? choices.map((c) => (c.moves.length === 1 ? q.exactDecision!.of(state, seat, c.moves[0]!, c.amount ?? 0) : undefined))
    : [];
  if (exactAll.length && exactAll.every((v) => v !== undefined)) {
    const actions: BenchmarkAction[] = choices.map((c, j) => {
      const v = exactAll[j]!;
      return { action: c.name, value: v, value_ci_low: v, value_ci_high: v, exact: true, rollouts: 0 };
    });
    const topValue = Math.max(...actions.map((a) => a.value));
    const top = actions.find((a) => a.value === topValue)!.action;
    const best = actions.filter((a) => a.value >= topValue - 1e-12).map((a) => a.action);
    return { valued: 'exact', deal: null, playouts: 0, top, best, actions };
  }
  const dealing = decisionDealing(entry, rules, history, policy, seed, deal);
  const a = await race({
    game: def,
    rules,
    state,
    seat,
    defs: entry.strategies,
    policy,
    budget: Math.max(budget, 2 * choices.length),
    seed,
    won: q.won.test,
    choices,
    player,
    // An inferred dealing is passed on; a uniform one is left to the rollouts (their default
    // dealer), so that the build's large races play on the worker pool: a 20-decision mahjong
    // build took 14.1 s on two workers against 22.6 s in one thread, the same bytes.
    ...(isInferred(dealing) ? { dealer: dealing.dealer } : {}),
  });
  const bounds = new Float64Array(2);
  const byName = new Map(choices.map((c) => [c.name, c]));
  const actions: BenchmarkAction[] = a.rows.map((r) => {
    const c = byName.get(r.action)!;
    const single = c.moves.length === 1 && !def.amountBounds?.(state, c.moves[0]!, bounds);
    const e = single ? exactUnder(q, dealing)?.(state, seat, c.moves[0]!) : undefined;
    return e
      ? { action: r.action, value: e.value, value_ci_low: e.value, value_ci_high: e.value, exact: true, rollouts: r.rollouts }
      : {
          action: r.action,
          value: r.value,
          value_ci_low: r.value_ci_low,
          value_ci_high: r.value_ci_high,
          exact: false,
          rollouts: r.rollouts,
        };
  });
  // The top is the best value (exact where known); the best set is the race's (the leader and
  // those it could not tell from it, paired on the same deals), with the top.
  const top = actions.reduce((b, x) => (x.value > b.value ? x : b), actions[0]!).action;
  const best = a.rows.filter((r) => r.verdict !== 'worse' || r.action === top).map((r) => r.action);
  if (!best.includes(top)) best.push(top);
  return { valued: 'rollouts', deal: isInferred(dealing) ? 'inferred' : 'uniform', playouts: a.playouts, top, best, actions };
}

/** The loss of taking `action` at decision `d`: the top's value less its own. */
function lossOf(d: BenchmarkDecision, action: string): number | undefined {
  const top = d.actions.find((a) => a.action === d.top)!;
  const x = d.actions.find((a) => a.action === action);
  return x === undefined ? undefined : top.value - x.value;
}

/** The bad-move threshold: the median loss of the reference bot's own choices (the records' own)
 * outside the best set; 0 where it never left it. */
function badMoveThreshold(decisions: readonly BenchmarkDecision[]): number {
  const losses = decisions
    .filter((d) => !d.best.includes(d.taken))
    .map((d) => lossOf(d, d.taken))
    .filter((x): x is number => x !== undefined)
    .sort((a, b) => a - b);
  if (!losses.length) return 0;
  const m = losses.length >> 1;
  return losses.length % 2 ? losses[m]! : (losses[m - 1]! + losses[m]!) / 2;
}

/** Options of `pongsim benchmark <game>`: a bot (`policy`) or advise scored on the benchmark. */
export interface ScoreBenchmarkOptions {
  game: string;
  /** The benchmark file (default the one shipped with the package, results/benchmarks/<game>.jsonl). */
  file?: string;
  /** The strategy scored. */
  policy?: string;
  /** Score advise instead, at `budget` playouts a decision (default advise's). */
  advise?: boolean;
  budget?: number | string;
  seed?: string;
  workers?: number | string;
  /** Score only the first N decisions. */
  maxDecisions?: number | string;
  /** Also write one row a decision to this CSV file (FILE.meta.json beside it). */
  csv?: string;
  force?: boolean;
}

const SCORE_KEYS: Keys<ScoreBenchmarkOptions> = {
  game: GAME('advise'),
  file: TEXT('a benchmark file'),
  policy: TEXT('a strategy spec'),
  advise: FLAG,
  budget: WHOLE,
  seed: SEED,
  workers: WHOLE,
  maxDecisions: WHOLE,
  csv: TEXT('a .csv file name'),
  force: FLAG,
};

/** One decision scored. */
export interface ScoredDecision {
  id: number;
  kind: string;
  chosen: string;
  top: string;
  /** The top's value less the chosen action's; null for a choice of several moves the
   * benchmark does not list (a pass outside the game's choices), which is counted as not in the
   * best set and left out of the mean loss. */
  loss: number | null;
  matched: boolean;
  bad: boolean;
  seconds: number;
}

/** What `benchmark <game> --json` prints. */
export interface ScoreBenchmarkResult {
  game: string;
  file: string;
  /** What was scored: a strategy spec, or "advise" with its budget. */
  player: string;
  budget: number | null;
  seed: string;
  decisions: number;
  /** Choices of several moves the benchmark does not list (ScoredDecision.loss). */
  outside: number;
  unit: string;
  /** The mean loss per decision against the top action, with its 95% interval (Student's t over
   * the decisions; each loss is measured against the benchmark's values, whose own error is part
   * of the spread between decisions). */
  mean_loss: number;
  mean_loss_ci_low: number;
  mean_loss_ci_high: number;
  /** The share of decisions whose choice is in the best set, with its 95% Wilson interval. */
  match_rate: number;
  match_rate_ci_low: number;
  match_rate_ci_high: number;
  /** The share whose loss is above the benchmark's bad-move threshold, with its Wilson interval. */
  bad_move_rate: number;
  bad_move_rate_ci_low: number;
  bad_move_rate_ci_high: number;
  badMoveThreshold: number;
  /** Seconds a decision took to choose, on this machine (the only figure that is not reproducible). */
  secondsPerDecision: number;
  /** By kind: decisions, mean loss and match rate. */
  kinds: { kind: string; decisions: number; mean_loss: number; match_rate: number }[];
  summary: string;
  rows: ScoredDecision[];
}

/**
 * `pongsim benchmark <game>`: a strategy (`policy`) or advise chooses at every decision of the
 * benchmark, rebuilt by playing its game again; each choice scored against the benchmark's values.
 */
export async function scoreBenchmark(o: ScoreBenchmarkOptions): Promise<ScoreBenchmarkResult> {
  checkOptions('scoreBenchmark', o, SCORE_KEYS, ['game']);
  const entry = benchEntry(o.game, 'benchmark');
  const { def } = entry;
  const q = entry.advise;
  if ((o.policy === undefined) === (o.advise !== true))
    throw new InputError('benchmark: give --policy SPEC (a strategy to score) or --advise (advise scored), one of them');
  const budget = o.advise ? (given(o.budget, positiveInt('--budget', MAX_BUDGET)) ?? q.budget) : null;
  if (!o.advise && o.budget !== undefined) throw new InputError('--budget: only with --advise (the playouts advise gives a decision)');
  if (budget !== null && budget < MIN_BUDGET) throw new InputError(`--budget: expected at least ${MIN_BUDGET} playouts (got ${budget})`);
  const seed = given(o.seed, seedText) ?? '1';
  const most = given(o.maxDecisions, positiveInt('--max-decisions', 100000));
  const file = given(o.file, pathName('--file', 'a benchmark file')) ?? shippedBenchmark(o.game);
  const csv = given(o.csv, pathName('--csv', 'a .csv file name'));
  if (csv !== undefined) {
    if (!csv.endsWith('.csv')) throw new InputError(`--csv ${csv}: expected a file name ending in .csv`);
    checkOut('--csv', csv, 'file', o.force, { beside: ['.meta.json'], input: { file, what: 'the benchmark being read' } });
  }
  const bench = readBenchmark(file, def.id);
  let rules: Record<string, unknown>;
  try {
    rules = gameRules(entry, bench.header.rules);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`${file} line 1: rules: ${e.message}`);
    throw e;
  }
  const seats = bench.header.seats.map((s) => {
    try {
      return parseSpec(s, entry.strategies, def.id, rules);
    } catch (e) {
      if (e instanceof InputError) throw new InputError(`${file} line 1: seats: ${e.message}`);
      throw e;
    }
  });
  if (seats.length !== def.seats(rules))
    throw new InputError(`${file} line 1: ${def.id} with its rules has ${def.seats(rules)} seats; the header lists ${seats.length}`);
  const spec = o.policy === undefined ? null : parseSpec(String(o.policy), entry.strategies, def.id, rules);
  const rolloutSpec = rolloutPolicy(entry, bench.header.policy, rules);
  const player = o.advise ? racePlayer(o.workers) : null;
  const decisions = bench.decisions.slice(0, most ?? bench.decisions.length);

  const rows: ScoredDecision[] = [];
  for (const { g, list } of byGame(decisions)) {
    const events = playedGame(entry, rules, seats, bench.header.seed, g);
    const at = new Map(list.map((d) => [d.line, d]));
    const found: { d: BenchmarkDecision; state: GameState; choices: Choice[]; several: boolean; history: RoundHistory }[] = [];
    const legal = new Int16Array(def.maxActions(rules));
    walk(entry, rules, events, (w) => {
      const d = at.get(w.d.line);
      if (!d) return;
      const { state, history } = kept(def, rules, w);
      found.push({
        d,
        state,
        choices: choicesAt(def, { ...w, d: { ...w.d, state } }, legal),
        several: w.choices !== undefined,
        history,
      });
    });
    for (const d of list) {
      const f = found.find((x) => x.d === d);
      const where = `${file} line ${d.id + 2}`;
      if (!f || f.state === undefined)
        throw new InputError(`${where}: game ${g} has no decision of seat ${d.seat} at record line ${d.line}`);
      if (def.toAct(f.state) !== d.seat)
        throw new InputError(`${where}: at record line ${d.line} seat ${def.toAct(f.state)} acts, not seat ${d.seat}`);
      const names = new Set(f.choices.map((c) => c.name));
      const stray = d.actions.find((a) => !names.has(a.action));
      if (stray || names.size !== d.actions.length)
        throw new InputError(
          `${where}: ${stray ? `action ${stray.action} is not legal` : 'its actions are not every legal one'} in the rebuilt state (legal: ${[...names].slice(0, 12).join(', ')}${names.size > 12 ? ', ...' : ''})`,
        );
      const t0 = now();
      const chosen = spec
        ? policyChoice(entry, rules, spec, f.state, d.seat, f.choices, f.several, new Rng(`${seed}/policy/${d.id}`))
        : await adviseChoice(entry, rules, f, rolloutSpec, budget!, `${seed}/advise/${d.id}`, player!);
      const seconds = now() - t0;
      // A pass of several tiles the game's choices do not list has no value in the benchmark.
      const loss = lossOf(d, chosen) ?? null;
      const bad = loss !== null && loss > bench.header.bad_move_threshold;
      rows.push({ id: d.id, kind: d.kind, chosen, top: d.top, loss, matched: d.best.includes(chosen), bad, seconds });
    }
  }
  rows.sort((a, b) => a.id - b.id);
  return scored(o.game, bench, spec?.text ?? 'advise', budget, seed, rows, csv);
}

/** Options of scoreChoices: choices made elsewhere, scored on a benchmark. */
export interface ScoreChoicesOptions {
  game: string;
  /** The benchmark file (default the one shipped with the package, results/benchmarks/<game>.jsonl). */
  file?: string;
  /** The action chosen at each of its decisions in turn (as the benchmark names it): the first N. */
  chosen: string[];
  /** Who chose, as the result names it (default "choices"). */
  player?: string;
}

const CHOICES_KEYS: Keys<ScoreChoicesOptions> = {
  game: GAME('advise'),
  file: TEXT('a benchmark file'),
  chosen: LIST('a list of action names', (v) => typeof v === 'string'),
  player: TEXT('a name'),
};

/**
 * Choices made elsewhere (a player's own engine, a list of a human's answers) scored on the
 * benchmark: `chosen[i]` is the action chosen at its decision i, named as the benchmark names
 * it. No table is rebuilt: the names are looked up.
 */
export function scoreChoices(o: ScoreChoicesOptions): ScoreBenchmarkResult {
  checkOptions('scoreChoices', o, CHOICES_KEYS, ['game', 'chosen']);
  const entry = benchEntry(o.game, 'benchmark');
  const file = given(o.file, pathName('--file', 'a benchmark file')) ?? shippedBenchmark(o.game);
  const bench = readBenchmark(file, entry.def.id);
  if (o.chosen.length > bench.decisions.length)
    throw new InputError(`scoreChoices: "chosen": ${o.chosen.length} choices for the ${bench.decisions.length} decisions of ${file}`);
  const rows = o.chosen.map((c, i): ScoredDecision => {
    const d = bench.decisions[i]!;
    const loss = lossOf(d, c);
    if (loss === undefined)
      throw new InputError(`scoreChoices: "chosen" ${i}, ${JSON.stringify(c.slice(0, 40))}: not an action of decision ${i} of ${file}`);
    return {
      id: i,
      kind: d.kind,
      chosen: c,
      top: d.top,
      loss,
      matched: d.best.includes(c),
      bad: loss > bench.header.bad_move_threshold,
      seconds: 0,
    };
  });
  return scored(o.game, bench, o.player ?? 'choices', null, '1', rows, undefined);
}

/** The benchmark's decisions grouped by game, games in order. */
function byGame(ds: readonly BenchmarkDecision[]): { g: number; list: BenchmarkDecision[] }[] {
  const m = new Map<number, BenchmarkDecision[]>();
  for (const d of ds) {
    if (!m.has(d.game_index)) m.set(d.game_index, []);
    m.get(d.game_index)!.push(d);
  }
  return [...m.entries()].sort((a, b) => a[0] - b[0]).map(([g, list]) => ({ g, list }));
}

/** What strategy `spec` chooses at the decision: its action (and amount), or the choice of
 * several moves it makes one after another. A strategy is made afresh for each decision. */
function policyChoice(
  entry: GameEntry,
  rules: Record<string, unknown>,
  spec: StrategySpec,
  state: GameState,
  seat: number,
  choices: readonly Choice[],
  gameChoices: boolean,
  rng: Rng,
): string {
  const def = entry.def;
  const st = makeStrategy(spec, entry.strategies, rules);
  const legal = new Int16Array(def.maxActions(rules));
  const bounds = new Float64Array(2);
  const work = def.create(rules) as GameState;
  def.copy(state, work);
  work.rng = new Rng('benchmark');
  const moves: number[] = [];
  let amount = 0;
  const several = gameChoices;
  const length = Math.max(...choices.map((c) => c.moves.length));
  while (moves.length < (several ? length : 1) && def.toAct(work) === seat) {
    const n = def.legal(work, legal);
    const a = st.search ? st.search(work, seat, legal, n, rng) : st.choose(def.view(work, seat), legal, n, rng);
    amount = def.amountBounds?.(work, a, bounds) && st.amount ? st.amount(def.view(work, seat), a, bounds[0]!, bounds[1]!, rng) : 0;
    moves.push(a);
    if (several) def.apply(work, a, amount);
  }
  if (!several) return def.actionName(state, moves[0]!, amount);
  return choices.find((c) => sameMoves(c.moves, moves))?.name ?? moves.map((a) => def.actionName(state, a, 0)).join(', ');
}

/** What advise chooses at the decision: its race's best, at `budget`, dealt as advise deals. */
async function adviseChoice(
  entry: GameEntry,
  rules: Record<string, unknown>,
  f: { state: GameState; d: BenchmarkDecision; choices: Choice[]; history: RoundHistory },
  policy: StrategySpec,
  budget: number,
  seed: string,
  player: ReturnType<typeof racePlayer>,
): Promise<string> {
  const q = entry.advise!;
  const dealing = decisionDealing(entry, rules, f.history, policy, seed, chosenDeal(undefined, q));
  const a = await race({
    game: entry.def,
    rules,
    state: f.state,
    seat: f.d.seat,
    defs: entry.strategies,
    policy,
    budget: Math.max(budget, 2 * f.choices.length),
    seed,
    won: q.won.test,
    choices: f.choices,
    player,
    // As advise plays it (library/advise.ts): shared with the workers from the game's poolFrom.
    ...(sharedRace(entry, isInferred(dealing), budget) ? {} : { dealer: dealing.dealer }),
  });
  return a.best;
}

/** The figures of the scored rows. */
function scored(
  game: string,
  bench: BenchmarkFile,
  who: string,
  budget: number | null,
  seed: string,
  rows: ScoredDecision[],
  csv: string | undefined,
): ScoreBenchmarkResult {
  const n = rows.length;
  const losses = rows.map((r) => r.loss).filter((x): x is number => x !== null);
  const k = losses.length;
  const { mean, low, high } = rating(losses);
  const ci = { low, high };
  const outside = n - k;
  const matched = rows.filter((r) => r.matched).length;
  const bad = rows.filter((r) => r.bad).length;
  const m = wilson(matched, n),
    b = wilson(bad, n);
  const kinds = [...new Set(rows.map((r) => r.kind))].sort().map((kind) => {
    const of = rows.filter((r) => r.kind === kind);
    const valued = of.filter((r) => r.loss !== null);
    return {
      kind,
      decisions: of.length,
      mean_loss: valued.reduce((s, r) => s + r.loss!, 0) / Math.max(1, valued.length),
      match_rate: of.filter((r) => r.matched).length / of.length,
    };
  });
  const unit = bench.header.unit;
  const seconds = rows.reduce((s, r) => s + r.seconds, 0) / Math.max(1, n);
  const f = (x: number) => String(Math.round(x * 1000) / 1000);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const summary =
    `${who}${budget === null ? '' : ` at ${budget} playouts a decision`} on ${n} decisions of ${bench.file}: ` +
    `mean loss ${bracketed(mean, ci.low, ci.high)} ${unit} a decision; in the best set ${pct(matched / n)} [${pct(m.low)}, ${pct(m.high)}]; ` +
    `bad moves (a loss above ${f(bench.header.bad_move_threshold)}) ${pct(bad / n)} [${pct(b.low)}, ${pct(b.high)}] (95% intervals)` +
    (outside
      ? `; ${outside} choice${outside === 1 ? '' : 's'} of several moves outside the benchmark's list, not in the best set and left out of the mean loss.`
      : '.') +
    (n < FEW ? ` Fewer than ${FEW} decisions: a small sample, its intervals rough.` : '');
  const result: ScoreBenchmarkResult = {
    game,
    file: bench.file,
    player: who,
    budget,
    seed,
    decisions: n,
    outside,
    unit,
    mean_loss: mean,
    mean_loss_ci_low: ci.low,
    mean_loss_ci_high: ci.high,
    match_rate: matched / n,
    match_rate_ci_low: m.low,
    match_rate_ci_high: m.high,
    bad_move_rate: bad / n,
    bad_move_rate_ci_low: b.low,
    bad_move_rate_ci_high: b.high,
    badMoveThreshold: bench.header.bad_move_threshold,
    secondsPerDecision: seconds,
    kinds,
    summary,
    rows,
  };
  if (csv !== undefined) writeScores(csv, result);
  return result;
}

/** The CSV's columns: what each means, and its cell. */
const COLUMNS: Record<string, RowColumn<ScoredDecision>> = {
  id: { doc: "the decision's id in the benchmark", cell: (x) => x.id },
  kind: { doc: 'the kind of decision: the verbs of its legal actions', cell: (x) => x.kind },
  chosen: { doc: 'the action chosen', cell: (x) => x.chosen },
  top: { doc: "the benchmark's top action", cell: (x) => x.top },
  loss: { doc: "the top's value less the chosen action's, in the game's unit", cell: (x) => x.loss ?? '' },
  matched: { doc: 'whether the choice is in the best set (1) or not (0)', cell: (x) => (x.matched ? 1 : 0) },
  bad: { doc: "whether the loss is above the benchmark's bad-move threshold (1) or not (0)", cell: (x) => (x.bad ? 1 : 0) },
};

/** One row a decision to `file`, FILE.meta.json beside it (the figures; the times are left out). */
function writeScores(file: string, r: ScoreBenchmarkResult): void {
  const { rows, summary: _s, secondsPerDecision: _t, ...about } = r;
  writeRows(file, 'benchmark', `benchmark ${r.game}`, COLUMNS, rows, about);
}
