import { actingSeat } from '../core/play.js';
import { loadVetted, type PluginRef } from '../experiment/plugins.js';
import type { Tally } from '../stats/tally.js';
import { replayOne, runChunk, type ChunkTask, type Replayed, type ReplayTask } from './chunk.js';
import { attach } from './watchdog.js';
import { playRollouts, type RolloutsTask } from './rollouts.js';
import type { Block } from '../core/advise.js';
import { buildId, shortBuild } from '../io/build.js';

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

export default async function work(task: ChunkTask | ReplayTask | RolloutsTask): Promise<ChunkResult | Replayed | Block> {
  // A worker started after the engine was rebuilt (one replacing a worker that died) would
  // play other code under the run's build identity.
  if (task.build !== buildId())
    throw new Error(
      `this worker runs build ${shortBuild(buildId())} of pongsim and the run build ${shortBuild(task.build)}: the engine was rebuilt during the run; run it again`,
    );
  if ('rollouts' in task) return playRollouts(task);
  if (task.pulse) attach(task.pulse);
  const params = 'replay' in task ? task.replay.params : task.params;
  await loadVetted((params.plugins as PluginRef[] | undefined) ?? []);
  if ('replay' in task) return replayOne(task);
  const start = performance.now();
  const tally = runChunk(task);
  return { tally, seconds: (performance.now() - start) / 1000 };
}
