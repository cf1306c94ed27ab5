import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLI_ENV, listFiles, MAIN } from './cli.js';

/** A checkpoint after every chunk, so a signal lands with some chunks finished and many left. */
export const ENV = { ...CLI_ENV, PONGSIM_CHECKPOINT_MS: '0' };

export interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts `args`, waits until its checkpoint exists, then sends `signals` (a few ms apart). */
export async function interrupt(args: string[], checkpoint: string, signals: NodeJS.Signals[]): Promise<Stopped> {
  const child = spawn(process.execPath, [MAIN, ...args], { env: ENV });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = once(child, 'exit');
  while (!fs.existsSync(checkpoint) && child.exitCode === null) await sleep(5);
  for (const s of signals) {
    child.kill(s);
    await sleep(3);
  }
  const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
  return { code, signal, stderr };
}

export const csvs = (dir: string) =>
  Object.fromEntries(
    listFiles(dir)
      .filter((f) => f.endsWith('.csv') || f.endsWith('.svg'))
      .map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]),
  );
