import { loadPlugins } from '../experiment/plugins.js';
import { runChunk, type ChunkTask } from './chunk.js';

export default async function work(task: ChunkTask) {
  await loadPlugins((task.params.plugins as string[] | undefined) ?? []);
  return runChunk(task);
}
