import { describe, expect, it } from 'vitest';
import {
  AMERICAN_SET,
  CHINESE_AMERICAN_SET,
  FLOWER,
  JOKER,
  KINDS,
  KOREAN_SET,
  STANDARD_SET,
  TILE_SETS,
  flowerCount,
  formatTiles,
  parseTiles,
  tileCount,
  tileKind,
  tileName,
  validateCounts,
  wallTiles,
} from '../../../src/games/mahjong/index.js';
import { seeded } from './seeded.js';

describe('tile ids and names', () => {
  it('numbers suits, honours, flowers and the joker densely', () => {
    expect(KINDS).toBe(43);
    expect([tileKind('m1'), tileKind('m9'), tileKind('p1'), tileKind('s9')]).toEqual([0, 8, 9, 26]);
    expect([tileKind('z1'), tileKind('z7'), tileKind('f1'), tileKind('f8'), tileKind('j')]).toEqual([27, 33, 34, 41, 42]);
    for (let k = 0; k < KINDS; k++) expect(tileKind(tileName(k))).toBe(k);
  });

  it('rejects a name that is not exactly one tile', () => {
    expect(() => tileKind('m12')).toThrow(/exactly one tile/);
    expect(() => tileKind('')).toThrow(/exactly one tile/);
    expect(() => tileName(43)).toThrow(/outside 0..42/);
  });
});

describe('notation', () => {
  it('parses and formats canonically', () => {
    const c = parseTiles('z7m321 p456s987 z123456f21jj');
    expect(formatTiles(c)).toBe('m123p456s789z1234567f12jj');
    expect(tileCount(c)).toBe(20);
    expect(c[JOKER]).toBe(2);
    expect(flowerCount(c)).toBe(2);
    expect(formatTiles(parseTiles(''))).toBe('');
  });

  it('round-trips random count arrays', () => {
    const rand = seeded(11);
    for (let n = 0; n < 500; n++) {
      const c = new Int8Array(KINDS);
      for (let k = 0; k < KINDS; k++) if (rand() < 0.3) c[k] = Math.floor(rand() * 5);
      const text = formatTiles(c);
      expect(parseTiles(text)).toEqual(c);
      expect(formatTiles(parseTiles(text))).toBe(text);
    }
  });

  it.each([
    ['m12x', /at position 3: 'x' is not allowed/],
    ['12m', /at position 0: digit '1' has no suit letter before it/],
    ['m12p', /at position 3: suit letter 'p' has no digits after it/],
    ['mp1', /at position 0: suit letter 'm' has no digits after it/],
    ['m10', /at position 2: 'm0' is not a tile \(m takes digits 1-9\)/],
    ['z18', /'z8' is not a tile \(z takes digits 1-7\)/],
    ['f9', /'f9' is not a tile \(f takes digits 1-8\)/],
    ['j1', /at position 1: digit '1' has no suit letter before it/],
    ['m1 2', /at position 3: digit '2' has no suit letter/],
  ])('rejects %s with one line naming the problem', (text, message) => {
    expect(() => parseTiles(text)).toThrow(message);
    expect(() => parseTiles(text)).toThrow(/^bad tile notation "/);
  });
});

describe('tile sets', () => {
  it("holds each ruleset's tiles", () => {
    expect(KOREAN_SET.total).toBe(104);
    expect(CHINESE_AMERICAN_SET.total).toBe(144);
    expect(AMERICAN_SET.total).toBe(152);
    expect(STANDARD_SET.total).toBe(136);
    expect(KOREAN_SET.copies[tileKind('s5')]).toBe(0);
    expect(KOREAN_SET.copies[tileKind('f4')]).toBe(1);
    expect(KOREAN_SET.copies[tileKind('f5')]).toBe(0);
    expect(AMERICAN_SET.copies[FLOWER]).toBe(8);
    expect(AMERICAN_SET.copies[JOKER]).toBe(8);
    for (const set of TILE_SETS) {
      const wall = wallTiles(set);
      expect(wall.length).toBe(set.total);
      const counts = new Int8Array(KINDS);
      for (const t of wall) counts[t]!++;
      expect(counts).toEqual(set.copies);
      expect(validateCounts(counts, set)).toBeNull();
    }
  });

  it('names the tile and the limit when counts do not fit', () => {
    const five = validateCounts(parseTiles('p55555'), KOREAN_SET);
    expect(five).toBe('tile p5 appears 5 times; the korean set holds 4');
    expect(validateCounts(parseTiles('m1s1'), KOREAN_SET)).toMatch(/tile s1 appears 1 time; the korean set holds 0/);
    expect(validateCounts(parseTiles('f5'), KOREAN_SET)).toMatch(/tile f5 .*holds 0/);
    expect(validateCounts(parseTiles('jjjjjjjjj'), AMERICAN_SET)).toMatch(/tile j appears 9 times; the american set holds 8/);
    expect(validateCounts(parseTiles('f11'), CHINESE_AMERICAN_SET)).toMatch(/tile f1 .*holds 1/);
    expect(validateCounts(parseTiles('j'), STANDARD_SET)).toMatch(/tile j .*standard set holds 0/);
    expect(validateCounts(new Int8Array(34), STANDARD_SET)).toMatch(/34 entries; expected 43/);
  });
});
