// The module each worker thread of a run loads (through worker-entry.cts): the runner's worker
// body, handed the studies this library builds (studies.ts), the sim arm a replay plays, and the
// run's strategy plug-ins to load before a task plays; a block of a decision's rollouts
// (advise on several workers: rollouts.ts); one decision of a review (review.ts); and a part of a
// distillation's games (distill.ts).
import { CATALOG } from '../catalog/index.js';
import { loadVetted } from './plugins.js';
import type { PluginRef } from '../experiment/experiment.js';
import { simArm } from '../experiment/sim.js';
import { chunkWorker } from '../runner/worker.js';
import type { ChunkTask, ReplayTask } from '../runner/chunk.js';
import { playRollouts, type RolloutsTask } from './rollouts.js';
import { playDistill, type DistillTask } from './distill.js';
import { reviewTask, type ReviewTask } from './review.js';
import { experimentDef } from './studies.js';
import { thrownData } from '../core/errors.js';

const chunks = chunkWorker({
  study: experimentDef,
  simArm: (params) => simArm(params, CATALOG),
  prepare: (params) => loadVetted((params.plugins as PluginRef[] | undefined) ?? []),
});

const play = (task: ChunkTask | ReplayTask | RolloutsTask | DistillTask | ReviewTask) =>
  'rollouts' in task ? playRollouts(task) : 'review' in task ? reviewTask(task) : 'distill' in task ? playDistill(task) : chunks(task);

/** A task played, an error of ours handed back as data (core/errors.ts thrownData) that
 * runner/pool.ts runTask throws again as its class. */
export default async (task: Parameters<typeof play>[0]) => {
  try {
    return await play(task);
  } catch (e) {
    const d = thrownData(e);
    if (d) return d;
    throw e;
  }
};
