import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../core/errors.js';
import { assembleCard, ImportError, MAX_IMPORT_BYTES, type CardFormat, type Imported } from '../games/mahjong/american/card-import.js';
import { CardError, MAX_CARD_BYTES, type Card } from '../games/mahjong/american/card.js';
import { compiledCard } from '../games/mahjong/american/rules.js';
import { readJsonFile } from './json-file.js';
import { packagePath } from './package.js';

/** The invented card shipped with pongsim, used when no --card is given. */
export const SAMPLE_CARD = packagePath('src/games/mahjong/american/cards/sample-2031.json');

/** A card read from its file, with what provenance records of it. */
export interface CardFile {
  path: string;
  /** sha256 of its document as JSON (compiledCard): the one a run's provenance records. */
  hash: string;
  card: Card;
  /** The file's JSON document (what a game's `card` rule holds). */
  doc: unknown;
}

/** Reads, validates and expands a card file; any fault is one InputError line naming the file. */
export function readCard(path: string): CardFile {
  const { doc } = readJsonFile(path, 'a card file (JSON in the mjcard/1 format)', { bytes: MAX_CARD_BYTES, what: 'a card file' });
  try {
    const { card, sha256 } = compiledCard(doc);
    return { path, hash: sha256, card, doc };
  } catch (e) {
    if (e instanceof CardError) throw new InputError(`${path}: ${e.message}`);
    throw e;
  }
}

/**
 * A foreign card file converted by `format` (`card import`): read only when it is a regular file
 * of at most MAX_IMPORT_BYTES, never run; any fault is one InputError line naming the file and
 * its line. The document returned compiles.
 */
export function importCardFile(format: CardFormat, file: string, skipUnsupported: boolean): Imported {
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      code === 'ENOENT' ? `${file}: no such file; expected a ${format.title}` : `${file}: cannot be read (${code ?? (e as Error).message})`,
    );
  }
  if (!st.isFile()) throw new InputError(`${file}: is ${st.isDirectory() ? 'a folder' : 'not a regular file'}; expected a ${format.title}`);
  if (st.size > MAX_IMPORT_BYTES)
    throw new InputError(
      `${file}: is ${st.size.toLocaleString('en-US')} bytes; a card file to import may have at most ${MAX_IMPORT_BYTES.toLocaleString('en-US')}`,
    );
  const text = fs.readFileSync(file, 'utf8');
  const name = path.basename(file).replace(/\.[^.]*$/, '') || 'imported card';
  try {
    return assembleCard(format, text, name, skipUnsupported);
  } catch (e) {
    if (e instanceof ImportError) throw new InputError(`${file}, ${e.message}`);
    throw e;
  }
}
