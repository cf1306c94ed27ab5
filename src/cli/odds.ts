import path from 'node:path';
import type { Command } from 'commander';
import { gameEntry } from '../catalog.js';
import { InputError } from '../core/errors.js';
import { csvText, tableObjects, writeAtomically } from '../io/csv.js';
import { oddsCard } from '../games/hwatu/wolnamppong/odds-card.js';
import { ODDS_COLUMNS, oddsRows, ruleOfThumb } from '../games/hwatu/wolnamppong/odds-table.js';
import { resolveRules } from '../core/rules.js';
import type { WolnamRules } from '../games/hwatu/wolnamppong/rules.js';
import { checkOut, collect, gameRules, outFile, pathName } from './options.js';
import { printTable } from './print.js';
import { CARDS, cardName, month, parseCard } from '../games/hwatu/deck.js';
import type { NylonRules } from '../games/hwatu/nylonppong/rules.js';
import { cardNames, stopOddsTable } from '../games/hwatu/nylonppong/stop-odds.js';
import { columnDictionary } from '../experiment/dictionary.js';
import type { CsvTable } from '../experiment/experiment.js';
import { toolStamp } from '../io/build.js';

/** `--seen 3,3,7,12` (wolnamppong): months already revealed this cycle. */
function parseSeenMonths(text: string): number[] {
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

/** `--seen 3a,7c` or `--hand 1a,9b` (nylonppong): cards in deck notation, each at most once. */
function parseCards(flag: string, text: string): number[] {
  const parts = text.trim() === '' ? [] : text.split(',').map((x) => x.trim());
  const cards = parts.map((p) => {
    try {
      return parseCard(p);
    } catch (e) {
      throw new InputError(`${flag}: ${(e as Error).message}`);
    }
  });
  cards.forEach((c, i) => {
    if (cards.indexOf(c) !== i) throw new InputError(`${flag}: card ${cardName(c)} is listed twice; the deck holds each card once (the four of a month are a-d)`);
  });
  return cards;
}

export interface OddsFlags { seen?: string; hand?: string; rules?: string; set?: string[]; out?: string; json?: boolean; card?: string | true; force?: boolean }

/** The folder `--card` writes the odds card into, checked: a card is for a fresh cycle, and it
 * is all --card writes, so the table's --out and --json would go unheeded beside it. */
export function oddsCardDir(card: string | true, flags: OddsFlags, seen: number[]): string {
  if (seen.length) throw new InputError('--card: the card is for a fresh cycle and lists what a seen card changes; leave out --seen');
  const tableFlag = flags.out !== undefined ? '--out' : flags.json ? '--json' : null;
  if (tableFlag) throw new InputError(`--card with ${tableFlag}: --card writes the odds card (HTML and SVG), --out and --json the odds table; give one or the other`);
  const dir = card === true ? path.join('results', 'odds-card') : card;
  checkOut('--card', dir, 'dir', flags.force, { contents: 'odds-card.html and odds-card.svg' });
  return dir;
}

/** Writes an odds table to `file` with FILE.meta.json beside it (what it was computed from, and
 * every column's meaning), both or neither. */
function writeOdds(file: string, table: CsvTable, about: Record<string, unknown>): void {
  const base = file.replace(/\.csv$/, '');
  const meta = { table: path.basename(base), ...toolStamp(), ...about, columns: columnDictionary(table) };
  writeAtomically([{ file, text: csvText(table) }, { file: `${base}.meta.json`, text: JSON.stringify(meta, null, 2) + '\n' }]);
}

/** `odds nylonppong`: the exact chance that a stop fails, by sum and opponents' hand sizes. */
function stopOdds(flags: OddsFlags): void {
  if (flags.card !== undefined) throw new InputError('--card: only wolnamppong has a printable odds card');
  const rules = gameRules(gameEntry('nylonppong'), flags.rules, flags.set) as unknown as NylonRules;
  const seen = parseCards('--seen', flags.seen ?? '');
  const hand = flags.hand === undefined ? null : parseCards('--hand', flags.hand);
  if (hand) {
    if (hand.length !== 2) throw new InputError(`--hand: expected the stopper's two cards, e.g. 1a,9c (got ${hand.length})`);
    const both = hand.find((c) => seen.includes(c));
    if (both !== undefined) throw new InputError(`--hand: card ${cardName(both)} is also in --seen; a card is either in her hand or seen`);
    const sum = month(hand[0]!) + month(hand[1]!);
    if (sum > rules.stopLimit) throw new InputError(`--hand ${cardNames(hand).join(',')}: sums to ${sum}, above stopLimit ${rules.stopLimit}; a stop needs two cards summing to at most ${rules.stopLimit}`);
  }
  if (flags.out) checkOut('--out', flags.out, 'file', flags.force, { beside: ['.meta.json'] });
  const { table, configs } = stopOddsTable(rules, seen, hand);
  const unseen = CARDS - seen.length - (hand?.length ?? 0);
  if (!configs.length) {
    if (rules.handSize === 2 && (rules.stopCompareWith === 'pongedPlayersOnly' || rules.stopRequiresOtherPong)) {
      throw new InputError('odds nylonppong: with handSize 2 nobody can ppong without going out, so under stopCompareWith=pongedPlayersOnly or stopRequiresOtherPong no stop is compared with anyone');
    }
    throw new InputError(`--seen: ${seen.length} seen cards leave ${Math.max(0, unseen - (hand ? 0 : 2))} unseen beside the stopper's two; no opponent's hand fits`);
  }
  if (!table.rows.length) {
    if (rules.stopLimit < 2) throw new InputError(`odds nylonppong: stopLimit ${rules.stopLimit} allows no stop (two cards sum to at least 2)`);
    throw new InputError(`--seen: no two unseen cards sum to stopLimit ${rules.stopLimit} or less, so no stop is possible`);
  }
  if (flags.out) {
    writeOdds(flags.out, table, {
      command: 'odds nylonppong', game: 'nylonppong', rules, seen: cardNames(seen), hand: hand && cardNames(hand), unseen, configurations: configs,
    });
  }
  if (flags.json) {
    process.stdout.write(JSON.stringify({ game: 'nylonppong', rules, seen: cardNames(seen), hand: hand && cardNames(hand), unseen, configurations: configs, rows: tableObjects(table) }) + '\n');
    return;
  }
  // The terminal shows the decimals, headed by the opponents' hand sizes; the fractions are in --json and --out.
  const shown = {
    name: table.name,
    columns: ['sum', 'hands', ...configs.map((c) => c.join(','))],
    rows: table.rows.map((r) => r.slice(0, 2 + configs.length)),
  };
  const rows = hand ? `with her hand ${cardNames(hand).join(',')}` : "by the stopper's two-card sum, averaged over her hands of that sum (hands)";
  process.stdout.write(printTable(shown) + `(P(the stop fails) ${rows}; columns by the compared opponents' hand sizes (2,5: one holds 2 cards, one 5), their hands dealt from the ${unseen - (hand ? 0 : 2)} cards neither seen nor hers. Exact: the fractions are in --json and --out.)\n`);
  if (flags.out) process.stdout.write(`wrote ${flags.out} with ${path.basename(flags.out.replace(/\.csv$/, ''))}.meta.json beside it\n`);
}

export function registerOdds(program: Command): void {
  program
    .command('odds')
    .description('exact odds: betting odds for every hand (wolnamppong); the chance that a stop fails (nylonppong)')
    .argument('<game>', 'wolnamppong or nylonppong')
    .option('--seen <cards>', 'cards already seen: wolnamppong months this cycle, e.g. 3,3,7,12; nylonppong cards on the table, e.g. 3a,3b,12c')
    .option('--hand <cards>', "nylonppong: the stopper's two cards, e.g. 1a,9c (default: every hand of each sum)")
    .option('--rules <preset|file.json>', 'a rules preset name or a JSON rules file')
    .option('--set <key=value>', 'override one rule option (repeatable)', collect)
    .option('--out <file.csv>', 'write the table as CSV, with FILE.meta.json (rules, cards, column meanings) beside it', outFile)
    .option('--json', 'print one JSON document with the rules, the cards and the rows instead of a table')
    .option('--card [dir]', 'wolnamppong: write a printable odds card, odds-card.html and odds-card.svg, into DIR (default results/odds-card)', pathName('--card', 'a folder name, or no value for results/odds-card'))
    .option('--force', 'allow writing into results/reference/ (rebuilding the committed reference results)')
    .action((game: string, flags: OddsFlags) => {
      if (game === 'nylonppong') {
        stopOdds(flags);
        return;
      }
      if (game !== 'wolnamppong') throw new InputError(`odds: only wolnamppong (betting odds) and nylonppong (stop odds) have odds tables (got ${JSON.stringify(game)})`);
      if (flags.hand !== undefined) throw new InputError("--hand: only for nylonppong (the stopper's two cards)");
      const seen = parseSeenMonths(flags.seen ?? '');
      const entry = gameEntry(game);
      const rules = gameRules(entry, flags.rules, flags.set) as unknown as WolnamRules;
      if (flags.card !== undefined) {
        const dir = oddsCardDir(flags.card, flags, seen);
        const defaults = resolveRules(entry.def.schema, []) as Record<string, unknown>;
        const changes = Object.entries(rules).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k])).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`);
        const card = oddsCard(rules, changes);
        writeAtomically([{ file: path.join(dir, 'odds-card.html'), text: card.html }, { file: path.join(dir, 'odds-card.svg'), text: card.svg }]);
        process.stdout.write(`wrote ${path.join(dir, 'odds-card.html')} (print it: one page) and ${path.join(dir, 'odds-card.svg')}\n`);
        return;
      }
      if (flags.out) checkOut('--out', flags.out, 'file', flags.force, { beside: ['.meta.json'] });
      const table = { name: 'wolnamppong-odds', columns: ODDS_COLUMNS, rows: oddsRows(rules, seen) };
      if (flags.out) writeOdds(flags.out, table, { command: 'odds wolnamppong', game, rules, seen });
      const thumb = ruleOfThumb(table.rows);
      if (flags.json) process.stdout.write(JSON.stringify({ game, rules, seen, ruleOfThumb: thumb, rows: tableObjects(table) }) + '\n');
      else process.stdout.write(printTable(table) + thumb + '\n');
    });
}
