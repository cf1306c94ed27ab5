// Tiles away from every card line, kept up to date as a seat's hand changes, for the game and
// its bots. match.ts answers for one hand from scratch (about 6 µs for a whole card); at the
// table a hand changes by one tile at a time, and a tile kind occurs in only a few dozen of a
// card's variants, so each seat keeps every variant's packed sum (match.ts PACKED) and a tile
// change updates only the variants that hold that kind. An exposure re-derives the seat's
// variants once: which still fit, and what is left of each.

import { JOKER } from '../tiles.js';
import { CARD_KINDS, type Card } from './card.js';
import { PACKED, awayFromSum, packedRow, placeExposures, type Exposure } from './slots.js';

/** A card's variants as flat arrays, built once per card: shared by every seat's SeatLines. An
 * entry is one kind one variant uses. Entries are numbered kind by kind, so that a change of one
 * kind, the innermost work of a hand, reads its entries' arrays in order. */
export class CardIndex {
  readonly variants: number;
  /** Kind t's entries are kStart[t] .. kStart[t + 1]. */
  readonly kStart: Int32Array;
  readonly eKind: Uint8Array;
  /** The entry's PACKED row for an empty hand's slots (natural and joker counts). */
  readonly eRow: Uint16Array;
  readonly eVar: Int32Array;
  /** The line of the entry's variant. */
  readonly eLine: Int32Array;
  /** Variant v's entries are vEntry[vStart[v] .. vStart[v + 1]). */
  readonly vStart: Int32Array;
  readonly vEntry: Int32Array;
  readonly lines: number;
  /** The entry of (variant, kind), or -1. */
  readonly entryOf: Int32Array;
  /** Each variant's line, and whether that line is concealed. */
  readonly vLine: Int32Array;
  readonly vConcealed: Uint8Array;
  /** Per variant: 1 when it has a set jokers may not fill (a section without jokers). */
  readonly vNaturalSets: Uint8Array;
  /** Each line's value and whether its section pays the jokerless bonus. */
  readonly value: Int32Array;
  readonly jokerless: Uint8Array;
  /** Each variant's packed sum for an empty hand. */
  readonly empty: Int32Array;

  constructor(readonly card: Card) {
    const V = card.variants.length;
    this.variants = V;
    this.lines = card.lines.length;
    this.vLine = Int32Array.from(card.variants, (v) => v.line);
    const kind: number[] = [];
    const row: number[] = [];
    const vars: number[] = [];
    this.kStart = new Int32Array(CARD_KINDS + 1);
    for (let t = 0; t < CARD_KINDS; t++) {
      card.variants.forEach((v, i) => {
        const n = v.natural[t]!;
        const j = v.joker[t]!;
        if (n + j === 0) return;
        kind.push(t);
        row.push(packedRow(n, j));
        vars.push(i);
      });
      this.kStart[t + 1] = kind.length;
    }
    this.eKind = Uint8Array.from(kind);
    this.eRow = Uint16Array.from(row);
    this.eVar = Int32Array.from(vars);
    this.eLine = Int32Array.from(vars, (v) => this.vLine[v]!);
    const byVariant: number[][] = Array.from({ length: V }, () => []);
    vars.forEach((v, e) => byVariant[v]!.push(e));
    this.vStart = new Int32Array(V + 1);
    for (let v = 0; v < V; v++) this.vStart[v + 1] = this.vStart[v]! + byVariant[v]!.length;
    this.vEntry = Int32Array.from(byVariant.flat());
    this.entryOf = new Int32Array(V * CARD_KINDS).fill(-1);
    kind.forEach((t, e) => {
      this.entryOf[vars[e]! * CARD_KINDS + t] = e;
    });
    this.vConcealed = Uint8Array.from(card.variants, (v) => (card.lines[v.line]!.concealed ? 1 : 0));
    this.vNaturalSets = Uint8Array.from(card.variants, (v) => (v.sets.some((g) => !g.jokerable) ? 1 : 0));
    this.value = Int32Array.from(card.lines, (l) => l.value);
    this.jokerless = Uint8Array.from(card.lines, (l) => (l.jokerlessBonus ? 1 : 0));
    this.empty = new Int32Array(V);
    for (let e = 0; e < kind.length; e++) this.empty[vars[e]!]! += PACKED[row[e]!]!;
  }
}

/** One seat's tiles away from every variant of a card, updated a tile at a time. */
export class SeatLines {
  /** Per variant: the packed sum of its remaining slots against the concealed hand; kept only
   * while the variant fits the exposures (`ok`): an unfit one stays unfit until a joker
   * exchange, which places every variant again and sums it afresh (refit). */
  readonly sum: Int32Array;
  /** Per entry: its PACKED row once the seat's exposures took their sets. */
  readonly row: Uint16Array;
  /** Per variant: 1 while it fits the seat's exposures (and, once exposed, is not concealed). */
  readonly ok: Uint8Array;
  /** The concealed counts the sums are for (kinds 0..CARD_KINDS-1), and the jokers. */
  readonly counts = new Int8Array(CARD_KINDS);
  jokers = 0;
  readonly exposures: Exposure[] = [];
  /** Bumped by every change, so that a reader may cache what it derived from the sums. Private,
   * so that a state copy (src/core/copy.ts) leaves it alone and bumps it (invalidate) instead:
   * a copy takes the other object's version number with its content, and a reader that cached
   * this object at that number would go on reading its cache. */
  #version = 0;
  /** Per line: tiles away from its nearest variant and that variant (valid unless `stale`). */
  private readonly lineMin: Int8Array;
  private readonly lineVar: Int32Array;
  private readonly stale: Uint8Array;
  private readonly nat = new Int8Array(CARD_KINDS);
  private readonly jok = new Int8Array(CARD_KINDS);
  private readonly used: boolean[] = [];

  constructor(readonly index: CardIndex) {
    this.sum = new Int32Array(index.variants);
    this.row = new Uint16Array(index.eRow.length);
    this.ok = new Uint8Array(index.variants);
    this.lineMin = new Int8Array(index.lines);
    this.lineVar = new Int32Array(index.lines);
    this.stale = new Uint8Array(index.lines);
    this.reset();
  }

  get version(): number {
    return this.#version;
  }

  /** The content was overwritten (a state copy): what readers cached is stale. */
  invalidate(): void {
    this.#version++;
  }

  /** Finds every line's nearest variant afresh: after a hand dealt anew (a determinization), the
   * cached ones depend on the order of the changes that led there (among ties). */
  refreshAll(): void {
    this.#version++;
    for (let line = 0; line < this.lineMin.length; line++) this.refresh(line);
  }

  /** An empty hand and no exposures. */
  reset(): void {
    this.#version++;
    this.stale.fill(1);
    this.row.set(this.index.eRow);
    this.ok.fill(1);
    this.sum.set(this.index.empty);
    this.counts.fill(0);
    this.jokers = 0;
    this.exposures.length = 0;
  }

  /** Sets the concealed count of kind `t` (a card kind) to `c`. */
  set(t: number, c: number): void {
    const was = this.counts[t]!;
    if (c === was) return;
    this.#version++;
    this.counts[t] = c;
    const { kStart, eVar, eLine } = this.index;
    const { row, sum, ok, lineMin, lineVar, stale, jokers } = this;
    for (let e = kStart[t]!, end = kStart[t + 1]!; e < end; e++) {
      const v = eVar[e]!;
      if (ok[v] === 0) continue;
      const r = row[e]!;
      const s = (sum[v]! += PACKED[r + c]! - PACKED[r + was]!);
      // A line's nearest variant changes only if this one passes it, or it was this one and it moved away.
      const line = eLine[e]!;
      if (stale[line] === 1) continue;
      const jneed = s & 63; // awayFromSum, by hand: this is the innermost loop of a hand
      const a = (s >> 6) + (jneed > jokers ? jneed - jokers : 0);
      if (a < lineMin[line]!) {
        lineMin[line] = a;
        lineVar[line] = v;
      } else if (v === lineVar[line] && a > lineMin[line]!) stale[line] = 1;
    }
  }

  /** Brings the sums up to date with a hand laid out as table counts (kinds, then JOKER) from `off`. */
  sync(hand: ArrayLike<number>, off: number): void {
    if (this.jokers !== hand[off + JOKER]) {
      this.jokers = hand[off + JOKER]!;
      this.#version++;
      this.stale.fill(1);
    }
    const counts = this.counts;
    for (let t = 0; t < CARD_KINDS; t++) if (hand[off + t] !== counts[t]) this.set(t, hand[off + t]!);
  }

  /** Tiles away from variant `v` (an exposed seat's unfit variants are far away). */
  away(v: number): number {
    return this.ok[v] === 0 ? 99 : awayFromSum(this.sum[v]!, this.jokers);
  }

  /** Tiles away from line `line` (its nearest variant; 99 when none fits the exposures). */
  lineAway(line: number): number {
    if (this.stale[line] === 1) this.refresh(line);
    return this.lineMin[line]!;
  }

  /** The nearest variant of line `line` (-1 when none fits the exposures). */
  lineVariant(line: number): number {
    if (this.stale[line] === 1) this.refresh(line);
    return this.lineVar[line]!;
  }

  private refresh(line: number): void {
    const { sum, ok, jokers } = this;
    const lineStart = this.index.card.lineStart;
    let best = 99;
    let at = -1;
    for (let x = lineStart[line]!, end = lineStart[line + 1]!; x < end; x++) {
      if (ok[x] === 0) continue;
      const a = awayFromSum(sum[x]!, jokers);
      if (a < best) {
        best = a;
        at = x;
      }
    }
    this.lineMin[line] = best;
    this.lineVar[line] = at;
    this.stale[line] = 0;
  }

  /** Records an exposure (its tiles already out of the concealed hand) and re-derives the variants. */
  expose(e: Exposure): void {
    this.exposures.push({ ...e });
    // A variant an exposure ruled out stays out: only those still fitting are placed again.
    this.refit(true);
  }

  /** A joker of an exposure of `tile` was exchanged for a natural: the exposure holds one joker fewer. */
  exchanged(exposure: number): void {
    // A new record, not a change to it: state copies share the records of a list (src/core/copy.ts).
    const x = this.exposures[exposure]!;
    this.exposures[exposure] = { ...x, jokers: x.jokers - 1 };
    // One joker fewer may let the exposure fit a set jokers may not fill: every variant is placed again.
    this.refit(false);
  }

  /** Whether variant `v` uses every exposed tile at all (a quick test before placing the exposures). */
  private usesAll(v: number): boolean {
    for (const x of this.exposures) if (this.index.entryOf[v * CARD_KINDS + x.tile]! < 0) return false;
    return true;
  }

  private refit(fitOnly: boolean): void {
    this.#version++;
    this.stale.fill(1);
    const ix = this.index;
    const { nat, jok, used, row, ok, sum } = this;
    row.set(ix.eRow);
    for (let v = 0; v < ix.variants; v++) {
      if (fitOnly && ok[v] === 0) continue;
      ok[v] = ix.vConcealed[v] === 0 && this.usesAll(v) && placeExposures(ix.card.variants[v]!, this.exposures, nat, jok, used) ? 1 : 0;
      if (ok[v] === 0) continue;
      for (const x of this.exposures) {
        const t = x.tile;
        row[ix.entryOf[v * CARD_KINDS + t]!] = packedRow(nat[t]!, jok[t]!);
      }
    }
    const { vStart, vEntry, eKind } = ix;
    const counts = this.counts;
    for (let v = 0; v < ix.variants; v++) {
      if (ok[v] === 0) continue;
      let s = 0;
      for (let i = vStart[v]!; i < vStart[v + 1]!; i++) {
        const e = vEntry[i]!;
        s += PACKED[row[e]! + counts[eKind[e]!]!]!;
      }
      sum[v] = s;
    }
  }
}
