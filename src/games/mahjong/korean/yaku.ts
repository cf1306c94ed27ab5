// The Korean yaku (역) tables: basic yaku (count toward the 2-point minimum) and bonus yaku
// (never do), with the point columns of RULES.md (mahjong.co.kr and namu-wiki).

import type { KoreanRules } from './rules.js';

// Basic yaku ids (RULES.md, Basic yaku). B15 부지부엎어 is unidentified and disabled everywhere.
export const DRAGON = 0; // B1, one per dragon pung
export const PREVALENT_WIND = 1; // B2
export const SEAT_WIND = 2; // B3
export const DOUBLE_WIND = 3; // B4
export const CONCEALED = 4; // B5
export const SELF_DRAWN = 5; // B6
export const ALL_SEQUENCES = 6; // B7
export const ALL_SIMPLES = 7; // B8
export const HALF_FLUSH = 8; // B9
export const ALL_PUNGS = 9; // B10
export const STRAIGHT = 10; // B11
export const THREE_CONCEALED = 11; // B12
export const SEVEN_PAIRS = 12; // B13
export const LITTLE_DRAGONS = 13; // B14
export const FOUR_CONCEALED = 14; // B16
export const FULL_FLUSH = 15; // B17
export const TERMINALS_HONOURS = 16; // B19
export const BIG_DRAGONS = 17; // B18
export const LITTLE_WINDS = 18; // B20
export const BIG_WINDS = 19; // B21
export const ALL_HONOURS = 20; // B22
export const HEAVENLY = 21; // B23
export const EARTHLY = 22; // B24
export const HUMAN = 23; // B25
export const NINE_GATES = 24; // B26
export const BASIC_YAKU = 25;

export const BASIC_NAMES: readonly string[] = [
  'dragon pung',
  'prevalent wind',
  'seat wind',
  'double wind',
  'concealed hand',
  'fully concealed self-draw',
  'all sequences',
  'all simples',
  'half flush',
  'all pungs',
  'pure straight',
  'three concealed pungs',
  'seven pairs',
  'little three dragons',
  'four concealed pungs',
  'full flush',
  'all terminals and honours',
  'big three dragons',
  'little four winds',
  'big four winds',
  'all honours',
  'heavenly win',
  'earthly win',
  'human win',
  'nine gates',
];

// Columns differ only from three concealed pungs (B12) on; seven pairs comes from `sevenPairs`.
//                 B12 B13 B14 B16 B17 B19 B18 B20 B21 B22 B23 B24 B25 B26
const COLUMNS: Record<KoreanRules['yakuValues'], number[]> = {
  standard: [4, 0, 4, 8, 8, 8, 8, 8, 12, 12, 16, 16, 16, 24],
  nagari: [4, 0, 6, 6, 8, 8, 8, 8, 12, 12, 16, 16, 16, 24],
  samsik: [2, 0, 4, 4, 6, 6, 6, 4, 6, 6, 12, 12, 12, 12],
  coffee: [2, 0, 6, 6, 6, 4, 6, 4, 6, 12, 24, 12, 12, 48],
};

/** Basic points per yaku id under `r`. */
export function basicValues(r: KoreanRules): Int16Array {
  const v = new Int16Array(BASIC_YAKU);
  // B1-B8 are 1 point (double wind 2), B9-B11 2 points, in every column.
  v.set([1, 1, 1, 2, 1, 1, 1, 1, 2, 2, 2]);
  v.set(COLUMNS[r.yakuValues], THREE_CONCEALED);
  v[SEVEN_PAIRS] = r.sevenPairs;
  return v;
}

// Bonus yaku (RULES.md, Bonus yaku); values are the same in every column.
export const BONUS_UPER = 1; // X1
export const BONUS_OPEN_UPER = 2; // X4, uper's point included
export const BONUS_KONG = 5; // X5 win on the kong replacement
export const BONUS_KONG_5P = 8; // X10
export const BONUS_AFTER_KONG = 5; // X6 win on the discard that follows a kong
export const BONUS_LAST_TILE = 5; // X7
export const BONUS_LAST_TILE_1P = 8; // X11
export const BONUS_LAST_DISCARD = 5; // X8
export const BONUS_LAST_DISCARD_9P = 8; // X12
