import type { Command } from 'commander';
import { InputError, visible } from '../core/errors.js';
import { cardEntry, checkCard } from '../library/hand.js';
import { printJson } from './options.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';

export function registerCard(program: Command): void {
  program
    .command('card')
    .description(`cards of hands (${cardEntry().def.title}): \`card check FILE\` validates a card and lists each line with its expansion count`)
    .argument('<action>', 'check')
    .argument('<file>', 'a card file in the mjcard/1 format')
    .option('--json', 'print one JSON object instead of text')
    .action((action: string, file: string, flags: { json?: boolean }) => {
      if (action !== 'check') throw new InputError(`card: unknown action "${action}"; allowed: check`);
      const check = checkCard({ file });
      if (flags.json) printJson(check);
      // A card handed over by someone else names its lines as it likes: nothing in a name may act on the terminal.
      else process.stdout.write(wrapLines(cardEntry().card.text(file, check as never).map(visible).join('\n'), terminalWidth()) + '\n');
    });
}
