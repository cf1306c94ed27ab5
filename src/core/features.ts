import type { Action } from './game.js';
import type { Rng } from './rng.js';
import { AMOUNT_STEPS, amountStep } from './rollouts.js';
import type { Strategy } from './strategy.js';

/**
 * What a game's engine computes of one legal action at one decision, as numbers: the features a
 * distilled policy scores actions by (strategies/distilled.ts), each game's beside its bots
 * (strategies/<game>/features.ts). A fitted file names the features it was fitted on, and a build
 * that computes others refuses it.
 */
export interface FeatureSet<V = any> {
  /** The features' names, in order. */
  names: readonly string[];
  /** Rules a fitted policy plays under whatever their value (those of a session, which change no
   * decision of one round or hand: the number of rounds, who starts); it is refused under a
   * value of any other rule than the one it was fitted under. */
  sessionRules: readonly string[];
  /** Called once per decision, before `fill` is called for each of its candidates: a set
   * computes here what every candidate reads (mahjong: one pass of shanten and live tiles over
   * all the discards), so that `fill` need not repeat it per candidate. */
  prepare?(v: V): void;
  /** Writes the features of action `a` with amount `amount` (0 for an action that takes none) at
   * the decision `v` shows (after `prepare(v)`) into out[at .. at + names.length). */
  fill(v: V, a: Action, amount: number, out: Float64Array, at: number): void;
  /** In a game whose actions take an amount (a bet): as GameDef.amountBounds, from the view. The
   * policy then scores each of a few amounts of such an action (the search bot's, AMOUNT_STEPS)
   * and its base bot's own. */
  amountBounds?(v: V, a: Action, out: Float64Array): boolean;
}

/** The feature every distilled policy has first: the action is the one its base bot chooses.
 * The policy then starts from that bot and learns where the teacher departs from it. */
export const BASE_FEATURE = 'base';

/** Every feature of a distilled policy of `set`: the base feature, then the game's. */
export const featureNames = (set: FeatureSet): string[] => [BASE_FEATURE, ...set.names];

/**
 * A decision's candidates as a distilled policy scores them: each legal action, and for one that
 * takes an amount each of AMOUNT_STEPS of the way between its bounds and the base bot's amount
 * (each amount once); and each candidate's features, one row after another (1 + the set's
 * features: the first whether the candidate is the base bot's choice, amount and all).
 */
export class Candidates<V = any> {
  readonly width: number;
  readonly a: Int16Array;
  readonly x: Float64Array;
  readonly rows: Float64Array;
  /** How many candidates the last `build` set, and which of them is the base bot's. */
  count = 0;
  base = 0;
  /** The base bot's action at the last `build`. */
  baseAction: Action = 0;
  private readonly bounds = new Float64Array(2);

  constructor(
    readonly set: FeatureSet<V>,
    maxActions: number,
  ) {
    this.width = 1 + set.names.length;
    const most = maxActions * (set.amountBounds ? AMOUNT_STEPS.length + 1 : 1);
    this.a = new Int16Array(most);
    this.x = new Float64Array(most);
    this.rows = new Float64Array(most * this.width);
  }

  /** Sets the candidates of the decision `v` shows, legal[0..n), `base` choosing with `rng`. */
  build(v: V, legal: Int16Array, n: number, base: Strategy<V>, rng: Rng): number {
    const { set, bounds } = this;
    const b = base.choose(v, legal, n, rng);
    const bx = set.amountBounds?.(v, b, bounds) ? base.amount!(v, b, bounds[0]!, bounds[1]!, rng) : 0;
    this.baseAction = b;
    set.prepare?.(v);
    let c = 0;
    for (let i = 0; i < n; i++) {
      const a = legal[i]!;
      if (!set.amountBounds?.(v, a, bounds)) {
        c = this.add(c, v, a, 0, a === b);
        continue;
      }
      const lo = bounds[0]!,
        hi = bounds[1]!;
      const first = c;
      for (const f of AMOUNT_STEPS) {
        const x = amountStep(lo, hi, f);
        if (!this.holds(first, c, x)) c = this.add(c, v, a, x, a === b && x === bx);
      }
      if (a === b && !this.holds(first, c, bx)) c = this.add(c, v, a, bx, true);
    }
    this.count = c;
    return c;
  }

  /** The candidate of action `a` whose amount is nearest `x` (the first of those as near). */
  nearest(a: Action, x: number): number {
    let best = -1;
    for (let j = 0; j < this.count; j++)
      if (this.a[j] === a && (best < 0 || Math.abs(this.x[j]! - x) < Math.abs(this.x[best]! - x))) best = j;
    return best;
  }

  private holds(from: number, to: number, x: number): boolean {
    for (let j = from; j < to; j++) if (this.x[j] === x) return true;
    return false;
  }

  private add(c: number, v: V, a: Action, x: number, isBase: boolean): number {
    this.a[c] = a;
    this.x[c] = x;
    this.rows[c * this.width] = isBase ? 1 : 0;
    if (isBase) this.base = c;
    this.set.fill(v, a, x, this.rows, c * this.width + 1);
    return c + 1;
  }
}
