// The one enumerator of a complete hand's standard readings (a pair and sets), shared by every
// scorer and by decompose(). It allocates nothing: a scorer extends Readings, fills `c` and
// calls walk(), and scores each reading in `reading()` from pair, setKind, setPung and nSets.

import * as tilesModule from './tiles.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { HONOR, PLAY_KINDS } = tilesModule;

export abstract class Readings {
  /** Concealed play tiles by kind (the winning tile included), 3n + 2 of them. */
  readonly c = new Int8Array(PLAY_KINDS);
  /** The reading under construction: the pair's kind, and nSets sets as (lowest kind, is a pung). */
  protected pair = -1;
  protected readonly setKind = new Int8Array(4);
  protected readonly setPung = new Uint8Array(4);
  protected nSets = 0;

  /** Called once per standard reading of `c`: the pair, then the sets in tile order, a pung before a chow on one kind. */
  protected abstract reading(): void;

  /** Calls reading() for every standard reading of `c` (leaving `c` as it was). */
  protected walk(): void {
    const c = this.c;
    for (let p = 0; p < PLAY_KINDS; p++) {
      if (c[p]! < 2) continue;
      c[p] = c[p]! - 2;
      this.pair = p;
      this.nSets = 0;
      this.readSets(0, true);
      c[p] = c[p]! + 2;
    }
  }

  /**
   * Sets from the lowest remaining kind k: at most one pung of k first, then chows from k, so
   * each multiset of sets is read once.
   */
  private readSets(from: number, pungAllowed: boolean): void {
    const c = this.c;
    let k = from;
    while (k < PLAY_KINDS && c[k] === 0) k++;
    if (k === PLAY_KINDS) {
      this.reading();
      return;
    }
    const n = c[k]!;
    if ((pungAllowed || k > from) && n >= 3) {
      c[k] = n - 3;
      this.setKind[this.nSets] = k;
      this.setPung[this.nSets++] = 1;
      this.readSets(k, false);
      this.nSets--;
      c[k] = n;
    }
    if (k < HONOR && k % 9 <= 6 && c[k + 1]! > 0 && c[k + 2]! > 0) {
      for (let j = 0; j < 3; j++) c[k + j] = c[k + j]! - 1;
      this.setKind[this.nSets] = k;
      this.setPung[this.nSets++] = 0;
      this.readSets(k, false);
      this.nSets--;
      for (let j = 0; j < 3; j++) c[k + j] = c[k + j]! + 1;
    }
  }
}
