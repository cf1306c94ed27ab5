// Meld types as the table and the scorers store them (one byte per meld), and a meld's tiles.
// Below the table: the decomposition of a hand into melds reads them (decompose.ts), and the
// table re-exports them beside what melds imply for its waits (table/melds.ts).

export const PUNG = 1;
export const KONG = 2; // melded from a discard
export const CONCEALED_KONG = 3;
export const ADDED_KONG = 4;
export const CHOW = 5;

/** Most melds one seat can hold. */
export const MAX_MELDS = 4;

/** Adds `times` copies of the tiles of one meld to `counts` (negative `times` removes them). */
export function addMeldTiles(counts: { [k: number]: number }, type: number, kind: number, times = 1): void {
  if (type === CHOW) {
    for (let j = 0; j < 3; j++) counts[kind + j] = counts[kind + j]! + times;
  } else counts[kind] = counts[kind]! + times * (type === PUNG ? 3 : 4);
}
