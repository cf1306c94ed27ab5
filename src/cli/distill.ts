import type { Command } from 'commander';
import { offering } from '../catalog/index.js';
import { distill, type DistillOptions } from '../library/distill.js';
import { pathName, positiveInt, positiveNumber, seedText } from '../library/options.js';
import { collect, printJson } from './options.js';
import { io } from './io.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';

export function registerDistill(program: Command): void {
  program
    .command('distill')
    .description(
      "fits a fast policy to a slow bot's choices: a linear score over the features the engine computes of each legal action, fitted by softmax regression, saved as a JSON file the distilled(file=...) strategy plays",
    )
    .argument('<game>', offering('features').split(', ').join(' or '))
    .option('--teacher <spec>', "the bot whose choices are fitted (default rollout(n=16,policy=<the game's best hand-written bot>))")
    .option('--base <spec>', "the bot whose choice the policy's first feature marks (default the game's best hand-written bot)")
    .option('--opponents <spec>', "the bot in every other seat (default the game's best hand-written bot)")
    .option('--games <n>', 'games played for the data, the teacher in each seat in turn (default 200)', positiveInt('--games'))
    .option('--seed <s>', 'seed of the games', seedText)
    .option('--workers <n>', 'worker threads (default: cores; the file is the same for any number)', positiveInt('--workers', 256))
    .option('--rules <preset|file.json>', 'a rules preset name or a JSON rules file')
    .option('--set <key=value>', 'override one rule option (repeatable)', collect)
    .option(
      '--target <what>',
      "what the policy is fitted to: values (what the teacher's rollouts give each action; the default for a search teacher) or choices (the actions it took; the default for another)",
    )
    .option('--ridge <r>', 'the ridge penalty r/2 |w|^2 of the fit (default 1)', positiveNumber('--ridge'))
    .option(
      '--departures <w>',
      "with --target choices: the weight in the fit of a decision at which the teacher departs from the base's choice, the others 1 (default 1)",
      positiveNumber('--departures'),
    )
    .option(
      '--out <file.json>',
      'the policy file to write (default results/distill/<game>.distilled.json)',
      pathName('--out', 'a .json file name'),
    )
    .option('--force', 'allow writing into results/reference/ (rebuilding the committed reference results)')
    .option('--json', 'print the file written and the fit as one JSON document')
    .action(async (game: string, flags: Omit<DistillOptions, 'game'> & { json?: boolean }) => {
      const { json, ...rest } = flags;
      const r = await distill({ ...rest, game });
      if (json) {
        printJson(r);
        return;
      }
      const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
      io().stdout.write(
        `${wrapLines(
          `wrote ${r.out}: ${r.decisions} decisions of ${r.file.made.teacher as string} fitted; the policy picks its action (and a bet's amount) at ${pct(r.agreement)} of them (${pct(r.agreement_held_out)} of the last fifth of the games, fitted on the rest), ${r.file.base} alone at ${pct(r.base_agreement)}. Play it: distilled(file=${r.out})`,
          terminalWidth(io().stdout),
        )}\n`,
      );
    });
}
