// Meld types as the table stores them (the mahjong folder's codes, melds.ts, re-exported for
// the table's modules), and what melds imply for waits.

import * as kindsModule from './kinds.js';
import * as meldsModule from '../melds.js';

export { ADDED_KONG, CHOW, CONCEALED_KONG, KONG, MAX_MELDS, PUNG, addMeldTiles } from '../melds.js';

// Imports as module-local consts, read once: see flow.ts.
const { BIT, WORD } = kindsModule;
const { CHOW, addMeldTiles } = meldsModule;

const copies = new Int8Array(34);

/**
 * The kinds a player holds all four of, in the hand (less one `minus`, -1 for none) and its
 * melds, as a two-word mask written to out[at], out[at + 1]: a fifth copy does not exist, so
 * such a kind is no wait.
 */
export function fullKinds(
  hand: ArrayLike<number>,
  off: number,
  types: ArrayLike<number>,
  kinds: ArrayLike<number>,
  moff: number,
  melds: number,
  minus: number,
  out: Int32Array,
  at: number,
): void {
  let full0 = 0;
  let full1 = 0;
  for (let i = 0; i < melds; i++) addMeldTiles(copies, types[moff + i]!, kinds[moff + i]!);
  for (let i = 0; i < melds; i++) {
    const k = kinds[moff + i]!;
    const span = types[moff + i] === CHOW ? 3 : 1;
    for (let j = k; j < k + span; j++) {
      if (copies[j]! + hand[off + j]! - (j === minus ? 1 : 0) >= 4) {
        if (WORD[j] === 0) full0 |= BIT[j]!;
        else full1 |= BIT[j]!;
      }
    }
  }
  for (let i = 0; i < melds; i++) addMeldTiles(copies, types[moff + i]!, kinds[moff + i]!, -1);
  out[at] = full0;
  out[at + 1] = full1;
}
