// `pongsim score <game> [FILE|-]`: batch scoring of complete hands, one JSON object a line in
// and out. Every line is read and scored before anything is written.

import { io, stdinText } from './io.js';
import fs from 'node:fs';
import type { Command } from 'commander';
import { offering } from '../catalog/index.js';
import { InputError, ItemError } from '../core/errors.js';
import { jsonFault } from '../core/json.js';
import { score } from '../library/hand.js';
import { collect } from './options.js';

export function registerScore(program: Command): void {
  program
    .command('score')
    .description('score complete mahjong hands in batch: one JSON object a line in, one a line out')
    .argument('<game>', offering('score').split(', ').join(' or '))
    .argument('[file]', 'a file of JSON lines, or - (the default) for stdin')
    .option('--rules <preset|file.json>', 'a house-rules preset or a JSON rules file')
    .option('--set <key=value>', 'override one house rule (repeatable)', collect)
    .action((game: string, file: string | undefined, flags: { rules?: string; set?: string[] }) => {
      const stdin = file === undefined || file === '-';
      let text: string;
      try {
        text = stdin ? stdinText() : fs.readFileSync(file, 'utf8');
      } catch {
        throw new InputError(`score: cannot read ${stdin ? 'stdin' : file}`);
      }
      const lines: number[] = [];
      const hands: Record<string, unknown>[] = [];
      text.split('\n').forEach((raw, i) => {
        const line = raw.trim();
        if (line === '') return;
        let o: unknown;
        try {
          o = JSON.parse(line);
        } catch {
          throw new InputError(`line ${i + 1}: not a JSON object`);
        }
        // A key given twice would be scored as its last value, silently.
        const fault = jsonFault(line);
        if (fault) throw new InputError(`line ${i + 1}: ${fault}`);
        lines.push(i + 1);
        hands.push(o as Record<string, unknown>);
      });
      let out;
      try {
        out = score({ game, hands, rules: flags.rules, set: flags.set });
      } catch (e) {
        if (e instanceof ItemError) throw new InputError(`line ${lines[e.index]!}: ${e.detail}`);
        throw e;
      }
      if (out.length) io().stdout.write(out.map((r) => JSON.stringify(r)).join('\n') + '\n');
    });
}
