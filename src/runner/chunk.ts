import { experimentDef } from '../experiment/registry.js';
import type { Experiment, ExperimentParams } from '../experiment/experiment.js';
import { newTally, type Tally } from '../stats/tally.js';
import type { Task } from './plan.js';

export interface ChunkTask extends Task {
  experiment: string;
  params: ExperimentParams;
  seed: string;
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
  for (let i = task.start; i < task.end; i++) {
    try {
      exp.runGame(task.cell, i, task.seed, tally);
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      throw new Error(`${msg} [experiment ${exp.name}, cell ${exp.cells[task.cell]}, game index ${i}, seed ${task.seed}]`);
    }
  }
  return tally;
}
