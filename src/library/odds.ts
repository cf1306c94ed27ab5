import path from 'node:path';
import { GAMES, entryFor } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { resolveRules } from '../core/rules.js';
import type { CsvTable, Cellval } from '../core/table.js';
import { columnDictionary } from '../experiment/dictionary.js';
import { csvText, tableObjects, writeAtomically } from '../io/csv.js';
import { toolStamp } from '../io/build.js';
import { list, given } from './control.js';
import { checkOut, GAME, gameRules, outFile, pathName, positiveInt, positiveNumber } from './options.js';
import { checkOptions, FLAG, POSITIVE, RULES, SETS, TEXT, WHOLE, type Keys } from './arguments.js';

/** Bets in a row the odds' risk of ruin is over when --session is not given, and the most it takes
 * (the exact sum walks every running total a run of bets can reach, bet after bet). */
export const ODDS_BETS = 100;
export const ODDS_MAX_BETS = 1000;

export interface OddsOptions {
  game: string;
  /** The cards already seen, as the game writes them (`pongsim odds --help`). */
  seen?: string;
  /** The hand the odds are for, where the game's odds take one. */
  hand?: string;
  rules?: string | Record<string, unknown>;
  set?: string | string[];
  /** Write the table as this CSV file, with FILE.meta.json beside it. */
  out?: string;
  /** A bankroll: each hand's Kelly bet and its risk of ruin, where the game's odds take one. */
  bankroll?: number;
  /** With bankroll: the bets in a row the risk of ruin is over (default 100). */
  session?: number;
  /** Write a printable odds card into this folder instead (true: results/odds-card), where the game has one. */
  card?: string | true;
  force?: boolean;
}

const ODDS_KEYS: Keys<OddsOptions> = {
  game: GAME('odds'),
  seen: TEXT('the cards seen, as the game writes them'),
  hand: TEXT('a hand, as the game writes it'),
  rules: RULES,
  set: SETS,
  out: TEXT('a .csv file name'),
  bankroll: POSITIVE,
  session: WHOLE,
  card: { what: 'a folder name, or true for results/odds-card', fits: (v) => typeof v === 'string' || v === true },
  force: FLAG,
};

/** What `odds --json` prints: the game, its rules, what the game's odds add (the cards as read,
 * a rule of thumb...) and the rows. */
export interface OddsResult {
  game: string;
  rules: Record<string, unknown>;
  rows: Record<string, Cellval | null>[];
  [field: string]: unknown;
}

/** Where `odds --card` wrote the printable card. */
export interface OddsCardWritten {
  html: string;
  svg: string;
}

/** The folder a printable card goes into, checked: a card is for a fresh cycle, and it is all
 * --card writes, so the table's --out and --json would go unheeded beside it. */
export function oddsCardDir(card: string | true, o: { out?: string; json?: boolean; force?: boolean }, seenCards: number): string {
  if (seenCards) throw new InputError('--card: the card is for a fresh cycle and lists what a seen card changes; leave out --seen');
  const tableFlag = o.out !== undefined ? '--out' : o.json ? '--json' : null;
  if (tableFlag)
    throw new InputError(
      `--card with ${tableFlag}: --card writes the odds card (HTML and SVG), --out and --json the odds table; give one or the other`,
    );
  const dir = card === true ? path.join('results', 'odds-card') : card;
  checkOut('--card', dir, 'dir', o.force, { contents: 'odds-card.html and odds-card.svg' });
  return dir;
}

/** Writes an odds table to `file` with FILE.meta.json beside it (what it was computed from, and
 * every column's meaning), both or neither. */
function writeOdds(file: string, table: CsvTable, about: Record<string, unknown>): void {
  const base = file.replace(/\.csv$/, '');
  const meta = { table: path.basename(base), ...toolStamp(), ...about, columns: columnDictionary(table) };
  writeAtomically([
    { file, text: csvText(table) },
    { file: `${base}.meta.json`, text: JSON.stringify(meta, null, 2) + '\n' },
  ]);
}

/** `odds`, with what the CLI prints as text (the table's view and its note), or where a card went. */
export function oddsRun(
  o: OddsOptions & { json?: boolean },
): { result: OddsResult; shown: CsvTable; key?: string[]; note: string } | OddsCardWritten {
  const entry = entryFor(o.game, 'odds', 'odds');
  const q = entry.odds;
  const game = entry.def.id;
  const card = o.card === true ? true : given(o.card, pathName('--card', 'a folder name, or no value for results/odds-card'));
  const out = given(o.out, outFile);
  if (card !== undefined && !q.card) throw new InputError(`--card: only ${offeringOdds('card')} has a printable odds card`);
  if (o.hand !== undefined && !q.hand) throw new InputError(`--hand: only for ${offeringOdds('hand')} (the odds of a hand)`);
  const bankroll = given(o.bankroll, positiveNumber('--bankroll'));
  const bets = given(o.session, positiveInt('--session', ODDS_MAX_BETS));
  if (bankroll !== undefined && !q.stake)
    throw new InputError(`--bankroll: only for ${offeringOdds('stake')} (the Kelly bet of each hand)`);
  if (bets !== undefined && bankroll === undefined)
    throw new InputError('--session: only with --bankroll (the bets in a row its risk of ruin is over)');
  const stake = bankroll === undefined ? undefined : { bankroll, bets: bets ?? ODDS_BETS };
  if (stake && card !== undefined) throw new InputError('--card with --bankroll: the card is for any bankroll; give one or the other');
  const rules = gameRules(entry, o.rules, list('--set', o.set));
  const input = q.read(rules, o.seen, o.hand);
  if (card !== undefined) {
    const dir = oddsCardDir(card, { out, json: o.json, force: o.force }, input.cards);
    const defaults = resolveRules(entry.def.schema, []) as Record<string, unknown>;
    const changes = Object.entries(rules)
      .filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k]))
      .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`);
    const page = q.card!(rules, changes);
    const written = { html: path.join(dir, 'odds-card.html'), svg: path.join(dir, 'odds-card.svg') };
    writeAtomically([
      { file: written.html, text: page.html },
      { file: written.svg, text: page.svg },
    ]);
    return written;
  }
  if (out) checkOut('--out', out, 'file', o.force, { beside: ['.meta.json'] });
  const t = q.table(rules, input, stake);
  if (out) writeOdds(out, t.table, { command: `odds ${game}`, game, rules, ...t.meta });
  return { result: { game, rules, ...t.fields, rows: tableObjects(t.table) }, shown: t.shown, key: t.key, note: t.note };
}

/** The games whose odds offer `what` (a printable card, a hand). */
function offeringOdds(what: 'card' | 'hand' | 'stake'): string {
  return GAMES.filter((g) => g.odds?.[what] !== undefined)
    .map((g) => g.def.id)
    .join(', ');
}

/**
 * Exact odds (`pongsim odds`): the game's odds table under its rules, given the cards seen, as
 * `odds --json` prints it; with `out`, also written as CSV. With `card`, writes the printable
 * odds card instead and gives where.
 */
export function odds(o: OddsOptions): OddsResult | OddsCardWritten {
  checkOptions('odds', o, ODDS_KEYS, ['game']);
  const r = oddsRun(o);
  return 'result' in r ? r.result : r;
}
