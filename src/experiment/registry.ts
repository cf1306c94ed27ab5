import { GAMES } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { didYouMean } from '../core/suggest.js';
import type { ExperimentDef } from './experiment.js';
import { compare } from './compare.js';
import { sim } from './sim.js';
import { tuneRound } from './tune.js';
import { searchStrength } from '../../experiments/search-strength.js';
import { adviseCalibration } from '../../experiments/advise-calibration.js';

/** Every experiment: the ones any game runs (sim, compare), each game's own studies, then the
 * studies of every game at once. */
export const EXPERIMENTS: ExperimentDef[] = [sim, compare, tuneRound, ...GAMES.flatMap((g) => g.experiments), searchStrength, adviseCalibration];

/** The studies a user runs by name (`run`, `list`): every experiment but sim, compare and tune, which have their own commands. */
export const STUDIES: ExperimentDef[] = EXPERIMENTS.filter((e) => e !== sim && e !== compare && e !== tuneRound);

export function experimentDef(name: string): ExperimentDef {
  const e = EXPERIMENTS.find((x) => x.name === name);
  if (!e)
    throw new InputError(
      `unknown experiment "${name}"${didYouMean(
        name,
        EXPERIMENTS.map((x) => x.name),
      )}; allowed: ${EXPERIMENTS.map((x) => x.name).join(', ')}`,
    );
  return e;
}

/** A study by name, for `run`: sim is refused with where to find it. */
export function studyDef(name: string): ExperimentDef {
  if (name === sim.name) throw new InputError('run sim: sim is not a study; use pongsim sim <game> --seats SPEC,... for an ad-hoc study');
  if (name === tuneRound.name)
    throw new InputError("run tune: tune is not a study; use pongsim tune <game> --strategy 'name(p=lo..hi:step)' --budget GAMES");
  if (name === compare.name)
    throw new InputError(
      "run compare: compare is not a study; use pongsim compare <game> --arm 'NAME: ...' --arm ... (or --study FILE.json)",
    );
  const e = STUDIES.find((x) => x.name === name);
  if (!e)
    throw new InputError(
      `unknown experiment "${name}"${didYouMean(name, ['default', ...STUDIES.map((x) => x.name)])}; allowed: default, ${STUDIES.map((x) => x.name).join(', ')}`,
    );
  return e;
}
