import path from 'node:path';
import fs from 'node:fs';
import { checkWritable, type Target } from '../io/csv.js';
import { InputError } from '../core/errors.js';
import { packagePath } from '../io/package.js';
import { rulesFrom } from '../io/rules-file.js';
import { GAMES, offering, type GameEntry } from '../catalog/index.js';
import { MAX_GAMES } from '../runner/plan.js';
import { TEXT, type Kind } from './arguments.js';

/**
 * Readers of the options the library's functions and the CLI's subcommands share, each
 * throwing a one-line InputError that names the option as the CLI spells it. The CLI reads
 * text; the library reads the same values as plain data, through `given`.
 */

/** The `game` key of a function: a game's id, of those that offer `what` where only some do. */
export const GAME = (what?: keyof GameEntry): Kind =>
  TEXT(() => `a game: ${what ? offering(what) : GAMES.map((g) => g.def.id).join(', ')}`);

/** The most seats any game has. */
const MAX_SEATS = 16;

export { MAX_GAMES } from '../runner/plan.js';

export function positiveInt(flag: string, max = MAX_GAMES) {
  return (text: string): number => {
    const v = Number(text);
    if (!/^\d+$/.test(text.trim()) || v < 1 || v > max) {
      throw new InputError(`${flag}: expected a whole number from 1 to ${max} (got ${JSON.stringify(text)})`);
    }
    return v;
  };
}

/** A commander parser for a positive decimal number (a width, a threshold). */
export function positiveNumber(flag: string) {
  return (text: string): number => {
    const v = /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : NaN;
    if (!(v > 0)) throw new InputError(`${flag}: expected a positive number, e.g. 0.05 (got ${JSON.stringify(text)})`);
    return v;
  };
}

/** A whole number from 0 to `max`; the bound also keeps it exact (a double holds every
 * integer only up to 2^53, so 9007199254740993 would read as ...992). */
export function nonNegativeInt(flag: string, max: number) {
  return (text: string): number => {
    const v = Number(text);
    if (!/^\d+$/.test(text.trim()) || v > max)
      throw new InputError(`${flag}: expected a whole number from 0 to ${max} (got ${JSON.stringify(text)})`);
    return v;
  };
}

/** A seat number (--focal, --seat): no game has more than MAX_SEATS seats. */
export const seatIndex = (flag: string) => nonNegativeInt(flag, MAX_SEATS - 1);

/** A seed given as `flag` (the option, or a study file's field). */
export function seedIn(flag: string) {
  return (text: string): string => {
    if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(text)) {
      throw new InputError(`${flag}: expected 1-64 letters, digits or _.:- (got ${JSON.stringify(text)})`);
    }
    return text;
  };
}

export const seedText = seedIn('--seed');

/**
 * A file or folder name (--out, --study): an empty one, as an unset shell variable gives,
 * would otherwise pass for no option at all, or for the current folder.
 */
export function pathName(flag: string, what: string) {
  return (text: string): string => {
    if (text.trim() === '') throw new InputError(`${flag}: expected ${what} (got ${JSON.stringify(text)})`);
    return text;
  };
}

/** `--out DIR`: the folder a run writes its results in. */
export const outDir = pathName('--out', 'a folder name');

/** `--out FILE.csv`: the table a command writes. */
export const outFile = pathName('--out', 'a .csv file name');

/** `--card FILE`: the rules that play that card, for a game whose rules take one. */
export function cardRule(file: string, entry: GameEntry): Record<string, unknown> {
  if (!entry.card) throw new InputError(`--card: only ${offering('card')} plays a card of hands (got ${entry.def.id})`);
  return entry.card.rules(file);
}

/** `--card FILE` for every game that plays one (the default study's), read and checked once. */
export function anyCardRule(file: string): void {
  const g = GAMES.find((e) => e.card);
  if (g) cardRule(file, g);
}

/**
 * Rules for a game from a preset name, a JSON rules file or (a study file's arm) an object of
 * options, then `--set` overrides. Everything is checked before any game is played.
 */
export function gameRules(
  entry: GameEntry,
  rulesArg: string | Record<string, unknown> | undefined,
  sets: string[] = [],
  fill: Record<string, string> = {},
): Record<string, unknown> {
  return rulesFrom(entry.def.schema, rulesArg, sets, fill);
}

/** A table as written: its rules (a preset, file or object of options), --set overrides, seats and card. */
export interface TableSpec {
  rules?: string | Record<string, unknown>;
  set?: string[];
  seats?: string[];
  card?: string;
}

/** What `--luck` fills into a table's rules where nobody set them (GameEntry.luckRules; none
 * without --luck): compare's arms and tune's table alike. */
export const luckFill = (entry: GameEntry, luck: boolean | undefined): Record<string, string> => (luck && entry.luckRules) || {};

/**
 * A table's rules and line-up (by default the game's reference bot in every seat), for `sim`,
 * `replay` and each arm of `compare` alike. Where the table size is a rule nobody set
 * (`players`), the seats given set it: `--seats basic*3` is a three-player table. `fill` sets
 * options the same way, only where nobody set them (`compare --luck`: GameEntry.luckRules).
 */
export function tableOf(
  entry: GameEntry,
  t: TableSpec,
  fill: Record<string, string> = {},
): { rules: Record<string, unknown>; seats: string[] } {
  let rules = gameRules(entry, t.rules, t.set, fill);
  const seats = t.seats ?? Array.from({ length: entry.def.seats(rules) }, () => entry.defaultSeat);
  if (seats.length !== entry.def.seats(rules) && entry.def.schema.options.some((o) => o.key === 'players')) {
    try {
      // The count fills in only under every preset, file and --set: one they fix stays.
      const sized = gameRules(entry, t.rules, t.set, { ...fill, players: String(seats.length) });
      if (entry.def.seats(sized) === seats.length) rules = sized;
    } catch (e) {
      if (!(e instanceof InputError)) throw e; // a count the game does not allow: the seat check refuses it
    }
  }
  if (t.card !== undefined) rules = { ...rules, ...cardRule(t.card, entry) };
  return { rules, seats };
}

/** Splits `a,b(x=1,y=2),c*3` at top-level commas; `spec*k` repeats a spec k times. `flag` names
 * the option in error lines (--seats, or tune's --against). */
export function splitSeats(text: string, flag = '--seats'): string[] {
  // Its own line: the one below, about parentheses, would not say what is wrong with nothing.
  if (text.trim() === '')
    throw new InputError(`${flag}: empty; expected one strategy spec per seat, SPEC,SPEC,... (SPEC*k repeats a spec)`);
  const out: string[] = [];
  let depth = 0,
    start = 0;
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if ((ch === ',' && depth === 0) || i === text.length) {
      const part = text.slice(start, i).trim();
      const m = /^(.*)\*(\d+)$/.exec(part);
      const shown = part.length > 40 ? `${part.slice(0, 40)}...` : part;
      // A `*` after the spec that is not `*k` (kelly*x, kelly*2.5) is a repeat gone wrong, not a name.
      if (!m && part.lastIndexOf('*') > part.lastIndexOf(')')) {
        throw new InputError(`${flag}: ${shown}: SPEC*k repeats a spec k times, k a whole number from 1 to ${MAX_SEATS}`);
      }
      // No game seats more than 16: refuse a repeat count before expanding it.
      if (m && (Number(m[2]) < 1 || out.length + Number(m[2]) > MAX_SEATS)) {
        throw new InputError(`${flag}: ${shown} repeats a spec ${m[2]} times; a table has 1 to ${MAX_SEATS} seats`);
      }
      if (m) for (let k = 0; k < Number(m[2]); k++) out.push(m[1]!.trim());
      else out.push(part);
      if (out.length > MAX_SEATS) throw new InputError(`${flag}: more than ${MAX_SEATS} specs; a table has 1 to ${MAX_SEATS} seats`);
      start = i + 1;
    }
  }
  if (depth !== 0 || out.some((s) => s === ''))
    throw new InputError(`${flag}: expected SPEC,SPEC,... with balanced parentheses (got ${JSON.stringify(text)})`);
  return out;
}

/** `p` made absolute, with symbolic links resolved as far as it exists. */
function realPath(p: string): string {
  const rest: string[] = [];
  let at = path.resolve(p);
  while (!fs.existsSync(at) && path.dirname(at) !== at) {
    rest.unshift(path.basename(at));
    at = path.dirname(at);
  }
  return path.join(fs.realpathSync(at), ...rest);
}

/**
 * Checks, before any game is played, that results may be written at `target` (`flag`'s value, a
 * folder or a file: io/csv.ts checkWritable), and refuses the committed reference results unless
 * --force says so: those of the checkout pongsim runs from, however the path reaches them (from
 * another folder, through a link), and results/reference/ under the current folder.
 */
export function checkOut(flag: string, target: string, kind: 'dir' | 'file', force: boolean | undefined, holds?: Target): void {
  if (!force) {
    const to = realPath(target);
    for (const ref of [packagePath('results/reference'), path.join('results', 'reference')].map(realPath)) {
      if (to === ref || to.startsWith(ref + path.sep)) {
        throw new InputError(
          `${flag} ${target}: that is where the committed reference results live; add --force to rebuild them, or write elsewhere`,
        );
      }
    }
  }
  checkWritable(flag, target, kind, holds);
}

/**
 * The folder a run or tuning writes its results in: `--out`, else the command's default,
 * checked by checkOut. The default is named as such in a message, which does not quote an
 * option the user did not write.
 */
export function outFolder(given: string | undefined, fallback: string, force: boolean | undefined): string {
  const out = given ?? fallback;
  checkOut(given === undefined ? 'the default --out' : '--out', out, 'dir', force);
  return out;
}
