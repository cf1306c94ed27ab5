import { InputError } from '../core/errors.js';
import { CardError, type Card } from '../games/mahjong/american/card.js';
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
  const { doc } = readJsonFile(path, 'a card file (JSON in the mjcard/1 format)');
  try {
    const { card, sha256 } = compiledCard(doc);
    return { path, hash: sha256, card, doc };
  } catch (e) {
    if (e instanceof CardError) throw new InputError(`${path}: ${e.message}`);
    throw e;
  }
}
