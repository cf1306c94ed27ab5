import type { GameDef } from '../src/core/game.js';
import { Candidates, featureNames, type FeatureSet } from '../src/core/features.js';
import { makeStrategy, parseSpec, type Strategy, type StrategyDef, type StrategySpec } from '../src/core/strategy.js';
import { readDistilled, type DistilledFile } from '../src/io/distilled-file.js';
import { packagePath } from '../src/io/package.js';
import { InputError } from '../src/core/errors.js';

/** Where a game's shipped distilled policy lives, from the package root: the reference run of
 * `pongsim distill <game>`, which `distilled` plays when no file is given. */
export const distilledReference = (game: string): string => `results/reference/distill/${game}.distilled.json`;

/**
 * A fast policy: at each decision it scores every legal action (and, for a bet, each of a few
 * amounts and the base's own: core/features.ts Candidates) by a weighted sum of the game's
 * features of it (the first: the candidate is the one `base` chooses) and plays the highest (the
 * first listed of those tied). The weights come from a file `pongsim distill` fitted to a slow
 * bot's choices.
 */
export function distilledStrategy(features: FeatureSet, base: Strategy, weights: readonly number[], maxActions: number): Strategy {
  const cands = new Candidates(features, maxActions);
  const { width, rows } = cands;
  let chosenA = -1,
    chosenX = 0;
  return {
    choose(v, legal, n, rng) {
      const c = cands.build(v, legal, n, base, rng);
      let best = 0,
        top = -Infinity;
      for (let i = 0; i < c; i++) {
        let s = 0;
        for (let j = 0; j < width; j++) s += weights[j]! * rows[i * width + j]!;
        if (s > top) {
          top = s;
          best = i;
        }
      }
      chosenA = cands.a[best]!;
      chosenX = cands.x[best]!;
      return chosenA;
    },
    // The amount scored with the action chosen (the table asks right after choose).
    ...(features.amountBounds
      ? { amount: (_v: unknown, a: number, min: number, max: number) => (a === chosenA ? Math.min(max, Math.max(min, chosenX)) : min) }
      : {}),
  };
}

/** The distilled strategy of one game whose engine computes `features`: its file, checked when
 * a spec names it (before any game is played), and its base bot among the game's `defs`. */
export function distilledDef(game: GameDef, defs: StrategyDef[], features: FeatureSet): StrategyDef {
  const names = featureNames(features);
  const load = (rules: unknown, spec: StrategySpec | undefined): { file: DistilledFile; base: StrategySpec } => {
    const path = spec?.files?.file ?? packagePath(distilledReference(game.id));
    const file = readDistilled(path, game.id, names, rules as Record<string, unknown>, features.sessionRules);
    const plain = defs.filter((d) => !d.searches);
    let base: StrategySpec;
    try {
      base = parseSpec(file.base, plain, game.id, rules);
    } catch (e) {
      if (e instanceof InputError) throw new InputError(`${path}: "base": ${e.message}`);
      throw e;
    }
    return { file, base };
  };
  return {
    name: 'distilled',
    game: game.id,
    doc: `a fast policy fitted to a search bot's play by pongsim distill: each legal action scored by a weighted sum of the ${names.length} features the engine computes of it (the first: whether the file's base bot would take it), the highest played; the weights from \`file\`, a JSON file pongsim distill wrote (default the shipped ${distilledReference(game.id)})`,
    params: [],
    fileParams: [{ name: 'file', doc: 'the distilled policy file (JSON) pongsim distill wrote', default: distilledReference(game.id) }],
    check: (rules, spec) => void load(rules, spec),
    make(_params, rules, spec) {
      const { file, base } = load(rules, spec);
      return distilledStrategy(features, makeStrategy(base, defs, rules), file.weights, game.maxActions(rules));
    },
  };
}
