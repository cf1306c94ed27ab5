import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/rng.js';
import { CARD_KINDS, compileCard, type Card } from '../../../../src/games/mahjong/american/card.js';
import { CardIndex, SeatLines } from '../../../../src/games/mahjong/american/lines.js';
import { SAMPLE_CARD_DOC } from '../../../../src/games/mahjong/american/rules.js';
import { PACKED, awayFromSum, packedRow, placeExposures, type Exposure } from '../../../../src/games/mahjong/american/slots.js';
import { FLOWER, JOKER, KINDS } from '../../../../src/games/mahjong/tiles.js';
import { SLOT, WEIGHT } from '../../../../src/games/mahjong/table/hand-eval.js';

/**
 * SeatLines done the plain way, as it was before its step lists: every entry of a changed kind
 * updated from its own row, unfit variants skipped, every variant placed afresh on each
 * exposure. Its nearest variant per line follows the same rule (a line's nearest changes when
 * another passes it; once the nearest moves away it is found again, the first of the nearest,
 * when next read), so that the incremental one must give the same variant at every read, not
 * only the same tiles away.
 */
class PlainLines {
  readonly sum: Int32Array;
  readonly row: Uint16Array;
  readonly ok: Uint8Array;
  readonly counts = new Int8Array(CARD_KINDS);
  jokers = 0;
  readonly exposures: Exposure[] = [];
  private readonly lineMin: Int8Array;
  private readonly lineVar: Int32Array;
  private readonly stale: Uint8Array;

  constructor(readonly index: CardIndex) {
    this.sum = Int32Array.from(index.empty);
    this.row = Uint16Array.from(index.eRow);
    this.ok = new Uint8Array(index.variants).fill(1);
    this.lineMin = new Int8Array(index.lines);
    this.lineVar = new Int32Array(index.lines);
    this.stale = new Uint8Array(index.lines).fill(1);
  }

  set(t: number, c: number): void {
    const was = this.counts[t]!;
    if (c === was) return;
    this.counts[t] = c;
    const { kStart, eVar, eLine } = this.index;
    for (let e = kStart[t]!; e < kStart[t + 1]!; e++) {
      const v = eVar[e]!;
      if (this.ok[v] === 0) continue;
      const r = this.row[e]!;
      const s = (this.sum[v]! += PACKED[r + c]! - PACKED[r + was]!);
      const line = eLine[e]!;
      if (this.stale[line] === 1) continue;
      const a = awayFromSum(s, this.jokers);
      if (a < this.lineMin[line]!) {
        this.lineMin[line] = a;
        this.lineVar[line] = v;
      } else if (v === this.lineVar[line] && a > this.lineMin[line]!) this.stale[line] = 1;
    }
  }

  sync(hand: ArrayLike<number>): void {
    if (this.jokers !== hand[JOKER]) {
      this.jokers = hand[JOKER]!;
      this.stale.fill(1);
    }
    for (let t = 0; t < CARD_KINDS; t++) this.set(t, hand[t]!);
  }

  lineAway(line: number): number {
    if (this.stale[line] === 1) this.refresh(line);
    return this.lineMin[line]!;
  }

  lineVariant(line: number): number {
    if (this.stale[line] === 1) this.refresh(line);
    return this.lineVar[line]!;
  }

  private refresh(line: number): void {
    const start = this.index.card.lineStart;
    let best = 99;
    let at = -1;
    for (let x = start[line]!; x < start[line + 1]!; x++) {
      if (this.ok[x] === 0) continue;
      const a = awayFromSum(this.sum[x]!, this.jokers);
      if (a < best) {
        best = a;
        at = x;
      }
    }
    this.lineMin[line] = best;
    this.lineVar[line] = at;
    this.stale[line] = 0;
  }

  expose(e: Exposure): void {
    this.exposures.push({ ...e });
    this.refit(true);
  }

  exchanged(i: number): void {
    this.exposures[i] = { ...this.exposures[i]!, jokers: this.exposures[i]!.jokers - 1 };
    this.refit(false);
  }

  private refit(fitOnly: boolean): void {
    this.stale.fill(1);
    const ix = this.index;
    const nat = new Int8Array(CARD_KINDS);
    const jok = new Int8Array(CARD_KINDS);
    this.row.set(ix.eRow);
    for (let v = 0; v < ix.variants; v++) {
      if (fitOnly && this.ok[v] === 0) continue;
      const fits =
        ix.vConcealed[v] === 0 &&
        this.exposures.every((x) => ix.entryOf[v * CARD_KINDS + x.tile]! >= 0) &&
        placeExposures(ix.card.variants[v]!, this.exposures, nat, jok, []);
      this.ok[v] = fits ? 1 : 0;
      if (!fits) continue;
      for (const x of this.exposures) this.row[ix.entryOf[v * CARD_KINDS + x.tile]!] = packedRow(nat[x.tile]!, jok[x.tile]!);
      let s = 0;
      for (let i = ix.vStart[v]!; i < ix.vStart[v + 1]!; i++) {
        const e = ix.vEntry[i]!;
        s += PACKED[this.row[e]! + this.counts[ix.eKind[e]!]!]!;
      }
      this.sum[v] = s;
    }
  }
}

/** A card whose lines tie often: many readings of few tiles, a section without jokers, a concealed line. */
const TIES = compileCard({
  format: 'mjcard/1',
  sections: [
    {
      id: 'A',
      hands: [
        { id: 'A-1', pattern: 'FF XXX0A XXX1A XXXX2B XX3B', value: 25 },
        { id: 'A-2', pattern: 'XXXX0A XXXX0B XXXX0C NN', value: 30 },
        { id: 'A-3', pattern: 'DDDA DDDB XXXX0C FFFF', value: 25, concealed: true },
      ],
    },
    { id: 'N', jokers: false, hands: [{ id: 'N-1', pattern: 'XX0A XXX1A XXX2A XXX3A XXX4A', value: 50 }] },
  ],
});

/**
 * Drives both through the same random life of one seat's hand - tiles one at a time and several
 * at once, jokers, exposures of sets some variant holds, joker exchanges - and reads them at the
 * same moments, every line in order as the line chaser does. Two more follow the hand only when
 * read, exposed or exchanged (as the table's lines do), one by sync and one by syncSeat from the
 * table's index of the hand: several kinds may have moved between two of their syncs, and they
 * must agree with each other at every read.
 */
function agree(card: Card, seed: string, rounds: number): { exposures: number; exchanges: number } {
  const index = new CardIndex(card);
  const rng = new Rng(seed);
  let exposures = 0;
  let exchanges = 0;
  for (let round = 0; round < rounds; round++) {
    const fast = new SeatLines(index);
    const plain = new PlainLines(index);
    const hand = new Int8Array(KINDS);
    const lazy = new SeatLines(index);
    const seatwise = new SeatLines(index);
    const gi = new Int32Array(4);
    const bring = () => {
      gi.fill(0);
      for (let t = 0; t < FLOWER; t++) gi[SLOT[t]!]! += hand[t]! * WEIGHT[t]!;
      lazy.sync(hand, 0);
      seatwise.syncSeat(hand, 0, gi, 0);
    };
    for (let step = 0; step < 300; step++) {
      const t = rng.int(10) === 0 ? JOKER : rng.int(CARD_KINDS);
      const cap = t === FLOWER || t === JOKER ? 8 : 4;
      // Mostly one tile; now and then two or three at once (a pass received, an exposure).
      const n = rng.int(6) === 0 ? 2 + rng.int(2) : 1;
      hand[t] = rng.int(2) === 0 ? Math.min(cap, hand[t]! + n) : Math.max(0, hand[t]! - n);
      fast.sync(hand, 0);
      plain.sync(hand);
      if (rng.int(40) === 0 && plain.exposures.length < 4) {
        const v = card.variants[rng.int(card.variants.length)]!;
        const set = v.sets[rng.int(Math.max(1, v.sets.length))];
        if (set) {
          const e = { tile: set.tile, size: set.size, jokers: rng.int(3) === 0 ? 0 : rng.int(Math.min(3, set.size - 1)) };
          fast.expose(e);
          plain.expose(e);
          bring();
          lazy.expose(e);
          seatwise.expose(e);
          exposures++;
        }
      }
      const withJoker = plain.exposures.findIndex((x) => x.jokers > 0);
      if (withJoker >= 0 && rng.int(30) === 0) {
        fast.exchanged(withJoker);
        plain.exchanged(withJoker);
        bring();
        lazy.exchanged(withJoker);
        seatwise.exchanged(withJoker);
        exchanges++;
      }
      if (rng.int(3) !== 0) continue;
      // Every line's tiles away and nearest variant, in one expect() a read, not one a line.
      const reads = (l: { lineAway(line: number): number; lineVariant(line: number): number }) =>
        card.lines.flatMap((_, line) => [l.lineAway(line), l.lineVariant(line)]);
      expect(reads(fast)).toEqual(reads(plain));
      bring();
      expect(reads(seatwise)).toEqual(reads(lazy));
      expect(Array.from(seatwise.sum)).toEqual(Array.from(lazy.sum));
      for (let v = 0; v < index.variants; v++) {
        if (
          fast.ok[v] !== plain.ok[v] ||
          (plain.ok[v] === 1 && (fast.sum[v] !== plain.sum[v] || fast.away(v) !== awayFromSum(plain.sum[v]!, plain.jokers)))
        )
          expect({ v, ok: fast.ok[v], sum: fast.sum[v] }).toEqual({ v, ok: plain.ok[v], sum: plain.sum[v] });
      }
    }
  }
  return { exposures, exchanges };
}

describe('american SeatLines against the plain computation', () => {
  it('the sample card: the same tiles away and nearest variant of every line at every read, fit and sums of every variant', () => {
    const seen = agree(compileCard(SAMPLE_CARD_DOC), 'lines-sample', 40);
    expect(seen.exposures).toBeGreaterThan(50);
    expect(seen.exchanges).toBeGreaterThan(10);
  });

  it('a card of many ties, a section without jokers and a concealed line: the same at every read', () => {
    const seen = agree(TIES, 'lines-ties', 40);
    expect(seen.exposures).toBeGreaterThan(50);
    expect(seen.exchanges).toBeGreaterThan(10);
  });

  it('a tile drawn and thrown back (its step list undone), read in between or not: the same at every read', () => {
    // SeatLines finds a line the tile had passed again from its tiles away before the tile (the
    // undo), not from one fewer: a bound one too high would give a later variant, or a farther one.
    for (const [card, seed] of [
      [compileCard(SAMPLE_CARD_DOC), 'undo-sample'],
      [TIES, 'undo-ties'],
    ] as const) {
      const index = new CardIndex(card);
      const rng = new Rng(seed);
      let undone = 0;
      for (let round = 0; round < 20; round++) {
        const fast = new SeatLines(index);
        const plain = new PlainLines(index);
        const hand = new Int8Array(KINDS);
        for (let i = 0; i < 13; i++) hand[rng.int(CARD_KINDS)]! += 1;
        for (let t = 0; t < CARD_KINDS; t++) hand[t] = Math.min(4, hand[t]!);
        const reads = (l: { lineAway(line: number): number; lineVariant(line: number): number }) =>
          card.lines.flatMap((_, line) => [l.lineAway(line), l.lineVariant(line)]);
        fast.sync(hand, 0);
        plain.sync(hand);
        expect(reads(fast)).toEqual(reads(plain));
        for (let turn = 0; turn < 60; turn++) {
          const t = rng.int(CARD_KINDS);
          if (hand[t]! >= 4) continue;
          hand[t]! += 1;
          fast.sync(hand, 0);
          plain.sync(hand);
          // Now and then a reader in between (a ranking, a win test), which ends the undo.
          if (rng.int(3) === 0) expect(reads(fast)).toEqual(reads(plain));
          let u = t;
          if (rng.int(2) === 0) while (u === t || hand[u] === 0) u = rng.int(CARD_KINDS);
          else undone++;
          hand[u]! -= 1;
          fast.sync(hand, 0);
          plain.sync(hand);
          expect(reads(fast)).toEqual(reads(plain));
        }
      }
      expect(undone).toBeGreaterThan(400);
    }
  });

  it('refuses a card whose variant holds sets that differ in taking jokers (exposures assume they do not)', () => {
    const card = compileCard(SAMPLE_CARD_DOC);
    const v = card.variants.find((x) => x.sets.length >= 2)!;
    const mixed = {
      ...card,
      variants: card.variants.map((x) => (x === v ? { ...v, sets: v.sets.map((g, i) => ({ ...g, jokerable: i === 0 })) } : x)),
    };
    expect(() => new CardIndex(mixed)).toThrow(/sets differ in taking jokers/);
  });
});
