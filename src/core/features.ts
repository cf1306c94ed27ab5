import type { Action } from './game.js';

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
  /** Writes action `a`'s features at the decision `v` shows into out[at .. at + names.length). */
  fill(v: V, a: Action, out: Float64Array, at: number): void;
}

/** The feature every distilled policy has first: the action is the one its base bot chooses.
 * The policy then starts from that bot and learns where the teacher departs from it. */
export const BASE_FEATURE = 'base';

/** Every feature of a distilled policy of `set`: the base feature, then the game's. */
export const featureNames = (set: FeatureSet): string[] => [BASE_FEATURE, ...set.names];

/**
 * Writes the features of each of the decision's legal actions, legal[0..n), one row after another
 * into out (which holds n rows of 1 + set.names.length), `base` the action the base bot chose.
 */
export function optionRows<V>(set: FeatureSet<V>, v: V, legal: Int16Array, n: number, base: Action, out: Float64Array): void {
  const width = 1 + set.names.length;
  for (let i = 0; i < n; i++) {
    const a = legal[i]!;
    out[i * width] = a === base ? 1 : 0;
    set.fill(v, a, out, i * width + 1);
  }
}
