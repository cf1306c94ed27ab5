// majiang-core's 40,000 shanten fixtures (test/fixtures/majiang-core, see its README).

import { describe, expect, it } from 'vitest';
import {
  ALL_SHAPES,
  SEVEN_PAIRS_SHAPES,
  parseTiles,
  shanten,
  shantenSevenPairs,
  shantenStandard,
  shantenThirteenOrphans,
} from '../../../src/games/mahjong/index.js';
import { xiangtingRows } from '../../support/majiang-core.js';

describe('majiang-core xiangting fixtures', () => {
  const rows = xiangtingRows();

  it('has all 40,000 hands', () => {
    expect(rows.length).toBe(40000);
  });

  it('matches every standard, thirteen-orphans and seven-pairs shanten', () => {
    const wrong: string[] = [];
    for (const { q, x } of rows) {
      const c = parseTiles(q.join(''));
      const got = [shantenStandard(c, 0), shantenThirteenOrphans(c), shantenSevenPairs(c)];
      if (got[0] !== x[0] || got[1] !== x[1] || got[2] !== x[2]) wrong.push(`${q.join('')}: ${got} != ${x}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('matches both rule combinations, including the 20,767 Korean-set hands', () => {
    let korean = 0;
    const wrong: string[] = [];
    for (const { q, x } of rows) {
      const c = parseTiles(q.join(''));
      const noSou = q.every((t) => t[0] !== 's');
      if (noSou) korean++;
      if (shanten(c, 0, SEVEN_PAIRS_SHAPES) !== Math.min(x[0], x[2])) wrong.push(`korean ${q.join('')}`);
      if (shanten(c, 0, ALL_SHAPES) !== Math.min(x[0], x[1], x[2])) wrong.push(`all ${q.join('')}`);
    }
    expect(korean).toBe(20767);
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
