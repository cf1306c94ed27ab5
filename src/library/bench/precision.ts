import { Worker } from 'node:worker_threads';
import type { GameEntry } from '../../catalog/entry.js';
import { entryFor, GAMES } from '../../catalog/index.js';
import { DecisionRollouts, everyChoice, kindOf, race, type Choice } from '../../core/advise.js';
import { TERMINAL, type GameState } from '../../core/game.js';
import { dealRng, Rng } from '../../core/rng.js';
import { makeStrategy } from '../../core/strategy.js';
import { Table } from '../../core/play.js';
import { Rollouts } from '../../core/rollouts.js';
import { solve } from '../../stats/linear.js';
import { studentQuantile } from '../../stats/distributions.js';
import { now } from '../../bench/clock.js';
import { fitting, rolloutPolicy } from '../advise.js';
import { gameRules } from '../options.js';
import { judgeDecision, measuringRollouts, reviewShare } from '../review.js';

/** A decision of a seeded game, as advise and review meet it. */
export interface PrecisionSituation {
  state: GameState;
  seat: number;
  /** The choices advise ranks there (undefined: every legal action), and the action the policy took. */
  choices: Choice[] | undefined;
  taken: Choice;
}

/** Every how many decisions (of any seat, with a choice) one is kept: a prime, so that the kept
 * ones fall across the hand and on every seat. */
const STRIDE = 7;

/** A decision of the reference bots' play: the table before the move, who acts, how many legal
 * actions it had, the move and its amount, and whether the move chose one. */
interface ReferenceMove {
  s: GameState;
  x: number;
  m: number;
  a: number;
  amount: number;
  ranged: boolean;
}

/** The game's reference bot in every seat (default rules) playing games 0 to `games` - 1 dealt
 * from `seed`, decision by decision: each is handed on, then applied when the walk goes on. */
function* referencePlay(entry: GameEntry, seed: string, games: number): Generator<ReferenceMove> {
  const { def } = entry;
  const rules = gameRules(entry, undefined);
  const spec = rolloutPolicy(entry, undefined, rules);
  const seats = def.seats(rules);
  const policies = Array.from({ length: seats }, () => makeStrategy(spec, entry.strategies, rules));
  const seatRng = Array.from({ length: seats }, () => new Rng(null));
  const legal = new Int16Array(def.maxActions(rules));
  const bounds = new Float64Array(2);
  const s = def.create(rules) as GameState;
  for (let g = 0; g < games; g++) {
    def.deal(s, dealRng(seed, 0, g));
    seatRng.forEach((r, k) => r.reuse(seed, 0, g, `seat${k}`));
    for (let x = def.toAct(s); x !== TERMINAL; x = def.toAct(s)) {
      const m = def.legal(s, legal);
      const view = def.view(s, x);
      const p = policies[x]!;
      const a = p.choose(view, legal, m, seatRng[x]!);
      const ranged = def.amountBounds?.(s, a, bounds) ?? false;
      const amount = ranged ? p.amount!(view, a, bounds[0]!, bounds[1]!, seatRng[x]!) : 0;
      yield { s, x, m, a, amount, ranged };
      def.apply(s, a, amount);
    }
  }
}

/**
 * Decisions taken from games of the game's reference bot in every seat (default rules), dealt
 * from `seed`: every STRIDE-th decision with more than one legal action, until there are `n`.
 * A decision of several moves (a pass of several tiles) is left out: the bench judges one
 * move. The same seed gives the same situations.
 */
export function precisionSituations(entry: GameEntry, n: number, seed: string): PrecisionSituation[] {
  const { def } = entry;
  const q = entry.advise!;
  const rules = gameRules(entry, undefined);
  const out: PrecisionSituation[] = [];
  let seen = 0;
  for (const { s, x, m, a, amount } of referencePlay(entry, seed, 100 * n)) {
    if (out.length >= n) break;
    if (m > 1 && ++seen % STRIDE === 0) {
      const choices = fitting(def, rules, s, x, q.choices?.(s, x));
      if (!choices?.some((ch) => ch.moves.length > 1)) {
        const state = def.create(rules) as GameState;
        def.copy(s, state);
        out.push({ state, seat: x, choices, taken: { name: def.actionName(s, a, amount), moves: [a], amount } });
      }
    }
  }
  return out;
}

/** The whole games decisionsPerGame plays. */
const RECORD_GAMES = 4;

/** The decisions a review of one seat's whole game would judge: those with more than one legal
 * action or an amount to choose (review leaves the forced ones out), a seat's mean over
 * RECORD_GAMES games of the reference bot in every seat (default rules, dealt from `seed`),
 * rounded. */
function decisionsPerGame(entry: GameEntry, seed: string): number {
  let count = 0;
  for (const { m, ranged } of referencePlay(entry, `${seed}/record`, RECORD_GAMES)) if (m > 1 || ranged) count++;
  return Math.round(count / (RECORD_GAMES * entry.def.seats(gameRules(entry, undefined))));
}

/** Paired rollouts per situation that measure the variance of the best-versus-second difference. */
const PAIRED = 256;

/** What the precision bench measured in one game, each figure with and without the layer. */
export interface GamePrecision {
  game: string;
  situations: number;
  budget: number;
  /** Median over the situations of the 95% half-width of the mean difference between the best
   * and the second action (ranked with the layer), from PAIRED paired rollouts. */
  halfWith: number;
  halfWithout: number;
  /** Per kind of decision (core/advise.ts kindOf: "discard", "chow/pass/pung/win"), the median
   * effective playouts and the situations it is over, the kinds with the most situations first:
   * issue targets name a kind (mahjong discards), and a claim differs from a discard. */
  byKind: { kind: string; situations: number; effective: number }[];
  /** Median over the situations of the ratio of the difference's variance without the layer to
   * its variance with it: the playouts one with the layer is worth ("effective playouts"). */
  effective: number;
  /** Situations where the difference had no variance left with the layer (exact). */
  exact: number;
  /** The share of the situations advise (default budget) says "cannot be told apart". */
  untoldWith: number;
  untoldWithout: number;
  /** The decisions with a choice a seat makes in a whole game of the reference bots (default
   * rules; the mean over the seats of RECORD_GAMES games), and the playouts a review of such a
   * game gives each (review.ts reviewShare): the budget review agreement is judged at. */
  recordDecisions: number;
  reviewBudget: number;
  /** Review agreement: each situation's taken action judged twice with two seeds, at a whole
   * game's review budget (reviewBudget); of the situations either judged worse, the share both
   * did; and the share where both rankings found the same best. */
  worseAgreeWith: number;
  worseAgreeWithout: number;
  sameBestWith: number;
  sameBestWithout: number;
  /** Mean seconds per advise decision at the default budget, and mean playouts it made, with the
   * layer and without (timed in this thread, one after the other, after a warm-up race: under
   * whatever load the machine had). */
  secondsWith: number;
  secondsWithout: number;
  playoutsWith: number;
  playoutsWithout: number;
}

/** The precision figures of one game on `n` situations from `seed`. */
export async function gamePrecision(game: string, n: number, seed: string): Promise<GamePrecision> {
  const entry = entryFor(game, 'advise', 'advise');
  const { def } = entry;
  const q = entry.advise;
  const rules = gameRules(entry, undefined);
  const spec = rolloutPolicy(entry, undefined, rules);
  const sits = precisionSituations(entry, n, seed);
  const half: [number[], number[]] = [[], []];
  const ratio: number[] = [];
  const kinds: string[] = [];
  const untold = [0, 0];
  const worse = [
    [0, 0],
    [0, 0],
  ];
  const same = [0, 0];
  const time = [0, 0],
    plays = [0, 0];
  let exact = 0;
  const t = studentQuantile(0.975, PAIRED - 1);
  const recordDecisions = decisionsPerGame(entry, seed);
  const reviewBudget = reviewShare(q.budget, recordDecisions);
  // A warm-up race, untimed: the first hands a meter reads build shanten tables on first use.
  if (sits[0]) {
    const s0 = sits[0];
    await race({
      game: def,
      rules,
      state: s0.state,
      seat: s0.seat,
      defs: entry.strategies,
      policy: spec,
      won: q.won.test,
      budget: q.budget,
      seed: `${seed}/warm`,
      choices: s0.choices,
    });
  }
  for (const [k, sit] of sits.entries()) {
    const common = { game: def, rules, state: sit.state, seat: sit.seat, defs: entry.strategies, policy: spec, won: q.won.test };
    const layers = [true, false];
    const ranked = [];
    for (const [i, layer] of layers.entries()) {
      const t0 = now();
      const a = await race({ ...common, budget: q.budget, seed: `${seed}/${k}`, choices: sit.choices, rollouts: { layer } });
      time[i]! += now() - t0;
      plays[i]! += a.playouts;
      ranked.push(a);
      if (!a.clear) untold[i]!++;
    }
    // The best and the second by the layer's ranking, played out on the same deals with and without.
    const rows = ranked[0]!.rows;
    const listed = sit.choices ?? everyChoice(def, sit.state, new Int16Array(def.maxActions(rules)));
    const pick = [0, 1].map((r) => listed.findIndex((ch) => ch.name === rows[r]!.action));
    if (rows.length > 1 && pick.every((j) => j >= 0)) {
      const v = layers.map((layer) => {
        const d = new DecisionRollouts({ ...common, seed: `${seed}/${k}/paired`, rollouts: { layer } }, listed);
        const b = d.play(pick, 0, PAIRED);
        return variance(Array.from(b.values[0]!, (x, i) => x - b.values[1]![i]!));
      });
      half[0].push((t * Math.sqrt(v[0]!)) / Math.sqrt(PAIRED));
      half[1].push((t * Math.sqrt(v[1]!)) / Math.sqrt(PAIRED));
      if (v[0] === 0) exact++;
      ratio.push(v[0] === 0 ? (v[1] === 0 ? 1 : Infinity) : v[1]! / v[0]!);
      kinds.push(kindOf(listed));
    }
    // Review agreement: the taken action judged with two seeds, with and without, at the
    // budget a review of a whole game gives each decision.
    const budget = reviewBudget;
    for (const [i, layer] of layers.entries()) {
      const j = await Promise.all(
        ['a', 'b'].map((s) =>
          judgeDecision(
            { ...common, rollouts: { layer } },
            budget,
            measuringRollouts(budget),
            `${seed}/${k}/review-${s}`,
            sit.taken,
            sit.choices,
          ),
        ),
      );
      const w = j.map((x) => x.row.verdict === 'worse');
      if (w[0] || w[1]) worse[i]![0]!++;
      if (w[0] && w[1]) worse[i]![1]!++;
      if (j[0]!.ranked.best === j[1]!.ranked.best) same[i]!++;
    }
  }
  const m = sits.length;
  return {
    game,
    situations: m,
    budget: q.budget,
    recordDecisions,
    reviewBudget,
    halfWith: median(half[0]),
    halfWithout: median(half[1]),
    effective: median(ratio),
    byKind: [...new Set(kinds)]
      .map((kind) => {
        const of = ratio.filter((_, i) => kinds[i] === kind);
        return { kind, situations: of.length, effective: median(of) };
      })
      .sort((a, b) => b.situations - a.situations || (a.kind < b.kind ? -1 : 1)),
    exact,
    untoldWith: untold[0]! / m,
    untoldWithout: untold[1]! / m,
    worseAgreeWith: worse[0]![0] ? worse[0]![1]! / worse[0]![0]! : NaN,
    worseAgreeWithout: worse[1]![0] ? worse[1]![1]! / worse[1]![0]! : NaN,
    sameBestWith: same[0]! / m,
    sameBestWithout: same[1]! / m,
    secondsWith: time[0]! / m,
    secondsWithout: time[1]! / m,
    playoutsWith: plays[0]! / m,
    playoutsWithout: plays[1]! / m,
  };
}

function variance(x: number[]): number {
  const n = x.length;
  let m = 0;
  for (const v of x) m += v;
  m /= n;
  let s = 0;
  for (const v of x) s += (v - m) * (v - m);
  return s / (n - 1);
}

function median(x: number[]): number {
  if (!x.length) return NaN;
  const s = [...x].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

/** The games the precision bench measures: every game advise knows. */
export const PRECISION_GAMES = GAMES.filter((g) => g.advise).map((g) => g.def.id);

/** Each game's precision figures, the games side by side in worker threads of their own (the
 * figures are counts and variances, which the machine's load does not move, but for the
 * seconds, which it does). */
export function benchPrecision(situations: number, seed = 'precision'): Promise<GamePrecision[]> {
  return Promise.all(
    PRECISION_GAMES.map(
      (game) =>
        new Promise<GamePrecision>((resolve, reject) => {
          const w = new Worker(new URL('./precision-worker.js', import.meta.url), { workerData: { game, situations, seed } });
          w.once('message', (m: GamePrecision) => resolve(m));
          w.once('error', reject);
        }),
    ),
  );
}

/** A game's precision figures as the line `pongsim bench` prints. */
export function precisionLine(p: GamePrecision): string {
  const pc = (x: number) => (Number.isNaN(x) ? 'none judged worse' : `${Math.round(100 * x)}%`);
  const times = (x: number) => (x === Infinity ? 'exact' : `${x.toFixed(1)} times`);
  const eff = times(p.effective);
  const kinds =
    p.byKind.length > 1 ? ` (by kind: ${p.byKind.map((k) => `${k.kind} ${times(k.effective)} over ${k.situations}`).join(', ')})` : '';
  return (
    `precision ${p.game} (${p.situations} situations, budget ${p.budget}): best-vs-second half-width ${p.halfWith.toPrecision(3)} with the layer, ${p.halfWithout.toPrecision(3)} without; ` +
    `effective playouts ${eff}${p.exact ? ` (${p.exact} exact)` : ''}${kinds}; cannot be told apart ${pc(p.untoldWith)} with, ${pc(p.untoldWithout)} without; ` +
    `review (${p.reviewBudget} playouts a decision, a whole game's ${p.recordDecisions} decisions' share) worse agreed ${pc(p.worseAgreeWith)} with, ${pc(p.worseAgreeWithout)} without; same best ${pc(p.sameBestWith)} with, ${pc(p.sameBestWithout)} without; ` +
    `a decision ${p.secondsWith.toFixed(2)} s and ${Math.round(p.playoutsWith)} playouts with, ${p.secondsWithout.toFixed(2)} s and ${Math.round(p.playoutsWithout)} without`
  );
}

/**
 * Least-squares coefficients of a game's luck terms for the race's quantity, the paired
 * difference of two actions: on `n` pilot situations (their own seed, never the bench's), each
 * rollout's difference of every action's result from the first's, regressed on the same
 * difference of their luck terms. A game ships what this gave as its fixed coefficients
 * (luckCoef, or its meter's own): fitted in advance on other situations, they keep every
 * correction unbiased. Prints nothing; returns the coefficients and the variance explained.
 */
export function fitLuck(game: string, n: number, seed: string, rollouts = 200): { coef: number[]; explained: number } {
  const entry = entryFor(game, 'advise', 'advise');
  const rules = gameRules(entry, undefined);
  const spec = rolloutPolicy(entry, undefined, rules);
  const list = new Int16Array(entry.def.maxActions(rules));
  let terms = 0;
  let xtx: number[][] = [],
    xty: number[] = [],
    yy = 0,
    ysum = 0,
    count = 0;
  const rng = new Rng(null);
  for (const [k, sit] of precisionSituations(entry, n, seed).entries()) {
    const ro = new Rollouts(entry.def, rules, spec, entry.strategies, undefined, { layer: true });
    const c = Math.min(6, ro.candidates(sit.state, list, entry.def.legal(sit.state, list)));
    if (c < 2) continue;
    if (!terms) {
      terms = ro.luck[0]!.length;
      xtx = Array.from({ length: terms }, () => new Array<number>(terms).fill(0));
      xty = new Array<number>(terms).fill(0);
    }
    for (let i = 0; i < rollouts; i++) {
      ro.evaluate(sit.state, sit.seat, c, 0, 1, rng.reuse(seed, k, i, 'fit'));
      for (let j = 1; j < c; j++) {
        const y = ro.rawResult(j) - ro.rawResult(0);
        const x = ro.luck[j]!.map((v, m) => v - ro.luck[0]![m]!);
        for (let a = 0; a < terms; a++) {
          xty[a]! += x[a]! * y;
          for (let b = 0; b < terms; b++) xtx[a]![b]! += x[a]! * x[b]!;
        }
        yy += y * y;
        ysum += y;
        count++;
      }
    }
  }
  // A small ridge keeps a term the pilot never touched at 0.
  for (let a = 0; a < terms; a++) xtx[a]![a]! += 1e-9 * count + 1e-12;
  const coef = [
    ...solve(
      xtx.map((row) => Float64Array.from(row)),
      Float64Array.from(xty),
    ),
  ];
  const fitted = coef.reduce((s, b, a) => s + b * xty[a]!, 0);
  return { coef, explained: fitted / (yy - (ysum * ysum) / count) };
}

/**
 * Least-squares multiples of the luck terms `from` on (those a rollout never moves, such as the
 * luck of a round's deal, counted once the round's first move is made, past where a rollout
 * ends), for a seat's result over whole games: `games` games of the reference bot in every
 * seat under the default rules, dealt from `seed` (never a measured run's), each seat's result
 * less the correction of the terms before `from` (at the meter's shipped multiples) regressed on
 * the later terms. A game ships what this gives as those terms' fixed multiples. Prints nothing;
 * returns them, their standard errors and the share of the remaining variance they explain.
 */
export function fitLuckOnGames(
  game: string,
  games: number,
  seed: string,
  from: number,
): { coef: number[]; se: number[]; explained: number } {
  const entry = entryFor(game, 'advise', 'advise');
  const { def } = entry;
  const rules = gameRules(entry, undefined);
  const spec = rolloutPolicy(entry, undefined, rules);
  const seats = def.seats(rules);
  const table = Table.everySeat(def, rules, spec, entry.strategies);
  if (!table.meter()) throw new Error(`fitLuckOnGames: ${game} has no luck meter`);
  const shipped = def.luck!(rules).coef;
  const terms = shipped.length - from;
  const xtx = Array.from({ length: terms }, () => new Float64Array(terms));
  const xty = new Float64Array(terms);
  const returns = new Float64Array(seats);
  const rows: { x: Float64Array; y: number }[] = [];
  for (let g = 0; g < games; g++) {
    def.returns(table.playSeeded(seed, 0, g), returns);
    for (let k = 0; k < seats; k++) {
      const luck = table.luckTerms(k);
      // The result higher better, as luck is counted, less the earlier terms' correction.
      let y = def.lowerIsBetter ? -returns[k]! : returns[k]!;
      for (let m = 0; m < from; m++) y -= shipped[m]! * luck[m]!;
      rows.push({ x: luck.slice(from), y });
    }
  }
  const mean = rows.reduce((s, r) => s + r.y, 0) / rows.length;
  let yy = 0;
  for (const { x, y } of rows) {
    yy += (y - mean) ** 2;
    for (let a = 0; a < terms; a++) {
      xty[a]! += x[a]! * (y - mean);
      for (let b = 0; b < terms; b++) xtx[a]![b]! += x[a]! * x[b]!;
    }
  }
  const coef = [...solve(xtx, xty)];
  // Each multiple's standard error with the games as the independent draws (a game's seats share
  // its deal): the sandwich (X'X)^-1 (sum over games of u u') (X'X)^-1, u a game's sum of x times
  // its residuals.
  const inverse = Array.from({ length: terms }, (_, j) =>
    solve(
      xtx,
      Float64Array.from({ length: terms }, (_, i) => +(i === j)),
    ),
  );
  const meat = Array.from({ length: terms }, () => new Float64Array(terms));
  const u = new Float64Array(terms);
  for (let g = 0; g < games; g++) {
    u.fill(0);
    for (let k = 0; k < seats; k++) {
      const { x, y } = rows[g * seats + k]!;
      const e = y - mean - coef.reduce((t, c, a) => t + c * x[a]!, 0);
      for (let a = 0; a < terms; a++) u[a]! += x[a]! * e;
    }
    for (let a = 0; a < terms; a++) for (let b = 0; b < terms; b++) meat[a]![b]! += u[a]! * u[b]!;
  }
  const se = coef.map((_, j) => {
    let v = 0;
    for (let a = 0; a < terms; a++) for (let b = 0; b < terms; b++) v += inverse[j]![a]! * meat[a]![b]! * inverse[j]![b]!;
    return Math.sqrt(v);
  });
  return { coef, se, explained: coef.reduce((s, b, a) => s + b * xty[a]!, 0) / yy };
}
