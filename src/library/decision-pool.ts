import { localPlayer, type Block, type BlockPlayer, type Choice, type DecisionOptions } from '../core/advise.js';
import { loadStateData } from '../core/copy.js';
import type { GameDef, GameState } from '../core/game.js';
import { BEAT_BUSY, BEAT_DECISIONS, BEAT_GAME, BEAT_SEAT, pulse } from '../core/play.js';
import { parseSpec, type StrategyDef } from '../core/strategy.js';
import type { PluginRef } from '../experiment/experiment.js';
import { buildId, checkWorkerBuild } from '../io/build.js';
import { DECISION_TIMEOUT, endStuck, keptPool, runTask } from '../runner/pool.js';
import { attach, stuckMessage, Watchdog } from '../runner/watchdog.js';
import { loadedPlugins, loadVetted } from './plugins.js';
import { WORKER } from './studies.js';

/**
 * Decisions of advise and review played on the worker pool runs keep (runner/pool.ts), each
 * worker loading what the main thread loaded (its strategy plug-ins), under a watchdog as a run's
 * games are: a strategy stuck in a playout stops the work after DECISION_TIMEOUT seconds with one
 * line, instead of hanging it.
 */

/** What every task of a decision carries beside its own part. */
export interface PoolTask {
  build: string;
  pulse: SharedArrayBuffer;
  plugins: PluginRef[];
}

/** Work handed out as threads come free: `away` gives the next task for a worker, with what to
 * do with its result (null: none left); `here`, where given, plays the next piece in this thread
 * (false: none left). This thread hears the workers, and hands them their next tasks, only
 * between its own pieces, or where a piece itself yields (piecePlayer). */
export interface PoolWork {
  away(): { task: object; done(result: unknown): void } | null;
  here?(): boolean | Promise<boolean>;
}

/**
 * Plays `work` on `workers` worker threads (and in this thread, where it has pieces of its own),
 * each task handed the build, the watchdog's buffer and this thread's plug-ins. `where(index)`
 * places a stuck playout in the message (the index the worker wrote to the watchdog's game
 * slot: see watched). A task that fails stops the work: those under way are stopped, none is
 * begun, and its error is thrown.
 */
export async function onPool(workers: number, work: PoolWork, where: (index: number) => string): Promise<void> {
  const pool = keptPool(WORKER, workers);
  const watchdog = new Watchdog(workers, 1000 * DECISION_TIMEOUT);
  const common: PoolTask = { build: buildId(), pulse: watchdog.buffer, plugins: loadedPlugins() };
  const stop = new AbortController();
  let failure: { error: unknown } | null = null;
  const fail = (error: unknown) => {
    failure ??= { error };
    stop.abort();
  };
  watchdog.start((s) => {
    fail(new Error(stuckMessage(s, where(s.game))));
    void endStuck(WORKER, workers, pool);
  });
  // One task in flight a worker: the next is handed out as the last one comes back.
  const lane = async () => {
    for (let w = failure ? null : work.away(); w; w = failure ? null : work.away()) {
      try {
        w.done(await runTask(pool, { ...w.task, ...common }, { signal: stop.signal }));
      } catch (e) {
        fail(e);
      }
    }
  };
  const here = async () => {
    try {
      while (!failure && (await work.here?.())) await new Promise(setImmediate);
    } catch (e) {
      fail(e);
    }
  };
  try {
    await Promise.all([...Array.from({ length: workers }, lane), here()]);
  } finally {
    watchdog.stop();
  }
  if (failure) throw (failure as { error: unknown }).error;
}

/** Starts the pool's `workers` threads, so that they load while this thread does other work. */
export function startPool(workers: number): void {
  keptPool(WORKER, workers);
}

/**
 * A worker's side of a task: the build checked (a worker started after the engine was rebuilt
 * would play other code), the watchdog's slot claimed, the main thread's plug-ins loaded, and
 * `body` run marked busy, `index` (the task's place: a record's line) in the game slot.
 */
export async function watched<R>(t: PoolTask, index: number, body: () => Promise<R>): Promise<R> {
  checkWorkerBuild(t.build, 'decision', 'the engine was rebuilt meanwhile; ask again');
  attach(t.pulse);
  await loadVetted(t.plugins);
  const beat = pulse.beat;
  beat[BEAT_GAME] = index;
  beat[BEAT_BUSY] = 1;
  try {
    return await body();
  } finally {
    beat[BEAT_BUSY] = 0;
  }
}

/** Rollouts played between two beats (a worker's) or two looks at the workers (this thread's):
 * far under a second in every game. */
const PIECE = 16;

/**
 * The block player of a decision played beside the pool: this thread's, each block played in
 * pieces of PIECE rollouts. Between two pieces a worker beats (the watchdog counts them as
 * decisions: `seat` named as the one deciding, `policy` as every seat's strategy, which the
 * rollouts play in every seat), and the main thread yields, so that it hands the workers their
 * next tasks while it plays a decision of its own. The pieces joined give the block whole:
 * rollout i depends on the seed and i alone.
 */
export function piecePlayer(seat: number, policy: string): (o: DecisionOptions, choices: readonly Choice[]) => BlockPlayer {
  return (o, choices) => {
    const play = localPlayer(o, choices);
    pulse.table?.(Array.from({ length: o.game.seats(o.rules) }, () => policy));
    return async (alive, from, to) => {
      const cuts: number[] = [];
      for (let a = from; a < to; a += PIECE) cuts.push(a);
      cuts.push(to);
      const blocks: Block[] = [];
      for (let k = 0; k + 1 < cuts.length; k++) {
        if (k > 0) await new Promise(setImmediate);
        pulse.beat[BEAT_SEAT] = seat;
        pulse.beat[BEAT_DECISIONS]!++;
        blocks.push(await play(alive, cuts[k]!, cuts[k + 1]!));
      }
      return joinBlocks(blocks, cuts, alive, from, to);
    };
  };
}

/** Blocks of rollouts [cuts[k], cuts[k + 1]) of the choices `alive`, joined into the one block
 * [from, to) they cut. */
export function joinBlocks(blocks: readonly Block[], cuts: readonly number[], alive: readonly number[], from: number, to: number): Block {
  if (blocks.length === 1) return blocks[0]!;
  const joined = <T extends Float64Array | Uint8Array>(part: (b: Block) => T[], make: (n: number) => T): T[] =>
    alive.map((_, at) => {
      const v = make(to - from);
      blocks.forEach((b, k) => v.set(part(b)[at]!, cuts[k]! - from));
      return v;
    });
  return {
    values: joined(
      (b) => b.values,
      (n) => new Float64Array(n),
    ),
    wins: alive.map((_, at) => blocks.reduce((n, b) => n + b.wins[at]!, 0)),
    raw: joined(
      (b) => b.raw,
      (n) => new Float64Array(n),
    ),
    won: joined(
      (b) => b.won,
      (n) => new Uint8Array(n),
    ),
  };
}

/** A table rebuilt in this thread from its plain data (core/copy.ts stateData). */
export function tableFrom(def: GameDef, rules: Record<string, unknown>, data: Record<string, unknown>): GameState {
  const scratch = def.create(rules) as GameState;
  const state = def.create(rules) as GameState;
  loadStateData(data, scratch);
  // Through the game's own copy, which lets a state bump what it versions after one.
  def.copy(scratch, state);
  return state;
}

/** A choice as plain data for another thread: its own strategy by its spec's text. */
export type ChoiceData = { name: string; moves: readonly number[]; amount?: number; own?: string };

export const choiceData = (ch: Choice): ChoiceData => ({
  name: ch.name,
  moves: ch.moves,
  ...(ch.amount === undefined ? {} : { amount: ch.amount }),
  ...(ch.own ? { own: ch.own.text } : {}),
});

/** A choice rebuilt from its data, its own strategy's spec read again for `game` and `rules`. */
export function choiceFrom({ own, ...ch }: ChoiceData, strategies: StrategyDef[], game: string, rules: Record<string, unknown>): Choice {
  return { ...ch, ...(own ? { own: parseSpec(own, strategies, game, rules) } : {}) };
}
