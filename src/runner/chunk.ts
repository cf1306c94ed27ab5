import { experimentDef } from '../experiment/registry.js';
import type { Experiment, ExperimentParams } from '../experiment/experiment.js';
import { newTally, type Tally } from '../stats/tally.js';
import type { Task } from './plan.js';
import { BEAT_BUSY, BEAT_CELL, BEAT_GAME, pulse } from '../core/play.js';

export interface ChunkTask extends Task {
  experiment: string;
  params: ExperimentParams;
  seed: string;
  /** The main thread's build identity: a worker of another build refuses the task (worker.ts). */
  build: string;
  /** The run's watchdog buffer (shared with the main thread, not copied). */
  pulse?: SharedArrayBuffer;
}

// Building an experiment resolves rules and strategies; a worker does it once per study.
const built = new Map<string, Experiment>();

export function buildExperiment(name: string, params: ExperimentParams): Experiment {
  const key = JSON.stringify([name, params]);
  let exp = built.get(key);
  if (!exp) {
    exp = experimentDef(name).build(params);
    built.set(key, exp);
  }
  return exp;
}

/** Runs one chunk: a pure function of the task. Also the piscina worker's body. */
export function runChunk(task: ChunkTask): Tally {
  const exp = buildExperiment(task.experiment, task.params);
  const tally = newTally();
  // What the watchdog reads (runner/watchdog.ts): the cell and game under way.
  const beat = pulse.beat;
  beat[BEAT_CELL] = task.cell;
  beat[BEAT_BUSY] = 1;
  try {
    for (let i = task.start; i < task.end; i++) {
      beat[BEAT_GAME] = i;
      try {
        exp.runGame(task.cell, i, task.seed, tally);
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        throw new Error(`${msg} [experiment ${exp.name}, cell ${exp.cells[task.cell]}, game index ${i}, seed ${task.seed}]`);
      }
    }
  } finally {
    beat[BEAT_BUSY] = 0;
  }
  return tally;
}
