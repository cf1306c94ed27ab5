import { Command, CommanderError } from 'commander';
import { exitCodeOf, InputError, Interrupted, oneLine, visibleLines } from '../core/errors.js';
import { VERSION } from '../io/package.js';
import { registerAdvise } from './advise.js';
import { registerBench } from './bench.js';
import { registerBenchmark } from './benchmark.js';
import { registerCard } from './card.js';
import { registerCheck } from './check.js';
import { registerCompare } from './compare.js';
import { registerDistill } from './distill.js';
import { registerExplain } from './explain.js';
import { registerHand } from './hand.js';
import { io, withIo, type CliIo, type Output } from './io.js';
import { registerLeague } from './league.js';
import { registerList } from './list.js';
import { registerMerge } from './merge.js';
import { registerOdds } from './odds.js';
import { registerReplay } from './replay.js';
import { registerReport } from './report.js';
import { registerReview } from './review.js';
import { registerRun } from './run.js';
import { registerScore } from './score.js';
import { registerSim } from './sim.js';
import { registerTune } from './tune.js';
import { registerView } from './view.js';

/** Options that may be given more than once; any other option given twice is refused. */
const REPEATABLE = new Set(['--set', '--plugin', '--arm']);

/** The command line's commands, built anew for each run: commander keeps what it parsed on them. */
function program(): Command {
  const p = new Command('pongsim')
    .description('Monte Carlo simulation and strategy analysis for Hwatu and mahjong games')
    .version(VERSION)
    .showSuggestionAfterError(true)
    .exitOverride();
  p.hook('preAction', (_p, cmd) => {
    const args = io().argv;
    for (const o of cmd.options) {
      if (!o.long || REPEATABLE.has(o.long)) continue;
      const n = args.filter((a) => a === o.long || a.startsWith(`${o.long}=`)).length;
      if (n > 1)
        throw new InputError(
          `${o.long}: given ${n} times; give it once${o.required || o.optional ? ' (the last would silently win)' : ''}`,
        );
    }
  });
  registerList(p);
  registerSim(p);
  registerRun(p);
  registerCompare(p);
  registerTune(p);
  registerLeague(p);
  registerDistill(p);
  registerExplain(p);
  registerMerge(p);
  registerReport(p);
  registerReplay(p);
  registerCheck(p);
  registerView(p);
  registerOdds(p);
  registerBench(p);
  registerHand(p);
  registerCard(p);
  registerScore(p);
  registerAdvise(p);
  registerReview(p);
  registerBenchmark(p);
  // Help and the version go to the run's stdout; commander's own error text is replaced by
  // the one line runCli writes.
  const output = { writeOut: (s: string) => void io().stdout.write(s), writeErr: () => {} };
  p.configureOutput(output);
  for (const cmd of p.commands) cmd.exitOverride().showSuggestionAfterError(true).configureOutput(output);
  return p;
}

/**
 * `out` printing only what shows: a name a file gives (a strategy, a card line, an arm) is
 * printed with whatever in it would act on the terminal written as its code, as an error line's
 * text is (JSON stays the same document: "\u202e" is the character it was).
 */
function shownOnly(out: Output): Output {
  return {
    write: (text: string) => out.write(visibleLines(text)),
    get isTTY() {
      return out.isTTY;
    },
    get columns() {
      return out.columns;
    },
  };
}

/**
 * Runs one `pongsim` command line with `streams` and gives its exit code: 0 ok, 1 the run
 * failed, 2 bad input (one line on stderr, nothing written), or a stopping signal's code. The
 * installed command (main.ts) is this with the process's own streams; a program can run
 * commands in its own process, several side by side.
 */
export function runCli(streams: CliIo): Promise<number> {
  return withIo({ ...streams, stdout: shownOnly(streams.stdout) }, async () => {
    const err = (text: string) => io().stderr.write(`pongsim: ${oneLine(text)}\n`);
    const p = program();
    try {
      // A bare `pongsim` shows what it can do rather than an error.
      if (streams.argv.length === 0) {
        io().stdout.write(p.helpInformation());
        return 0;
      }
      await p.parseAsync([...streams.argv], { from: 'user' });
      return 0;
    } catch (e) {
      if (e instanceof CommanderError) {
        if (e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return 0;
        const cause = (e as { cause?: unknown }).cause;
        // commander's did-you-mean comes on a second line: keep it on the one error line.
        const text =
          cause instanceof InputError
            ? cause.message
            : e.message
                .replace(/^error: /, '')
                .split('\n')
                .filter((l) => l.trim() !== '')
                .join(' ');
        err(text.split('\n')[0]!);
        return 2;
      }
      // Every message is one line, however much of the input it quotes, and nothing in it acts
      // on the terminal.
      if (e instanceof InputError) {
        err(e.message);
        return 2;
      }
      if (e instanceof Interrupted) {
        err(e.message);
        return exitCodeOf(e.reason);
      }
      err(`the run failed: ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    }
  });
}
