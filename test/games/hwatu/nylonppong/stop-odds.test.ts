import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/rng.js';
import { Deck, month, parseCard } from '../../../../src/games/hwatu/deck.js';
import { clearRound } from '../../../../src/games/hwatu/nylonppong/round.js';
import type { NylonRules } from '../../../../src/games/hwatu/nylonppong/rules.js';
import { scoreRound } from '../../../../src/games/hwatu/nylonppong/scoring.js';
import { END_STOP, END_STOP_FAILED, type NylonState } from '../../../../src/games/hwatu/nylonppong/state.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import {
  comparedSizes,
  dealWays,
  lowDealWays,
  opponentConfigs,
  stopOdds,
  stopOddsTable,
  unseenCounts,
  type Part,
} from '../../../../src/games/hwatu/nylonppong/stop-odds.js';
import { columnDictionary } from '../../../../src/experiment/dictionary.js';
import { bigFrac, bigFracText, bigFracValue, type BigFraction } from '../../../../src/stats/fraction.js';
import { wilson } from '../../../../src/stats/intervals.js';
import { rules } from './rig.js';

const cards = (text: string): number[] => (text ? text.split(',').map(parseCard) : []);
/** Every card of these months. */
const monthsOut = (from: number, to: number): number[] => Array.from({ length: (to - from + 1) * 4 }, (_, i) => (from - 1) * 4 + i);

/** P(fail) from the exact table, for the stop sum s against opponents of these sizes. */
function exact(r: NylonRules, seen: number[], hand: number[] | null, s: number, sizes: number[]): BigFraction {
  const { configs, rows } = stopOdds(r, seen, hand);
  const col = configs.findIndex((c) => c.join() === [...sizes].sort((a, b) => a - b).join());
  const row = rows.find((x) => x.sum === s);
  if (col < 0 || !row) throw new Error(`no cell for sum ${s} against ${sizes}`);
  return row.fail[col]!;
}

/** A hand's score in the words of RULES.md: its month sum, less a month held exactly 3 times
 * when concealed triplets score 0. Written apart from the engine's scorer. */
function score(hand: number[], ignoreTriplets: boolean): number {
  let s = 0;
  for (const c of hand) s += month(c);
  if (ignoreTriplets) for (let m = 1; m <= 12; m++) if (hand.filter((c) => month(c) === m).length === 3) s -= 3 * m;
  return s;
}

function* subsets(pool: number[], k: number, from = 0, cur: number[] = []): Generator<number[]> {
  if (cur.length === k) {
    yield cur;
    return;
  }
  for (let i = from; i <= pool.length - (k - cur.length); i++) yield* subsets(pool, k, i + 1, [...cur, pool[i]!]);
}

/**
 * Brute force: every stopper hand of sum s (or her given hand) and every ordered deal of the
 * opponents' hands from the rest, each deal equally likely; the share in which some opponent
 * scores at most s (below s when ties do not fail).
 */
function brute(r: NylonRules, seen: number[], hand: number[] | null, s: number, sizes: number[]): BigFraction {
  const ignore = r.concealedTriplet && r.concealedTripletScoring === 'ignore';
  const pool = Array.from({ length: 48 }, (_, c) => c).filter((c) => !seen.includes(c) && !hand?.includes(c));
  const low = (h: number[]) => (r.stopTieFails ? score(h, ignore) <= s : score(h, ignore) < s);
  let fail = 0,
    deals = 0;
  const deal = (left: number[], i: number, failed: boolean) => {
    if (i === sizes.length) {
      deals++;
      if (failed) fail++;
      return;
    }
    for (const h of subsets(left, sizes[i]!))
      deal(
        left.filter((c) => !h.includes(c)),
        i + 1,
        failed || low(h),
      );
  };
  const stoppers = hand ? [hand] : [...subsets(pool, 2)].filter((p) => month(p[0]!) + month(p[1]!) === s);
  for (const st of stoppers)
    deal(
      pool.filter((c) => !st.includes(c)),
      0,
      false,
    );
  return bigFrac(BigInt(fail), BigInt(deals));
}

describe('exact stop odds against brute-force enumeration', () => {
  it('one 2-card opponent, every stop sum, averaged over the stopper hands (default rules)', () => {
    const r = rules();
    for (let s = 2; s <= 10; s++) expect(bigFracText(exact(r, [], null, s, [2])), `sum ${s}`).toBe(bigFracText(brute(r, [], null, s, [2])));
  });

  it('two 2-card opponents against a given hand, ties failing or not, with cards seen', () => {
    const seen = cards('1c,2a,9d,12a,12b');
    for (const over of [{}, { stopTieFails: false }]) {
      const r = rules(over);
      expect(bigFracText(exact(r, seen, cards('4a,6b'), 10, [2, 2]))).toBe(bigFracText(brute(r, seen, cards('4a,6b'), 10, [2, 2])));
    }
  });

  // A small pool (months 4-10 seen) with whole months left in it, so that four of a kind,
  // exact triplets beside a fourth card, and triplet-plus-pair hands all occur.
  const seen = [...monthsOut(4, 10), ...cards('3c,3d,12d')];
  const cases: [string, Partial<NylonRules>, number[], number[] | null, number][] = [
    ['5 and 5, concealed triplets scoring 0', { concealedTriplet: true, stopLimit: 24 }, [5, 5], cards('12a,12b'), 24],
    [
      '5 and 5, concealed triplets counted in full',
      { concealedTriplet: true, concealedTripletScoring: 'count', stopLimit: 24 },
      [5, 5],
      cards('12a,12b'),
      24,
    ],
    ['2 and 5, concealed triplets scoring 0', { concealedTriplet: true, stopLimit: 24 }, [2, 5], cards('11a,12a'), 23],
    [
      '8 and 5 (handSize 8), concealed triplets scoring 0',
      { concealedTriplet: true, stopLimit: 24, handSize: 8 },
      [8, 5],
      cards('12a,12b'),
      24,
    ],
    ['one 5-card hand, averaged over the stopper hands', { concealedTriplet: true, stopLimit: 16 }, [5], null, 14],
    ['2 and 5, ties not failing', { concealedTriplet: true, stopLimit: 24, stopTieFails: false }, [2, 5], cards('11a,12a'), 23],
    ['2, 2 and 2', {}, [2, 2, 2], cards('1a,3a'), 4],
  ];
  for (const [name, over, sizes, hand, s] of cases) {
    it(name, () => {
      const r = rules(over);
      const e = exact(r, seen, hand, s, sizes);
      expect(bigFracText(e)).toBe(bigFracText(brute(r, seen, hand, s, sizes)));
      expect(e.n > 0n && e.n < e.d).toBe(true);
    });
  }
});

describe('two exact counts of concealed-triplet hands agree on the whole deck', () => {
  // lowDealWays counts triplets as one shared count plus a 2-card part per hand; the plain
  // month-by-month count keeps each hand's cards and score (a month held 3 times scores 0).
  const pool = unseenCounts([]);
  const stopper: Part = { size: 2, limit: 0, exact: true, triplets: 'count', tally: false };
  for (const [s, twos, fives] of [
    [10, 0, 1],
    [10, 0, 2],
    [6, 1, 2],
    [10, 0, 3],
    [14, 1, 1],
  ] as const) {
    it(`stop sum ${s}, ${twos} 2-card and ${fives} 5-card hands`, () => {
      const parts: Part[] = [
        { ...stopper, limit: s },
        ...Array.from({ length: twos }, (): Part => ({ size: 2, limit: s, exact: false, triplets: 'count', tally: false })),
        ...Array.from({ length: fives }, (): Part => ({ size: 5, limit: s, exact: false, triplets: 'zero', tally: false })),
      ];
      const ways = lowDealWays(pool, s, s, twos, fives, 0, true);
      expect(ways).toBe(dealWays(pool, parts));
      expect(ways > 0n).toBe(true);
    });
  }
});

describe('analytic values', () => {
  it('the lowest sums, by hand', () => {
    const r = rules();
    // Stopper 1+1: the one opponent fails her only with the two other Pines, 1 of C(46,2) = 1035 pairs.
    expect(bigFracText(exact(r, [], cards('1a,1b'), 2, [2]))).toBe('1/1035');
    // With ties not failing, nobody scores below 2.
    expect(bigFracText(exact(rules({ stopTieFails: false }), [], cards('1a,1b'), 2, [2]))).toBe('0');
    // Stopper 1+2 leaves 3 Pines and 3 Plums: 1+1 in C(3,2) = 3 ways, 1+2 in 3 * 3 = 9: 12/1035 = 4/345.
    expect(bigFracText(exact(r, [], cards('1a,2a'), 3, [2]))).toBe('4/345');
    // Sum 3 is only ever 1+2, so the average over her hands is the same.
    expect(bigFracText(exact(r, [], null, 3, [2]))).toBe('4/345');
    // Two opponents: P(A or B) = 2 * 12/1035 - P(both). Ordered disjoint low pairs: (11, 11) none
    // (3 Pines); (11, 12) 3 * (1 Pine * 3 Plums) = 9; (12, 11) 9 * C(2,2) = 9; (12, 12) 9 * (2 * 2)
    // = 36: 54 of 1035 * 946. 24/1035 - 54/979110 = 22650/979110 = 755/32637.
    expect(bigFracText(exact(r, [], cards('1a,2a'), 3, [2, 2]))).toBe('755/32637');
    // A 5-card hand cannot sum to 2 or 3; with concealed triplets scoring 0, against 1+1 it scores
    // 2 with the two Pines left and any month's exact triplet: 11 months * C(4,3) = 44 of C(46,5).
    expect(bigFracText(exact(r, [], cards('1a,1b'), 2, [5]))).toBe('0');
    expect(bigFracText(exact(rules({ concealedTriplet: true }), [], cards('1a,1b'), 2, [5]))).toBe(bigFracText(bigFrac(44n, 1370754n)));
  });

  it('the stopper hands of each sum add up to the known P(sum <= 10) = 175/564 of the 1128 pairs', () => {
    const { rows } = stopOdds(rules(), [], null);
    expect(rows.map((x) => x.sum)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows.reduce((a, x) => a + x.hands, 0)).toBe((1128 * 175) / 564);
  });

  it('more opponents, or opponents with more cards, never make a stop safer', () => {
    const { configs, rows } = stopOdds(rules({ concealedTriplet: true }), [], null);
    const at = (c: number[]) => configs.findIndex((x) => x.join() === c.join());
    for (const row of rows) {
      const p = (c: number[]) => bigFracValue(row.fail[at(c)]!);
      expect(p([2, 2])).toBeGreaterThan(p([2]));
      expect(p([2, 2, 5])).toBeGreaterThan(p([2, 2]));
      expect(p([2, 5])).toBeGreaterThan(p([5]));
    }
    for (let i = 1; i < rows.length; i++) expect(bigFracValue(rows[i]!.fail[0]!)).toBeGreaterThan(bigFracValue(rows[i - 1]!.fail[0]!));
  });
});

describe('the table axes', () => {
  it("compared hand sizes: handSize less 3 per ppong, only ppong'd players with pongedPlayersOnly", () => {
    expect(comparedSizes(rules())).toEqual([2, 5]);
    expect(comparedSizes(rules({ handSize: 8 }))).toEqual([2, 5, 8]);
    expect(comparedSizes(rules({ stopCompareWith: 'pongedPlayersOnly' }))).toEqual([2]);
    expect(comparedSizes(rules({ handSize: 2, stopCompareWith: 'pongedPlayersOnly' }))).toEqual([]);
  });

  it('configurations: 1 to 5 opponents (4 with 8 cards each), fitting the unseen cards', () => {
    expect(opponentConfigs(rules(), 46)).toHaveLength(20);
    expect(opponentConfigs(rules(), 46)[0]).toEqual([2]);
    expect(opponentConfigs(rules({ stopCompareWith: 'pongedPlayersOnly' }), 46)).toEqual([
      [2],
      [2, 2],
      [2, 2, 2],
      [2, 2, 2, 2],
      [2, 2, 2, 2, 2],
    ]);
    // Multisets of 1-4 sizes from {2, 5, 8}: 3 + 6 + 10 + 15.
    expect(opponentConfigs(rules({ handSize: 8 }), 46)).toHaveLength(34);
    // With a stop only after another ppong, someone holds fewer than handSize cards.
    const after = opponentConfigs(rules({ stopRequiresOtherPong: true }), 46);
    expect(after).toHaveLength(15);
    expect(after.every((c) => c.includes(2))).toBe(true);
    // 9 cards left: 2+2+5 fits, 5+5 does not.
    const tight = opponentConfigs(rules(), 9).map((c) => c.join());
    expect(tight).toContain('2,2,5');
    expect(tight).not.toContain('5,5');
  });

  it('the CSV columns: decimals, then the same as fractions, all in the column dictionary', () => {
    const { table, configs } = stopOddsTable(rules(), cards('3a,3b'), null);
    expect(table.columns.slice(0, 4)).toEqual(['stop_sum', 'stopper_hands', 'p_fail_2', 'p_fail_5']);
    expect(table.columns).toContain('p_fail_2_2_5_exact');
    expect(table.columns).toHaveLength(2 + 2 * configs.length);
    expect(columnDictionary(table).filter((c) => c.meaning === 'undocumented')).toEqual([]);
    expect(columnDictionary(table).find((c) => c.name === 'p_fail_2_2_5')!.meaning).toMatch(
      /3 compared opponents holding 2, 2 and 5 cards/,
    );
    const row = table.rows[8]!;
    const [n, d] = String(row[2 + configs.length])
      .split('/')
      .map(Number);
    expect(row[2]).toBeCloseTo(n! / d!, 12);
  });
});

/**
 * The engine itself: real positions, scored by the game's own scorer (scoreRound), the
 * stopper's hand and the opponents' dealt by the engine's deck from a fixed seed. The exact
 * value must lie in the 99.9% Wilson interval of the failure rate.
 */
function engineFailures(
  r: NylonRules,
  seen: number[],
  hand: number[] | null,
  s: number,
  sizes: number[],
  uncompared: number[],
  n: number,
  seed: string,
): number {
  const sizesAll = [...sizes, ...uncompared];
  const state: NylonState = nylonppong.create({ ...r, players: 1 + sizesAll.length });
  const deck = new Deck();
  const rng = new Rng(seed);
  let fails = 0;
  for (let t = 0; t < n; t++) {
    clearRound(state, 0);
    deck.reset();
    for (const c of seen) deck.take(c);
    let mine: number[];
    if (hand) mine = hand.map((c) => deck.take(c));
    else {
      // A uniform pair of the unseen cards, kept when it sums to s: a uniform hand of sum s.
      for (;;) {
        mine = [deck.draw(rng), deck.draw(rng)];
        if (month(mine[0]!) + month(mine[1]!) === s) break;
        deck.drawn -= 2;
      }
    }
    for (const c of mine) state.addCard(0, c);
    state.ponged[0] = 1;
    sizesAll.forEach((h, k) => {
      for (let i = 0; i < h; i++) state.addCard(k + 1, deck.draw(rng));
      // Compared opponents under pongedPlayersOnly are those who have ppong'd.
      state.ponged[k + 1] = k < sizes.length && h < r.handSize ? 1 : 0;
    });
    state.end = END_STOP;
    state.ender = 0;
    scoreRound(state);
    if (state.end === END_STOP_FAILED) fails++;
  }
  return fails;
}

describe('exact stop odds against the game engine (Monte Carlo, 99.9% Wilson interval)', () => {
  const Z999 = 3.2905267314919255;
  const cases: [string, Partial<NylonRules>, number[], number[] | null, number, number[], number[]][] = [
    ['sum 10 against 2, 2 and 5 cards (default rules)', {}, [], null, 10, [2, 2, 5], []],
    ['sum 6 against two 5-card hands, concealed triplets scoring 0', { concealedTriplet: true }, [], null, 6, [5, 5], []],
    [
      'a given 3+4 against 2 and 5 cards, with cards seen, ties not failing',
      { concealedTriplet: true, stopTieFails: false },
      cards('1a,1b,2c,5d,11a,11b,11c'),
      cards('3a,4b'),
      7,
      [2, 5],
      [],
    ],
    ["sum 8 against two ppong'd players, a 5-card hand not compared", { stopCompareWith: 'pongedPlayersOnly' }, [], null, 8, [2, 2], [5]],
  ];
  for (const [name, over, seen, hand, s, sizes, uncompared] of cases) {
    it(name, () => {
      const r = rules(over);
      const p = bigFracValue(exact(r, seen, hand, s, sizes));
      const n = 60000;
      const k = engineFailures(r, seen, hand, s, sizes, uncompared, n, `stop-odds/${name}`);
      const ci = wilson(k, n, Z999);
      expect(p, `exact ${p}, engine ${k}/${n}`).toBeGreaterThanOrEqual(ci.low);
      expect(p, `exact ${p}, engine ${k}/${n}`).toBeLessThanOrEqual(ci.high);
      expect(k).toBeGreaterThan(50);
    });
  }
});
