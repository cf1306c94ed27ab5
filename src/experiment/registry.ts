import { GAMES } from '../catalog.js';
import { InputError } from '../core/errors.js';
import type { ExperimentDef } from './experiment.js';
import { sim } from './sim.js';

/** Every experiment: the ones any game runs (sim), then each game's own studies. */
export const EXPERIMENTS: ExperimentDef[] = [sim, ...GAMES.flatMap((g) => g.experiments)];

export function experimentDef(name: string): ExperimentDef {
  const e = EXPERIMENTS.find((x) => x.name === name);
  if (!e) throw new InputError(`unknown experiment "${name}"; allowed: ${EXPERIMENTS.map((x) => x.name).join(', ')}`);
  return e;
}
