import { io } from './io.js';
import path from 'node:path';
import type { Command } from 'commander';
import { offering } from '../catalog/index.js';
import { tuneRun, type TuneOptions } from '../library/tune.js';
import { outDir, positiveInt, positiveNumber, seatIndex, seedText } from '../library/options.js';
import { DECISION_TIMEOUT_OPTION, collect, controlled, printJson } from './options.js';
import { printTable } from '../io/print.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';

export function registerTune(program: Command): void {
  program
    .command('tune')
    .description(
      "tunes a strategy's parameters by successive halving: every configuration on the same deals, the tuned seat rotated through the table",
    )
    .argument('<game>', 'game id (see pongsim list)')
    .requiredOption('--strategy <grid>', 'the grid: name(p=lo..hi:step,q=[a,b,c],r=value); parameters left out keep their defaults')
    .requiredOption('--budget <games>', 'games in all, split evenly over the rounds', positiveInt('--budget'))
    .option('--seat <k>', "the tuned strategy's place in the line-up (default 0)", seatIndex('--seat'))
    .option('--against <specs>', "the other seats' specs, comma separated; SPEC*k repeats (default: the game's reference bot)")
    .option('--rules <preset|file.json>', 'a rules preset name or a JSON rules file')
    .option('--set <key=value>', 'override one rule option (repeatable)', collect)
    .option('--card <file.json>', `play this card of hands (${offering('card')})`)
    .option('--plugin <file.js>', 'load strategies from a compiled JavaScript module (repeatable)', collect)
    .option('--seed <s>', 'seed of the run', seedText, '1')
    .option('--workers <n>', 'worker threads (default: cores)', positiveInt('--workers', 256))
    .option(...DECISION_TIMEOUT_OPTION)
    .option('--method <m>', 'halving (the default: successive halving of a grid) or spsa (parameters given as ranges lo..hi)')
    .option(
      '--sprt <d0,d1>',
      "then test the tuned setting against --current by an SPRT: its gain per game in the game's points under H0 and under H1",
    )
    .option('--alpha <p>', 'the SPRT: the chance of accepting H1 when H0 holds (default 0.05)', positiveNumber('--alpha'))
    .option('--beta <p>', 'the SPRT: the chance of accepting H0 when H1 holds (default 0.05)', positiveNumber('--beta'))
    .option('--current <spec>', 'the SPRT: the setting the tuned one is tested against (default: the strategy with its defaults)')
    .option('--sprt-games <n>', 'the SPRT: the most games each setting plays (default 10000)', positiveInt('--sprt-games'))
    .option(
      '--luck',
      "the tuned seat's result less its luck of the draws, measured by the game's luck meter (the same means, less noise); on the mahjong tables each seat draws from places of its own (pairing=seats) where the rules do not set pairing",
    )
    .option('--out <dir>', 'output folder (default results/tune-<game>)', outDir)
    .option('--force', 'allow writing into results/reference/')
    .option('--json', 'print the answer and every round as one JSON document')
    .option('--wide', "print every column of the table and the answer's lines whole (default: fitted to the terminal, at most 100 columns)")
    .action(async (game: string, flags: Omit<TuneOptions, 'game'> & { json?: boolean; wide?: boolean }) => {
      const { result, table, sprt } = await controlled(Boolean(flags.json), (c) => tuneRun({ ...flags, game }, c));
      if (flags.json) {
        printJson(result);
        return;
      }
      const width = terminalWidth(io().stdout);
      const full =
        result.method === 'spsa'
          ? `full table: ${path.join(result.out, 'spsa.csv')} (${table.rows.length} rows: every step)`
          : `full table: ${path.join(result.out, 'tune.csv')} (${table.rows.length} rows: every configuration in every round)`;
      const shown = (t: typeof table) => printTable(t, 12, flags.wide ? {} : { width });
      const tested = sprt && result.sprt ? `\n${wrapLines(result.sprt.answer, width, flags.wide)}\n\n${shown(sprt)}` : '';
      io().stdout.write(
        `${wrapLines(result.answer, width, flags.wide)}\n\n${shown(table)}${wrapLines(full, width, flags.wide)}\n${tested}`,
      );
    });
}
