import type { Command } from 'commander';
import { IllegalMoveError } from '../core/errors.js';
import { replayGame } from '../runner/replay.js';
import { DECISION_TIMEOUT_OPTION, MAX_GAMES, collect, nonNegativeInt, seedText } from './options.js';
import { simParams } from './sim.js';

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
    .option('--card <file.json>', 'the same --card as the run (american)')
    .option('--plugin <file.js>', 'the same --plugin modules as the run (repeatable)', collect)
    .option(...DECISION_TIMEOUT_OPTION)
    .option('--json', 'print {"game", "seed", "index", "trace": [lines], "result": [{"seat", "strategy", "return"}]}')
    .action(async (game: string, flags: { seed: string; index: number; seats?: string; rules?: string; set?: string[]; card?: string; plugin?: string[]; decisionTimeout?: number; json?: boolean }) => {
      const params = await simParams(game, flags, flags.index + 1);
      const { trace, result, illegalMove } = await replayGame(params, flags.seed, flags.index, flags.decisionTimeout);
      if (illegalMove !== undefined) {
        // A game that ended in an illegal move is shown up to that move, then fails as the run did.
        process.stdout.write(flags.json
          ? JSON.stringify({ game, seed: flags.seed, index: flags.index, trace, illegalMove }) + '\n'
          : `${game} game ${flags.index} of seed ${flags.seed}\n${trace.join('\n')}\nillegal move: ${illegalMove}\n`);
        throw new IllegalMoveError(illegalMove);
      }
      if (flags.json) {
        process.stdout.write(JSON.stringify({ game, seed: flags.seed, index: flags.index, trace, result }) + '\n');
        return;
      }
      process.stdout.write(`${game} game ${flags.index} of seed ${flags.seed}\n${trace.join('\n')}\nresult:\n  ${result!.map((r) => `seat ${r.seat} (${r.strategy}): ${r.return}`).join('\n  ')}\n`);
    });
}
