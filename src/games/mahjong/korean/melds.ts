// Meld types as the engine stores them (one byte per meld), and what melds imply for waits.

import * as tilesModule from '../tiles.js';
import * as kindsModule from './kinds.js';

// Imports as module-local consts, read once: see flow.ts.
const { PLAY_KINDS } = tilesModule;
const { BIT } = kindsModule;

export const PUNG = 1;
export const KONG = 2; // melded from a discard
export const CONCEALED_KONG = 3;
export const ADDED_KONG = 4;
export const CHOW = 5;

const copies = new Int8Array(PLAY_KINDS);

/**
 * Mask of the kinds a player holds all four of, in the hand (less one `minus`, -1 for none)
 * and its melds: a fifth copy does not exist, so such a kind is no wait.
 */
export function fullKinds(
  hand: ArrayLike<number>, off: number, types: ArrayLike<number>, kinds: ArrayLike<number>, moff: number, melds: number, minus: number,
): number {
  let full = 0;
  for (let i = 0; i < melds; i++) {
    const k = kinds[moff + i]!;
    const t = types[moff + i]!;
    if (t === CHOW) for (let j = 0; j < 3; j++) copies[k + j] = copies[k + j]! + 1;
    else copies[k] = copies[k]! + (t === PUNG ? 3 : 4);
  }
  for (let i = 0; i < melds; i++) {
    const k = kinds[moff + i]!;
    const span = types[moff + i] === CHOW ? 3 : 1;
    for (let j = k; j < k + span; j++) {
      if (copies[j]! + hand[off + j]! - (j === minus ? 1 : 0) >= 4) full |= BIT[j]!;
    }
  }
  for (let i = 0; i < melds; i++) {
    const k = kinds[moff + i]!;
    const span = types[moff + i] === CHOW ? 3 : 1;
    for (let j = k; j < k + span; j++) copies[j] = 0;
  }
  return full;
}
