import { io } from './io.js';
import type { Command } from 'commander';
import { offering } from '../catalog/index.js';
import { nameOf } from '../core/errors.js';
import { checkRecord } from '../library/records.js';
import { EVENTS_FORMAT } from '../core/trace.js';
import { printJson } from './options.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description(
      `play a game record (${EVENTS_FORMAT}) again under its rules and confirm every event and settlement; exit 2 naming the first line that is wrong`,
    )
    .argument('<game>', offering('records').split(', ').join(', '))
    .argument('<record>', 'the record file: one JSON event a line')
    .option('--json', 'print {"game", "record", "format", "events", "decisions", "result": [{"seat", "strategy", "return"}]}')
    .action((game: string, record: string, flags: { json?: boolean }) => {
      const r = checkRecord({ game, record });
      if (flags.json) printJson(r);
      else {
        // Whoever wrote the record named the seats: a name of a megabyte prints its start.
        const result = r.result.map((x) => `seat ${x.seat} (${nameOf(x.strategy)}): ${x.return}`).join(', ');
        io().stdout.write(
          `${wrapLines(`${record}: a legal ${game} game, every event and settlement confirmed (${r.events} events, ${r.decisions} decisions); result: ${result}`, terminalWidth(io().stdout))}\n`,
        );
      }
    });
}
