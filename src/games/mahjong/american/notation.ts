// American hands in the tile notation of tiles.ts: the eight flowers are one interchangeable
// tile, so every flower digit names it (f1111 and f1234 are both four flowers), and j is a joker.

import { InputError } from '../../../core/errors.js';
import { AMERICAN_SET, validateCounts } from '../tile-sets.js';
import { FLOWER, JOKER, KINDS, parseTiles, tileName } from '../tiles.js';
import type { Exposure } from './match.js';

/** Parses notation into American counts (flowers folded onto one kind, jokers at JOKER). Throws one line. */
export function americanCounts(text: string): Int8Array {
  const counts = parseTiles(text);
  let flowers = 0;
  for (let k = FLOWER; k < JOKER; k++) flowers += counts[k]!;
  // The fold would wrap in the 8-bit count.
  if (flowers > 127)
    throw new InputError(
      `tile ${tileName(FLOWER)} appears ${flowers} times; the ${AMERICAN_SET.id} set holds ${AMERICAN_SET.copies[FLOWER]}`,
    );
  for (let k = FLOWER + 1; k < JOKER; k++) counts[k] = 0;
  counts[FLOWER] = flowers;
  return counts;
}

/** Checks counts (a hand plus its exposures) against the 152 tiles; one line or null. */
export function americanCountsError(counts: ArrayLike<number>): string | null {
  return validateCounts(counts, AMERICAN_SET);
}

/** One exposure such as p555, z7777 or p55jj: 3 to 6 tiles of one kind, jokers allowed, one natural at least. */
export function readExposure(text: string): Exposure {
  const counts = americanCounts(text);
  const jokers = counts[JOKER]!;
  const kinds: number[] = [];
  for (let k = 0; k < KINDS; k++) if (k !== JOKER && counts[k]! > 0) kinds.push(k);
  if (kinds.length !== 1) {
    throw new Error(
      `exposure "${text}" must be 3-6 tiles of one kind with any jokers, e.g. p555, z7777 or p55jj (got ${kinds.length ? kinds.map(tileName).join(', ') : 'jokers only'})`,
    );
  }
  const tile = kinds[0]!;
  const size = counts[tile]! + jokers;
  if (size < 3 || size > 6) throw new Error(`exposure "${text}" has ${size} tiles; an exposure is a pung, kong, quint or sextet (3-6)`);
  return { tile, size, jokers };
}
