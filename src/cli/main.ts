#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { InputError } from '../core/errors.js';
import { registerBench } from './bench.js';
import { registerCard } from './card.js';
import { registerHand } from './hand.js';
import { registerList } from './list.js';
import { registerMerge } from './merge.js';
import { registerOdds } from './odds.js';
import { registerReplay } from './replay.js';
import { registerRun } from './run.js';
import { registerScore } from './score.js';
import { registerSim } from './sim.js';
import { VERSION } from './version.js';

/** Exit codes: 0 ok, 1 the run failed, 2 bad input (one line on stderr, nothing written). */
const program = new Command('pongsim')
  .description('Monte Carlo simulation and strategy analysis for Hwatu and mahjong games')
  .version(VERSION)
  .showSuggestionAfterError(false)
  .exitOverride();
program.configureOutput({ writeErr: () => {} });

registerList(program);
registerSim(program);
registerRun(program);
registerMerge(program);
registerReplay(program);
registerOdds(program);
registerBench(program);
registerHand(program);
registerCard(program);
registerScore(program);

for (const cmd of program.commands) cmd.exitOverride().configureOutput({ writeErr: () => {} });

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    if (e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version') process.exit(0);
    const cause = (e as { cause?: unknown }).cause;
    process.stderr.write(`pongsim: ${(cause instanceof InputError ? cause.message : e.message.replace(/^error: /, '')).split('\n')[0]}\n`);
    process.exit(2);
  }
  if (e instanceof InputError) {
    process.stderr.write(`pongsim: ${e.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`pongsim: the run failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
