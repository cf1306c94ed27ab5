import { io } from './io.js';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { cardEntry, checkCard } from '../library/hand.js';
import { importCard, importCardFormats } from '../library/card.js';
import { printJson } from './options.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';

export function registerCard(program: Command): void {
  program
    .command('card')
    .description(
      `cards of hands (${cardEntry().def.title}): \`card check FILE\` validates a card and lists each line with its expansion count; \`card import --from FORMAT FILE --out CARD\` converts another tool's card file`,
    )
    .argument('<action>', 'check or import')
    .argument('<file>', "check: a card file in the mjcard/1 format; import: the other tool's card file")
    .option(
      '--from <format>',
      `import: the format of FILE (${importCardFormats()
        .map((f) => `${f.id}: ${f.title}`)
        .join('; ')})`,
    )
    .option('--out <file>', 'import: the card file to write (mjcard/1)')
    .option('--skip-unsupported', 'import: leave out, and list, the lines the card format cannot say instead of refusing the file')
    .option('--json', 'print one JSON object instead of text')
    .action((action: string, file: string, flags: { from?: string; out?: string; skipUnsupported?: boolean; json?: boolean }) => {
      if (action === 'import') {
        // Options of the command that `card check` does without, and so not commander's to require.
        if (flags.from === undefined)
          throw new InputError(
            `card import: --from is required; allowed: ${importCardFormats()
              .map((f) => f.id)
              .join(', ')}`,
          );
        if (flags.out === undefined) throw new InputError('card import: --out FILE is required (the card file to write)');
        const r = importCard({ from: flags.from, file, out: flags.out, skipUnsupported: flags.skipUnsupported });
        if (flags.json) return printJson(r);
        const lines = [`${r.out}: "${r.card}", ${r.lines} lines converted from ${r.file} (${r.from})`];
        for (const s of r.skipped) lines.push(`  left out line ${s.line}: ${s.why}`);
        io().stdout.write(wrapLines(lines.join('\n'), terminalWidth(io().stdout)) + '\n');
        return;
      }
      if (action !== 'check') throw new InputError(`card: unknown action "${action}"; allowed: check, import`);
      for (const [flag, v] of [
        ['--from', flags.from],
        ['--out', flags.out],
        ['--skip-unsupported', flags.skipUnsupported],
      ] as const) {
        if (v !== undefined) throw new InputError(`card check: ${flag} is an option of card import; allowed: --json`);
      }
      const check = checkCard({ file });
      if (flags.json) printJson(check);
      else
        io().stdout.write(
          wrapLines(
            cardEntry()
              .card.text(file, check as never)
              .join('\n'),
            terminalWidth(io().stdout),
          ) + '\n',
        );
    });
}
