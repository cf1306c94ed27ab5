// The composition root: the one place that lists every study, built with the catalog's games,
// and hands the list down. The runner is handed a study to run and the module its worker threads
// load (WORKER, whose worker.ts finds a task's study here by name); the report is handed the
// studies' order and headline columns. Nothing below the catalog looks a study up.

import { CATALOG, GAMES, SEARCHED } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { didYouMean } from '../core/suggest.js';
import type { ExperimentDef } from '../experiment/experiment.js';
import { compareDef } from '../experiment/compare.js';
import { leagueDef } from '../experiment/league.js';
import { simDef } from '../experiment/sim.js';
import { tuneRoundDef } from '../experiment/tune.js';
import { searchStrengthDef } from '../../experiments/search-strength.js';
import { adviseCalibrationDef, type CalibrationGame } from '../../experiments/advise-calibration.js';

/** The module each worker thread of a run (or replay) loads: worker-entry.cts, which loads worker.ts. */
export const WORKER = new URL('./worker-entry.cjs', import.meta.url);

/** The studies that are told a game's name, built with the catalog's games. */
export const sim = simDef(CATALOG);
export const compare = compareDef(CATALOG);
export const tuneRound = tuneRoundDef(CATALOG);
export const league = leagueDef(CATALOG);

/** A game as the calibration study plays it: its reference bot, and what advice counts as won. */
export function calibrationGame(id: string): CalibrationGame {
  const e = GAMES.find((g) => g.def.id === id)!;
  return { def: e.def, strategies: e.strategies, policy: e.defaultSeat, won: e.advise!.won.test };
}

/** Every experiment: the ones any game runs (sim, compare, tune, league), each game's own studies, then the
 * studies of every game at once. */
export const EXPERIMENTS: ExperimentDef[] = [
  sim,
  compare,
  tuneRound,
  league,
  ...GAMES.flatMap((g) => g.experiments),
  searchStrengthDef(SEARCHED),
  adviseCalibrationDef(calibrationGame),
];

/** The studies a user runs by name (`run`, `list`): every experiment but sim, compare, tune and league, which have their own commands. */
export const STUDIES: ExperimentDef[] = EXPERIMENTS.filter((e) => e !== sim && e !== compare && e !== tuneRound && e !== league);

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
  if (name === league.name) throw new InputError('run league: league is not a study; use pongsim league <game> --specs SPEC,SPEC,...');
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
