import type { Experiment, ExperimentDef, ExperimentParams } from '../experiment/experiment.js';
import type { Arm } from '../experiment/arm.js';
import { mergeTally, newTally, tallyFault, type Tally } from '../stats/tally.js';
import type { Task } from './plan.js';
import { BEAT_BUSY, BEAT_CELL, BEAT_GAME, decisionLog, pulse } from '../core/play.js';
import { IllegalMoveError } from '../core/errors.js';
import type { SimParams } from '../experiment/sim.js';
import { Recorder, withRecorder } from '../records/record.js';
import type { GameEvent } from '../core/trace.js';

export interface ChunkTask extends Task {
  experiment: string;
  params: ExperimentParams;
  seed: string;
  /** The main thread's build identity: a worker of another build refuses the task (worker.ts). */
  build: string;
  /** The run's watchdog buffer (shared with the main thread, not copied). */
  pulse?: SharedArrayBuffer;
}

// Building an experiment resolves rules and strategies; a worker does it once per study.
const built = new Map<string, Experiment>();

/** Study `def` built for `params`, once a thread. */
export function buildExperiment(def: ExperimentDef, params: ExperimentParams): Experiment {
  const key = JSON.stringify([def.name, params]);
  let exp = built.get(key);
  if (!exp) {
    exp = def.build(params);
    built.set(key, exp);
  }
  return exp;
}

/** Runs one chunk of study `def` (the task's): a pure function of the task. Also the piscina
 * worker's body. */
export function runChunk(task: ChunkTask, def: ExperimentDef): Tally {
  const exp = buildExperiment(def, task.params);
  const tally = newTally();
  // A plug-in's strategies are checked to repeat their play: the chunk's last game, which its
  // strategy objects meet after every other game of the chunk (and of the chunks before it).
  const plugins = task.params.plugins;
  const checked = Array.isArray(plugins) && plugins.length > 0 ? task.end - 1 : -1;
  // What the watchdog reads (runner/watchdog.ts): the cell and game under way.
  const beat = pulse.beat;
  beat[BEAT_CELL] = task.cell;
  beat[BEAT_BUSY] = 1;
  try {
    for (let i = task.start; i < task.end; i++) {
      beat[BEAT_GAME] = i;
      try {
        if (i === checked) playTwice(exp, def, task, i, tally);
        else exp.runGame(task.cell, i, task.seed, tally);
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        throw new Error(`${msg} [experiment ${exp.name}, cell ${exp.cells[task.cell]}, game index ${i}, seed ${task.seed}]`);
      }
    }
  } finally {
    beat[BEAT_BUSY] = 0;
  }
  tally.games = task.end - task.start;
  // What a partial or checkpoint is checked against when it is read back holds of every chunk.
  const fault = tallyFault(tally, tally.games);
  if (fault)
    throw new Error(`experiment ${exp.name}: a chunk of games ${task.start} to ${task.end - 1} of cell ${exp.cells[task.cell]}: ${fault}`);
  return tally;
}

/**
 * Plays game `index` into `tally`, then again with every strategy made afresh (a new build of
 * the experiment), and fails the run where the two differ, naming the strategy of the first
 * decision that does: one that reads the clock or a random source of its own, or carries
 * something from one game into the next, would make a run's bytes depend on the moment it ran or
 * its worker count. (Math.random already throws in a worker.)
 */
function playTwice(exp: Experiment, def: ExperimentDef, task: ChunkTask, index: number, tally: Tally): void {
  const once = newTally();
  const again = newTally();
  const run: (string | number)[] = [];
  const replay: (string | number)[] = [];
  try {
    decisionLog.list = run;
    exp.runGame(task.cell, index, task.seed, once);
    decisionLog.list = replay;
    def.build(task.params).runGame(task.cell, index, task.seed, again);
  } finally {
    decisionLog.list = null;
  }
  const at = Array.from({ length: Math.max(run.length, replay.length) / 3 }, (_, k) => k).find((k) =>
    [0, 1, 2].some((j) => run[3 * k + j] !== replay[3 * k + j]),
  );
  const rule =
    'a strategy may draw only from the rng it is given (not the clock or a random source of its own) and carry nothing from one game into the next';
  if (at !== undefined) {
    const [name, seat] = run[3 * at] !== undefined ? [run[3 * at], run[3 * at + 1]] : [replay[3 * at], replay[3 * at + 1]];
    // Every decision before this one was the same, so the state was: the seat to act is too.
    const chose = (list: (string | number)[]) =>
      list[3 * at] === undefined ? 'nothing (the game was over)' : JSON.stringify(list[3 * at + 2]);
    throw new Error(
      `strategy ${name} at seat ${seat} does not repeat its play: replayed with its strategies made afresh, the game's decision ${at + 1} was ${chose(replay)} where the run's was ${chose(run)}; ${rule}`,
    );
  }
  if (JSON.stringify(once) !== JSON.stringify(again))
    throw new Error(
      `the game does not repeat: replayed with its strategies made afresh, every decision the same, its figures differ; ${rule}`,
    );
  mergeTally(tally, once);
}

/** What `pongsim replay` asks of a worker: one game of a sim run, with its trace (or, with
 * `events`, its record). */
export interface ReplayTask {
  replay: { params: SimParams; seed: string; index: number; events?: boolean };
  build: string;
  pulse: SharedArrayBuffer;
}

/** A replayed game: its trace (or its record's events), then each seat's result, or the illegal
 * move it ended in. */
export interface Replayed {
  trace: string[];
  events?: GameEvent[];
  result?: { seat: number; strategy: string; return: number }[];
  illegalMove?: string;
}

/** Plays one game of a sim run as the run played it, on the arm `simArm` builds for its
 * parameters (experiment/sim.ts), recording every decision (the worker's body for a replay task,
 * watched as a chunk is). */
export function replayOne({ replay: { params, seed, index, events } }: ReplayTask, simArm: (p: SimParams) => Arm): Replayed {
  const arm = simArm(params);
  const trace: string[] = [];
  // The game of a sim run, as `sim --record` keeps it.
  const recorder = events ? new Recorder('sim', () => true) : null;
  const beat = pulse.beat;
  beat[BEAT_CELL] = 0;
  beat[BEAT_GAME] = index;
  beat[BEAT_BUSY] = 1;
  try {
    if (recorder) withRecorder(recorder, () => arm.play(seed, 0, index, 0));
    else arm.play(seed, 0, index, 0, trace);
  } catch (e) {
    // A game that ended in an illegal move is shown up to that move.
    if (e instanceof IllegalMoveError) return { trace, illegalMove: e.message };
    throw e;
  } finally {
    beat[BEAT_BUSY] = 0;
  }
  const result = Array.from(arm.returns, (x, k) => ({ seat: k, strategy: arm.specs[k]!.text, return: x }));
  return { trace, ...(recorder ? { events: recorder.records[0]!.events } : {}), result };
}
