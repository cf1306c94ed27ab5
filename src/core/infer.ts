// Hidden hands inferred from what the others did: a particle filter over the round under way,
// for advice, review and the search bot (GameDef.infer gives a game's part).
//
// A uniform determinization (GameDef.determinize) deals what a seat cannot see uniformly from
// the unseen cards or tiles: it keeps every hard constraint (what the seat knows is where), but
// not what the others' play says of their hands. Late in a mahjong hand that is badly wrong:
// real opponents have built toward a hand for a dozen turns, random ones are far from ready.
//
// The filter replays the round from its first decision once per particle, each particle a whole
// table whose hidden places are dealt anew:
// - at the start, and at every hidden draw, the game deals what the seat cannot see from a
//   proposal that keeps every later public action possible (a tile a seat will discard is in its
//   hand, or drawn before it), what the seat itself draws or sees later where the record says;
//   the particle's weight takes the prior's probability of what was dealt over the proposal's;
// - at every decision of another seat, the particle's weight takes the probability that the
//   game's policy, softened (SoftPolicy), makes a decision the record allows there: the one the
//   record shows, or, where a decision is unseen (a pass in a claim window), any that leads to
//   what the seat saw happen;
// - between the record's steps, when the effective sample size of the weights falls below a
//   fraction of the particles, they are resampled (systematic resampling), so that the filter
//   follows the hands that explain the play instead of carrying hopeless ones.
// At the decision the particles are resampled once more, to equal weights: each rollout deals
// the hidden places of one of them, picked by its own stream, and the rest of the wall or pile
// anew (InferredDealer). The estimators of the race need no weights.
//
// Everything is drawn from one stream given to the filter: the same seed gives the same
// particles, whatever else runs.

import type { GameEvent } from './trace.js';
import type { GameDef, GameState } from './game.js';
import { BEAT_DECISIONS, listsLegal, pulse } from './play.js';
import { Rng } from './rng.js';
import { makeStrategy, type Strategy, type StrategyDef, type StrategySpec } from './strategy.js';

/** Particles, unless told: enough that the win share of a late mahjong hand is stable to a
 * point or two (the calibration study), few enough that the filter costs less than the race. */
export const PARTICLES = 256;

/**
 * Independent filters the particles are split into, each resampling within itself: a filter's
 * particles are few hands that explain the play, drawn by chance, and another draw of them moves
 * what the rollouts dealt from them give by more than the rollouts' own luck (issue 49: a Korean
 * action's value over four seeds of advice spread 2.1 times as far as its interval said, a
 * paired difference 1.2 times; dealt uniformly 0.7 and 0.7). The spread between the groups'
 * rollouts measures that doubt, and the race's intervals count it (core/advise.ts: `spread`).
 */
export const GROUPS = 8;

/** The softened policy's share of a uniform choice (SoftPolicy): the others are taken to play
 * the policy's choice with probability 1 - EPSILON and a legal action uniformly otherwise.
 * Chosen by the calibration study (experiments/advise-calibration.ts). */
export const EPSILON = 0.1;

/** Move the particles (resample-move without the resampling) when at least this share of them
 * met a decision at a step that the policy would not have made (Tracker.strained). */
const STRAINED = 0.25;

/** Resample when the effective sample size falls below this share of the particles. */
const RESAMPLE_BELOW = 0.5;

/** Metropolis-Hastings moves per particle at the decision, where the tracker has them
 * (Tracker.rejuvenate). Chosen by the calibration study. */
export const MOVES = 24;
/** The same after each resampling on the way (resample-move): the particles copied there are
 * moved apart before the play goes on. */
export const STEP_MOVES = 4;

/** The public history of the round under way as the deciding seat saw it: the true table at the
 * round's first decision (a tracker keeps only what `seat` knows of it), and the record's events
 * from that decision's own line up to the decision now (not included). */
export interface RoundHistory<S extends GameState = GameState> {
  first: S;
  events: readonly GameEvent[];
  seat: number;
}

/**
 * A game's part in the filter: one particle's replay of the round. The filter calls `begin` once
 * per particle (on a copy of the history's first table), then `advance` step by step, and
 * resamples between steps.
 */
export interface Tracker<S extends GameState = GameState> {
  /** The record's steps up to the decision: the filter may resample after each. */
  readonly steps: number;
  /** Deals particle i's hidden places anew (p is a copy of the first table); the log of its weight. */
  begin(p: S, i: number, rng: Rng): number;
  /** Plays particle i through step k; the log of the factor its weight takes (-Infinity: the
   * particle cannot have played so). */
  advance(p: S, i: number, k: number, rng: Rng): number;
  /** Particle i now continues particle parents[i] (resampling): its own data follows. */
  resampled(parents: Int32Array): void;
  /**
   * Moves particle i (at the decision, after the last resampling) by `moves` Metropolis-Hastings
   * steps that leave the posterior as it is: resampling only copies the particles that explain
   * the play, never mends what they got wrong at the start, so where the evidence builds up
   * over a long history the particles would stay near the proposal's hands without it.
   * Returns the steps accepted. Optional: a game without it is not moved.
   */
  rejuvenate?(p: S, i: number, moves: number, rng: Rng, played?: number): number;
  /** Whether the particle's last `advance` met a decision the policy would not have made: its
   * hands explain the step only by the softened policy's departure. Optional. */
  strained?(): boolean;
  /** Writes into `out` the decision's table `now` with the hidden places of particle p (at the
   * same decision) and the rest of what the seat cannot see dealt anew from `rng`. */
  deal(now: S, p: S, rng: Rng, out: S): void;
}

/** What a game gives the filter (GameDef.infer). */
export interface InferenceDef<S extends GameState = GameState, R = any> {
  /** The tracker of one history, or why the game cannot follow it (the dealing is then uniform). */
  tracker(history: RoundHistory<S>, rules: R, soft: SoftPolicy): Tracker<S> | string;
  /**
   * The true deal, for a calibration (experiments/advise-calibration.ts): `out` becomes `s` with
   * every hidden hand kept as it truly is and only what no seat holds (the wall, the pile) dealt
   * anew from `rng`, which becomes the stream of every later chance event. What an inferred or
   * uniform dealing predicts is compared with what rollouts from it give.
   */
  truth(s: S, seat: number, rng: Rng, out: S): void;
}

/**
 * The others' play as evidence: the probability, under the policy softened, that seat x at `s`
 * makes one of a set of decisions the record allows. The policy is taken to make its own choice
 * with probability 1 - eps and to pick a legal action uniformly otherwise, so a decision the
 * policy would not make keeps a small probability (eps / legal actions) and a particle whose
 * hands explain the play well outweighs one that does not, without ruling out play the policy
 * does not model (another bot, a person).
 */
export class SoftPolicy {
  private readonly strategies: Strategy[];
  private readonly lists: boolean[];
  private readonly legal: Int16Array;
  /** The decision `weigh` picked to apply, and its amount. */
  action = -1;
  amount = 0;
  /** The policy's own choice at the last decision weighed (-1: none was made, no allowed
   * action being legal): where it is not among the allowed ones, the particle's hand is what
   * made the policy depart from the record (a tracker's moves may aim at it). */
  choice = -1;

  constructor(
    readonly game: GameDef,
    readonly rules: unknown,
    policy: StrategySpec,
    defs: readonly StrategyDef[],
    readonly eps = EPSILON,
  ) {
    const seats = game.seats(rules);
    this.strategies = Array.from({ length: seats }, () => makeStrategy(policy, defs, rules));
    this.lists = this.strategies.map((st) => listsLegal(game, st));
    this.legal = new Int16Array(game.maxActions(rules));
  }

  /**
   * The log probability that seat x at `s` makes one of allowed[0..k) (legal actions; an
   * allowed action that is not legal is left out), with `amount` for one that takes an amount;
   * sets `action` to the one to apply: the policy's choice where allowed, else one of the
   * allowed ones picked uniformly with `rng` (as the softened policy would, given the record).
   */
  weigh(s: GameState, x: number, allowed: ArrayLike<number>, k: number, amount: number, rng: Rng): number {
    return Math.log(this.probability(s, x, allowed, k, amount, rng));
  }

  /** The probability `weigh` takes the log of (0 where none of the allowed actions is legal). */
  probability(s: GameState, x: number, allowed: ArrayLike<number>, k: number, amount: number, rng: Rng): number {
    const { game, legal } = this;
    const m = game.legal(s, legal);
    let c = 0;
    for (let i = 0; i < k; i++) if (isIn(legal, m, allowed[i]!)) c++;
    this.choice = -1;
    if (c === 0) return 0;
    const st = this.strategies[x]!;
    const a = st.choose(game.view(s, x), legal, this.lists[x] ? m : 0, rng);
    this.choice = a;
    // The amount the policy would bet is not weighed: the record's is applied.
    let hit = false;
    for (let i = 0; i < k && !hit; i++) hit = allowed[i] === a;
    const uniform = this.eps / m;
    const p = (hit ? 1 - this.eps : 0) + c * uniform;
    // Which allowed decision the softened policy made: its choice with probability
    // (1 - eps + eps / m) / p, else one of the allowed ones at eps / m each.
    if (hit && rng.next() * p < 1 - this.eps + uniform) this.action = a;
    else {
      let j = hit ? rng.int(c - 1) : rng.int(c);
      this.action = -1;
      for (let i = 0; i < k; i++) {
        const b = allowed[i]!;
        if (!isIn(legal, m, b) || (hit && b === a)) continue;
        if (j-- === 0) {
          this.action = b;
          break;
        }
      }
    }
    this.amount = amount;
    return p;
  }
}

function isIn(list: Int16Array, m: number, a: number): boolean {
  for (let i = 0; i < m; i++) if (list[i] === a) return true;
  return false;
}

/** How the filter went: what `advise` reports beside its playouts. */
export interface InferenceReport {
  particles: number;
  /** The effective sample size of the weights at the decision, before the last resampling:
   * (sum w)^2 / sum w^2, from 1 (one particle carries all the weight) to `particles`. */
  ess: number;
  /** The least effective sample size met on the way (before each resampling). */
  minEss: number;
  /** Resamplings on the way (the last one, to equal weights, not counted). */
  resamplings: number;
  steps: number;
  /** Distinct particles left at the decision, after the last resampling. */
  distinct: number;
  /** The independent filters the particles were split into (GROUPS) that explain the play:
   * the rollouts are dealt from these, and their spread is the filter's doubt. */
  groups: number;
}

/**
 * The particle filter: `count` tables, their log weights, and the tracker that plays them, split
 * into `groups` filters of their own (GROUPS). Run it with `run`; then an InferredDealer deals
 * each rollout from one of a group's particles, picked uniformly.
 */
export class ParticleFilter<S extends GameState = GameState> {
  private states: S[];
  private spare: S[];
  private readonly logw: Float64Array;
  private readonly parents: Int32Array;
  private readonly rngs: Rng[];
  /** Particles a group holds: group g holds [g * size, (g + 1) * size). */
  readonly size: number;
  /** The groups whose particles can have played as the record says, after `run`. */
  live: number[] = [];
  report: InferenceReport | null = null;
  /** The share of the rejuvenating moves accepted at the decision (Tracker.rejuvenate), or null
   * where the tracker has none. */
  accepted: number | null = null;

  constructor(
    readonly game: GameDef<S>,
    rules: unknown,
    readonly count = PARTICLES,
    readonly moves = MOVES,
    readonly stepMoves = STEP_MOVES,
    readonly groups = GROUPS,
  ) {
    if (!(groups >= 1 && count % groups === 0)) throw new Error(`${count} particles do not split into ${groups} groups`);
    this.size = count / groups;
    this.states = Array.from({ length: count }, () => game.create(rules));
    this.spare = Array.from({ length: count }, () => game.create(rules));
    this.logw = new Float64Array(count);
    this.parents = new Int32Array(count);
    this.rngs = Array.from({ length: count }, () => new Rng(null));
  }

  /**
   * Plays every particle through the tracker's steps from the history's first table, drawing
   * from `rng`. Returns false when no particle can have played as the record says (then the
   * dealing falls back to uniform, and the report says so with an ESS of 0). A group none of
   * whose particles can have is left out of `live`.
   */
  run(history: RoundHistory<S>, tracker: Tracker<S>, rng: Rng): boolean {
    const { game, count, logw, groups, size } = this;
    this.seedParticles(rng, null);
    for (let i = 0; i < count; i++) {
      const p = this.states[i]!;
      game.copy(history.first, p);
      logw[i] = tracker.begin(p, i, this.rngs[i]!);
    }
    const ess = new Float64Array(groups);
    const strained = new Int32Array(groups);
    const resample = new Uint8Array(groups);
    const moving = new Uint8Array(groups);
    let minEss = count,
      resamplings = 0;
    const fail = (): false => {
      this.report = { particles: count, ess: 0, minEss: 0, resamplings, steps: tracker.steps, distinct: 0, groups: 0 };
      return false;
    };
    for (let k = 0; k < tracker.steps; k++) {
      strained.fill(0);
      for (let i = 0; i < count; i++) {
        if (logw[i] === -Infinity) continue;
        // A particle's step replays a decision of the softened policy: the run's watchdog hears
        // it, as it hears every decision played (a study's filter is no strategy's one decision).
        pulse.beat[BEAT_DECISIONS]!++;
        logw[i]! += tracker.advance(this.states[i]!, i, k, this.rngs[i]!);
        if (tracker.strained?.()) strained[(i / size) | 0]!++;
      }
      for (let g = 0; g < groups; g++) ess[g] = this.ess(g);
      const total = ess.reduce((a, b) => a + b, 0);
      if (total === 0) return fail();
      if (k === tracker.steps - 1) break;
      resample.fill(0);
      moving.fill(0);
      for (let g = 0; g < groups; g++) {
        if (ess[g] === 0) continue;
        if (ess[g]! < RESAMPLE_BELOW * size) resample[g] = moving[g] = 1;
        // Where many particles explain a step only by the policy's departure, the weights stay
        // even (they all depart alike) and no resampling comes to move them, so the departures
        // pile up: the particles are moved there too, their weights kept.
        else if (strained[g]! >= STRAINED * size) moving[g] = 1;
      }
      if (resample.some((r) => r === 1)) {
        minEss = Math.min(minEss, total);
        this.resample(tracker, rng, resample);
        resamplings++;
      }
      if (tracker.rejuvenate && this.stepMoves > 0 && moving.some((m) => m === 1)) this.move(tracker, this.stepMoves, k + 1, moving);
    }
    for (let g = 0; g < groups; g++) ess[g] = this.ess(g);
    const total = ess.reduce((a, b) => a + b, 0);
    if (total === 0) return fail();
    this.live = [];
    for (let g = 0; g < groups; g++) if (ess[g]! > 0) this.live.push(g);
    const every = new Uint8Array(groups).fill(1);
    this.resample(tracker, rng, every);
    const distinct = new Set(this.live.flatMap((g) => Array.from(this.parents.subarray(g * size, (g + 1) * size)))).size;
    if (tracker.rejuvenate && this.moves > 0)
      this.accepted = this.move(tracker, this.moves, undefined, every) / (this.live.length * size * this.moves);
    this.report = {
      particles: count,
      ess: total,
      minEss: Math.min(minEss, total),
      resamplings,
      steps: tracker.steps,
      distinct,
      groups: this.live.length,
    };
    return true;
  }

  /** Moves every living particle of the groups marked in `which` `moves` times after `played`
   * steps (the whole record where undefined); the moves accepted. A move replays decisions of
   * the softened policy: each particle's beats the watchdog. */
  private move(tracker: Tracker<S>, moves: number, played: number | undefined, which: Uint8Array): number {
    let a = 0;
    for (let i = 0; i < this.count; i++) {
      if (this.logw[i] === -Infinity || which[(i / this.size) | 0] === 0) continue;
      pulse.beat[BEAT_DECISIONS]!++;
      a += tracker.rejuvenate!(this.states[i]!, i, moves, this.rngs[i]!, played);
    }
    return a;
  }

  /** The particle states after `run` (equally weighted within each live group). */
  particle(i: number): S {
    return this.states[i]!;
  }

  /** Every particle's own stream (only those of the groups marked in `which`, unless null),
   * started from `rng`: duplicates after a resampling draw apart. */
  private seedParticles(rng: Rng, which: Uint8Array | null): void {
    this.rngs.forEach((r, i) => {
      if (which === null || which[(i / this.size) | 0] === 1) r.seedFrom(rng.next(), rng.next(), rng.next());
    });
  }

  /** (sum w)^2 / sum w^2 of group g's weights, 0 when every weight is 0. */
  private ess(g: number): number {
    const { logw, size } = this;
    const from = g * size,
      to = from + size;
    let top = -Infinity;
    for (let i = from; i < to; i++) if (logw[i]! > top) top = logw[i]!;
    if (top === -Infinity) return 0;
    let s = 0,
      s2 = 0;
    for (let i = from; i < to; i++) {
      const w = Math.exp(logw[i]! - top);
      s += w;
      s2 += w * w;
    }
    return (s * s) / s2;
  }

  /** Systematic resampling to equal weights of each living group marked in `which`: particle i
   * becomes a copy of parents[i], a particle of its own group (the rest stay themselves). */
  private resample(tracker: Tracker<S>, rng: Rng, which: Uint8Array): void {
    const { logw, parents, game, size } = this;
    for (let i = 0; i < this.count; i++) parents[i] = i;
    for (let g = 0; g < this.groups; g++) {
      if (which[g] === 0) continue;
      const from = g * size,
        to = from + size;
      let top = -Infinity;
      for (let i = from; i < to; i++) if (logw[i]! > top) top = logw[i]!;
      if (top === -Infinity) continue;
      let total = 0;
      for (let i = from; i < to; i++) total += Math.exp(logw[i]! - top);
      const step = total / size;
      let u = rng.next() * step;
      let acc = 0,
        j = from - 1;
      for (let i = from; i < to; i++) {
        while (acc <= u && j < to - 1) acc += Math.exp(logw[++j]! - top);
        parents[i] = j;
        u += step;
      }
      logw.fill(0, from, to);
    }
    // Only the resampled groups' tables are copied: a group keeps its own where it was not.
    const { states, spare } = this;
    for (let i = 0; i < this.count; i++) if (parents[i] !== i) game.copy(states[parents[i]!]!, spare[i]!);
    for (let i = 0; i < this.count; i++) if (parents[i] !== i) [states[i], spare[i]] = [spare[i]!, states[i]!];
    tracker.resampled(parents);
    this.seedParticles(rng, which);
  }
}

/** How a rollout's hidden places are dealt: GameDef.determinize (uniformly from the unseen), or
 * from inferred particles (InferredDealer). Rollouts takes one. */
export interface Dealer<S extends GameState = GameState> {
  /** Deals rollout `rollout`'s hidden places (its index in the decision's rollouts). */
  determinize(s: S, seat: number, rng: Rng, out: S, rollout: number): void;
  /** Where the dealing comes from independent filters (ParticleFilter.groups): how many, rollout
   * i dealt from group i % groups. */
  readonly groups?: number;
}

/** The uniform dealing of a game: its own determinization. */
export function uniformDealer<S extends GameState>(game: GameDef<S>): Dealer<S> {
  return { determinize: (s, seat, rng, out) => game.determinize(s, seat, rng, out) };
}

/** Rollouts dealt from a filter's particles: rollout i from the live group i % groups, whose
 * particle (equally weighted) its stream picks, then the rest of what the seat cannot see dealt
 * anew (Tracker.deal). */
export class InferredDealer<S extends GameState> implements Dealer<S> {
  readonly groups: number;

  constructor(
    readonly filter: ParticleFilter<S>,
    private readonly tracker: Tracker<S>,
  ) {
    this.groups = filter.live.length;
  }

  determinize(s: S, _seat: number, rng: Rng, out: S, rollout: number): void {
    const { filter } = this;
    const g = filter.live[rollout % this.groups]!;
    const p = filter.particle(g * filter.size + rng.int(filter.size));
    this.tracker.deal(s, p, rng, out);
  }
}

/** The dealing a decision's rollouts get: inferred from the history where the game can, with
 * how the filter went; uniform otherwise, with why. */
export interface Dealing<S extends GameState = GameState> {
  dealer: Dealer<S>;
  /** The filter's figures, where it ran. */
  report: InferenceReport | null;
  /** Why the dealing is uniform after all, where inference was asked for. */
  uniform: string | null;
}

/** Whether the filter's particles deal the rollouts: inference was asked for and ran. A
 * dealing asked to be uniform, or fallen back to it, is the rollouts' own (their default
 * dealer), so that a race may play its blocks on the worker pool. */
export const isInferred = (d: Dealing): boolean => d.uniform === null && d.report !== null;

/**
 * Runs the filter over `history` with `policy` softened, drawing from `rng`: the inferred
 * dealing, or the uniform one with why (the game infers nothing, the history is one its tracker
 * cannot follow, or no particle could have played as the record says).
 */
export function inferDealing<S extends GameState>(
  game: GameDef<S>,
  rules: unknown,
  history: RoundHistory<S>,
  policy: StrategySpec,
  defs: readonly StrategyDef[],
  rng: Rng,
  particles = PARTICLES,
  eps = EPSILON,
  moves = MOVES,
  stepMoves = STEP_MOVES,
  groups = GROUPS,
): Dealing<S> {
  const uniform = (why: string, report: InferenceReport | null = null): Dealing<S> => ({
    dealer: uniformDealer(game),
    report,
    uniform: why,
  });
  if (!game.infer) return uniform(`${game.id} has nothing hidden to infer from the others' play`);
  const soft = new SoftPolicy(game, rules, policy, defs, eps);
  const tracker = game.infer.tracker(history, rules, soft);
  if (typeof tracker === 'string') return uniform(tracker);
  const filter = new ParticleFilter(game, rules, particles, moves, stepMoves, groups);
  if (!filter.run(history, tracker, rng))
    return uniform('no particle could have played as the record says (the others play unlike the policy)', filter.report);
  return { dealer: new InferredDealer(filter, tracker), report: filter.report, uniform: null };
}

/**
 * The table at the first decision of the round under way, kept while a game is played or a
 * record re-played decision by decision (`see` at each): where a round's history starts.
 */
export class RoundStart<S extends GameState = GameState> {
  private state: S | null = null;
  /** The round of the kept table, and the line (or event index) of its decision. */
  round = -1;
  at = -1;

  constructor(
    private readonly game: GameDef<S>,
    private readonly rules: unknown,
  ) {}

  /** The decision at `at` on `s`: kept when it is the first of its round. */
  see(s: S, at: number): void {
    const round = this.game.round(s);
    if (this.state !== null && round === this.round) return;
    this.state ??= this.game.create(this.rules);
    this.game.copy(s, this.state);
    this.round = round;
    this.at = at;
  }

  /** The history of `seat`'s decision at `at`, from `events` (indexed as `see` counted them). */
  history(events: readonly GameEvent[], at: number, seat: number): RoundHistory<S> {
    return { first: this.state!, events: events.slice(this.at, at), seat };
  }
}
