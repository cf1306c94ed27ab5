import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/rng.js';
import { wilson } from '../../../../src/stats/intervals.js';
import {
  COMBO_IDS,
  comboMask,
  DAEPPANG,
  FOUR_AND_PAIR,
  FOUR_OF_A_KIND,
  STRAIGHT,
  TEN_OR_LESS,
  THREE_PAIRS,
  TWO_TRIPLETS,
  bestOf,
} from '../../../../src/games/hwatu/nylonppong/combos.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import { compileRules } from '../../../../src/games/hwatu/nylonppong/rules.js';
import { handScore } from '../../../../src/games/hwatu/nylonppong/scoring.js';
import { STRIDE } from '../../../../src/games/hwatu/nylonppong/state.js';
import { rules } from './rig.js';

/**
 * The exact facts of nylonppong/RULES.md (Exact facts), by enumerating month-count
 * vectors (each standing for prod C(4, c_m) hands), then the simulator's deals against them.
 */
const C4 = [1, 4, 6, 4, 1];

function enumerate(k: number, visit: (counts: Uint8Array, sum: number, weight: number) => void): void {
  const counts = new Uint8Array(13);
  const rec = (m: number, left: number, sum: number, weight: number) => {
    if (m > 12) {
      if (left === 0) visit(counts, sum, weight);
      return;
    }
    for (let c = 0; c <= Math.min(4, left); c++) {
      counts[m] = c;
      rec(m + 1, left - c, sum + c * m, weight * C4[c]!);
    }
    counts[m] = 0;
  };
  rec(1, k, 0, 1);
}

/** Number of k-card hands satisfying `pred`, and the total. */
function count(k: number, pred: (counts: Uint8Array, sum: number) => boolean): [number, number] {
  let hits = 0;
  let total = 0;
  enumerate(k, (c, s, w) => {
    total += w;
    if (pred(c, s)) hits += w;
  });
  return [hits, total];
}

/** Asserts hits/total equals num/den exactly. */
function exact([hits, total]: [number, number], num: number, den: number): void {
  expect(hits * den).toBe(num * total);
}

function moments(k: number, score: (c: Uint8Array, s: number) => number = (_c, s) => s): [number, number] {
  let w0 = 0,
    w1 = 0,
    w2 = 0;
  enumerate(k, (c, s, w) => {
    const x = score(c, s);
    w0 += w;
    w1 += w * x;
    w2 += w * x * x;
  });
  const mean = w1 / w0;
  return [mean, w2 / w0 - mean * mean];
}

const maxCount = (c: Uint8Array) => Math.max(...Array.from(c));
const multiplicities = (c: Uint8Array) =>
  Array.from(c.subarray(1))
    .filter((x) => x > 0)
    .sort()
    .join('');

describe('exact hand-sum facts (section 4)', () => {
  it('2-card sums', () => {
    const [mean, variance] = moments(2);
    expect(mean).toBeCloseTo(13, 12);
    expect(variance).toBeCloseTo(3289 / 141, 10);
    exact(
      count(2, (_c, s) => s <= 5),
      19,
      282,
    );
    exact(
      count(2, (_c, s) => s <= 10),
      175,
      564,
    );
    exact(
      count(2, (_c, s) => s <= 15),
      389,
      564,
    );
    exact(
      count(2, (_c, s) => s <= 20),
      263,
      282,
    );
    exact(
      count(2, (_c, s) => s === 2),
      1,
      188,
    );
    exact(
      count(2, (_c, s) => s === 13),
      4,
      47,
    );
    exact(
      count(2, (_c, s) => s === 24),
      1,
      188,
    );
  });

  it('5-card sums: none at or below 5', () => {
    const [mean, variance] = moments(5);
    expect(mean).toBeCloseTo(32.5, 12);
    expect(variance).toBeCloseTo(30745 / 564, 10);
    exact(
      count(5, (_c, s) => s <= 5),
      0,
      1,
    );
    exact(
      count(5, (_c, s) => s <= 10),
      53,
      107019,
    );
    exact(
      count(5, (_c, s) => s <= 15),
      105,
      11891,
    );
    exact(
      count(5, (_c, s) => s <= 20),
      1025,
      19458,
    );
  });

  it('6-card sums', () => {
    const [mean, variance] = moments(6);
    expect(mean).toBeCloseTo(39, 12);
    expect(variance).toBeCloseTo(3003 / 47, 10);
    exact(
      count(6, (_c, s) => s <= 10),
      27,
      2045252,
    );
    exact(
      count(6, (_c, s) => s <= 15),
      455,
      557796,
    );
    exact(
      count(6, (_c, s) => s <= 20),
      1639,
      185932,
    );
    exact(
      count(6, (_c, s) => s >= 60),
      7793,
      2045252,
    );
    exact(
      count(6, (_c, s) => s >= 65),
      112,
      511313,
    );
    exact(
      count(6, (_c, s) => s >= 66),
      152,
      1533939,
    );
  });

  it('initial 5-card shapes', () => {
    exact(
      count(5, (c) => maxCount(c) === 1),
      512,
      1081,
    );
    exact(
      count(5, (c) => maxCount(c) >= 2),
      569,
      1081,
    );
    exact(
      count(5, (c) => Array.from(c).includes(3)),
      86,
      3243,
    );
    exact(
      count(5, (c) => multiplicities(c) === '23'),
      2,
      1081,
    );
    exact(
      count(5, (c) => maxCount(c) === 4),
      1,
      3243,
    );
    exact(
      count(5, (c) => multiplicities(c) === '122'),
      60,
      1081,
    );
  });

  it("5-card scores with concealed triplets ignored, through the game's scoring", () => {
    const s = nylonppong.create(rules({ concealedTriplet: true }));
    const score = (c: Uint8Array, sum: number) => {
      s.counts.set(c, 0);
      s.sum[0] = sum;
      s.size[0] = 5;
      return handScore(s, 0);
    };
    expect(moments(5, score)[0]).toBeCloseTo(69147 / 2162, 10);
    exact(
      count(5, (c, sum) => score(c, sum) <= 5),
      193,
      107019,
    );
    exact(
      count(5, (c, sum) => score(c, sum) <= 10),
      911,
      107019,
    );
  });
});

describe("exact 6-card combination counts (section 4), through the game's combination check", () => {
  const mask = (c: Uint8Array, s: number, wrap = false, threshold = 66) => comboMask(c, 0, s, wrap, threshold);
  const has =
    (id: number, wrap = false, threshold = 66) =>
    (c: Uint8Array, s: number) =>
      (mask(c, s, wrap, threshold) & (1 << id)) !== 0;
  const hands = (pred: (c: Uint8Array, s: number) => boolean) => count(6, pred)[0];

  it('each combination', () => {
    expect(count(6, () => true)[1]).toBe(12271512);
    expect(hands(has(DAEPPANG))).toBe(1216);
    expect(hands(has(FOUR_AND_PAIR))).toBe(792);
    expect(hands(has(FOUR_OF_A_KIND))).toBe(11352);
    expect(hands(has(STRAIGHT))).toBe(28672);
    expect(hands(has(STRAIGHT, true))).toBe(49152);
    expect(hands(has(DAEPPANG, false, 60))).toBe(46758);
    expect(hands(has(DAEPPANG, false, 65))).toBe(2688);
    expect(hands(has(TEN_OR_LESS))).toBe(162);
    expect(hands(has(THREE_PAIRS))).toBe(47520);
    expect(hands(has(TWO_TRIPLETS))).toBe(1056);
  });

  it('any combination of the default table, and of the full table', () => {
    const def = compileRules(rules()).comboMask;
    const all = compileRules(rules({ 'combos.enabled': [...COMBO_IDS] })).comboMask;
    expect(hands((c, s) => (mask(c, s) & def) !== 0)).toBe(78168);
    expect(hands((c, s) => (mask(c, s) & all) !== 0)).toBe(89528);
  });

  it('straights by start month, and the best-value histogram', () => {
    for (let start = 1; start <= 7; start++) {
      expect(hands((c, s) => has(STRAIGHT)(c, s) && c[start] === 1 && c[start + 5] === 1)).toBe(4096);
    }
    const cfg = compileRules(rules());
    const histogram = new Map<number, number>();
    enumerate(6, (c, s, w) => {
      const best = bestOf(mask(c, s) & cfg.comboMask, cfg.comboValue, cfg.straightMinusSum, s);
      if (best < 0) return;
      const v = best === STRAIGHT ? -s : cfg.comboValue[best]!;
      histogram.set(v, (histogram.get(v) ?? 0) + w);
    });
    expect(Object.fromEntries([...histogram].sort((a, b) => a[0] - b[0]))).toEqual({
      '-100': 162,
      '-57': 4096,
      '-51': 4096,
      '-50': 774,
      '-45': 4096,
      '-39': 4096,
      '-33': 4096,
      '-27': 4096,
      '-21': 4096,
      '0': 48560,
    });
  });
});

/** Checks a simulated frequency against the exact value with a 99.9% Wilson interval. */
function within(k: number, n: number, p: number): void {
  const ci = wilson(k, n, 3.2905);
  expect(
    p,
    `${k}/${n} = ${(k / n).toFixed(6)}: exact ${p.toFixed(6)} outside [${ci.low.toFixed(6)}, ${ci.high.toFixed(6)}]`,
  ).toBeGreaterThanOrEqual(ci.low);
  expect(p).toBeLessThanOrEqual(ci.high);
}

describe("the simulator's deals match the exact facts", () => {
  // After deal() the starter has drawn (its turn offers nothing else): a random 6-card
  // hand; the other seats hold random 5-card hands.
  const games = 40000;
  const r = rules({ 'combos.enabled': [...COMBO_IDS] });
  const s = nylonppong.create(r);
  let six = 0;
  const combos = new Array<number>(COMBO_IDS.length).fill(0);
  let anyDefault = 0;
  let anyCombo = 0;
  let five = 0;
  let le10 = 0,
    le15 = 0,
    le20 = 0,
    noPair = 0,
    triplet = 0,
    twoPairs = 0,
    sum5 = 0;
  const def = compileRules(rules()).comboMask;
  for (let g = 0; g < games; g++) {
    nylonppong.deal(s, new Rng(`facts/${g}`));
    for (let k = 0; k < s.n; k++) {
      const off = k * STRIDE;
      const counts = s.counts.subarray(off, off + STRIDE);
      const sum = s.sum[k]!;
      if (k === s.starter) {
        six++;
        const m = comboMask(s.counts, off, sum, false, 66);
        for (let id = 0; id < COMBO_IDS.length; id++) if (m & (1 << id)) combos[id]!++;
        if (m & def) anyDefault++;
        if (s.combo >= 0) anyCombo++;
        continue;
      }
      five++;
      sum5 += sum;
      if (sum <= 10) le10++;
      if (sum <= 15) le15++;
      if (sum <= 20) le20++;
      if (maxCount(counts) === 1) noPair++;
      if (Array.from(counts).includes(3)) triplet++;
      if (multiplicities(counts) === '122') twoPairs++;
    }
  }

  it('5-card hands', () => {
    expect(five).toBe(3 * games);
    within(le10, five, 53 / 107019);
    within(le15, five, 105 / 11891);
    within(le20, five, 1025 / 19458);
    within(noPair, five, 512 / 1081);
    within(triplet, five, 86 / 3243);
    within(twoPairs, five, 60 / 1081);
    const sd = Math.sqrt(30745 / 564 / five);
    expect(Math.abs(sum5 / five - 32.5)).toBeLessThan(3.29 * sd);
  });

  it("the starter's 6-card hand after the first draw", () => {
    within(anyDefault, six, 3257 / 511313);
    within(anyCombo, six, 11191 / 1533939);
    within(combos[THREE_PAIRS]!, six, 180 / 46483);
    within(combos[TWO_TRIPLETS]!, six, 4 / 46483);
    within(combos[FOUR_AND_PAIR]!, six, 3 / 46483);
    within(combos[STRAIGHT]!, six, 3584 / 1533939);
    within(combos[TEN_OR_LESS]!, six, 27 / 2045252);
    within(combos[FOUR_OF_A_KIND]!, six, 1 / 1081);
    within(combos[DAEPPANG]!, six, 152 / 1533939);
  });
});
