import path from 'node:path';
import { entryFor } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { Candidates, featureNames } from '../core/features.js';
import type { GameDef, GameState } from '../core/game.js';
import { Table } from '../core/play.js';
import { Rng } from '../core/rng.js';
import { makeStrategy, parseSpec, type Strategy, type StrategyDef, type StrategySpec } from '../core/strategy.js';
import { Rollouts } from '../core/rollouts.js';
import { buildId, checkWorkerBuild, toolStamp } from '../io/build.js';
import { writeAtomically } from '../io/csv.js';
import { distilledText, FORMAT, VERSION, type DistilledFile } from '../io/distilled-file.js';
import { defaultWorkers, keptPool, runTask } from '../runner/pool.js';
import { agreement, fitChoices, fitValues, type Choices } from '../stats/choice-fit.js';
import { checkOptions, FLAG, POSITIVE, RULES, SEED, SETS, TEXT, WHOLE, type Keys } from './arguments.js';
import { given, list } from './control.js';
import { checkOut, GAME, positiveInt, positiveNumber, seedText, tableOf } from './options.js';
import { WORKER } from './studies.js';

export interface DistillOptions {
  game: string;
  /** The bot whose choices are fitted (default: rollout(n=16) with the game's best hand-written bot). */
  teacher?: string;
  /** The bot whose choice the policy's first feature marks, and what it plays an amount with
   * (default: the game's best hand-written bot). */
  base?: string;
  /** The bot in every other seat (default: the game's best hand-written bot). */
  opponents?: string;
  games?: number;
  seed?: string;
  workers?: number;
  rules?: string | Record<string, unknown>;
  set?: string | string[];
  /** What the policy is fitted to: the teacher's `choices` (softmax regression on the actions it
   * took), or, for a search bot, the `values` its rollouts give every action (least squares on
   * each action's gain); default values for a search teacher, else choices. */
  target?: 'choices' | 'values';
  /** The ridge of the fit (default 1). */
  ridge?: number;
  /** With --target choices: how much a decision at which the teacher departs from the base's
   * choice weighs in the fit, against 1 for the others (default 1). */
  departures?: number;
  out?: string;
  force?: boolean;
}

const DISTILL_KEYS: Keys<DistillOptions> = {
  game: GAME('features'),
  teacher: TEXT('a strategy spec'),
  base: TEXT('a strategy spec'),
  opponents: TEXT('a strategy spec'),
  games: WHOLE,
  seed: SEED,
  workers: WHOLE,
  rules: RULES,
  set: SETS,
  target: TEXT('choices or values'),
  ridge: POSITIVE,
  departures: POSITIVE,
  out: TEXT('a .json file name'),
  force: FLAG,
};

/** Games per task on the worker pool: a game of rollout(n=16) takes a tenth of a second or so. */
const GAMES_A_TASK = 10;

/** What a run of distill answers: the file's document and where it went, and the fit's figures. */
export interface DistillResult {
  out: string;
  file: DistilledFile;
  decisions: number;
  /** Share of the decisions at which the fitted policy picks the teacher's action (in sample). */
  agreement: number;
  /** The same, fitted on the first four fifths of the games and measured on the rest. */
  agreement_held_out: number;
  /** Share at which the base bot alone picks it. */
  base_agreement: number;
}

/** One task: games [from, to) of the data, played on a worker (library/worker.ts). */
export interface DistillTask {
  distill: {
    game: string;
    rules: Record<string, unknown>;
    teacher: string;
    base: string;
    opponents: string;
    seed: string;
    from: number;
    to: number;
    /** Record each action's value too: its mean gain over the base's choice in the teacher's rollouts. */
    values: boolean;
  };
  build: string;
}

/** A task's decisions: the data of Choices, and the game each came from. */
export interface DistillPart {
  starts: number[];
  x: Float64Array;
  chosen: number[];
  games: number[];
  /** With values: per option, its mean gain over the base's choice (the value fit's target). */
  gains: number[];
}

/**
 * Plays games [from, to): game i seats the teacher at seat i mod the seats and the opponents
 * elsewhere, dealt from (seed, i) alone as a run deals; at each of the teacher's decisions with
 * more than one legal action (with values, and a teacher that searches only decisions of at most
 * `most` actions: each of those) it records every action's features and the teacher's pick. A pure
 * function of the seed and the range, so the parts join into the same data on any worker count.
 */
export function playDistill({ distill: t, build }: DistillTask): DistillPart {
  checkWorkerBuild(build, 'distill', 'the engine was rebuilt meanwhile; run it again');
  const entry = entryFor(t.game, 'features', 'distill');
  const def = entry.def as GameDef;
  const spec = (text: string) => parseSpec(text, entry.strategies, def.id, t.rules);
  const teacherSpec = spec(t.teacher);
  const teacher = makeStrategy(teacherSpec, entry.strategies, t.rules);
  const base = makeStrategy(spec(t.base), entry.strategies, t.rules);
  const cands = new Candidates(entry.features, def.maxActions(t.rules));
  const { width, rows } = cands;
  const baseRng = new Rng(null);
  const valueRng = new Rng(null);
  const values = t.values ? valuesOf(def, t.rules, teacherSpec, entry.strategies) : null;
  // A search teacher that searches only decisions of at most `most` legal actions plays its
  // policy's choice at the wider ones: what it does there is the base's, not what rollouts value.
  // Its values are those of the decisions it searches, and the fit learns from those alone.
  const most = values ? (teacherSpec.params.most ?? 0) : 0;
  const x: number[] = [];
  const part: DistillPart = { starts: [0], x: new Float64Array(0), chosen: [], games: [], gains: [] };
  let game = 0;
  // A decision whose action the teacher has chosen and whose amount it is yet to give.
  let pending = false;
  const bounds = new Float64Array(2);
  const recorder: Strategy = {
    choose() {
      throw new Error('distill records at a pongsim table only');
    },
    search(s: GameState, seat, legal, n, rng) {
      const v = def.view(s, seat);
      const c = n > 1 && !(most > 0 && n > most) ? cands.build(v, legal, n, base, baseRng) : 0;
      if (c > 1 && values) values(s, seat, cands, valueRng, part.gains);
      const a = teacher.search ? teacher.search(s, seat, legal, n, rng) : teacher.choose(def.view(s, seat), legal, n, rng);
      if (c > 1) {
        for (let i = 0; i < c * width; i++) x.push(rows[i]!);
        part.starts.push(part.starts.at(-1)! + c);
        part.games.push(game);
        // An action with an amount is recorded at its amount (the one nearest among the candidates).
        pending = def.amountBounds?.(s, a, bounds) === true;
        if (!pending) part.chosen.push(cands.nearest(a, 0));
      }
      return a;
    },
    ...(teacher.amount
      ? {
          amount(v: unknown, a: number, min: number, max: number, rng: Rng) {
            const amount = teacher.amount!(v, a, min, max, rng);
            if (pending) part.chosen.push(cands.nearest(a, amount));
            pending = false;
            return amount;
          },
        }
      : {}),
  };
  const seats = def.seats(t.rules);
  const tables: Table<GameState, unknown>[] = [];
  for (game = t.from; game < t.to; game++) {
    const at = game % seats;
    tables[at] ??= new Table(
      def,
      t.rules,
      Array.from({ length: seats }, (_, q) => (q === at ? recorder : makeStrategy(spec(t.opponents), entry.strategies, t.rules))),
      Array.from({ length: seats }, (_, q) => (q === at ? t.teacher : t.opponents)),
    );
    baseRng.reuse(t.seed, 0, game, 'distill-base');
    valueRng.reuse(t.seed, 0, game, 'distill-values');
    tables[at].playSeeded(t.seed, 0, game);
  }
  part.x = Float64Array.from(x);
  return part;
}

/**
 * The values of a decision's candidates as the teacher, a search bot, sees them: `n` rollouts of
 * each with its policy (its own n and policy), each candidate's mean gain over the base's choice,
 * appended to `out` in the candidates' order. The rollouts draw from their own stream, so the
 * teacher plays as it would alone.
 */
function valuesOf(def: GameDef, rules: unknown, teacher: StrategySpec, defs: readonly StrategyDef[]) {
  const n = teacher.params.n;
  const policy = teacher.specs?.policy;
  if (n === undefined || policy === undefined)
    throw new InputError(`--target values: the teacher ${teacher.text} must be a search bot with n and a policy (rollout)`);
  const ro = new Rollouts(def, rules, policy, defs);
  return (s: GameState, seat: number, cands: Candidates, rng: Rng, out: number[]): void => {
    for (let j = 0; j < cands.count; j++) ro.set(j, cands.a[j]!, cands.x[j]!);
    ro.evaluate(s, seat, cands.count, cands.base, n, rng);
    for (let j = 0; j < cands.count; j++) out.push(ro.gain(j));
  };
}

/** The parts' decisions as one set of choices, in the order of the games; `keep` picks games.
 * A decision at which the teacher's pick is not the base's (its first feature 0) weighs
 * `departures`, the others 1. */
function joined(
  parts: readonly DistillPart[],
  width: number,
  keep: (game: number) => boolean,
  departures = 1,
): Choices & { gains: number[] } {
  const starts = [0];
  const chosen: number[] = [];
  const weight: number[] = [];
  const x: number[] = [];
  const gains: number[] = [];
  for (const p of parts)
    for (let k = 0; k < p.chosen.length; k++) {
      if (!keep(p.games[k]!)) continue;
      for (let i = p.starts[k]! * width; i < p.starts[k + 1]! * width; i++) x.push(p.x[i]!);
      if (p.gains.length) for (let o = p.starts[k]!; o < p.starts[k + 1]!; o++) gains.push(p.gains[o]!);
      chosen.push(p.chosen[k]!);
      weight.push(p.x[(p.starts[k]! + p.chosen[k]!) * width] === 1 ? 1 : departures);
      starts.push(starts.at(-1)! + p.starts[k + 1]! - p.starts[k]!);
    }
  return { width, starts, x: Float64Array.from(x), chosen, gains, ...(departures !== 1 ? { weight } : {}) };
}

/**
 * `pongsim distill <game>`: plays the data on the worker pool, fits the policy's weights to the
 * teacher's picks (stats/choice-fit.ts) and writes the policy's file. The same seed gives the
 * same bytes on any number of workers.
 */
export async function distill(o: DistillOptions): Promise<DistillResult> {
  checkOptions('distill', o, DISTILL_KEYS, ['game']);
  const entry = entryFor(o.game, 'features', 'distill');
  const game = entry.def.id;
  const sets = list('--set', o.set);
  const { rules } = tableOf(entry, { rules: o.rules, set: sets });
  const best = entry.search?.best ?? entry.defaultSeat;
  const spec = (flag: string, text: string) => {
    const s = parseSpec(text, entry.strategies, game, rules);
    if (flag !== '--teacher' && entry.strategies.find((d) => d.name === s.name)!.searches)
      throw new InputError(`${flag} ${text}: a search bot cannot be the ${flag.slice(2)}; give a bot that does not search`);
    return s.text;
  };
  const teacher = spec('--teacher', o.teacher ?? `rollout(n=16,policy=${best})`);
  const searches = entry.strategies.find((d) => d.name === parseSpec(teacher, entry.strategies, game, rules).name)!.searches === true;
  const target = o.target ?? (searches ? 'values' : 'choices');
  if (target !== 'choices' && target !== 'values') throw new InputError(`--target ${String(target)}: expected choices or values`);
  if (target === 'values' && !searches)
    throw new InputError(
      `--target values: the teacher ${teacher} does not search, so it gives no values; give --target choices or a search teacher`,
    );
  const base = spec('--base', o.base ?? best);
  const opponents = spec('--opponents', o.opponents ?? best);
  const games = given(o.games, positiveInt('--games')) ?? 200;
  const seed = given(o.seed, seedText) ?? '1';
  const workers = given(o.workers, positiveInt('--workers', 256)) ?? defaultWorkers();
  const ridge = given(o.ridge, positiveNumber('--ridge')) ?? 1;
  const departures = given(o.departures, positiveNumber('--departures')) ?? 1;
  if (departures !== 1 && target !== 'choices')
    throw new InputError(`--departures ${departures}: weighs the teacher's choices, so it needs --target choices`);
  const out = o.out ?? path.join('results', 'distill', `${game}.distilled.json`);
  if (!out.endsWith('.json')) throw new InputError(`--out ${out}: expected a .json file name`);
  checkOut('--out', out, 'file', o.force);

  const tasks: DistillTask[] = [];
  for (let from = 0; from < games; from += GAMES_A_TASK)
    tasks.push({
      distill: { game, rules, teacher, base, opponents, seed, from, to: Math.min(games, from + GAMES_A_TASK), values: target === 'values' },
      build: buildId(),
    });
  const parts =
    workers === 1
      ? tasks.map(playDistill)
      : ((await Promise.all(tasks.map((task) => runTask(keptPool(WORKER, workers), task)))) as DistillPart[]);

  const names = featureNames(entry.features);
  const all = joined(parts, names.length, () => true, departures);
  const decisions = all.chosen.length;
  if (decisions === 0)
    throw new InputError(`distill ${game}: the teacher ${teacher} made no decision with a choice in ${games} games; play more games`);
  // The choices' fit gives each weight's standard error; the values' fit, what the file plays by
  // under --target values.
  const fit = fitChoices(all, ridge);
  const cut = Math.floor((games * 4) / 5);
  const first = joined(parts, names.length, (g) => g < cut, departures);
  const weights = target === 'values' ? fitValues(all, all.gains, ridge) : fit.weights;
  const early = target === 'values' ? fitValues(first, first.gains, ridge) : fitChoices(first, ridge).weights;
  // Agreement counts every decision once, whatever the fit weighed it (it reads no weights).
  const late = joined(parts, names.length, (g) => g >= cut);
  const baseOnly = names.map((_, j) => (j === 0 ? 1 : 0));
  const round = (v: number) => Number(v.toPrecision(12));
  const result = {
    agreement: round(agreement(all, weights)),
    agreement_held_out: round(agreement(late, early)),
    base_agreement: round(agreement(all, baseOnly)),
  };
  const command = [
    `pongsim distill ${game}`,
    // The rules as given (the file holds them whole).
    ...(typeof o.rules === 'string' ? [`--rules ${o.rules}`] : []),
    ...sets.map((kv) => `--set ${kv}`),
    `--teacher '${teacher}'`,
    `--base '${base}'`,
    `--opponents '${opponents}'`,
    `--games ${games}`,
    `--seed ${seed}`,
    `--target ${target}`,
    ...(ridge !== 1 ? [`--ridge ${ridge}`] : []),
    ...(departures !== 1 ? [`--departures ${departures}`] : []),
  ].join(' ');
  const file: DistilledFile = {
    format: FORMAT,
    version: VERSION,
    game,
    base,
    features: names,
    weights: [...weights].map(round),
    rules,
    made: {
      command,
      teacher,
      opponents,
      games,
      seed,
      decisions,
      target,
      ridge,
      ...(departures !== 1 ? { departures } : {}),
      ...(target === 'choices'
        ? { standard_errors: [...fit.se].map(round), log_likelihood: round(fit.logLik), iterations: fit.iterations }
        : {}),
      ...result,
      ...toolStamp(),
    },
  };
  writeAtomically([{ file: out, text: distilledText(file) }]);
  return { out, file, decisions, ...result };
}
