// Every reading of a complete hand, so a scorer can pick the one that scores best.
// Runs only at a win, so it allocates freely; the readings come from readings.ts, as every scorer's do.

import { Readings } from './readings.js';
import { CHOW, CONCEALED_KONG, KONG, PUNG, addMeldTiles } from './melds.js';
import { PLAY_KINDS, tileName } from './tiles.js';
import type { WinShapes } from './shanten.js';

export type SetKind = 'chow' | 'pung' | 'kong' | 'pair';

/** One set of a reading; `tile` is its lowest kind. */
export interface HandSet {
  readonly kind: SetKind;
  readonly tile: number;
  /** False only for melds called from a discard. Whether a set completed by a discard win counts as concealed is the scorer's rule. */
  readonly concealed: boolean;
}

/** A called (or concealed-declared) set that is no longer part of the concealed tiles. */
export interface Meld {
  readonly kind: 'chow' | 'pung' | 'kong';
  readonly tile: number;
  /** True for a concealed kong. */
  readonly concealed: boolean;
}

/** The table's meld type (table/melds.ts) of a meld. */
export function meldType(m: Meld): number {
  return m.kind === 'chow' ? CHOW : m.kind === 'pung' ? PUNG : m.concealed ? CONCEALED_KONG : KONG;
}

/** Adds the tiles of `melds` to `counts`. */
export function addMelds(counts: { [k: number]: number }, melds: readonly Meld[]): void {
  for (const m of melds) addMeldTiles(counts, meldType(m), m.tile);
}

export interface Decomposition {
  readonly shape: 'standard' | 'sevenPairs' | 'thirteenOrphans';
  /**
   * standard: the pair, the concealed sets in tile order (pung before chow on the same tile),
   * then the melds as given. sevenPairs: seven pairs in tile order. thirteenOrphans: empty.
   */
  readonly sets: readonly HandSet[];
}

const ORPHAN_KINDS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/**
 * All readings of concealed tiles (14 - 3 per meld, flowers set aside) plus melds as a
 * winning hand; empty when the hand is not complete. Seven pairs and thirteen orphans are
 * included only when `shapes` allows them and there are no melds.
 */
export function decompose(concealed: ArrayLike<number>, melds: readonly Meld[], shapes: WinShapes): Decomposition[] {
  const c = new Int8Array(PLAY_KINDS);
  let tiles = 0;
  for (let k = 0; k < concealed.length; k++) {
    const n = concealed[k]!;
    if (n === 0) continue;
    if (k >= PLAY_KINDS) throw new Error(`decompose: ${tileName(k)} is not part of a hand; set flowers and jokers aside`);
    c[k] = n;
    tiles += n;
  }
  const out: Decomposition[] = [];
  if (tiles !== 14 - 3 * melds.length) return out;

  const meldSets: HandSet[] = melds.map((m) => ({ kind: m.kind, tile: m.tile, concealed: m.concealed }));
  collector.c.set(c);
  for (const sets of collector.all()) out.push({ shape: 'standard', sets: [...sets, ...meldSets] });

  if (melds.length === 0 && shapes.sevenPairs) {
    const pairs: HandSet[] = [];
    for (let k = 0; k < PLAY_KINDS; k++) {
      if (c[k] === 2) pairs.push({ kind: 'pair', tile: k, concealed: true });
    }
    if (pairs.length === 7) out.push({ shape: 'sevenPairs', sets: pairs });
  }

  if (melds.length === 0 && shapes.thirteenOrphans) {
    let held = 0;
    for (const k of ORPHAN_KINDS) if (c[k]! > 0) held++;
    if (held === 13) out.push({ shape: 'thirteenOrphans', sets: [] });
  }
  return out;
}

/** The standard readings of `c` as lists of sets (pair first). */
class Collector extends Readings {
  private found: HandSet[][] = [];

  all(): HandSet[][] {
    this.found = [];
    this.walk();
    return this.found;
  }

  protected reading(): void {
    const sets: HandSet[] = [{ kind: 'pair', tile: this.pair, concealed: true }];
    for (let i = 0; i < this.nSets; i++) sets.push({ kind: this.setPung[i] ? 'pung' : 'chow', tile: this.setKind[i]!, concealed: true });
    this.found.push(sets);
  }
}

const collector = new Collector();
