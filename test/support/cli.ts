import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, inject } from 'vitest';
import { COLUMNS, columnsOf } from '../../src/io/wrap.js';

/** The built CLI (npm test builds before vitest runs). */
export const MAIN = path.resolve('dist/src/cli/main.js');
/** The built command line as a function (src/cli/program.ts). */
const PROGRAM = pathToFileURL(path.resolve('dist/src/cli/program.js')).href;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a spawned CLI: CI set (no progress bar), one worker unless --workers says
 * otherwise (the suite already runs test files side by side on every core). */
export const CLI_ENV = { ...process.env, CI: 'true', PONGSIM_WORKERS: '1' };

/** Checks that the output of `command` fits COLUMNS (unless --wide; a JSON document, one a
 * line, is for programs): every command the tests run is checked. */
export function fitsColumns(command: string, stdout: string): void {
  if (/--wide\b|--json\b/.test(command)) return;
  const over = stdout.split('\n').filter((l) => columnsOf(l) > COLUMNS && !/^[[{]/.test(l));
  expect(over, `${command}: lines over ${COLUMNS} columns`).toEqual([]);
}

function fits(args: string[], r: CliResult): CliResult {
  fitsColumns(`pongsim ${args.join(' ')}`, r.stdout);
  return r;
}

export function pongsim(args: string[], cwd = process.cwd(), input?: string, env: Record<string, string> = {}): CliResult {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd, encoding: 'utf8', input, env: { ...CLI_ENV, ...env } });
  return fits(args, { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr });
}

/** The command line's runs in this process, one after another: each runs in its folder, and a
 * process has one. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `pongsim args` in this process (the built CLI's runCli, so its worker threads load the
 * compiled code as the installed command's do), in `cwd`, with `input` as stdin and the
 * variables of `env` set (a batch system's array index, say) for the run: what the
 * command prints and its exit code, as `pongsim` gives them, without a Node process per
 * command. Tests of the process itself (signals, exit, a plug-in that ends it) spawn it.
 * `program` is the built program.js of another copy of pongsim (a test's own build).
 */
export function pongsimIn(
  args: string[],
  cwd = process.cwd(),
  input = '',
  env: Record<string, string> = {},
  program = PROGRAM,
): Promise<CliResult> {
  const go = async (): Promise<CliResult> => {
    const { runCli } = (await import(program)) as typeof import('../../src/cli/program.js');
    let stdout = '';
    let stderr = '';
    const back = process.cwd();
    const was = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    process.chdir(cwd);
    Object.assign(process.env, env);
    try {
      const code = await runCli({
        argv: args,
        stdout: { write: (s: string) => (stdout += s) },
        stderr: { write: (s: string) => (stderr += s) },
        stdin: input,
      });
      return fits(args, { code, stdout, stderr });
    } finally {
      process.chdir(back);
      for (const [k, v] of Object.entries(was)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };
  const r = queue.then(go);
  queue = r.catch(() => {});
  return r;
}

/** `s` as a regular expression matching it literally (a file name inside an expected message). */
export const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A fresh scratch folder inside the run's temporary folder (test/support/temp-root.ts), which
 * is removed when the run ends; in the system's temporary folder, and left there, when vitest
 * runs without test/vitest.config.ts. */
export function tempDir(): string {
  return fs.mkdtempSync(path.join(inject('tempRoot') ?? os.tmpdir(), 'pongsim-'));
}

/** Every file under `dir`, relative, sorted. */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Text the CLI wrapped to the terminal's width, as one line (its continuation indents gone). */
export const unwrap = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

/** Runs `file` with `args` (in `cwd`) without blocking, in the CLI's environment. */
export function run(file: string, args: string[], cwd?: string): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd, env: CLI_ENV });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Runs every command line of `jobs` through the command line in this process (pongsimIn),
 * one after another; the results in order. */
export async function pongsimAll(jobs: string[][]): Promise<CliResult[]> {
  const results: CliResult[] = [];
  for (const job of jobs) results.push(await pongsimIn(job));
  return results;
}

/**
 * Runs study `name` through the library on 1 worker, on 2, and as two merged shards, and checks
 * that all three give the same CSV (and the 1- and 2-worker runs the same chart); returns the
 * question the study's meta.json records.
 */
export async function sameBytesEveryWay(name: string, o: { games: number; seed: string; chunk: number }): Promise<string> {
  const { merge, runStudy } = await import('pongsim');
  const dir = tempDir();
  const run = (out: string, extra: Record<string, unknown>) => runStudy({ experiment: name, ...o, out: path.join(dir, out), ...extra });
  const file = (d: string, ext: string) => fs.readFileSync(path.join(dir, d, `${name}.${ext}`), 'utf8');
  await run('one', { workers: 1 });
  await run('two', { workers: 2 });
  expect(file('two', 'csv')).toBe(file('one', 'csv'));
  expect(file('two', 'svg')).toBe(file('one', 'svg'));
  for (const k of [1, 2]) await run('parts', { shard: `${k}/2` });
  const parts = listFiles(path.join(dir, 'parts')).map((f) => path.join(dir, 'parts', f));
  await merge({ partials: parts, out: path.join(dir, 'merged') });
  expect(file('merged', 'csv')).toBe(file('one', 'csv'));
  return (JSON.parse(file('one', 'meta.json')) as { question: string }).question;
}
