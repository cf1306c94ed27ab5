import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../../src/games/hwatu/deck.js';
import { DECLARE, discardOf, DRAW, JAYEON, LAY_DOWN, PPONG, STOP } from '../../../../src/games/hwatu/nylonppong/actions.js';
import { defaultPaymentVector } from '../../../../src/games/hwatu/nylonppong/rules.js';
import {
  END_COMBO,
  END_EXHAUSTED,
  END_GO_OUT,
  END_STOP,
  END_STOP_FAILED,
  OUT_ALONE,
  OUT_CONCEALED,
  PHASE_AFTER_DRAW,
  PHASE_DISCARD,
} from '../../../../src/games/hwatu/nylonppong/state.js';
import { act, legalOf, returnsOf, rig, type Position } from './rig.js';

// Seat 0 stops; the others hold these hands. Seats 0 and 1 have ppong'd.
const stopPos = (s0: string, s1: string, s2 = '5a 6a 7a 8a 9a', s3 = '10a 11a 12a 1b 2b'): Position => ({
  hands: [s0, s1, s2, s3],
  ponged: [0, 1],
});

describe('stop (rules 5, 13)', () => {
  const cases: [string, Record<string, unknown>, Position, number[], number][] = [
    ['succeeds with the strictly lowest score', {}, stopPos('1a 2a', '3a 4a'), [3, 7, 35, 36], END_STOP],
    ['fails when another hand is lower', {}, stopPos('3a 4a', '1a 2a'), [37, 3, 35, 36], END_STOP_FAILED],
    ['fails on a tie for lowest', {}, stopPos('3a 4a', '2a 5b'), [37, 7, 35, 36], END_STOP_FAILED],
    ['succeeds on a tie when stopTieFails is off', { stopTieFails: false }, stopPos('3a 4a', '2a 5b'), [7, 7, 35, 36], END_STOP],
    ['fails with failedStopPenalty 50', { failedStopPenalty: 50 }, stopPos('3a 4a', '1a 2a'), [57, 3, 35, 36], END_STOP_FAILED],
    [
      'fails against a 5-card hand (allPlayers)',
      {},
      stopPos('5b 5c', '6b 7b', '1a 1b 1c 1d 2a', '10a 11a 12a 3b 4b'),
      [40, 13, 6, 40],
      END_STOP_FAILED,
    ],
    [
      'ignores 5-card hands with pongedPlayersOnly',
      { stopCompareWith: 'pongedPlayersOnly' },
      stopPos('5b 5c', '6b 7b', '1a 1b 1c 1d 2a', '10a 11a 12a 3b 4b'),
      [10, 13, 6, 40],
      END_STOP,
    ],
    [
      'scores -(limit - sum) with stopSuccessBonus',
      { stopSuccessBonus: 'limitMinusSum' },
      stopPos('1a 2a', '3a 4a'),
      [-7, 7, 35, 36],
      END_STOP,
    ],
    [
      'zeroes the lowest compared player with failedStopVictimScoresZero',
      { failedStopVictimScoresZero: true },
      stopPos('3a 4a', '1a 2a'),
      [37, 0, 35, 36],
      END_STOP_FAILED,
    ],
    [
      'fails against a concealed triplet ignored in scoring',
      { concealedTriplet: true },
      stopPos('2a 4a', '6b 7b', '12a 12b 12c 1a 1b', '10a 11a 3b 4b 8b'),
      [36, 13, 2, 36],
      END_STOP_FAILED,
    ],
    [
      'succeeds when concealed triplets count',
      { concealedTriplet: true, concealedTripletScoring: 'count' },
      stopPos('2a 4a', '6b 7b', '12a 12b 12c 1a 1b', '10a 11a 3b 4b 8b'),
      [6, 13, 38, 36],
      END_STOP,
    ],
  ];
  for (const [name, over, pos, expected, end] of cases) {
    it(name, () => {
      const s = rig(over, pos);
      act(s, STOP);
      expect(returnsOf(s)).toEqual(expected);
      expect(s.recEnd[0]).toBe(end);
      expect(s.recEnder[0]).toBe(0);
    });
  }

  it('is legal only at or below stopLimit, with 2 cards', () => {
    expect(legalOf(rig({}, stopPos('4b 6b', '3b 5b')))).toContain(STOP);
    expect(legalOf(rig({ stopLimit: 9 }, stopPos('4b 6b', '3b 5b')))).not.toContain(STOP);
    expect(legalOf(rig({ stopLimit: 5 }, stopPos('1a 4b', '3b 5b')))).toContain(STOP);
  });

  it('needs another ppong with stopRequiresOtherPong', () => {
    const pos = stopPos('1a 2a', '3a 4a', '5a 6a 7a 8a 9a', '10a 11a 12a 1b 2b');
    expect(legalOf(rig({ stopRequiresOtherPong: true }, pos))).toContain(STOP);
    // Alone after a ppong: the turn has nothing to choose, so the draw is made at once.
    const alone = rig({ stopRequiresOtherPong: true }, { ...pos, ponged: [0] });
    expect(alone.phase).toBe(PHASE_AFTER_DRAW);
    expect(legalOf(alone)).not.toContain(STOP);
  });
});

// Seat 0 draws 6d and discards it to seat 1, who holds the pair 6b 6c.
const goOutPos = (s1: string): Position => ({
  hands: ['1a 2a 3a 4a 8b', s1, '7a 8a 9a 10a 11a', '12a 1b 2b 3b 4b'],
  draws: '6d',
  ponged: s1.split(' ').length === 2 ? [1] : [],
});

describe('going out and deal-in (rules 6, 14)', () => {
  for (const [over, penalty] of [
    [{}, 30],
    [{ dealInPenalty: 50 }, 50],
    [{ dealInPenalty: 20 }, 20],
  ] as const) {
    it(`pays the discarder dealInPenalty ${penalty}`, () => {
      const s = rig(over, goOutPos('6b 6c'));
      act(s, discardOf(6));
      expect(legalOf(s)).toEqual([DRAW, PPONG]);
      act(s, PPONG);
      expect(returnsOf(s)).toEqual([18 + penalty, 0, 45, 22]);
      expect([s.recEnd[0], s.recEnder[0], s.recDealIn[0]]).toEqual([END_GO_OUT, 1, 0]);
      expect(s.size[1]).toBe(0);
    });
  }

  it('a ppong from 5 cards sheds the pair and forces one discard', () => {
    const s = rig({}, goOutPos('6b 6c 9b 10b 11b'));
    act(s, discardOf(6));
    act(s, PPONG);
    expect(s.phase).toBe(PHASE_DISCARD);
    expect(legalOf(s)).toEqual([discardOf(9), discardOf(10), discardOf(11)]);
    act(s, discardOf(11));
    expect(s.size[1]).toBe(2);
    expect(s.ponged[1]).toBe(1);
    expect(s.cur).toBe(2);
    expect(s.discardCounts[6]).toBe(3);
  });
});

describe('concealed triplet (rules 18-20)', () => {
  const pos: Position = { hands: ['1a 2a 3a 6a 8b', '9b 9c 9d 4a 4b', '7a 8a 10a 11a 12b', '12a 1b 2b 3b 5b'], draws: '4c' };

  it("goes out with a 3+2 hand on the pair's month, paying the deal-in penalty", () => {
    const s = rig({ concealedTriplet: true }, pos);
    act(s, discardOf(4));
    expect(legalOf(s)).toEqual([DRAW, PPONG, JAYEON]);
    act(s, JAYEON);
    expect(returnsOf(s)).toEqual([20 + 30, 0, 48, 23]);
    expect([s.recEnd[0], s.recOutKind[0], s.recDealIn[0]]).toEqual([END_GO_OUT, OUT_CONCEALED, 0]);
    expect(s.size[1]).toBe(0);
  });

  it('uses dealInPenaltyConcealed', () => {
    const s = rig({ concealedTriplet: true, dealInPenaltyConcealed: 50 }, pos);
    act(s, discardOf(4));
    act(s, JAYEON);
    expect(returnsOf(s)[0]).toBe(70);
  });

  it('is not offered without the rule', () => {
    const s = rig({}, pos);
    act(s, discardOf(4));
    expect(legalOf(s)).toEqual([DRAW, PPONG]);
  });

  it('a lone pair that draws its third card may go out (concealedTripletAloneEnds), with no deal-in', () => {
    const s = rig(
      { concealedTriplet: true, concealedTripletAloneEnds: true },
      { hands: ['7a 7b', '1a 2a 3a 4a 5a', '6a 8a 9a 10a 11a', '12a 1b 2b 3b 4b'], draws: '7c', ponged: [0] },
    );
    expect(legalOf(s)).toEqual([JAYEON, discardOf(7)]);
    act(s, JAYEON);
    expect(returnsOf(s)).toEqual([0, 15, 44, 22]);
    expect([s.recEnd[0], s.recOutKind[0], s.recDealIn[0]]).toEqual([END_GO_OUT, OUT_ALONE, -1]);
  });

  it('ignores a triplet but counts four of a kind at the end of a round', () => {
    const hands = ['12a 12b 12c 1a 2a', '7a 7b 7c 7d 1b', '3a 4a 5a 6a 8a', '9a 10a 11a 3b 4b'];
    const ignore = rig({ concealedTriplet: true }, { hands, rest: 'discards', discards: [['5b', 3]] });
    expect(returnsOf(ignore)).toEqual([3, 29, 26, 37]);
    const count = rig({ concealedTriplet: true, concealedTripletScoring: 'count' }, { hands, rest: 'discards', discards: [['5b', 3]] });
    expect(returnsOf(count)).toEqual([39, 29, 26, 37]);
  });
});

describe('six-card combinations (rule 8, section 1.4)', () => {
  const ALL = ['threePairs', 'twoTriplets', 'fourAndPair', 'straight', 'tenOrLess', 'fourOfAKind', 'daeppang'];
  // [name, rules, seat 0's hand, the card it draws, its value or null when no combination is formed]
  const cases: [string, Record<string, unknown>, string, string, number | null][] = [
    ['three pairs', {}, '1a 1b 2a 2b 3a', '3b', 0],
    ['two triplets', {}, '4a 4b 4c 5a 5b', '5c', 0],
    ['four and pair', {}, '6a 6b 6c 6d 7a', '7b', -50],
    ['straight 3-8', {}, '3a 4a 5a 6b 7a', '8a', -33],
    ['straight 7-12', {}, '7a 8a 9a 10a 11a', '12a', -57],
    ['no wrapped straight by default', {}, '10a 11a 12a 1a 2a', '3a', null],
    ['wrapped straight with straightWrap', { 'combos.straightWrap': true }, '10a 11a 12a 1a 2a', '3a', -39],
    ['10 or less', {}, '1a 1b 1c 2a 2b', '3a', -100],
    ['four and pair that is also 10 or less scores the best', {}, '1a 1b 1c 1d 2a', '2b', -100],
    ['four of a kind is off by default', {}, '8a 8b 8c 8d 1a', '2a', null],
    ['four of a kind', { 'combos.enabled': ALL }, '8a 8b 8c 8d 1a', '2a', 0],
    ['four of a kind at -100 (bbong)', { 'combos.enabled': ALL, 'combos.fourOfAKindValue': -100 }, '8a 8b 8c 8d 1a', '2a', -100],
    ['four and pair beats four of a kind', { 'combos.enabled': ALL }, '6a 6b 6c 6d 7a', '7b', -50],
    ['daeppang off: 69 is two triplets', {}, '12a 12b 12c 11a 11b', '11c', 0],
    ['daeppang 66 beats two triplets', { 'combos.enabled': ALL }, '12a 12b 12c 11a 11b', '11c', -100],
    ['62 is no daeppang at 66', { 'combos.enabled': ALL }, '12a 12b 11a 10a 9a', '8a', null],
    ['62 is daeppang at 60', { 'combos.enabled': ALL, 'combos.daeppangThreshold': 60 }, '12a 12b 11a 10a 9a', '8a', -100],
    ['a disabled combination is not offered', { 'combos.enabled': ['twoTriplets'] }, '1a 1b 2a 2b 3a', '3b', null],
    ['combination values are options', { 'combos.threePairsValue': -20 }, '1a 1b 2a 2b 3a', '3b', -20],
    ['a fixed straight value', { 'combos.straightValue': -40 }, '3a 4a 5a 6b 7a', '8a', -40],
  ];
  for (const [name, over, hand, drawn, value] of cases) {
    it(name, () => {
      const s = rig(over, { hands: [hand, '*', '*', '*'], draws: drawn });
      expect(s.phase).toBe(PHASE_AFTER_DRAW);
      if (value === null) {
        expect(legalOf(s)).not.toContain(DECLARE);
        return;
      }
      const others = [1, 2, 3].map((k) => s.sum[k]!);
      expect(legalOf(s)).toContain(DECLARE);
      act(s, DECLARE);
      expect(returnsOf(s)).toEqual([value, ...others]);
      expect(s.recEnd[0]).toBe(END_COMBO);
    });
  }

  it('must be declared when combos.declareOptional is off', () => {
    const s = rig({ 'combos.declareOptional': false }, { hands: ['1a 1b 2a 2b 3a', '*', '*', '*'], draws: '3b' });
    expect(legalOf(s)).toEqual([DECLARE]);
  });
});

describe('draw pile exhausted (rules 7, 16)', () => {
  const hands = ['1a 2a 3a 4a 5a', '6a 7a 8a 9a 10a', '11a 1b 2b 3b 4b', '5b 6b 7b 8b 9b'];
  it('scores every hand sum with no penalty', () => {
    const s = rig({}, { hands, rest: 'discards' });
    expect(returnsOf(s)).toEqual([15, 40, 21, 35]);
    expect(s.recEnd[0]).toBe(END_EXHAUSTED);
  });

  it('still offers a ppong on an empty pile (pongWhenPileEmpty); drawing then ends the round', () => {
    const pos: Position = { hands: ['1c 1d 3a 4a 5a', ...hands.slice(1)], rest: 'discards', discards: [['1a', 3]] };
    const s = rig({}, pos);
    expect(legalOf(s)).toEqual([DRAW, PPONG]);
    act(s, DRAW);
    expect(s.recEnd[0]).toBe(END_EXHAUSTED);
    const t = rig({ pongWhenPileEmpty: false }, pos);
    expect(t.recEnd[0]).toBe(END_EXHAUSTED);
  });
});

describe('money scoring (rules 21-23)', () => {
  it('default payment vectors', () => {
    expect(defaultPaymentVector(2)).toEqual([1, -1]);
    expect(defaultPaymentVector(3)).toEqual([1, 0, -1]);
    expect(defaultPaymentVector(4)).toEqual([2, 1, -1, -2]);
    expect(defaultPaymentVector(5)).toEqual([2, 1, 0, -1, -2]);
    expect(defaultPaymentVector(6)).toEqual([3, 2, 1, -1, -2, -3]);
  });

  const money = { scoring: 'moneyRanking' };
  it('ranks a successful stop by score (returns are money lost)', () => {
    const s = rig(money, stopPos('1a 2a', '3a 4a'));
    act(s, STOP);
    expect(Array.from(s.pay)).toEqual([2, 1, -1, -2]);
    expect(returnsOf(s)).toEqual([-2, -1, 1, 2]);
  });

  it('puts a failed stopper last and doubles last to 1st', () => {
    const s = rig(money, stopPos('3a 4a', '1a 2a'));
    act(s, STOP);
    expect(Array.from(s.pay)).toEqual([-4, 4, 1, -1]);
  });

  it('puts a go-out 1st and the deal-in last, doubled', () => {
    const s = rig(money, goOutPos('6b 6c'));
    act(s, discardOf(6));
    act(s, PPONG);
    // Seat 3 (22) ranks above seat 2 (45).
    expect(Array.from(s.pay)).toEqual([-4, 4, -1, 1]);
  });

  it('a big combination collects the 1st-place amount from everyone', () => {
    const s = rig(money, { hands: ['6a 6b 6c 6d 7a', '9c 10c 11c 12d 5d', '1d 2d 3d 4d 8d', '7d 8c 9d 10d 11d'], draws: '7b' });
    act(s, DECLARE);
    expect(Array.from(s.pay)).toEqual([6, -2, -2, -2]);
  });

  it('a 7-12 straight is big; a 3-8 straight is not', () => {
    const big = rig(money, { hands: ['7a 8a 9a 10a 11a', '1b 1c 2b 3b 4b', '1d 2d 3d 4d 5d', '5c 6c 6d 2c 3c'], draws: '12a' });
    act(big, DECLARE);
    expect(Array.from(big.pay)).toEqual([6, -2, -2, -2]);
    const small = rig(money, { hands: ['3a 4a 5a 6b 7a', '1b 1c 2b 3b 4b', '1d 2d 3d 4d 5d', '9c 10c 11c 12c 12d'], draws: '8a' });
    act(small, DECLARE);
    // Declarer 1st; then 11 (seat 1), 15 (seat 2), 54 (seat 3).
    expect(Array.from(small.pay)).toEqual([2, 1, -1, -2]);
  });

  it('breaks ties by turn order from the starter', () => {
    const hands = ['1a 2a 3a 4a 5a', '1b 2b 3b 4b 5b', '1c 2c 3c 4c 5c', '6a 7a 8a 9a 10a'];
    const s = rig(money, { hands, rest: 'discards', turn: 2, discards: [['12d', 3]] });
    expect(s.recEnd[0]).toBe(END_EXHAUSTED);
    // Seats 0-2 tie at 15: from starter 2 the order is 2, 3, 0, 1.
    expect(Array.from(s.pay)).toEqual([1, -1, 2, -2]);
  });
});

describe('jayeonPpongLayDown (bbong)', () => {
  it('lays down 3 of a kind after the draw, then discards to 2 cards', () => {
    const s = rig(
      { jayeonPpongLayDown: true },
      { hands: ['9a 9b 9c 2a 3a', '1a 1b 4a 6a 8a', '5b 6b 7b 8b 10b', '11a 11b 12a 12b 1c'], draws: '5a' },
    );
    expect(legalOf(s)).toContain(LAY_DOWN + 8);
    act(s, LAY_DOWN + 8);
    expect(legalOf(s)).toEqual([discardOf(2), discardOf(3), discardOf(5)]);
    act(s, discardOf(5));
    expect([s.size[0], s.ponged[0], s.sum[0]]).toEqual([2, 1, 5]);
  });

  it('is not offered without the rule', () => {
    const s = rig({}, { hands: ['9a 9b 9c 2a 3a', '1a 1b 4a 6a 8a', '5b 6b 7b 8b 10b', '11a 11b 12a 12b 1c'], draws: '5a' });
    expect(legalOf(s).some((a) => a >= LAY_DOWN)).toBe(false);
  });
});

it('the rig puts cards where they are asked', () => {
  const s = rig({}, { hands: ['1a 2a 3a 4a 5a', '6a 7a 8a 9a 10a', '11a 1b 2b 3b 4b', '5b 6b 7b 8b 9b'], draws: '12d' });
  expect(s.owner[parseCard('12d')]).toBe(0);
});
