import { io } from './io.js';
import path from 'node:path';
import type { Command } from 'commander';
import { GAMES } from '../catalog/index.js';
import { oddsRun, type OddsOptions } from '../library/odds.js';
import { outFile, pathName, positiveInt, positiveNumber } from '../library/options.js';
import { ODDS_BETS, ODDS_MAX_BETS } from '../library/odds.js';
import { collect, printJson } from './options.js';
import { printTable } from '../io/print.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';

/** What each game's odds answer, and how it writes a kind of input, for the help. */
const about = (what: (q: NonNullable<(typeof GAMES)[number]['odds']>) => string | undefined): string =>
  GAMES.flatMap((g) => (g.odds && what(g.odds) !== undefined ? [`${g.def.id}: ${what(g.odds)}`] : [])).join('; ');

export function registerOdds(program: Command): void {
  program
    .command('odds')
    .description(`exact odds: ${about((q) => q.doc)}`)
    .argument(
      '<game>',
      GAMES.filter((g) => g.odds)
        .map((g) => g.def.id)
        .join(' or '),
    )
    .option('--seen <cards>', `cards already seen: ${about((q) => q.seen)}`)
    .option(
      '--hand <cards>',
      about((q) => q.hand),
    )
    .option('--rules <preset|file.json>', 'a rules preset name or a JSON rules file')
    .option('--set <key=value>', 'override one rule option (repeatable)', collect)
    .option('--bankroll <b>', `adds ${about((q) => q.stake)}`, positiveNumber('--bankroll'))
    .option(
      '--session <n>',
      `with --bankroll: the bets in a row its risk of ruin is over (default ${ODDS_BETS})`,
      positiveInt('--session', ODDS_MAX_BETS),
    )
    .option('--out <file.csv>', 'write the table as CSV, with FILE.meta.json (rules, cards, column meanings) beside it', outFile)
    .option('--json', 'print one JSON document with the rules, the cards and the rows instead of a table')
    .option('--wide', 'print every column, however wide (default: the key columns, fitted to the terminal, at most 100 columns)')
    .option(
      '--card [dir]',
      `write a printable odds card, odds-card.html and odds-card.svg, into DIR (default results/odds-card; ${GAMES.filter(
        (g) => g.odds?.card,
      )
        .map((g) => g.def.id)
        .join(', ')})`,
      pathName('--card', 'a folder name, or no value for results/odds-card'),
    )
    .option('--force', 'allow writing into results/reference/ (rebuilding the committed reference results)')
    .action((game: string, flags: Omit<OddsOptions, 'game'> & { json?: boolean; wide?: boolean }) => {
      const r = oddsRun({ ...flags, game });
      if ('html' in r) {
        io().stdout.write(`${wrapLines(`wrote ${r.html} (print it: one page) and ${r.svg}`, terminalWidth(io().stdout))}\n`);
        return;
      }
      if (flags.json) {
        printJson(r.result);
        return;
      }
      const width = terminalWidth(io().stdout);
      const fit = flags.wide ? {} : { columns: r.key, width, rest: '--json and --out' };
      io().stdout.write(printTable(r.shown, Infinity, fit) + wrapLines(r.note, width, flags.wide) + '\n');
      if (flags.out)
        io().stdout.write(
          `${wrapLines(`wrote ${flags.out} with ${path.basename(flags.out.replace(/\.csv$/, ''))}.meta.json beside it`, width)}\n`,
        );
    });
}
