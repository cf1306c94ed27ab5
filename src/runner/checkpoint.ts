import fs from 'node:fs';
import { InputError } from '../core/errors.js';
import { writeAtomically } from '../io/csv.js';
import { readSealed, sealedText } from '../io/sealed.js';
import { firstDifference } from '../io/difference.js';
import type { Tally } from '../stats/tally.js';
import { VERSION } from '../io/package.js';

/**
 * A run's checkpoint: the merged tally of every chunk finished so far, with the run's identity
 * (experiment, parameters with the resolved rules and strategy specs, seed, slice, tool
 * version) and the chunk size, so `--resume` plays exactly the chunks still missing. Tallies
 * merge exactly, so a resumed run ends with the bytes of an uninterrupted one.
 */

export const CHECKPOINT_FORMAT = 'pongsim-checkpoint/1';

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
 * options with the tool version; `how` says how to resume it (the CLI: its command line with
 * --resume).
 */
export function checkpointPlan(file: string, identity: Record<string, unknown>, resume: boolean, how: string): CheckpointPlan {
  return { file, identity: { version: VERSION, ...identity }, resume, how };
}

/** Milliseconds between checkpoints (PONGSIM_CHECKPOINT_MS; tests set 0: after every chunk). */
export function checkpointEvery(): number {
  const env = process.env.PONGSIM_CHECKPOINT_MS;
  if (env === undefined || env === '') return 5000;
  if (!/^\d+$/.test(env.trim())) throw new InputError(`PONGSIM_CHECKPOINT_MS: expected a whole number of milliseconds (got ${JSON.stringify(env)})`);
  return Number(env);
}

export function saveCheckpoint(file: string, c: Checkpoint): void {
  writeAtomically([{ file, text: sealedText(c) }]);
}

export function removeCheckpoint(file: string): void {
  fs.rmSync(file, { force: true });
}

/** The first place two identities differ, as "key: A there, B here". */
function difference(there: unknown, here: unknown): string | null {
  const d = firstDifference(there, here);
  if (!d) return null;
  const show = (v: unknown) => (v === undefined ? 'not set' : JSON.stringify(v).slice(0, 80));
  return `${d.at.join('.') || 'the run'}: ${show(d.a)} there, ${show(d.b)} here`;
}

/** The checkpoint a `--resume` continues from, checked against this run's identity. */
export function loadCheckpoint(plan: CheckpointPlan, cells: number): Checkpoint {
  if (!fs.existsSync(plan.file)) throw new InputError(`--resume: no checkpoint at ${plan.file} (a run interrupted with these options leaves one there); run without --resume`);
  const c = readSealed<Checkpoint>(plan.file, CHECKPOINT_FORMAT, 'checkpoint', 'run again without --resume');
  const d = difference(c.identity, plan.identity);
  if (d) throw new InputError(`--resume: ${plan.file} is the checkpoint of another run (${d}); resume with that run's options, or run without --resume`);
  if (!Array.isArray(c.tallies) || c.tallies.length !== cells || !Array.isArray(c.done) || !(c.chunk >= 1)) {
    throw new InputError(`--resume: ${plan.file} does not fit this run (${c.tallies?.length} cells, this run has ${cells}); run without --resume`);
  }
  return c;
}
