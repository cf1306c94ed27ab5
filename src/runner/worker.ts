import { acting } from '../core/play.js';
import { loadPlugins } from '../experiment/plugins.js';
import { runChunk, type ChunkTask } from './chunk.js';

// A strategy draws from the rng it is given, so that a run repeats from its seed: inside a
// run's workers Math.random throws, naming the strategy (nothing in pongsim itself calls it).
Math.random = () => {
  throw new Error(`strategy ${acting.name} at seat ${acting.seat} called Math.random: a strategy must draw from the rng passed to choose (and amount), so that a run repeats from its seed`);
};

export default async function work(task: ChunkTask) {
  await loadPlugins((task.params.plugins as string[] | undefined) ?? []);
  return runChunk(task);
}
