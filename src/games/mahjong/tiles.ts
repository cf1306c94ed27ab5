// Tile kinds shared by every mahjong ruleset, and the compact notation
// "m123p456s789z1234567f12jj" (after kobalab/majiang-core) used by tests, traces and card files.
//
// A hand or a wall is a count array: counts[kind] = copies held. Kinds are dense so count arrays
// stay small typed arrays and suit arithmetic is plain offsets.

import { InputError } from '../../core/errors.js';
import { describe } from '../../core/rules.js';

export const MAN = 0; // m1..m9 = 0..8 (characters)
export const PIN = 9; // p1..p9 = 9..17 (circles)
export const SOU = 18; // s1..s9 = 18..26 (bamboo)
export const HONOR = 27; // z1..z7 = 27..33: E S W N, white, green, red
export const FLOWER = 34; // f1..f8 = 34..41
export const JOKER = 42;
/** Kinds that take part in sets and pairs (suits and honours). */
export const PLAY_KINDS = 34;
export const KINDS = 43;

export const EAST = HONOR;
export const SOUTH = HONOR + 1;
export const WEST = HONOR + 2;
export const NORTH = HONOR + 3;
export const WHITE = HONOR + 4;
export const GREEN = HONOR + 5;
export const RED = HONOR + 6;

const SUIT_LETTERS = 'mpszf';
const SUIT_BASE = [MAN, PIN, SOU, HONOR, FLOWER] as const;
const SUIT_SIZE = [9, 9, 9, 7, 8] as const;

/** Suit letter index (0 m, 1 p, 2 s, 3 z, 4 f, 5 j). */
function suitOf(kind: number): number {
  if (kind < HONOR) return (kind / 9) | 0;
  if (kind < FLOWER) return 3;
  if (kind < JOKER) return 4;
  return 5;
}

/** "m1".."z7", "f1".."f8", "j". */
export function tileName(kind: number): string {
  if (!Number.isInteger(kind) || kind < 0 || kind >= KINDS) {
    throw new RangeError(`tile kind ${kind} is outside 0..${KINDS - 1}`);
  }
  const suit = suitOf(kind);
  if (suit === 5) return 'j';
  const base = SUIT_BASE[suit as 0 | 1 | 2 | 3 | 4];
  return SUIT_LETTERS[suit]! + String(kind - base + 1);
}

/** The kind of one tile name such as "p5", "z7", "f2" or "j". Throws on anything else. */
export function tileKind(name: string): number {
  const counts = parseTiles(name);
  let kind = -1;
  let total = 0;
  for (let k = 0; k < KINDS; k++) {
    const c = counts[k]!;
    if (c > 0) kind = k;
    total += c;
  }
  if (total !== 1) throw new InputError(`tile name ${describe(name)} must name exactly one tile, e.g. m1, z7, f2 or j`);
  return kind;
}

/**
 * Parses notation into counts (length KINDS). A suit letter (m p s z f) is followed by one or
 * more digits; each digit is one tile of that suit. Each `j` is one joker. Spaces separate groups.
 * Throws one line naming the bad character, its position and what is allowed there.
 */
export function parseTiles(s: string): Int8Array {
  const counts = new Int8Array(KINDS);
  const fail = (i: number, why: string): never => {
    throw new InputError(`bad tile notation ${describe(s)} at position ${i}: ${why}`);
  };
  let suit = -1; // current suit letter index, -1 = none
  let digits = 0; // digits seen since the suit letter
  let letterAt = 0;
  const closeSuit = (): void => {
    if (suit >= 0 && digits === 0) {
      fail(letterAt, `suit letter '${SUIT_LETTERS[suit]}' has no digits after it`);
    }
    suit = -1;
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const letter = SUIT_LETTERS.indexOf(ch);
    if (letter >= 0) {
      closeSuit();
      suit = letter;
      digits = 0;
      letterAt = i;
    } else if (ch === 'j') {
      closeSuit();
      add(counts, JOKER, i, fail);
    } else if (ch === ' ') {
      closeSuit();
    } else if (ch >= '0' && ch <= '9') {
      if (suit < 0) fail(i, `digit '${ch}' has no suit letter before it (write m, p, s, z or f first)`);
      const size = SUIT_SIZE[suit as 0 | 1 | 2 | 3 | 4];
      const n = ch.charCodeAt(0) - 48;
      if (n < 1 || n > size) {
        fail(i, `'${SUIT_LETTERS[suit]}${ch}' is not a tile (${SUIT_LETTERS[suit]} takes digits 1-${size})`);
      }
      add(counts, SUIT_BASE[suit as 0 | 1 | 2 | 3 | 4] + n - 1, i, fail);
      digits++;
    } else {
      fail(i, `'${ch}' is not allowed (use suit letters m p s z f followed by digits, j for a joker, spaces between groups)`);
    }
  }
  closeSuit();
  return counts;
}

function add(counts: Int8Array, kind: number, i: number, fail: (i: number, why: string) => never): void {
  // Int8Array would wrap silently; no set holds anywhere near this many.
  if (counts[kind]! >= 127) fail(i, `more than 127 copies of ${tileName(kind)}`);
  counts[kind]!++;
}

/** Canonical notation: suits in m p s z f order, digits ascending, then one `j` per joker. */
export function formatTiles(counts: ArrayLike<number>): string {
  let out = '';
  for (let suit = 0; suit < 5; suit++) {
    const base = SUIT_BASE[suit as 0 | 1 | 2 | 3 | 4];
    let group = '';
    for (let n = 0; n < SUIT_SIZE[suit as 0 | 1 | 2 | 3 | 4]; n++) {
      const c = counts[base + n] ?? 0;
      for (let r = 0; r < c; r++) group += String(n + 1);
    }
    if (group) out += SUIT_LETTERS[suit]! + group;
  }
  const jokers = counts[JOKER] ?? 0;
  for (let r = 0; r < jokers; r++) out += 'j';
  return out;
}

/** Number of tiles in a count array. */
export function tileCount(counts: ArrayLike<number>, from = 0, to = KINDS): number {
  let n = 0;
  for (let k = from; k < to; k++) n += counts[k] ?? 0;
  return n;
}

/** Flowers held, whatever their identity (American flowers are all kind f1; see AMERICAN_SET). */
export function flowerCount(counts: ArrayLike<number>): number {
  return tileCount(counts, FLOWER, JOKER);
}

/** True for 1s, 9s and honours: the thirteen-orphans tiles. */
export function isTerminalOrHonor(kind: number): boolean {
  if (kind >= HONOR) return kind < FLOWER;
  const n = kind % 9;
  return n === 0 || n === 8;
}
