import { actingSeat } from '../core/play.js';
import type { Arm } from '../experiment/arm.js';
import type { ExperimentDef, ExperimentParams } from '../experiment/experiment.js';
import type { SimParams } from '../experiment/sim.js';
import type { Tally } from '../stats/tally.js';
import { replayOne, runChunk, type ChunkTask, type Replayed, type ReplayTask } from './chunk.js';
import { attach } from './watchdog.js';
import { checkWorkerBuild } from '../io/build.js';

// A strategy draws from the rng it is given, so that a run repeats from its seed: inside a
// run's workers Math.random throws, naming the strategy (nothing in pongsim itself calls it).
Math.random = () => {
  const a = actingSeat();
  const who = a ? `strategy ${a.name} at seat ${a.seat}` : 'code outside a strategy';
  throw new Error(
    `${who} called Math.random: a strategy must draw from the rng passed to choose (and amount), so that a run repeats from its seed`,
  );
};

/** A chunk's tally, and the seconds the worker spent playing it (the run's time estimate). */
export interface ChunkResult {
  tally: Tally;
  seconds: number;
}

/**
 * What a run's worker threads are handed by the module they load, which the library writes
 * (library/worker.ts, with the list of studies it builds): the runner never looks a study up.
 */
export interface WorkerSetup {
  /** The study of a task, by its name (the one the main thread's run was handed). */
  study(name: string): ExperimentDef;
  /** The arm of a sim run, for a replay (experiment/sim.ts simArm on the library's games). */
  simArm(params: SimParams): Arm;
  /** What a task's parameters need loaded before it plays: the run's strategy plug-ins. */
  prepare(params: ExperimentParams): Promise<void>;
}

/** The piscina worker's body: a chunk or a replay task, played with what `setup` hands over. */
export function chunkWorker(setup: WorkerSetup): (task: ChunkTask | ReplayTask) => Promise<ChunkResult | Replayed> {
  return async (task) => {
    checkWorkerBuild(task.build, 'run', 'the engine was rebuilt during the run; run it again');
    if (task.pulse) attach(task.pulse);
    await setup.prepare('replay' in task ? task.replay.params : task.params);
    if ('replay' in task) return replayOne(task, setup.simArm);
    const start = performance.now();
    const tally = runChunk(task, setup.study(task.experiment));
    return { tally, seconds: (performance.now() - start) / 1000 };
  };
}
