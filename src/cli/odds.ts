import path from 'node:path';
import type { Command } from 'commander';
import { gameEntry } from '../catalog.js';
import { InputError } from '../core/errors.js';
import { checkWritable, csvText, tableObjects, writeAtomically } from '../io/csv.js';
import { oddsCard } from '../games/hwatu/wolnamppong/odds-card.js';
import { ODDS_COLUMNS, oddsRows, ruleOfThumb } from '../games/hwatu/wolnamppong/odds-table.js';
import { resolveRules } from '../core/rules.js';
import type { WolnamRules } from '../games/hwatu/wolnamppong/rules.js';
import { collect, gameRules } from './options.js';
import { printTable } from './print.js';

/** `--seen 3,3,7,12`: months already revealed this cycle. */
function parseSeen(text: string): number[] {
  const parts = text.trim() === '' ? [] : text.split(',').map((x) => x.trim());
  const months = parts.map(Number);
  if (parts.some((p) => !/^\d+$/.test(p)) || months.some((m) => m < 1 || m > 12)) {
    throw new InputError(`--seen: expected months 1-12 separated by commas, e.g. 3,3,7,12 (got ${JSON.stringify(text)})`);
  }
  for (let m = 1; m <= 12; m++) {
    if (months.filter((x) => x === m).length > 4) throw new InputError(`--seen: month ${m} appears more than 4 times; the deck holds 4 of each month`);
  }
  if (months.length > 46) throw new InputError('--seen: at most 46 cards can be seen beside a two-card hand');
  return months;
}

export function registerOdds(program: Command): void {
  program
    .command('odds')
    .description('exact betting odds for every hand (wolnamppong): P(win), P(post), P(lose), EV per chip')
    .argument('<game>', 'wolnamppong')
    .option('--seen <months>', 'months already revealed this cycle, e.g. 3,3,7,12 (card counting)', parseSeen, [])
    .option('--rules <preset|file.json>', 'a rules preset name or a JSON rules file')
    .option('--set <key=value>', 'override one rule option (repeatable)', collect)
    .option('--out <file.csv>', 'write the table as CSV')
    .option('--json', 'print {"game","rules","seen","rows":[...]} instead of a table')
    .option('--card [dir]', 'write a printable odds card, odds-card.html and odds-card.svg, into DIR (default results/odds-card)')
    .action((game: string, flags: { seen: number[]; rules?: string; set?: string[]; out?: string; json?: boolean; card?: string | true }) => {
      if (game !== 'wolnamppong') throw new InputError(`odds: only wolnamppong has a betting-odds table (got ${JSON.stringify(game)})`);
      const entry = gameEntry(game);
      const rules = gameRules(entry, flags.rules, flags.set) as unknown as WolnamRules;
      if (flags.out) checkWritable('--out', flags.out, 'file');
      if (flags.card !== undefined) {
        if (flags.seen.length) throw new InputError('--card: the card is for a fresh cycle and lists what a seen card changes; leave out --seen');
        const dir = flags.card === true ? path.join('results', 'odds-card') : flags.card;
        checkWritable('--card', dir, 'dir');
        const defaults = resolveRules(entry.def.schema, []) as Record<string, unknown>;
        const changes = Object.entries(rules).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k])).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`);
        const card = oddsCard(rules, changes);
        writeAtomically([{ file: path.join(dir, 'odds-card.html'), text: card.html }, { file: path.join(dir, 'odds-card.svg'), text: card.svg }]);
        process.stdout.write(`wrote ${path.join(dir, 'odds-card.html')} (print it: one page) and ${path.join(dir, 'odds-card.svg')}\n`);
        return;
      }
      const table = { name: 'wolnamppong-odds', columns: ODDS_COLUMNS, rows: oddsRows(rules, flags.seen) };
      if (flags.out) writeAtomically([{ file: flags.out, text: csvText(table) }]);
      const thumb = ruleOfThumb(table.rows);
      if (flags.json) process.stdout.write(JSON.stringify({ game, rules, seen: flags.seen, ruleOfThumb: thumb, rows: tableObjects(table) }) + '\n');
      else process.stdout.write(printTable(table) + thumb + '\n');
    });
}
