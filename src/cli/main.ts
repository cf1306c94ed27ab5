#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { exitCodeOf, InputError, Interrupted, oneLine } from '../core/errors.js';
import { registerAdvise } from './advise.js';
import { registerReview } from './review.js';
import { registerBench } from './bench.js';
import { registerCard } from './card.js';
import { registerCheck } from './check.js';
import { registerView } from './view.js';
import { registerHand } from './hand.js';
import { registerList } from './list.js';
import { registerMerge } from './merge.js';
import { registerReport } from './report.js';
import { registerOdds } from './odds.js';
import { registerReplay } from './replay.js';
import { registerCompare } from './compare.js';
import { registerExplain } from './explain.js';
import { registerRun } from './run.js';
import { registerTune } from './tune.js';
import { registerScore } from './score.js';
import { registerSim } from './sim.js';
import { VERSION } from '../io/package.js';

/** Exit codes: 0 ok, 1 the run failed, 2 bad input (one line on stderr, nothing written). */
const program = new Command('pongsim')
  .description('Monte Carlo simulation and strategy analysis for Hwatu and mahjong games')
  .version(VERSION)
  .showSuggestionAfterError(true)
  .exitOverride();
program.configureOutput({ writeErr: () => {} });

/** Set when the command has finished (or ends on purpose): until then an exit is not pongsim's. */
let settled = false;
// Code that is not pongsim's (a strategy plug-in) calling process.exit(0) would end a command
// part-way with the code of success and no word: it is a failure, and says so.
process.on('exit', (code) => {
  if (code !== 0 || settled) return;
  process.stderr.write(
    'pongsim: the command ended before it finished (a plug-in called process.exit?); what it would have written is not there\n',
  );
  process.exitCode = 1;
});
const exit = (code: number): never => {
  settled = true;
  process.exit(code);
};

// A reader that stops early (pongsim run ... | head -1) closes the pipe: stop quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') exit(0);
  throw e;
});

/** Options that may be given more than once; any other option given twice is refused. */
const REPEATABLE = new Set(['--set', '--plugin', '--arm']);
program.hook('preAction', (_program, cmd) => {
  const args = process.argv.slice(2);
  for (const o of cmd.options) {
    if (!o.long || REPEATABLE.has(o.long)) continue;
    const n = args.filter((a) => a === o.long || a.startsWith(`${o.long}=`)).length;
    if (n > 1)
      throw new InputError(`${o.long}: given ${n} times; give it once${o.required || o.optional ? ' (the last would silently win)' : ''}`);
  }
});

registerList(program);
registerSim(program);
registerRun(program);
registerCompare(program);
registerTune(program);
registerExplain(program);
registerMerge(program);
registerReport(program);
registerReplay(program);
registerCheck(program);
registerView(program);
registerOdds(program);
registerBench(program);
registerHand(program);
registerCard(program);
registerScore(program);
registerAdvise(program);
registerReview(program);

for (const cmd of program.commands)
  cmd
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeErr: () => {} });

try {
  // A bare `pongsim` shows what it can do rather than an error.
  if (process.argv.length <= 2) {
    process.stdout.write(program.helpInformation());
    exit(0);
  }
  await program.parseAsync(process.argv);
  settled = true;
} catch (e) {
  settled = true;
  if (e instanceof CommanderError) {
    if (e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version') process.exit(0);
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
    process.stderr.write(`pongsim: ${oneLine(text.split('\n')[0]!)}\n`);
    process.exit(2);
  }
  // Every message is one line, however much of the input it quotes, and nothing in it acts on
  // the terminal.
  if (e instanceof InputError) {
    process.stderr.write(`pongsim: ${oneLine(e.message)}\n`);
    process.exit(2);
  }
  if (e instanceof Interrupted) {
    process.stderr.write(`pongsim: ${oneLine(e.message)}
`);
    process.exit(exitCodeOf(e.reason));
  }
  process.stderr.write(`pongsim: the run failed: ${oneLine(e instanceof Error ? e.message : String(e))}\n`);
  process.exit(1);
}
