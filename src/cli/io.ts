import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';

/** Where a command's output goes: what `isTTY` and `columns` say decide the progress bar and
 * the width tables are fitted to. */
export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * What one run of the command line reads and writes: its arguments, its standard streams and
 * its input. The installed `pongsim` is the process's own; a program (or a test) runs the same
 * commands in its own process with streams of its own (runCli), several side by side, since
 * each run's streams follow it through every await.
 */
export interface CliIo {
  /** The arguments after `pongsim`. */
  argv: readonly string[];
  stdout: Output;
  stderr: Output;
  /** Standard input, read whole (`score`, `hand -`); undefined reads the process's. */
  stdin?: string;
}

const current = new AsyncLocalStorage<CliIo>();

/** The process's own streams and arguments. */
const processIo = (): CliIo => ({ argv: process.argv.slice(2), stdout: process.stdout, stderr: process.stderr });

/** The streams of the command line being run. */
export const io = (): CliIo => current.getStore() ?? processIo();

/** Runs `f` with `streams` as the command line's. */
export const withIo = <T>(streams: CliIo, f: () => Promise<T>): Promise<T> => current.run(streams, f);

/** Standard input, whole. */
export const stdinText = (): string => io().stdin ?? fs.readFileSync(0, 'utf8');
