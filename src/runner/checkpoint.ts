import fs from 'node:fs';
import { InputError } from '../core/errors.js';
import { notRegular, writeAtomically } from '../io/csv.js';
import { readSealed, sealedText } from '../io/sealed.js';
import { firstDifference } from '../io/difference.js';
import { tallyFault, type Tally } from '../stats/tally.js';
import { VERSION } from '../io/package.js';
import { buildId, shortBuild } from '../io/build.js';

/**
 * A run's checkpoint: the merged tally of every chunk finished so far, with the run's identity
 * (experiment, parameters with the resolved rules and strategy specs, seed, slice, tool
 * version) and the chunk size, so `--resume` plays exactly the chunks still missing. Tallies
 * merge exactly, so a resumed run ends with the bytes of an uninterrupted one.
 */

export const CHECKPOINT_FORMAT = 'pongsim-checkpoint/2';

export interface Checkpoint {
  format: typeof CHECKPOINT_FORMAT;
  identity: Record<string, unknown>;
  chunk: number;
  /** Finished chunks as [cell, start] (each chunk's end follows from the chunk size). */
  done: [number, number][];
  tallies: Tally[];
}

/** Where a run keeps its checkpoint, and what it must match. */
export interface CheckpointPlan {
  file: string;
  identity: Record<string, unknown>;
  /** Continue from the checkpoint at `file` (it must exist and match). */
  resume: boolean;
  /** The command to resume with, for the interrupt's message. */
  how: string;
}

/**
 * The checkpoint of a run whose results go to `file`'s folder: its identity is the run's
 * options with the tool's version and build; `how` says how to resume it (the CLI: its command line with
 * --resume).
 */
export function checkpointPlan(file: string, identity: Record<string, unknown>, resume: boolean, how: string): CheckpointPlan {
  const what = notRegular(file);
  if (what) throw new InputError(`${file}: the run keeps its checkpoint there, but it is ${what}; pongsim replaces only a regular file`);
  return { file, identity: { version: VERSION, build: buildId(), ...identity }, resume, how };
}

/** Milliseconds between checkpoints (PONGSIM_CHECKPOINT_MS; tests set 0: after every chunk). */
export function checkpointEvery(): number {
  const env = process.env.PONGSIM_CHECKPOINT_MS;
  if (env === undefined || env === '') return 5000;
  if (!/^\d+$/.test(env.trim()))
    throw new InputError(`PONGSIM_CHECKPOINT_MS: expected a whole number of milliseconds (got ${JSON.stringify(env)})`);
  return Number(env);
}

/** Writes checkpoint `c` (a run's, or a benchmark build's) sealed, whole or not at all. */
export function saveCheckpoint<T extends { format: string; identity: Record<string, unknown> }>(file: string, c: T): void {
  writeAtomically([{ file, text: sealedText(c) }]);
}

/**
 * Writes a finished run's results with `write`. When that fails (a full disk, a folder in the
 * way), the error also says where the run's games are and how to finish: the checkpoint saved
 * when its last chunk came back holds them all, and --resume then only writes the results.
 */
export async function writeResults<T>(plan: CheckpointPlan | undefined, checkpointed: boolean, write: () => T | Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (plan && checkpointed && e instanceof Error)
      e.message += `; every game of the run is saved in ${plan.file}: once the results can be written there, finish with: ${plan.how}`;
    throw e;
  }
}

export function removeCheckpoint(file: string): void {
  if (fs.lstatSync(file, { throwIfNoEntry: false })?.isFile()) fs.rmSync(file);
}

/** The first place two identities differ, as "key: A there, B here". */
function difference(there: unknown, here: unknown): string | null {
  const d = firstDifference(there, here);
  if (!d) return null;
  const show = (v: unknown) => (v === undefined ? 'not set' : JSON.stringify(v).slice(0, 80));
  return `${d.at.join('.') || 'the run'}: ${show(d.a)} there, ${show(d.b)} here`;
}

/**
 * The sealed checkpoint of `format` at `plan.file` that a `--resume` continues from, checked
 * against this run's identity: the same build of pongsim and the same options (a run's chunks,
 * a benchmark build's valued decisions).
 */
export function readCheckpoint<T extends { format: string; identity: Record<string, unknown> }>(plan: CheckpointPlan, format: string): T {
  if (!fs.existsSync(plan.file))
    throw new InputError(
      `--resume: no checkpoint at ${plan.file} (a run interrupted with these options leaves one there); run without --resume`,
    );
  const c = readSealed<T>(plan.file, format, 'checkpoint', 'run again without --resume');
  const [there, here] = [c.identity?.build, plan.identity.build];
  if (there !== here)
    throw new InputError(
      `--resume: ${plan.file} was written by build ${shortBuild(there)} of pongsim; this is build ${shortBuild(here)}, which may play differently: run without --resume`,
    );
  const d = difference(c.identity, plan.identity);
  if (d)
    throw new InputError(
      `--resume: ${plan.file} is the checkpoint of another run (${d}); resume with that run's options, or run without --resume`,
    );
  return c;
}

/** The checkpoint a run's `--resume` continues from, checked against this run's identity and cells. */
export function loadCheckpoint(plan: CheckpointPlan, cells: number): Checkpoint {
  const c = readCheckpoint<Checkpoint>(plan, CHECKPOINT_FORMAT);
  if (!Array.isArray(c.tallies) || c.tallies.length !== cells || !Array.isArray(c.done) || !Number.isInteger(c.chunk) || c.chunk < 1) {
    throw new InputError(
      `--resume: ${plan.file} does not fit this run (${c.tallies?.length} cells, this run has ${cells}); run without --resume`,
    );
  }
  return c;
}

/**
 * Checks that a checkpoint's finished chunks are chunks of this run's games [lo, hi), each named
 * once, and that each cell's tally holds their games and could come from them (tallyFault): a
 * re-sealed checkpoint that marked every chunk done would otherwise end the run with the results
 * of the few it holds.
 */
export function checkDone(file: string, c: Checkpoint, [lo, hi]: [number, number]): void {
  const bad = (why: string): never => {
    throw new InputError(`--resume: ${file} does not hold what it says it has done (${why}); run without --resume`);
  };
  const games = c.tallies.map(() => 0);
  const seen = new Set<string>();
  for (const d of c.done) {
    const [cell, start] = Array.isArray(d) ? d : [];
    if (
      !Number.isInteger(cell) ||
      cell! < 0 ||
      cell! >= games.length ||
      !Number.isInteger(start) ||
      start! < lo ||
      start! >= hi ||
      (start! - lo) % c.chunk !== 0
    ) {
      bad(`${JSON.stringify(d)?.slice(0, 40)} is not a chunk of this run`);
    }
    const key = `${cell}:${start}`;
    if (seen.has(key)) bad(`the chunk of cell ${cell! + 1} from game ${start} is marked done twice`);
    seen.add(key);
    games[cell!]! += Math.min(hi, start! + c.chunk) - start!;
  }
  c.tallies.forEach((t, i) => {
    const fault = tallyFault(t, games[i]!);
    if (fault) bad(`cell ${i + 1}: ${fault}, the games of the chunks marked done`);
  });
}
