import { InputError } from '../core/errors.js';
import { parseSpec } from '../core/strategy.js';
import { addMean } from '../stats/tally.js';
import { Arm } from './arm.js';
import type { ExperimentDef, ExperimentParams, Games, PluginRef } from './experiment.js';

/** One round of `pongsim tune`: the configurations still in, on the same deals. */
export interface TuneRoundParams extends ExperimentParams {
  game: string;
  rules: Record<string, unknown>;
  /** The configurations' spec texts. */
  configs: string[];
  /** The other seats' specs, in line-up order; the tuned strategy goes in at `seat`. */
  against: string[];
  seat: number;
  /** Game indices of this round start here, so that each round plays fresh deals. */
  offset: number;
  plugins?: PluginRef[];
  /** The tuned seat's result less its luck of the draws (the variance-reduction layer, as
   * `compare --luck`): the same means, less noise between the configurations. */
  luck?: boolean;
}

/**
 * One round of a tuning run: every configuration takes the tuned seat against the same
 * field on the same deals, the line-up rotated through the seats by the game index
 * (duplicate). Tallies each configuration's result and every pair's paired difference. The game
 * is one of `catalog`'s.
 */
export const tuneRoundDef = (catalog: Games): ExperimentDef => ({
  name: 'tune',
  doc: "one round of pongsim tune: every configuration on the same deals, with every pair's paired difference",
  defaultGames: 1000,
  build(params) {
    const p = params as TuneRoundParams;
    const entry = catalog.game(p.game);
    const spec = (t: string) => parseSpec(t, entry.strategies, p.game, p.rules);
    const field = p.against.map(spec);
    const lineUp = (c: string) => [...field.slice(0, p.seat), spec(c), ...field.slice(p.seat)];
    const arms = p.configs.map((c) => new Arm(entry.def, p.rules, lineUp(c), entry.strategies));
    if (p.luck && !arms.every((a) => a.meter())) throw new InputError(`tune --luck: ${p.game} has no luck meter; leave --luck out`);
    const x = new Float64Array(arms.length);
    const n = field.length + 1;
    return {
      name: 'tune',
      games: p.games ?? 1000,
      chunk: Math.max(5, Math.round(400 / arms.length)),
      cells: [p.game],
      provenance: { game: p.game, rules: p.rules, configs: p.configs, against: p.against, seat: p.seat, ...(p.luck ? { luck: true } : {}) },
      runGame(_cell, index, seed, tally) {
        const g = p.offset + index;
        for (let i = 0; i < arms.length; i++) {
          arms[i]!.play(seed, 0, g, g % n);
          x[i] = (p.luck ? arms[i]!.corrected : arms[i]!.returns)[p.seat]!;
          addMean(tally, `m${i}`, x[i]!);
        }
        for (let i = 0; i < arms.length; i++) for (let j = i + 1; j < arms.length; j++) addMean(tally, `d${i}_${j}`, x[i]! - x[j]!);
      },
      tables: () => [],
    };
  },
});
