// The Chinese-American scoring table: the winning-hand rows H1-H21 with their start values,
// and the extras added to a start (RULES.md, "Winning hands" and "Extras").

/** One row of the table. Two rows share an id where the source lists a minor and a major hand. */
export interface HandRow {
  readonly id: string;
  /** Unique key: the id, or the id with "-minor". */
  readonly key: string;
  readonly name: string;
  readonly start: number;
  /** An UNREVEALED row: fully concealed, no allConcealed extra. */
  readonly unrevealed: boolean;
}

const row = (id: string, name: string, start: number, unrevealed = false, key = id): HandRow => ({ id, key, name, start, unrevealed });

/** Every row, in table order (ties on value and start go to the earlier row). */
export const ROWS: readonly HandRow[] = [
  row('H1', 'Normal Win', 2),
  row('H2', '4 Pongs', 6),
  row('H3', '4 Pongs Unrevealed', 24, true),
  row('H4', 'Same Suit With Honors', 6),
  row('H5', '4 Pongs Same Suit With Honors', 12),
  row('H6', 'Same Suit With No Honors', 12),
  row('H7', '4 Pongs Same Suit With No Honors', 18),
  row('H8', 'All Honors', 24),
  row('H9', 'Small Wind', 18),
  row('H10', 'Big Wind', 24),
  row('H11', 'Minor Jade Dragon', 18),
  row('H12', 'Jade Dragon', 24),
  row('H13', 'Minor Ruby Dragon', 18, false, 'H13-minor'),
  row('H13', 'Ruby Dragon', 24),
  row('H14', 'Minor Pearl Dragon', 18, false, 'H14-minor'),
  row('H14', 'Pearl Dragon', 24),
  row('H15', 'Seven Pairs Unrevealed', 12, true),
  row('H16', 'Seven Pairs Unrevealed Same Suit With Honors', 18, true),
  row('H17', 'Seven Pairs Unrevealed Same Suit With No Honors', 24, true),
  row('H18', '13 Unique Wonders Unrevealed', 18, true),
  row('H19', 'Gates of Heaven Unrevealed', 24, true),
  row('H20', 'Seven Flowers', 15),
  row('H21', 'Fast Win', 24),
];

// Row indices into ROWS.
export const H1 = 0,
  H2 = 1,
  H3 = 2,
  H4 = 3,
  H5 = 4,
  H6 = 5,
  H7 = 6,
  H8 = 7,
  H9 = 8,
  H10 = 9;
export const H11 = 10,
  H12 = 11,
  H13_MINOR = 12,
  H13 = 13,
  H14_MINOR = 14,
  H14 = 15;
export const H15 = 16,
  H16 = 17,
  H17 = 18,
  H18 = 19,
  H19 = 20,
  H20 = 21,
  H21 = 22;

/** The row ids the `specialHands` option takes: every row but the normal win. */
export const SPECIAL_ROW_IDS: readonly string[] = [...new Set(ROWS.slice(1).map((r) => r.id))];

/** One extra: its name as printed and its points per occurrence. */
export interface Extra {
  readonly key: string;
  readonly points: number;
}

export const EXTRAS: readonly Extra[] = [
  { key: 'selfDraw', points: 2 },
  { key: 'flowerEach', points: 1 },
  { key: 'noFlowers', points: 1 },
  { key: 'honorSet', points: 1 },
  { key: 'noHonors', points: 1 },
  { key: 'kong', points: 1 },
  { key: 'allWinds', points: 6 },
  { key: 'allDragons', points: 4 },
  { key: 'noFlowersNoHonors', points: 1 },
  { key: 'straights', points: 1 },
  { key: 'allRevealed', points: 2 },
  { key: 'luckyFlower', points: 1 },
  { key: 'robKong', points: 1 },
  { key: 'soloPiece', points: 1 },
  { key: 'tileOfDay', points: 5 },
  { key: 'allConcealed', points: 2 },
  { key: 'threeConcealedPongs', points: 4 },
  // baseCombination additive: +6 per step on a four-pong row's start (one suit with honours 1,
  // one suit without 2), shown as its own line.
  { key: 'suitBonus', points: 6 },
];

export const SELF_DRAW = 0,
  FLOWER_EACH = 1,
  NO_FLOWERS = 2,
  HONOR_SET = 3,
  NO_HONORS = 4,
  KONG = 5;
export const ALL_WINDS = 6,
  ALL_DRAGONS = 7,
  NO_FLOWERS_NO_HONORS = 8,
  STRAIGHTS = 9,
  ALL_REVEALED = 10;
export const LUCKY_FLOWER = 11,
  ROB_KONG = 12,
  SOLO_PIECE = 13,
  TILE_OF_DAY = 14,
  ALL_CONCEALED = 15;
export const THREE_CONCEALED_PONGS = 16,
  SUIT_BONUS = 17;
