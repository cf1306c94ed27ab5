import { Worker } from 'node:worker_threads';

/**
 * Runs one game's bench in a fresh worker thread. A study's worker plays one game, so the
 * shared game loop sees one game's types; benching every game in one thread would make
 * that loop polymorphic and slow the later games down by 10-20%.
 */
export function isolated<T>(bench: string, seconds: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./bench-worker.js', import.meta.url), { workerData: { bench, seconds } });
    w.once('message', (m: T) => resolve(m));
    w.once('error', reject);
  });
}
