import { InputError } from '../core/errors.js';
import { notRegular, sameFile, writeAtomically } from '../io/csv.js';
import { cardEntry } from './hand.js';
import { given } from './control.js';
import { pathName } from './options.js';
import { checkOptions, FLAG, TEXT, type Keys } from './arguments.js';

/** Options of `importCard`, as `pongsim card import` names them. */
export interface ImportCardOptions {
  /** The format of `file`: one of `importCardFormats()` (riichi-advanced, mahjong-assistant). */
  from: string;
  /** The other tool's card file. */
  file: string;
  /** The card file to write (mjcard/1): a new file, or a regular file it replaces. */
  out: string;
  /** Leave out the lines the card format cannot say, listing them, instead of refusing the file. */
  skipUnsupported?: boolean;
}

const IMPORT_KEYS: Keys<ImportCardOptions> = {
  from: TEXT(
    () =>
      `a format: ${importCardFormats()
        .map((f) => f.id)
        .join(', ')}`,
  ),
  file: TEXT("the other tool's card file"),
  out: TEXT('the card file to write'),
  skipUnsupported: FLAG,
};

/** What `card import --json` prints. */
export interface ImportCardResult {
  from: string;
  file: string;
  out: string;
  card: string;
  lines: number;
  /** The lines left out (with skipUnsupported): the file's line and why. */
  skipped: { line: number; why: string }[];
}

/** The formats `card import --from` reads: id and which tool's file it is. */
export function importCardFormats(): readonly { id: string; title: string }[] {
  return cardEntry().card.importFormats;
}

/**
 * Converts another tool's card file into a card file pongsim reads (`pongsim card import`):
 * the file is read as data and bounded, every line converted is checked by the card compiler,
 * and `out` is written whole, or not at all when anything is wrong (an InputError naming the
 * file's line, what was wrong and what is allowed).
 */
export function importCard(o: ImportCardOptions): ImportCardResult {
  checkOptions('importCard', o, IMPORT_KEYS, ['from', 'file', 'out']);
  const card = cardEntry().card;
  given(o.out, pathName('--out', 'the card file to write'));
  const what = notRegular(o.out);
  if (what) throw new InputError(`--out ${o.out}: is ${what}; pongsim writes a new file or replaces only a regular file`);
  if (sameFile(o.out, o.file)) throw new InputError(`--out ${o.out}: is the file being imported; give the card another name`);
  const done = card.import(o.from, o.file, o.skipUnsupported === true);
  writeAtomically([{ file: o.out, text: done.text }]);
  return { from: o.from, file: o.file, out: o.out, card: done.card, lines: done.lines, skipped: done.skipped };
}
