// Which tile kinds each ruleset plays with and how many physical copies of each.

import { FLOWER, HONOR, JOKER, KINDS, MAN, PLAY_KINDS, SOU, tileName } from './tiles.js';

export interface TileSet {
  /** Short name used in messages ("the korean set holds 4"). */
  readonly id: string;
  /** copies[kind] for every kind; 0 = not in this set. */
  readonly copies: Int8Array;
  readonly total: number;
}

export function makeSet(id: string, fill: (copies: Int8Array) => void): TileSet {
  const copies = new Int8Array(KINDS);
  fill(copies);
  let total = 0;
  for (let k = 0; k < KINDS; k++) total += copies[k]!;
  return { id, copies, total };
}

function four(copies: Int8Array, from: number, to: number): void {
  for (let k = from; k < to; k++) copies[k] = 4;
}

/** Korean 2-point, 104 tiles: m, p, honours x4 and four distinct flowers f1-f4; no bamboo, no jokers. */
export const KOREAN_SET: TileSet = makeSet('korean', (c) => {
  four(c, MAN, SOU);
  four(c, HONOR, FLOWER);
  for (let k = FLOWER; k < FLOWER + 4; k++) c[k] = 1;
});

/** Chinese-American, 144 tiles: three suits and honours x4, eight distinct flowers f1-f8. */
export const CHINESE_AMERICAN_SET: TileSet = makeSet('chinese-american', (c) => {
  four(c, 0, PLAY_KINDS);
  for (let k = FLOWER; k < JOKER; k++) c[k] = 1;
});

/**
 * American (NMJL), 152 tiles: three suits and honours x4, 8 flowers, 8 jokers. American flowers
 * are interchangeable (any flower is "F" on the card), so the set holds 8 copies of one kind, f1,
 * and card matching reads counts[FLOWER] directly; f2-f8 do not occur.
 */
export const AMERICAN_SET: TileSet = makeSet('american', (c) => {
  four(c, 0, PLAY_KINDS);
  c[FLOWER] = 8;
  c[JOKER] = 8;
});

/** Plain 136 tiles (three suits and honours x4): the majiang-core set, used by tests and benches. */
export const STANDARD_SET: TileSet = makeSet('standard', (c) => four(c, 0, PLAY_KINDS));

export const TILE_SETS: readonly TileSet[] = [KOREAN_SET, CHINESE_AMERICAN_SET, AMERICAN_SET, STANDARD_SET];

/**
 * null when every count fits the set, else one line naming the first tile over its limit, e.g.
 * "tile p5 appears 5 times; the korean set holds 4".
 */
export function validateCounts(counts: ArrayLike<number>, set: TileSet): string | null {
  if (counts.length !== KINDS) return `a tile count array has ${counts.length} entries; expected ${KINDS}`;
  for (let k = 0; k < KINDS; k++) {
    const c = counts[k]!;
    const limit = set.copies[k]!;
    if (c < 0 || c > limit || !Number.isInteger(c)) {
      const times = c === 1 ? 'time' : 'times';
      return `tile ${tileName(k)} appears ${c} ${times}; the ${set.id} set holds ${limit}`;
    }
  }
  return null;
}

/** Every physical tile of the set as its kind, in kind order: the unshuffled wall. */
export function wallTiles(set: TileSet): Uint8Array {
  const wall = new Uint8Array(set.total);
  let n = 0;
  for (let k = 0; k < KINDS; k++) {
    for (let r = 0; r < set.copies[k]!; r++) wall[n++] = k;
  }
  return wall;
}

/** Copies of `kind` not in `visible` (which must include the viewer's own hand and melds). */
export function liveCopies(kind: number, visible: ArrayLike<number>, set: TileSet): number {
  const live = set.copies[kind]! - (visible[kind] ?? 0);
  return live > 0 ? live : 0;
}
