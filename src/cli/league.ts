import type { Command } from 'commander';
import { offering } from '../catalog/index.js';
import { leagueRun, type LeagueOptions } from '../library/league.js';
import { outDir, positiveInt, seedText } from '../library/options.js';
import { collect, controlled, runOutputOptions } from './options.js';
import { printStudy, type ShowFlags } from './run.js';

export function registerLeague(program: Command): void {
  const cmd = program
    .command('league')
    .description(
      'rates strategy specs against each other: every line-up on the same deals, ratings fitted by Plackett-Luce with bootstrap intervals and the likelihood of superiority',
    )
    .argument('<game>', 'game id (see pongsim list)')
    .requiredOption('--specs <specs>', 'the specs rated, comma separated (SPEC*k repeats; the first is anchored at rating 0)')
    .option('--rules <preset|file.json>', 'a rules preset name or a JSON rules file')
    .option('--set <key=value>', 'override one rule option (repeatable)', collect)
    .option('--card <file.json>', `play this card of hands (${offering('card')})`)
    .option('--plugin <file.js>', 'load strategies from a compiled JavaScript module (repeatable)', collect)
    .option('--games <n>', 'deals per round, each played by every line-up in each of its seat orders (default 200)', positiveInt('--games'))
    .option(
      '--rounds <n>',
      'rounds of allotment (default 1): each later round plays --games fresh deals with only the line-ups seating two specs whose order is still unsure',
      positiveInt('--rounds', 100),
    )
    .option('--seed <s>', 'seed of the run', seedText)
    .option('--workers <n>', 'worker threads (default: cores)', positiveInt('--workers', 256))
    .option('--chunk <n>', 'deals per worker task (results do not depend on it)', positiveInt('--chunk'))
    .option('--out <dir>', 'output folder (default results/league-<game>)', outDir);
  runOutputOptions(cmd)
    .option('--json', 'print the tables and summary lines as one JSON document')
    .action(async (game: string, flags: Omit<LeagueOptions, 'game'> & ShowFlags) => {
      printStudy(await controlled(false, (c) => leagueRun({ ...flags, game }, c)), flags);
    });
}
