import { describe, expect, it } from 'vitest';
import {
  ALL_SHAPES,
  SEVEN_PAIRS_SHAPES,
  STANDARD_SHAPES,
  decompose,
  formatTiles,
  parseTiles,
  tileKind,
  tileName,
  type Decomposition,
  type HandSet,
  type Meld,
} from '../../../src/games/mahjong/index.js';
import { dealComplete, newCounts, seeded } from './seeded.js';

const show = (s: HandSet): string => `${s.kind}:${tileName(s.tile)}${s.concealed ? '' : '*'}`;
const readings = (ds: Decomposition[]): string[] => ds.map((d) => `${d.shape} ${d.sets.map(show).join(' ')}`);

describe('decompose', () => {
  it('reads m111222333 as three pungs and as three chows', () => {
    expect(readings(decompose(parseTiles('m111222333p55z111'), [], STANDARD_SHAPES))).toEqual([
      'standard pair:p5 pung:m1 pung:m2 pung:m3 pung:z1',
      'standard pair:p5 chow:m1 chow:m1 chow:m1 pung:z1',
    ]);
  });

  it('appends melds as given, keeping a concealed kong concealed', () => {
    const melds: Meld[] = [
      { kind: 'pung', tile: tileKind('z1'), concealed: false },
      { kind: 'kong', tile: tileKind('z2'), concealed: true },
      { kind: 'chow', tile: tileKind('s1'), concealed: false },
    ];
    expect(readings(decompose(parseTiles('m123p55'), melds, ALL_SHAPES))).toEqual(['standard pair:p5 chow:m1 pung:z1* kong:z2 chow:s1*']);
  });

  it('adds seven pairs and thirteen orphans only when the shapes allow them', () => {
    const pairs = parseTiles('m112233p112233z11');
    expect(readings(decompose(pairs, [], STANDARD_SHAPES))).toEqual(['standard pair:z1 chow:m1 chow:m1 chow:p1 chow:p1']);
    expect(readings(decompose(pairs, [], SEVEN_PAIRS_SHAPES))).toEqual([
      'standard pair:z1 chow:m1 chow:m1 chow:p1 chow:p1',
      'sevenPairs pair:m1 pair:m2 pair:m3 pair:p1 pair:p2 pair:p3 pair:z1',
    ]);
    // Four of a kind is not two pairs.
    expect(decompose(parseTiles('m1111p2288s3377z11'), [], SEVEN_PAIRS_SHAPES)).toEqual([]);
    const orphans = parseTiles('m19p19s19z12345677');
    expect(readings(decompose(orphans, [], ALL_SHAPES))).toEqual(['thirteenOrphans ']);
    expect(decompose(orphans, [], SEVEN_PAIRS_SHAPES)).toEqual([]);
  });

  it('reads a four-of-a-kind as a pung plus a chow', () => {
    expect(readings(decompose(parseTiles('m11112345678999'), [], STANDARD_SHAPES))).toEqual([
      'standard pair:m9 pung:m1 chow:m1 chow:m4 chow:m7',
    ]);
  });

  it('returns nothing for a wrong tile count or an incomplete hand, and refuses flowers', () => {
    expect(decompose(parseTiles('m123p456s789z1122'), [], ALL_SHAPES)).toEqual([]);
    expect(decompose(parseTiles('m123p456s789z112'), [], ALL_SHAPES)).toEqual([]);
    expect(() => decompose(parseTiles('m123p456s789z111f1'), [], ALL_SHAPES)).toThrow(/f1 is not part of a hand/);
  });

  it('matches a brute-force enumeration of set multisets on random complete hands', () => {
    const rand = seeded(5150);
    const c = newCounts();
    let checked = 0;
    while (checked < 1500) {
      const melds = Math.floor(rand() * 5);
      if (!dealComplete(rand, melds, c)) continue;
      const got = decompose(c, [], STANDARD_SHAPES);
      const want = melds === 0 ? bruteReadings(c) : [];
      if (melds === 0) {
        expect(readings(got).sort(), formatTiles(c)).toEqual(want.sort());
      } else {
        // Wrong count without the melds: no reading.
        expect(got).toEqual([]);
      }
      for (const d of got) {
        const back = newCounts();
        for (const s of d.sets) {
          if (s.kind === 'pair') back[s.tile]! += 2;
          else if (s.kind === 'pung') back[s.tile]! += 3;
          else for (let i = 0; i < 3; i++) back[s.tile + i]!++;
        }
        expect(formatTiles(back)).toBe(formatTiles(c));
      }
      checked++;
    }
  });
});

/** Every multiset of a pair + 4 sets (pungs, chows in any order) that uses exactly the tiles. */
function bruteReadings(c: Int8Array): string[] {
  const blocks: HandSet[] = [];
  for (let k = 0; k < 34; k++) blocks.push({ kind: 'pung', tile: k, concealed: true });
  for (let k = 0; k < 27; k++) if (k % 9 <= 6) blocks.push({ kind: 'chow', tile: k, concealed: true });
  const take = (b: HandSet, d: number): boolean => {
    const tiles = b.kind === 'pung' ? [b.tile, b.tile, b.tile] : [b.tile, b.tile + 1, b.tile + 2];
    for (const t of tiles) c[t]! -= d;
    return tiles.every((t) => c[t]! >= 0);
  };
  const found = new Set<string>();
  for (let p = 0; p < 34; p++) {
    if (c[p]! < 2) continue;
    c[p]! -= 2;
    const chosen: HandSet[] = [];
    const go = (from: number): void => {
      if (chosen.length === 4) {
        if (c.every((n) => n === 0)) {
          // Same order as decompose: by tile, pung before chow.
          const sets = [...chosen].sort((x, y) => x.tile - y.tile || (x.kind === 'pung' ? -1 : 1));
          found.add(`standard ${[{ kind: 'pair', tile: p, concealed: true } as HandSet, ...sets].map(show).join(' ')}`);
        }
        return;
      }
      for (let b = from; b < blocks.length; b++) {
        if (take(blocks[b]!, 1)) {
          chosen.push(blocks[b]!);
          go(b);
          chosen.pop();
        }
        take(blocks[b]!, -1);
      }
    };
    go(0);
    c[p]! += 2;
  }
  return [...found];
}
