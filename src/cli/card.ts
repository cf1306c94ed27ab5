import type { Command } from 'commander';
import { InputError, visible } from '../core/errors.js';
import { readCard } from '../io/card-file.js';

export function registerCard(program: Command): void {
  program
    .command('card')
    .description('American mahjong cards: `card check FILE` validates a card and lists each line with its expansion count')
    .argument('<action>', 'check')
    .argument('<file>', 'a card file in the mjcard/1 format')
    .option('--json', 'print one JSON object instead of text')
    .action((action: string, file: string, flags: { json?: boolean }) => {
      if (action !== 'check') throw new InputError(`card: unknown action "${action}"; allowed: check`);
      const { card, hash } = readCard(file);
      const counts = card.lines.map((_, i) => card.lineStart[i + 1]! - card.lineStart[i]!);
      if (flags.json) {
        const lines = card.lines.map((l, i) => ({ ...l, variants: counts[i] }));
        process.stdout.write(JSON.stringify({ card: card.name, year: card.year, sha256: hash, variants: card.variants.length, lines }) + '\n');
        return;
      }
      const width = Math.max(...card.lines.map((l) => l.id.length));
      const out = [`${file}: "${card.name}"${card.year === null ? '' : ` (${card.year})`}, ${card.lines.length} lines, ${card.variants.length} concrete variants, sha256 ${hash.slice(0, 16)}`];
      out.push(`  ${'line'.padEnd(width)}  value  X/C  jokers  variants  pattern`);
      card.lines.forEach((l, i) => {
        out.push(`  ${l.id.padEnd(width)}  ${String(l.value).padStart(5)}  ${l.concealed ? ' C ' : ' X '}  ${l.jokers ? ' yes  ' : ' no   '}  ${String(counts[i]).padStart(8)}  ${l.patterns.join('  |  ')}`);
      });
      // A card handed over by someone else names its lines as it likes: nothing in a name may act on the terminal.
      process.stdout.write(out.map(visible).join('\n') + '\n');
    });
}
