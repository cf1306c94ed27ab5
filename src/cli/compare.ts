import type { Command } from 'commander';
import { compareRun, figureList, type CompareOptions } from '../library/compare.js';
import { outDir, pathName, positiveInt, seatIndex, seedText } from '../library/options.js';
import { collect, controlled, riskOptions, runOutputOptions } from './options.js';
import { printStudy, type ShowFlags } from './run.js';

export function registerCompare(program: Command): void {
  const cmd = program
    .command('compare')
    .description(
      'arms of house rules and line-ups side by side on the same deals, each figure with its paired difference against the baseline',
    )
    .argument('<game>', 'game id (see pongsim list)')
    .option(
      '--arm <text>',
      "an arm: 'NAME: --rules PRESET|FILE --set k=v ... --seats SPEC,...' (repeatable; the first is the baseline)",
      collect,
    )
    .option(
      '--study <file.json>',
      'the arms (and games, seed, baseline, focal, metrics) as a JSON study file',
      pathName('--study', 'a study file'),
    )
    .option('--baseline <name>', 'the arm the others are compared with (default: the first)')
    .option(
      '--focal <k>',
      'compare strategy K only, rotating the line-up through the seats (needed when arms seat different numbers)',
      seatIndex('--focal'),
    )
    .option('--metrics <list>', "report only these figures (comma separated: seat0, focal, the game's rates)", figureList('--metrics'))
    .option('--plugin <file.js>', 'load strategies from a compiled JavaScript module (repeatable)', collect)
    .option(
      '--each-option',
      "instead of arms: every alternative value of every rule option, one at a time, against the defaults (the game's house-rule table)",
    )
    .option(
      '--card <file.json>',
      'with --each-option, for a game that plays a card of hands: play this card',
      pathName('--card', 'a card file'),
    )
    .option(
      '--luck',
      "each seat's mean result less its luck of the draws, measured by the game's luck meter (the same mean, a narrower interval; places, wins and rates as played); on the mahjong tables each seat draws from places of its own (pairing=seats) where an arm does not set pairing",
    )
    .option('--games <n>', 'games per arm', positiveInt('--games'))
    .option('--seed <s>', 'seed of the run', seedText)
    .option('--workers <n>', 'worker threads (default: cores)', positiveInt('--workers', 256))
    .option('--chunk <n>', 'games per worker task (results do not depend on it)', positiveInt('--chunk'))
    .option('--out <dir>', 'output folder (default results/compare-<game>)', outDir);
  riskOptions(cmd);
  runOutputOptions(cmd)
    .option('--json', 'print the table and summary lines as one JSON document')
    .action(async (game: string, flags: Omit<CompareOptions, 'game'> & ShowFlags) => {
      printStudy(await controlled(false, (c) => compareRun({ ...flags, game }, c)), flags);
    });
}
