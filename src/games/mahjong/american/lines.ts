// Tiles away from every card line, kept up to date as a seat's hand changes, for the game and
// its bots. match.ts answers for one hand from scratch (about 6 µs for a whole card); at the
// table a hand changes by one tile at a time, and a tile kind occurs in only a few dozen of a
// card's variants, so each seat keeps every variant's packed sum (match.ts PACKED) and a tile
// change updates only the variants that hold that kind. An exposure re-derives the seat's
// variants once: which still fit, and what is left of each.

import * as tilesModule from '../tiles.js';
import * as handEvalModule from '../table/hand-eval.js';
import * as cardModule from './card.js';
import type { Card } from './card.js';
import * as slotsModule from './slots.js';
import type { Exposure } from './slots.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { FLOWER, JOKER } = tilesModule;
const { SLOT, WEIGHT } = handEvalModule;
const { CARD_KINDS } = cardModule;
const { MAX_EXPOSURES, PACKED, awayFromSum, packedRow } = slotsModule;

/** Counts of one kind a step list covers: a hand holds at most 8 of a kind (flowers), and
 * PACKED's rows stop at 15. */
const STEPS = 15;
/** The first kind of each suit (and the honours) in the table's index of a hand (hand-eval.ts SLOT), and the flowers. */
const SLOT_START = Int32Array.from([0, 1, 2, 3, 4], (slot) => (slot === 4 ? FLOWER : SLOT.indexOf(slot)));
/** A suit's kind j weighs 5^j in the table's index of a hand (WEIGHT); 5^0 .. 5^8 differ in their
 * highest bit, so POW5_AT[31 - clz32(5^j)] is j (-1 at the other bits). */
const POW5_AT = Int8Array.from({ length: 32 }, (_, b) => {
  for (let j = 0; j < 9; j++) if (31 - Math.clz32(5 ** j) === b) return j;
  return -1;
});
/** lineMin of a line whose nearest variant must be found again (refresh). */
const STALE = -1;
/** The packed sum of a variant that does not fit the seat's exposures: far enough that no
 * change of a hand brings it within 99 tiles, so that the loops over variants need not ask
 * `ok` (tiles away of at least 2^20 / 64). */
const UNFIT = 1 << 20;

/** A card's variants as flat arrays, built once per card: shared by every seat's SeatLines. An
 * entry is one kind one variant uses. Entries are numbered kind by kind, so that a change of one
 * kind, the innermost work of a hand, reads its entries' arrays in order. Fields set in the
 * constructor are `declare`d, here and in SeatLines: an ES2022 class field is defined as undefined
 * first, and V8 then no longer tracks which kind of typed array the field holds. */
export class CardIndex {
  declare readonly variants: number;
  /** Kind t's entries are kStart[t] .. kStart[t + 1]. */
  declare readonly kStart: Int32Array;
  declare readonly eKind: Uint8Array;
  /** The entry's PACKED row for an empty hand's slots (natural and joker counts). */
  declare readonly eRow: Uint16Array;
  declare readonly eVar: Int32Array;
  /** The line of the entry's variant. */
  declare readonly eLine: Int32Array;
  /** Variant v's entries are vEntry[vStart[v] .. vStart[v + 1]). */
  declare readonly vStart: Int32Array;
  declare readonly vEntry: Int32Array;
  declare readonly lines: number;
  /** The entry of (variant, kind), or -1. */
  declare readonly entryOf: Int32Array;
  /** Each variant's line, and whether that line is concealed. */
  declare readonly vLine: Int32Array;
  declare readonly vConcealed: Uint8Array;
  /** Per variant: 1 when its sets are ones jokers may not fill (a section without jokers; a
   * variant's sets all take jokers or none, as its line says). */
  declare readonly vNaturalSets: Uint8Array;
  /** Per entry: how many sets of its kind the variant holds, of each size 3 to 6 (4 bits a size,
   * size 3 lowest): the sets an exposure of that kind and size can take. */
  declare readonly eSets: Uint16Array;
  /** Each line's value and whether its section pays the jokerless bonus. */
  declare readonly value: Int32Array;
  declare readonly jokerless: Uint8Array;
  /** Each variant's packed sum for an empty hand. */
  declare readonly empty: Int32Array;
  /**
   * The entries whose packed value changes when the hand's count of kind t goes from h to h + 1
   * (for an entry's own row: a seat's exposures move the rows of the kinds they hold), in entry
   * order: step[stepStart[t * STEPS + h] .. stepStart[t * STEPS + h + 1]). Entry order is card
   * order within a kind, so a line's entries in a list are a run: each run is a head,
   * line * 65536 + its length, then its entries, each (2 * lines + variant) * 2 + 1 when the tile
   * fills a missing natural (the sum falls by 64), + 0 when it fills a joker slot (the sum falls
   * by 1): the first number is where a seat keeps the variant's sum (SeatLines.st). A tile change
   * reads its line's tiles away once a run, not once an entry, and after a tile fewer looks at
   * the run's line alone for a nearest variant moved away. The other entries of the kind do not
   * change. A card has at most MAX_CARD_READINGS (20,000) variants, so a place fits 15 bits, and
   * a code is a small integer: the list is a plain array, whose reads V8 checks in fewer
   * instructions than a typed array's in the innermost loop of a hand.
   */
  declare readonly stepStart: Int32Array;
  declare readonly step: readonly number[];
  /** Words of a bit set of lines (line l at bit l & 31 of word l >> 5). */
  declare readonly lineWords: number;

  declare readonly card: Card;

  constructor(card: Card) {
    this.card = card;
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
    if (card.variants.some((v) => v.sets.some((g) => g.jokerable) && v.sets.some((g) => !g.jokerable)))
      throw new Error('CardIndex: a variant whose sets differ in taking jokers');
    this.eSets = Uint16Array.from(kind, (t, e) =>
      card.variants[vars[e]!]!.sets.reduce((n, g) => (g.tile === t ? n + (1 << ((g.size - 3) * 4)) : n), 0),
    );
    this.value = Int32Array.from(card.lines, (l) => l.value);
    this.jokerless = Uint8Array.from(card.lines, (l) => (l.jokerlessBonus ? 1 : 0));
    this.empty = new Int32Array(V);
    for (let e = 0; e < kind.length; e++) this.empty[vars[e]!]! += PACKED[row[e]!]!;
    if (2 * this.lines + V > 0x7fff) throw new Error(`CardIndex: ${V} variants of ${this.lines} lines do not fit a step code`);
    const step: number[] = [];
    this.stepStart = new Int32Array(CARD_KINDS * STEPS + 1);
    for (let t = 0; t < CARD_KINDS; t++) {
      for (let h = 0; h < STEPS; h++) {
        let head = -1;
        for (let e = this.kStart[t]!; e < this.kStart[t + 1]!; e++) {
          const v = vars[e]!;
          const n = card.variants[v]!.natural[t]!;
          if (h >= n + card.variants[v]!.joker[t]!) continue;
          const line = this.vLine[v]!;
          if (head < 0 || step[head]! >> 16 !== line) {
            head = step.length;
            step.push(line * 65536);
          }
          step[head]!++;
          step.push((2 * this.lines + v) * 2 + (h < n ? 1 : 0));
        }
        this.stepStart[t * STEPS + h + 1] = step.length;
      }
    }
    this.step = step;
    this.lineWords = (this.lines + 31) >> 5;
  }
}

/** A table's exposures by seat, as AmericanState and AmericanView hold them: tile, size and
 * jokers at seat * MAX_EXPOSURES + i, expN[seat] of them. */
export interface ExposureColumns {
  readonly expTile: ArrayLike<number>;
  readonly expSize: ArrayLike<number>;
  readonly expJokers: ArrayLike<number>;
  readonly expN: ArrayLike<number>;
}

/** One seat's tiles away from every variant of a card, updated a tile at a time. */
export class SeatLines {
  /**
   * The numbers a tile change updates, in one array so that the innermost loop reads one
   * array's bounds and layout (a typed array's are checked again at each use in a loop): per
   * line its tiles away (lineMin, from 0) and its nearest variant (lineVar, from L), then per
   * variant its sum (from 2L: `sum`). lineMin is STALE when the nearest must be found again
   * (refresh).
   */
  declare private readonly st: Int32Array;
  /** Per variant: the packed sum of its remaining slots against the concealed hand while it
   * fits the exposures (`ok`); once it does not, UNFIT give or take a hand's tiles, unchanged
   * once its line is out (no tile change reads it: the value depends only on the hand at the
   * seat's exposures, not on the order of the changes, which a state must not show). An unfit
   * one stays unfit until a joker exchange, which places every variant again and sums it
   * afresh (refit). */
  declare readonly sum: Int32Array;
  /** Per entry: its PACKED row once the seat's exposures took their sets. */
  declare readonly row: Uint16Array;
  /** Per variant: 1 while it fits the seat's exposures (and, once exposed, is not concealed). */
  declare readonly ok: Uint8Array;
  /** Per line: 1 when none of its variants fits (a concealed line once the seat has exposed,
   * most lines after an exposure): a tile change passes over its run of a step list, and
   * refresh finds it out of reach without reading it. */
  declare private readonly out: Uint8Array;
  /**
   * Per line: a lower bound on its tiles away while it is STALE, as bound[line] - bound[L] (L =
   * lines; bound[L] counts the tiles and jokers added since the seat's lines were reset). A tile
   * or joker more brings a variant at most one tile nearer, and one fewer takes none nearer: a
   * line that goes stale at m tiles away is at least m away, less what was added since. refresh
   * stops at the first variant at the bound, which is then the first of the nearest.
   */
  declare private readonly bound: Int32Array;
  /** The card's lines' first variants (Card.lineStart), read at each refresh. */
  declare private readonly lineStart: Int32Array;
  /** Per kind: 1 when one of the seat's exposures is of it (its entries' rows are the seat's own). */
  private readonly exposedKind = new Uint8Array(CARD_KINDS);
  /** The concealed counts the sums are for (kinds 0..CARD_KINDS-1), and the jokers. */
  readonly counts = new Int8Array(CARD_KINDS);
  /** The kinds of `counts` held (one or more), kind t at bit t & 31 of word t >> 5: a reader
   * goes through a hand's kinds in order without reading the two thirds it lacks. */
  readonly held = new Int32Array((CARD_KINDS + 31) >> 5);
  /** holdSeat's hand with a tile added or taken back (a kind's copies, the jokers at JOKER). */
  private readonly asked = new Int8Array(JOKER + 1);
  /** The counts of the kinds before flowers as the table's index of a hand (TableState.gi) holds
   * them, one number per suit and the honours (hand-eval.ts SLOT, WEIGHT): syncSeat compares a
   * suit's kinds only when its number differs. */
  private readonly suitIndex = new Int32Array(4);
  jokers = 0;
  /** Every line is STALE (a new hand, an exposure, a joker more or fewer) and none read since:
   * a tile change then updates the sums alone, as no line can be passed. */
  private allStale = true;
  /**
   * The step list (t * STEPS + h) of the last change while it was a tile more, -1 once anything
   * else changed: a tile fewer by the same list undoes it (a drawn tile thrown back, a discard
   * tried for Mah Jongg). The lines that then go stale are those the tile more passed (their
   * nearest variant came a tile nearer, then went back), each a tile nearer than before it and
   * now as far as before it: found again from that bound, one more than their tiles away,
   * refresh stops at the first variant there instead of reading the whole line for one nearer.
   * A line found again in between (stale at the tile more) would be a tile nearer or not: any
   * refresh ends the undo. A plain field, so that a state copy carries it with the sums.
   */
  private undoable = -1;
  readonly exposures: Exposure[] = [];
  /** Bumped by every change, so that a reader may cache what it derived from the sums. Private,
   * so that a state copy (src/core/copy.ts) leaves it alone and bumps it (invalidate) instead:
   * a copy takes the other object's version number with its content, and a reader that cached
   * this object at that number would go on reading its cache. */
  #version = 0;
  /** Bumped when the content was overwritten (invalidate): a reader that follows `moved` reads
   * every line again. Private for the reason #version is. */
  #overwritten = 0;
  /**
   * The lines whose tiles away may differ from when a reader last cleared this (the line chaser,
   * which then reads only these at its next ranking): line l at bit l & 31 of word l >> 5. Set
   * wherever lineMin changes but at refresh, which only finds again a line already set (STALE).
   */
  declare readonly moved: Int32Array;
  /** The reader that last cleared `moved` (takeMoved): another reader of the same lines (a
   * distillation's teacher and base bot at one seat) must read every line. */
  #movedBy: object | null = null;

  declare readonly index: CardIndex;

  constructor(index: CardIndex) {
    this.index = index;
    const L = index.lines;
    this.st = new Int32Array(2 * L + index.variants);
    this.bound = new Int32Array(L + 1);
    this.lineStart = index.card.lineStart;
    this.moved = new Int32Array(index.lineWords);
    this.sum = this.st.subarray(2 * L);
    this.row = new Uint16Array(index.eRow.length);
    this.ok = new Uint8Array(index.variants);
    this.out = new Uint8Array(L);
    this.reset();
  }

  get version(): number {
    return this.#version;
  }

  get overwritten(): number {
    return this.#overwritten;
  }

  /** Whether `reader` was the last to clear `moved`, so that it holds what moved since that
   * reader's last look; `reader` is now the last (it clears `moved` once it has read). */
  takeMoved(reader: object): boolean {
    const mine = this.#movedBy === reader;
    this.#movedBy = reader;
    return mine;
  }

  /** The content was overwritten (a state copy): what readers cached is stale. */
  invalidate(): void {
    this.#version++;
    this.#overwritten++;
  }

  /** Finds every line's nearest variant afresh: after a hand dealt anew (a determinization), the
   * cached ones depend on the order of the changes that led there (among ties). */
  refreshAll(): void {
    this.#version++;
    for (let line = 0; line < this.index.lines; line++) this.refresh(line);
    this.moveAll();
    // Every line is up to date: the bounds, which tell of the changes that led here (hidden ones,
    // for a hand dealt anew), start again.
    this.bound.fill(0);
  }

  /** An empty hand and no exposures. */
  reset(): void {
    this.undoable = -1;
    this.#version++;
    this.bound.fill(0);
    this.staleAll();
    this.row.set(this.index.eRow);
    this.ok.fill(1);
    this.out.fill(0);
    this.exposedKind.fill(0);
    this.sum.set(this.index.empty);
    this.counts.fill(0);
    // Loops for the few numbers: the builtin fill costs more than it saves.
    for (let w = 0; w < this.held.length; w++) this.held[w] = 0;
    for (let slot = 0; slot < 4; slot++) this.suitIndex[slot] = 0;
    this.jokers = 0;
    this.exposures.length = 0;
  }

  /** Every line's nearest variant is to be found again (a loop: for a few dozen lines a
   * builtin `fill` costs more than it saves), with no bound known but 0 (an exposure, a new
   * hand: the rows change). */
  private staleAll(): void {
    const { st, bound } = this;
    const L = this.index.lines;
    for (let line = 0; line < L; line++) {
      st[line] = STALE;
      bound[line] = bound[L]!;
    }
    this.allStale = true;
    this.moveAll();
  }

  /** Every line is in `moved`. */
  private moveAll(): void {
    const { moved } = this;
    const L = this.index.lines;
    for (let w = 0; w < moved.length; w++) moved[w] = L - 32 * w >= 32 ? -1 : (1 << (L - 32 * w)) - 1;
  }

  /** The seat holds `j` jokers: every line is to be found again, each bounded by its tiles away
   * before (jokers more bring it at most that many nearer). */
  private setJokers(j: number): void {
    this.undoable = -1;
    const { st, bound } = this;
    const L = this.index.lines;
    for (let line = 0; line < L; line++) {
      const m = st[line]!;
      if (m !== STALE) bound[line] = m + bound[L]!;
      st[line] = STALE;
    }
    if (j > this.jokers) bound[L]! += j - this.jokers;
    this.jokers = j;
    this.allStale = true;
    this.moveAll();
    this.#version++;
  }

  /** Sets the concealed count of kind `t` (a card kind) to `c`. */
  set(t: number, c: number): void {
    const was = this.counts[t]!;
    if (c === was) return;
    this.#version++;
    this.counts[t] = c;
    if (c === 0) this.held[t >> 5]! &= ~(1 << (t & 31));
    else this.held[t >> 5]! |= 1 << (t & 31);
    if (t < FLOWER) this.suitIndex[SLOT[t]!]! += (c - was) * WEIGHT[t]!;
    // A hand changes by one tile at a time, mostly of a kind none of its exposures holds: the
    // entries that change are then the kind's step list for the count, read in entry order.
    if ((c === was + 1 || c === was - 1) && this.exposedKind[t] === 0) this.step(t, c > was ? was : c, c > was);
    else this.jump(t, was, c);
  }

  /** One tile of kind t more (from count h) or fewer (back to h), on rows of the card's own:
   * each changed sum falls (more) or rises (fewer) by 1 for a joker slot, 64 for a natural.
   * Unfit variants' sums change too (they stay far), but for the runs of lines out of reach:
   * theirs stay far unchanged. */
  private step(t: number, h: number, more: boolean): void {
    const { stepStart, step, lines: L } = this.index;
    const { st, jokers, moved, out } = this;
    const S = 2 * L;
    const list = t * STEPS + h;
    const from = stepStart[list]!;
    const end = stepStart[list + 1]!;
    // A line's nearest variant changes only if one passes it (a tile more), or it was this one
    // and it moved away (a tile fewer).
    if (more) {
      this.bound[L]!++;
      this.undoable = list;
      if (this.allStale) {
        // A quarter of a hand's entries, mostly its deal: only the sums change.
        for (let i = from; i < end; ) {
          const head = step[i]!;
          const runEnd = (i + 1 + (head & 0xffff)) | 0;
          if (out[head >> 16] !== 0) {
            i = runEnd;
            continue;
          }
          for (i = (i + 1) | 0; i < runEnd; i = (i + 1) | 0) {
            const code = step[i]!;
            st[code >> 1] = (st[code >> 1]! - 1 - (code & 1) * 63) | 0;
          }
        }
        return;
      }
      for (let i = from; i < end; ) {
        const head = step[i]!;
        const line = head >> 16;
        const runEnd = (i + 1 + (head & 0xffff)) | 0;
        if (out[line] !== 0) {
          i = runEnd;
          continue;
        }
        // The first variant nearer than the line, or than one before it in the run, passes it:
        // the tie rule, a variant at a time. A STALE line (-1) is never passed.
        let best = st[line]!;
        let bestAt = -1;
        for (i = (i + 1) | 0; i < runEnd; i = (i + 1) | 0) {
          const code = step[i]!;
          const at = code >> 1;
          // The `| 0`s tell V8 the sums stay 32-bit, so that it checks no addition for overflow.
          const s = (st[at]! - 1 - (code & 1) * 63) | 0;
          st[at] = s;
          // awayFromSum, by hand and without a branch (x & ~(x >> 31) is max(x, 0)): this is the innermost loop of a hand.
          const x = ((s & 63) - jokers) | 0;
          const a = ((s >> 6) + (x & ~(x >> 31))) | 0;
          if (a < best) {
            best = a;
            bestAt = at;
          }
        }
        if (bestAt >= 0) {
          st[line] = best;
          st[L + line] = bestAt - S;
          moved[line >> 5]! |= 1 << (line & 31);
        }
      }
    } else {
      // The runs walked as the tile more's all-stale loop above walks them, adding where it
      // subtracts: two loops, not one testing more or fewer inside (that counted 14k instructions
      // a hand more in the step lists: README, Speed).
      const allStale = this.allStale;
      for (let i = from; i < end; ) {
        const head = step[i]!;
        const line = head >> 16;
        const runEnd = (i + 1 + (head & 0xffff)) | 0;
        if (out[line] !== 0) {
          i = runEnd;
          continue;
        }
        for (i = (i + 1) | 0; i < runEnd; i = (i + 1) | 0) {
          const code = step[i]!;
          st[code >> 1] = (st[code >> 1]! + 1 + (code & 1) * 63) | 0;
        }
        if (allStale) continue;
        // The line kept up to date whose nearest variant moved away (it was in the run).
        const m = st[line]!;
        const v = st[L + line]!;
        if (m === STALE || v < 0) continue;
        const s = st[S + v]!;
        const x = (s & 63) - jokers;
        if ((s >> 6) + (x & ~(x >> 31)) > m) this.stale(line, this.undoable === list ? m + 1 : m);
      }
      this.undoable = -1;
    }
  }

  /** Line `line`, m tiles away, is to be found again (its nearest variant moved away). */
  private stale(line: number, m: number): void {
    this.st[line] = STALE;
    this.bound[line] = m + this.bound[this.index.lines]!;
    this.moved[line >> 5]! |= 1 << (line & 31);
  }

  /** Kind t's count from `was` to `c` in one change, on the seat's rows: every entry of the kind.
   * Unfit variants change too, on the card's rows (refit leaves theirs so): they stay far. Those
   * of lines out of reach do not, as in `step`. */
  private jump(t: number, was: number, c: number): void {
    this.undoable = -1;
    const { kStart, eVar, eLine, lines: L } = this.index;
    const { row, st, jokers, out } = this;
    const S = 2 * L;
    if (c > was) this.bound[L]! += c - was;
    if (this.allStale && this.exposures.length === 0) {
      // Most jumps are a deal's pairs and more, while every line is stale (and, with no exposure,
      // none is out): only the sums change.
      for (let e = kStart[t]!, end = kStart[t + 1]!; e < end; e++) {
        const r = row[e]!;
        st[S + eVar[e]!]! += PACKED[r + c]! - PACKED[r + was]!;
      }
      return;
    }
    for (let e = kStart[t]!, end = kStart[t + 1]!; e < end; e++) {
      const line = eLine[e]!;
      if (out[line] !== 0) continue;
      const v = eVar[e]!;
      const r = row[e]!;
      const s = (st[S + v]! += PACKED[r + c]! - PACKED[r + was]!);
      const m = st[line]!;
      if (m === STALE) continue;
      const a = awayFromSum(s, jokers);
      if (a < m) {
        st[line] = a;
        st[L + line] = v;
        this.moved[line >> 5]! |= 1 << (line & 31);
      } else if (a > m && v === st[L + line]) this.stale(line, m);
    }
  }

  /** Brings the sums up to date with a hand laid out as table counts (kinds, then JOKER) from `off`. */
  sync(hand: ArrayLike<number>, off: number): void {
    if (this.jokers !== hand[off + JOKER]) this.setJokers(hand[off + JOKER]!);
    const counts = this.counts;
    for (let t = 0; t < CARD_KINDS; t++) if (hand[off + t] !== counts[t]) this.set(t, hand[off + t]!);
  }

  /** sync for a seat of the table: `gi` is the table's index of the seat's hand from `g`, the
   * same number per suit as suitIndex when the suit's counts are unchanged (most are, between
   * two reads: a hand changes by a tile or two), which are then not compared kind by kind. */
  syncSeat(hand: ArrayLike<number>, off: number, gi: ArrayLike<number>, g: number): void {
    if (this.jokers !== hand[off + JOKER]) this.setJokers(hand[off + JOKER]!);
    const { counts, suitIndex } = this;
    // The four suits' numbers compared in a row, not in a loop: most calls find none moved, and
    // V8 checks the arrays again at each round of a loop.
    const d0 = (gi[g]! - suitIndex[0]!) | 0;
    const d1 = (gi[g + 1]! - suitIndex[1]!) | 0;
    const d2 = (gi[g + 2]! - suitIndex[2]!) | 0;
    const d3 = (gi[g + 3]! - suitIndex[3]!) | 0;
    // Kinds in order, as sync: a suit's kinds, each suit in turn, then the flowers.
    if ((d0 | d1 | d2 | d3) !== 0) {
      if (d0 !== 0) this.syncSuit(hand, off, 0, d0);
      if (d1 !== 0) this.syncSuit(hand, off, 1, d1);
      if (d2 !== 0) this.syncSuit(hand, off, 2, d2);
      if (d3 !== 0) this.syncSuit(hand, off, 3, d3);
    }
    if (hand[off + FLOWER] !== counts[FLOWER]) this.set(FLOWER, hand[off + FLOWER]!);
  }

  /** syncSeat's suit `slot`, whose number moved by d (not 0). */
  private syncSuit(hand: ArrayLike<number>, off: number, slot: number, d: number): void {
    const counts = this.counts;
    // Most often one kind's count moved (a tile drawn or thrown): d is that move times the kind's
    // weight, and then no other kind's did (counts are 0 to 4, so the other kinds' moves, base-5
    // digits from -4 to 4, sum to 0 only when each is 0). That kind alone is set, in one look.
    const j = POW5_AT[31 - Math.clz32(d < 0 ? -d : d)]!;
    const t = SLOT_START[slot]! + j;
    if (j >= 0 && t < SLOT_START[slot + 1]! && (hand[off + t]! - counts[t]!) * WEIGHT[t]! === d) {
      this.set(t, hand[off + t]!);
      return;
    }
    for (let t = SLOT_START[slot]!; t < SLOT_START[slot + 1]!; t++) if (hand[off + t] !== counts[t]) this.set(t, hand[off + t]!);
  }

  /** Tiles away from variant `v` (an exposed seat's unfit variants are far away). */
  away(v: number): number {
    return this.ok[v] === 0 ? 99 : awayFromSum(this.sum[v]!, this.jokers);
  }

  /** Tiles away from line `line` (its nearest variant; 99 when none fits the exposures). */
  lineAway(line: number): number {
    const m = this.st[line]!;
    return m === STALE ? this.refresh(line) : m;
  }

  /** The nearest variant of line `line` (-1 when none fits the exposures). */
  lineVariant(line: number): number {
    if (this.st[line] === STALE) this.refresh(line);
    return this.st[this.index.lines + line]!;
  }

  /** Finds line `line`'s nearest variant (the first of the nearest) and returns its tiles away. */
  private refresh(line: number): number {
    this.undoable = -1;
    const { st, jokers, bound } = this;
    const L = this.index.lines;
    const S = 2 * L;
    const lineStart = this.lineStart;
    // No variant is nearer than the bound (a line kept up to date: its tiles away), so the first
    // at the bound is the first of the nearest.
    const m = st[line]!;
    const low = m !== STALE ? m : bound[line]! - bound[L]!;
    let best = 99;
    let at = -1;
    if (this.out[line] !== 0) {
      st[line] = best;
      st[L + line] = at;
      this.allStale = false;
      return best;
    }
    // Unfit variants are far: never under 99. The sums' places, not the variants: one addition
    // fewer for each of some 10,000 variants a hand reads here.
    // Two variants a round of the loop: V8 checks the sums' map and bounds again at each round
    // (its interrupt check forgets them) and at each round tests for the loop's end.
    const end = S + lineStart[line + 1]!;
    let x = S + lineStart[line]!;
    for (; x + 1 < end; x = (x + 2) | 0) {
      const s0 = st[x]!;
      const s1 = st[x + 1]!;
      const j0 = ((s0 & 63) - jokers) | 0;
      const j1 = ((s1 & 63) - jokers) | 0;
      const a0 = ((s0 >> 6) + (j0 & ~(j0 >> 31))) | 0;
      const a1 = ((s1 >> 6) + (j1 & ~(j1 >> 31))) | 0;
      if (a0 < best) {
        best = a0;
        at = x;
        if (a0 <= low) break;
      }
      if (a1 < best) {
        best = a1;
        at = x + 1;
        if (a1 <= low) break;
      }
    }
    // The last of an odd number (no break leaves x there).
    if (x + 1 === end) {
      const s = st[x]!;
      const j = ((s & 63) - jokers) | 0;
      const a = ((s >> 6) + (j & ~(j >> 31))) | 0;
      if (a < best) {
        best = a;
        at = x;
      }
    }
    st[line] = best;
    st[L + line] = at < 0 ? -1 : at - S;
    this.allStale = false;
    return best;
  }

  /**
   * Brings these lines to `seat`'s exposures (as the table's columns `x` hold them) and concealed
   * `hand` (from `off`), with `delta` copies of `tile` added (1: a tile asked about; -1: one just
   * drawn, taken back; 0: the hand as it is). For lines a reader keeps apart from the table's:
   * the table's keep the nearest variants the bots read, ties and all, by the order of the hand's
   * changes, which a reader must not move. The exposures are laid again, from an empty hand, only
   * where they differ from those these lines hold.
   */
  holdSeat(x: ExposureColumns, seat: number, hand: ArrayLike<number>, off: number, tile = -1, delta = 0): void {
    const own = this.exposures;
    const n = x.expN[seat]!;
    const from = seat * MAX_EXPOSURES;
    let same = own.length === n;
    for (let i = 0; same && i < n; i++) {
      const e = own[i]!;
      same = e.tile === x.expTile[from + i] && e.size === x.expSize[from + i] && e.jokers === x.expJokers[from + i];
    }
    if (!same) this.layExposures(x, seat);
    if (delta === 0) return this.sync(hand, off);
    const h = this.asked;
    for (let k = 0; k < h.length; k++) h[k] = hand[off + k]!;
    h[tile]! += delta;
    this.sync(h, 0);
  }

  /** Starts these lines from an empty hand with `seat`'s exposures (the table's columns `x`) laid. */
  layExposures(x: ExposureColumns, seat: number): void {
    this.reset();
    const from = seat * MAX_EXPOSURES;
    for (let i = from; i < from + x.expN[seat]!; i++) this.expose({ tile: x.expTile[i]!, size: x.expSize[i]!, jokers: x.expJokers[i]! });
  }

  /** Records an exposure (its tiles already out of the concealed hand) and re-derives the variants. */
  expose(e: Exposure): void {
    this.undoable = -1;
    this.exposures.push({ ...e });
    this.#version++;
    this.staleAll();
    // A variant an exposure ruled out stays out. One still fitting takes the exposure into a set
    // of its kind and size if one is left free (sets of one kind and size are interchangeable,
    // and a variant's sets all take jokers or none): that entry's slots shrink by the set.
    const { kStart, eVar, eSets, vConcealed, vNaturalSets, vLine, variants } = this.index;
    const { row, ok, sum, out } = this;
    const t = e.tile;
    // Sets of its kind and size the seat's earlier exposures took.
    let taken = 0;
    for (let i = 0; i < this.exposures.length - 1; i++) if (this.exposures[i]!.tile === t && this.exposures[i]!.size === e.size) taken++;
    const shift = (e.size - 3) * 4;
    const h = this.counts[t]!;
    // Only a variant holding kind t can fit: through the kind's entries, those that still do are
    // marked 2; then every variant still at 1 is unfit, a loop of a load and a store or two
    // rather than a look at each variant's entry of the kind.
    for (let en = kStart[t]!; en < kStart[t + 1]!; en++) {
      const v = eVar[en]!;
      if (ok[v] === 0 || vConcealed[v] === 1 || ((eSets[en]! >> shift) & 15) <= taken || (e.jokers > 0 && vNaturalSets[v] === 1)) continue;
      ok[v] = 2;
      const r = row[en]!;
      const r2 = r - e.size * (vNaturalSets[v] === 1 ? 256 : 16); // packedRow: naturals weigh 256, joker slots 16
      row[en] = r2;
      sum[v]! += PACKED[r2 + h]! - PACKED[r + h]!;
    }
    // A line is out until one of its variants is found to fit.
    for (let line = 0; line < out.length; line++) out[line] = 1;
    for (let v = 0; v < variants; v++) {
      if (ok[v] === 2) {
        ok[v] = 1;
        out[vLine[v]!] = 0;
      } else if (ok[v] === 1) {
        ok[v] = 0;
        sum[v] = UNFIT;
      }
    }
    this.exposedKind[t] = 1;
  }

  /** A joker of an exposure of `tile` was exchanged for a natural: the exposure holds one joker fewer. */
  exchanged(exposure: number): void {
    // A new record, not a change to it: state copies share the records of a list (src/core/copy.ts).
    const x = this.exposures[exposure]!;
    this.exposures[exposure] = { ...x, jokers: x.jokers - 1 };
    this.#version++;
    this.staleAll();
    // Jokers in the exposures rule out only the variants of sections without jokers (an
    // exposure's tiles and sizes, which decide every other variant's fit and slots, stay): while
    // an exposure still holds one, nothing else changes; once none does, those variants may fit.
    if (!this.exposures.some((e) => e.jokers > 0)) this.placeNatural();
  }

  /**
   * Places the exposures, none of them holding a joker now, on each variant of a section without
   * jokers (as expose does), and sums the fitting ones afresh. Every one of them was unfit while
   * an exposure held a joker, and its entries' rows are laid from the card's again.
   */
  private placeNatural(): void {
    this.undoable = -1;
    const { entryOf, eSets, eRow, vConcealed, vNaturalSets, variants, vStart, vEntry, eKind } = this.index;
    const { row, ok, sum, exposures, counts } = this;
    for (let v = 0; v < variants; v++) {
      if (vNaturalSets[v] === 0 || vConcealed[v] === 1) continue;
      let fits = true;
      for (let i = 0; i < exposures.length && fits; i++) {
        const x = exposures[i]!;
        const en = entryOf[v * CARD_KINDS + x.tile]!;
        let taken = 0;
        for (let j = 0; j < i; j++) if (exposures[j]!.tile === x.tile && exposures[j]!.size === x.size) taken++;
        fits = en >= 0 && ((eSets[en]! >> ((x.size - 3) * 4)) & 15) > taken;
      }
      if (!fits) continue;
      ok[v] = 1;
      for (let i = vStart[v]!; i < vStart[v + 1]!; i++) row[vEntry[i]!] = eRow[vEntry[i]!]!;
      for (const x of exposures) row[entryOf[v * CARD_KINDS + x.tile]!]! -= x.size * 256; // packedRow: naturals weigh 256
      let s = 0;
      for (let i = vStart[v]!; i < vStart[v + 1]!; i++) {
        const en = vEntry[i]!;
        s += PACKED[row[en]! + counts[eKind[en]!]!]!;
      }
      sum[v] = s;
      this.out[this.index.vLine[v]!] = 0;
    }
  }
}
