// Play kinds (the 34 suit and honour kinds) as bits of a two-word mask, so waits, discards
// and claim checks are AND operations in the hot loop whatever the tile set.
//
// Word 0 holds characters (bits 0-8), circles (9-17) and honours (18-24); word 1 holds bamboo
// (bits 0-8). A set without bamboo (Korean) never sets a bit of word 1, so its masks are one
// word in practice. Masks are stored two words a seat: array[seat * 2 + WORD[kind]]. The
// American flower (one interchangeable kind, claimable like any tile) is bit 25 of word 0;
// other flowers and the joker have no bit (BIT 0), so a mask test on them is always false.

import * as tilesModule from '../tiles.js';

// Imports as module-local consts, read once: see flow.ts.
const { FLOWER, HONOR, KINDS, SOU } = tilesModule;

/** Which mask word holds `kind`: 1 for bamboo, 0 for everything else. */
export const WORD = Uint8Array.from({ length: KINDS }, (_, k) => (k >= SOU && k < HONOR ? 1 : 0));

/** The kind's bit within its word. */
export const BIT = Int32Array.from({ length: KINDS }, (_, k) =>
  k > FLOWER ? 0 : k < SOU ? 1 << k : k >= HONOR ? 1 << (k - 9) : 1 << (k - SOU),
);

/**
 * The kind of the lowest set bit of a non-zero word-0 mask: bits 0..17 are kinds 0..17, bits
 * 18..24 the honours 27..33 and bit 25 the flower. Arithmetic, not a table: it runs in the engine's innermost loops.
 */
export function lowKind(m: number): number {
  const b = 31 - Math.clz32(m & -m);
  return b + (((17 - b) >> 31) & 9); // + 9 from bit 18 on
}

/** The kind of the lowest set bit of a non-zero word-1 (bamboo) mask. */
export function lowBamboo(m: number): number {
  return SOU + 31 - Math.clz32(m & -m);
}

/** The kind of the lowest set bit of a non-zero mask of word `word`. */
export function lowKindOf(word: number, m: number): number {
  return word === 0 ? lowKind(m) : lowBamboo(m);
}

/** Number of kinds in one mask word. */
export function popcount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

const NINE = 0x1ff;
const MAN_BITS = NINE;
const PIN_BITS = NINE << 9;
const HONOUR_BITS = 0x7f << 18;

/** Kinds within two of a held suit tile, and held honours, in word 0. */
export function near0(held: number): number {
  const m = held & MAN_BITS;
  const p = held & PIN_BITS;
  return (
    ((m | (m << 1) | (m << 2) | (m >>> 1) | (m >>> 2)) & MAN_BITS) |
    ((p | (p << 1) | (p << 2) | (p >>> 1) | (p >>> 2)) & PIN_BITS) |
    (held & HONOUR_BITS)
  );
}

/** Kinds within two of a held bamboo tile, in word 1. */
export function near1(held: number): number {
  return (held | (held << 1) | (held << 2) | (held >>> 1) | (held >>> 2)) & NINE;
}

/** The suit kinds a hand holding `held` (one mask word) could chow: two of its tiles in one
 * suit make a run with it. Suits are nine-bit blocks (bits 0-8 and 9-17 of word 0, bits 0-8
 * of word 1); honours never chow. */
export function chowable(held: number): number {
  return (chowIn(held & MAN_BITS) & MAN_BITS) | (chowIn(held & PIN_BITS) & PIN_BITS);
}

/** chowable within one suit's bits: k+1 and k+2, k-1 and k+1, or k-2 and k-1 held. */
function chowIn(m: number): number {
  return ((m >>> 1) & (m >>> 2)) | ((m << 1) & (m >>> 1)) | ((m << 1) & (m << 2));
}

/** Every play kind of word 0 and of word 1. */
export const ALL0 = MAN_BITS | PIN_BITS | HONOUR_BITS;
export const ALL1 = NINE;

/** The two words of a mask as kinds, for traces: calls `f` for each kind in kind order. */
export function forEachKind(lo: number, hi: number, f: (kind: number) => void): void {
  for (let k = 0; k <= FLOWER; k++) if (((WORD[k] === 0 ? lo : hi) & BIT[k]!) !== 0) f(k);
}

export const isHonor = (k: number): boolean => k >= HONOR;
export const isTerminal = (k: number): boolean => k < HONOR && (k % 9 === 0 || k % 9 === 8);
export const isSimple = (k: number): boolean => k < HONOR && k % 9 !== 0 && k % 9 !== 8;
