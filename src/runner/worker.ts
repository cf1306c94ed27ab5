import { runChunk, type ChunkTask } from './chunk.js';

export default function work(task: ChunkTask) {
  return runChunk(task);
}
