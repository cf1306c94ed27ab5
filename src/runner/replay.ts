import type { SimParams } from '../experiment/sim.js';
import { buildId } from '../io/build.js';
import type { Replayed, ReplayTask } from './chunk.js';
import { DECISION_TIMEOUT, endStuck, keptPool, runTask } from './pool.js';
import { stuckMessage, Watchdog } from './watchdog.js';

/**
 * `pongsim replay`: game `index` of a sim run, played as the run played it, with its trace. It
 * plays on a worker thread of the one-worker pool runs keep (runner/pool.ts), loading module
 * `worker` as a run's threads do, under the run's watchdog: a strategy stuck in one decision
 * fails the replay after `decisionTimeout` seconds, as it fails a run, instead of hanging it.
 */
export async function replayGame(
  worker: URL,
  params: SimParams,
  seed: string,
  index: number,
  decisionTimeout = DECISION_TIMEOUT,
  events = false,
): Promise<Replayed> {
  const pool = keptPool(worker, 1);
  const watchdog = new Watchdog(1, 1000 * decisionTimeout);
  let stuck: Error | null = null;
  watchdog.start((s) => {
    stuck = new Error(stuckMessage(s, `${params.game} game index ${s.game}, seed ${seed}`));
    void endStuck(worker, 1, pool);
  });
  try {
    const task: ReplayTask = { replay: { params, seed, index, ...(events ? { events } : {}) }, build: buildId(), pulse: watchdog.buffer };
    return (await runTask(pool, task)) as Replayed;
  } catch (e) {
    throw stuck ?? e;
  } finally {
    watchdog.stop();
  }
}
