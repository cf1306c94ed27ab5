import { io } from './io.js';
import path from 'node:path';
import type { Command } from 'commander';
import { offering } from '../catalog/index.js';
import { simulateRun, type SimulateOptions } from '../library/simulate.js';
import { outFile, positiveInt, positiveNumber, seedText } from '../library/options.js';
import {
  DECISION_TIMEOUT_OPTION,
  collect,
  controlled,
  printJson,
  recordOptions,
  recordsLine,
  riskOptions,
  shardOptions,
} from './options.js';
import { printTable } from '../io/print.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';

export function registerSim(program: Command): void {
  const cmd = program
    .command('sim')
    .description('an ad-hoc study: one line-up of strategies under one set of rules')
    .argument('<game>', 'game id (see pongsim list)')
    .option('--seats <specs>', "one strategy spec per seat, comma separated; SPEC*k repeats (default: the game's reference bot)")
    .option('--rules <preset|file.json>', 'a rules preset name or a JSON rules file')
    .option('--set <key=value>', 'override one rule option (repeatable)', collect)
    .option('--card <file.json>', `play this card of hands (mjcard/1) instead of the sample card (${offering('card')})`)
    .option('--plugin <file.js>', 'load strategies from a compiled JavaScript module (repeatable)', collect)
    .option('--games <n>', 'games to play (default 10000)', positiveInt('--games'))
    .option(
      '--until-ci <width>',
      "play blocks of games until every seat's interval is narrower than WIDTH (instead of --games)",
      positiveNumber('--until-ci'),
    )
    .option('--max-games <n>', 'with --until-ci: the most games (default 1000000)', positiveInt('--max-games'))
    .option('--seed <s>', 'seed of the run', seedText, '1')
    .option('--workers <n>', 'worker threads (default: cores)', positiveInt('--workers', 256))
    .option('--chunk <n>', 'games per worker task (results do not depend on it)', positiveInt('--chunk'))
    .option('--out <file.csv>', 'write the table as CSV (and FILE.meta.json beside it)', outFile);
  riskOptions(cmd);
  shardOptions(recordOptions(cmd))
    .option(...DECISION_TIMEOUT_OPTION)
    .option('--resume', 'with --out: continue the run that was interrupted with these options, from its checkpoint (FILE.checkpoint.json)')
    .option('--json', 'print one JSON document instead of a table')
    .option('--wide', 'print every column, however wide (default: the columns that fit the terminal, at most 100 columns)')
    .option('--force', 'allow writing into results/reference/')
    .action(async (game: string, flags: Omit<SimulateOptions, 'game'> & { json?: boolean; wide?: boolean }) => {
      const r = await controlled(false, (c) => simulateRun({ ...flags, game }, c));
      if ('partial' in r) {
        if (flags.json) printJson(r);
        else io().stdout.write(`wrote ${r.partial}\n`);
        return;
      }
      if (flags.json) {
        printJson(r.result);
        return;
      }
      const { games, seed, untilCi, risk } = r.result;
      const better = r.lowerIsBetter ? 'mean is a penalty: lower is better' : 'mean is net points: higher is better';
      const nights =
        risk &&
        `; risk in ${risk.unit}${risk.pointValue !== undefined ? ` at ${risk.pointValue} a point` : ''}: ${risk.seats[0]!.sessions} sessions of ${risk.session} games${risk.bankroll !== undefined ? `, ruin of a bankroll of ${risk.bankroll}` : ''}`;
      const width = terminalWidth(io().stdout);
      const rest = r.out ? path.basename(r.out) : '--json and --out';
      const lines = [
        `(${games} games, seed ${seed}${untilCi ? `, played until every seat's interval was under ${untilCi.width}${untilCi.reached ? '' : ' (not reached by --max-games)'}` : ''}; ${better}${nights ?? ''})`,
      ];
      if (r.out) lines.push(`wrote ${r.out} with ${path.basename(r.out.replace(/\.csv$/, ''))}.meta.json and .svg beside it`);
      const records = recordsLine(r.result.records, flags.record);
      if (records) lines.push(records);
      io().stdout.write(
        printTable(r.table, Infinity, flags.wide ? {} : { width, rest }) + wrapLines(lines.join('\n'), width, flags.wide) + '\n',
      );
    });
}
