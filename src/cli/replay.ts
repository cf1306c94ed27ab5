import { io } from './io.js';
import type { Command } from 'commander';
import { offering } from '../catalog/index.js';
import { replay, type ReplayOptions } from '../library/replay.js';
import { recordText } from '../records/record.js';
import { EVENTS_FORMAT } from '../core/trace.js';
import { MAX_GAMES, nonNegativeInt, seedText } from '../library/options.js';
import { DECISION_TIMEOUT_OPTION, collect, printJson } from './options.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('print the full trace of one game of a sim run, exactly as the run played it')
    .argument('<game>', 'game id')
    .requiredOption('--seed <s>', 'the seed of the sim run', seedText)
    .requiredOption('--index <i>', 'the game index within the run (0-based)', nonNegativeInt('--index', MAX_GAMES - 1))
    .option('--seats <specs>', 'the same --seats as the run')
    .option('--rules <preset|file.json>', 'the same --rules as the run')
    .option('--set <key=value>', 'the same --set overrides as the run (repeatable)', collect)
    .option('--card <file.json>', `the same --card as the run (${offering('card')})`)
    .option('--plugin <file.js>', 'the same --plugin modules as the run (repeatable)', collect)
    .option(...DECISION_TIMEOUT_OPTION)
    .option(
      '--format <trace|events>',
      `trace: the prose trace (default); events: the game's record, one JSON event a line (${EVENTS_FORMAT}; ${offering('records')})`,
    )
    .option('--html <file.html>', "also write the game's viewer page: one self-contained page stepping through it")
    .option('--force', 'allow writing into results/reference/')
    .option(
      '--json',
      'print {"game", "seed", "index", "trace": [lines], "result": [{"seat", "strategy", "return"}]} (with --format events, "events" instead of "trace"; with --html, "html")',
    )
    .action(async (game: string, flags: Omit<ReplayOptions, 'game'> & { json?: boolean }) => {
      const { json, ...o } = flags;
      const r = await replay({ ...o, game });
      if (json) printJson(r);
      else if (r.events) io().stdout.write(recordText(r.events));
      else {
        const end = r.result
          ? `result:\n  ${r.result.map((x) => `seat ${x.seat} (${x.strategy}): ${x.return}`).join('\n  ')}`
          : `illegal move: ${r.illegalMove}`;
        io().stdout.write(
          `${wrapLines(`${game} game ${r.index} of seed ${r.seed}\n${r.trace.join('\n')}\n${end}`, terminalWidth(io().stdout))}\n`,
        );
      }
      if (r.html && !flags.json) io().stderr.write(`wrote ${r.html}\n`);
      // A game that ended in an illegal move fails as the run did, once shown.
      if (r.illegalMove !== undefined) throw new Error(r.illegalMove);
    });
}
