// The card matcher against a brute-force one: for random hands built from random lines, with
// random joker substitutions, exposures and one-tile near misses, tiles away of every line equals
// 14 minus the most slots any assignment of the hand's tiles fills, searched group by group.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bind, CARD_KINDS, compileCard, readVars } from '../../../../src/games/mahjong/american/card.js';
import { CardMatcher, UNREACHABLE, type Exposure } from '../../../../src/games/mahjong/american/match.js';
import { parsePattern } from '../../../../src/games/mahjong/american/pattern.js';
import { americanCounts, readExposure } from '../../../../src/games/mahjong/american/notation.js';
import { FLOWER, JOKER, KINDS } from '../../../../src/games/mahjong/tiles.js';
import { SAMPLE_CARD } from '../../../../src/catalog/american-card.js';
import { seeded, type Rand } from '../seeded.js';

const doc = JSON.parse(fs.readFileSync(SAMPLE_CARD, 'utf8')) as {
  sections: { jokers?: boolean; hands: { pattern: string; alt?: string[]; vars?: unknown }[] }[];
};
const card = compileCard(doc);
const matcher = new CardMatcher(card);
const copies = (t: number) => (t === FLOWER ? 8 : 4);

interface Slot {
  tile: number;
  size: number;
  jokerable: boolean;
}
/** Every binding of every line as its groups (a mixed group as singles), straight from the grammar. */
const hands = doc.sections.flatMap((s) => s.hands);
const bindings: Slot[][][] = card.lines.map((line, l) => {
  const vars = readVars(hands[l]!.vars, line.id);
  const out: Slot[][] = [];
  for (const p of line.patterns) {
    bind(parsePattern(p), vars, (tiles) => {
      out.push(
        tiles.flatMap((ts) =>
          ts.every((t) => t === ts[0])
            ? [{ tile: ts[0]!, size: ts.length, jokerable: line.jokers && ts.length >= 3 }]
            : ts.map((t) => ({ tile: t, size: 1, jokerable: false })),
        ),
      );
    });
  }
  return out;
});

/** The most slots of `groups` the hand fills: every group tries every split of naturals and jokers. */
function mostFilled(groups: Slot[], hand: number[], jokers: number, i = 0): number {
  if (i === groups.length) return 0;
  const g = groups[i]!;
  let best = 0;
  for (let a = Math.min(g.size, hand[g.tile]!); a >= 0; a--) {
    hand[g.tile]! -= a;
    for (let b = g.jokerable ? Math.min(g.size - a, jokers) : 0; b >= 0; b--) {
      best = Math.max(best, a + b + mostFilled(groups, hand, jokers - b, i + 1));
    }
    hand[g.tile]! += a;
  }
  return best;
}

/** Tiles away by brute force: exposures placed on groups of their tile and size in every way. */
function bruteAway(line: number, hand: number[], jokers: number, exposures: Exposure[]): number {
  if (exposures.length && card.lines[line]!.concealed) return UNREACHABLE;
  let best = UNREACHABLE;
  for (const groups of bindings[line]!) {
    const place = (e: number, free: Slot[]): void => {
      if (e === exposures.length) {
        const used = 14 - free.reduce((n, g) => n + g.size, 0);
        best = Math.min(best, 14 - used - mostFilled(free, hand.slice(), jokers));
        return;
      }
      const x = exposures[e]!;
      free.forEach((g, i) => {
        if (g.tile === x.tile && g.size === x.size && (x.jokers === 0 || g.jokerable))
          place(
            e + 1,
            free.filter((_, j) => j !== i),
          );
      });
    };
    place(0, groups);
  }
  return best;
}

/** A hand made from a random binding of a random line: jokers substituted, some groups exposed, maybe a near miss. */
function randomHand(rand: Rand): { hand: number[]; jokers: number; exposures: Exposure[] } {
  for (;;) {
    const l = Math.floor(rand() * card.lines.length);
    const bs = bindings[l]!;
    const groups = bs[Math.floor(rand() * bs.length)]!;
    const hand = new Array<number>(CARD_KINDS).fill(0);
    let jokers = 0;
    const exposures: Exposure[] = [];
    for (const g of groups) {
      let j = 0;
      if (g.jokerable) j = Math.floor(rand() * (g.size + 1));
      if (g.jokerable && !card.lines[l]!.concealed && rand() < 0.3 && j < g.size) {
        exposures.push({ tile: g.tile, size: g.size, jokers: j });
        continue;
      }
      hand[g.tile]! += g.size - j;
      jokers += j;
    }
    // A near miss: one tile swapped for another (or for a joker), or one tile gone (13 tiles).
    const r = rand();
    const held = hand.flatMap((n, t) => (n > 0 ? [t] : []));
    if (r < 0.4 && held.length) {
      const t = held[Math.floor(rand() * held.length)]!;
      hand[t]!--;
      if (r < 0.3) {
        const u = Math.floor(rand() * (CARD_KINDS + 1));
        if (u === CARD_KINDS) jokers++;
        else hand[u]!++;
      }
    } else if (r < 0.5 && jokers > 0) {
      jokers--;
      hand[Math.floor(rand() * CARD_KINDS)]!++;
    }
    const exposedJokers = exposures.reduce((n, e) => n + e.jokers, 0);
    const exposedOf = (t: number) => exposures.reduce((n, e) => n + (e.tile === t ? e.size - e.jokers : 0), 0);
    if (jokers + exposedJokers > 8 || hand.some((n, t) => n + exposedOf(t) > copies(t))) continue;
    return { hand, jokers, exposures };
  }
}

describe('american card matching', () => {
  it('tiles away of every line equals the brute-force search on 400 random near-miss hands', () => {
    const rand = seeded(2031);
    const out = new Int16Array(matcher.lines);
    let exact = 0;
    let exposed = 0;
    for (let n = 0; n < 400; n++) {
      const { hand, jokers, exposures } = randomHand(rand);
      matcher.tilesAway(hand, jokers, exposures, out);
      const brute = card.lines.map((_, l) => bruteAway(l, hand, jokers, exposures));
      expect([...out], JSON.stringify({ hand, jokers, exposures })).toEqual(brute);
      if (brute.includes(0)) exact++;
      if (exposures.length) exposed++;
    }
    // The mix is what the test claims: complete hands, near misses and hands with exposures.
    expect(exact).toBeGreaterThan(100);
    expect(400 - exact).toBeGreaterThan(100);
    expect(exposed).toBeGreaterThan(50);
  });

  it('a complete hand matches its line; a joker in a pair or a single does not count', () => {
    const ids = (c: Int8Array) => matcher.matches(c, c[JOKER]!, []).map((l) => card.lines[l]!.id);
    // YEAR-1, FFF 2031A 222B 3333C: the zero is the white dragon z5.
    expect(ids(americanCounts('f111 m123 z5 s222 p3333'))).toEqual(['YEAR-1']);
    // Jokers in the flower pung and the kong of 3s: still YEAR-1.
    expect(ids(americanCounts('f1 m123 z5 s222 p33 jjjj'))).toEqual(['YEAR-1']);
    // A joker standing for the 3 of the year group 2031 is not allowed.
    expect(ids(americanCounts('f111 m12 z5 s222 p3333 j'))).toEqual([]);
    // SP-1 with X = 1: FF 11A 22A 33B 44B 55C 66C.
    expect(ids(americanCounts('f11 m1122 p3344 s5566'))).toEqual(['SP-1']);
  });

  it('exposures must sit on a group of their tile and size; a concealed line cannot be exposed', () => {
    const out = new Int16Array(matcher.lines);
    const rest = americanCounts('f111 m123 z5 s222');
    matcher.tilesAway(rest, 0, [readExposure('p333j')], out);
    expect(out[card.lines.findIndex((l) => l.id === 'YEAR-1')]).toBe(0);
    // The kong exposed as a pung fits no group of YEAR-1.
    matcher.tilesAway(americanCounts('f111 m123 z5 s222 p3'), 0, [readExposure('p33j')], out);
    expect(out[card.lines.findIndex((l) => l.id === 'YEAR-1')]).toBe(UNREACHABLE);
    expect(out[card.lines.findIndex((l) => l.id === 'YEAR-3')]).toBe(UNREACHABLE);
    // SP-1 is concealed: no exposure fits it.
    expect(out[card.lines.findIndex((l) => l.id === 'SP-1')]).toBe(UNREACHABLE);
  });

  it('a line is dead when the tiles it needs are gone from the unseen tiles', () => {
    const line = (id: string) => card.lines.findIndex((l) => l.id === id);
    const hand = americanCounts('m2468 s222888 m7777');
    const unseen = new Int8Array(KINDS);
    for (let t = 0; t < CARD_KINDS; t++) unseen[t] = copies(t) - hand[t]!;
    const dead = new Uint8Array(matcher.lines);
    matcher.dead(hand, 0, [], unseen, 8, dead);
    expect([...dead].every((d) => d === 0)).toBe(true);
    // Every dragon visible elsewhere and no joker left: EVENS-2's dragon kong cannot be made.
    for (const t of [31, 32, 33]) unseen[t] = 0;
    matcher.dead(hand, 0, [], unseen, 0, dead);
    expect(dead[line('EVENS-2')]).toBe(1);
    expect(dead[line('ODDS-1')]).toBe(0);
    // Jokers still unseen can fill it.
    matcher.dead(hand, 0, [], unseen, 4, dead);
    expect(dead[line('EVENS-2')]).toBe(0);
    // Natural tiles cannot be replaced: a pair of 5s in two suits needs naturals (ODDS-1's 55B).
    for (let t = 0; t < 27; t++) if (t % 9 === 4) unseen[t] = 0;
    matcher.dead(hand, 0, [], unseen, 8, dead);
    expect(dead[line('ODDS-1')]).toBe(1);
  });
});
