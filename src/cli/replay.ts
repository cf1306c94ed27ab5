import type { Command } from 'commander';
import { IllegalMoveError } from '../core/errors.js';
import { simArm } from '../experiment/sim.js';
import { MAX_GAMES, collect, nonNegativeInt, seedText } from './options.js';
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
    .option('--json', 'print {"game", "seed", "index", "trace": [lines], "result": [{"seat", "strategy", "return"}]}')
    .action(async (game: string, flags: { seed: string; index: number; seats?: string; rules?: string; set?: string[]; card?: string; plugin?: string[]; json?: boolean }) => {
      const params = await simParams(game, flags, flags.index + 1);
      const arm = simArm(params);
      const trace: string[] = [];
      try {
        arm.play(flags.seed, 0, flags.index, 0, trace);
      } catch (e) {
        // A game that ended in an illegal move is shown up to that move, then fails as the run did.
        if (!(e instanceof IllegalMoveError)) throw e;
        process.stdout.write(flags.json
          ? JSON.stringify({ game, seed: flags.seed, index: flags.index, trace, illegalMove: e.message }) + '\n'
          : `${game} game ${flags.index} of seed ${flags.seed}\n${trace.join('\n')}\nillegal move: ${e.message}\n`);
        throw e;
      }
      const result = Array.from(arm.returns, (x, k) => ({ seat: k, strategy: arm.specs[k]!.text, return: x }));
      if (flags.json) {
        process.stdout.write(JSON.stringify({ game, seed: flags.seed, index: flags.index, trace, result }) + '\n');
        return;
      }
      process.stdout.write(`${game} game ${flags.index} of seed ${flags.seed}\n${trace.join('\n')}\nresult:\n  ${result.map((r) => `seat ${r.seat} (${r.strategy}): ${r.return}`).join('\n  ')}\n`);
    });
}
