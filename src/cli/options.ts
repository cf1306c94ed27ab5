import { io } from './io.js';
import type { Command } from 'commander';
import { exitCodeOf } from '../core/errors.js';
import type { RunControl } from '../library/control.js';
import { parseShardIndex, shardOf, type Shard } from '../runner/plan.js';
import { DECISION_TIMEOUT } from '../runner/pool.js';
import { positiveInt, positiveNumber } from '../library/options.js';
import { DEFAULT_RECORD_EVERY } from '../library/records.js';
import { EVENTS_FORMAT } from '../core/trace.js';
import { offering } from '../catalog/index.js';
import { progressBar } from './progress.js';

/** commander's reader of a repeatable option. */
export const collect = (v: string, prev: string[] = []): string[] => [...prev, v];

/** `--decision-timeout`, for every command that runs games on workers. */
export const DECISION_TIMEOUT_OPTION = [
  '--decision-timeout <seconds>',
  `fail the run when a strategy spends longer than this on one decision (default ${DECISION_TIMEOUT})`,
  positiveNumber('--decision-timeout'),
] as const;

/** `--shard`, saying which variable named the slice of `auto/N`. */
function shardNoted(text: string): Shard {
  const { shard, from } = shardOf(text);
  if (from) io().stderr.write(`pongsim: shard ${shard.k}/${shard.n} from ${from}\n`);
  return shard;
}

/** --shard and --shard-index: the slice of a run to play. */
export function shardOptions(cmd: Command): Command {
  return cmd
    .option('--shard <k/N>', 'run only slice k of N (1 <= k <= N) and write a partial for pongsim merge', shardNoted)
    .option(
      '--shard-index <i/N>',
      "the same with a 0-based index (0 <= i < N), e.g. a Kubernetes pod's JOB_COMPLETION_INDEX",
      parseShardIndex,
    );
}

/** The risk of a night, for a game played for money (sim, compare, the money studies). */
export function riskOptions(cmd: Command): Command {
  return cmd
    .option(
      '--session <n>',
      `a night of N consecutive games: adds each strategy's 5%, 50% and 95% night results and CVaR 5% (${offering('risk')})`,
      positiveInt('--session'),
    )
    .option(
      '--bankroll <b>',
      "with --session: the money a player sits down with; adds the risk of ruin (a night's running total falls to -B)",
      positiveNumber('--bankroll'),
    )
    .option(
      '--point-value <v>',
      'with --session, for a game scored in points (mahjong): what a point is worth in money',
      positiveNumber('--point-value'),
    );
}

/** The options every command that runs a study shares after --out: slices, width, reference results. */
/** --record and --record-every (sim, run). */
export function recordOptions(cmd: Command): Command {
  return cmd
    .option(
      '--record <dir>',
      `keep the records of a sample of the games (${EVENTS_FORMAT}, one file a game: NAME-seedS-gameI.jsonl), played again once the run is done`,
    )
    .option(
      '--record-every <n>',
      `with --record: record games 0, N, 2N, ... of each cell (default ${DEFAULT_RECORD_EVERY})`,
      positiveInt('--record-every'),
    );
}

/** The line saying where a run's records went ('' when it kept none). */
export function recordsLine(records: readonly string[] | undefined, dir: string | undefined): string {
  return records && dir !== undefined ? `wrote ${records.length} record${records.length === 1 ? '' : 's'} into ${dir}` : '';
}

export function runOutputOptions(cmd: Command): Command {
  return shardOptions(cmd)
    .option('--wide', 'print every column of every table (default: the key columns, fitted to the terminal)')
    .option(...DECISION_TIMEOUT_OPTION)
    .option('--resume', 'continue the run that was interrupted with these options, from its checkpoint (DIR/<experiment>.checkpoint.json)')
    .option('--report', 'also write DIR/index.html: one self-contained page with the answer, charts, headline tables and provenance')
    .option('--force', 'allow writing into results/reference/ (rebuilding the committed reference results)');
}

/** This command line with --resume: how to continue an interrupted run. */
function resumeCommand(): string {
  const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  const args = io().argv;
  return `pongsim ${[...args, ...(args.includes('--resume') ? [] : ['--resume'])].map(quote).join(' ')}`;
}

/**
 * Runs a library call that plays games under the CLI's control: a progress bar on stderr
 * (unless `quiet`), and Ctrl-C or SIGTERM stopping the run, which saves its checkpoint and
 * rejects with Interrupted; a second signal quits at once (every file is written whole, so none
 * is left half-written). A signal that comes once the games are played, while the results are
 * written, ends the process as that signal once they are in place.
 */
export async function controlled<T>(quiet: boolean, call: (c: RunControl) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const bar = quiet ? null : progressBar();
  let got: NodeJS.Signals | null = null;
  const onSignal = (sig: NodeJS.Signals) => {
    if (got) process.exit(exitCodeOf(sig));
    got = sig;
    controller.abort(sig);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let finished = false;
  try {
    const r = await call({ onProgress: bar?.onProgress, signal: controller.signal, resumeHint: resumeCommand() });
    finished = true;
    return r;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    bar?.done();
    if (finished && got) process.kill(process.pid, got);
  }
}

/** Prints one JSON document a line. */
export function printJson(doc: unknown): void {
  io().stdout.write(JSON.stringify(doc) + '\n');
}
