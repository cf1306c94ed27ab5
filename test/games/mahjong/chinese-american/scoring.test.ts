import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../../../src/core/rules.js';
import type { Meld } from '../../../../src/games/mahjong/decompose.js';
import { scoreHand, type ChineseAmericanHand } from '../../../../src/games/mahjong/chinese-american/hand.js';
import { EXTRAS, ROWS } from '../../../../src/games/mahjong/chinese-american/hands.js';
import { chineseAmericanSchema, type ChineseAmericanRules } from '../../../../src/games/mahjong/chinese-american/rules.js';
import { parseTiles, tileKind } from '../../../../src/games/mahjong/tiles.js';
import { scoreHand as scoreLine } from '../../../../src/catalog/mahjong-hand.js';
import { improvingKinds } from '../../../../src/games/mahjong/hand-analysis.js';
import { koreanSchema } from '../../../../src/games/mahjong/korean/rules.js';
import { chineseAmericanRuleset } from '../../../../src/games/mahjong/chinese-american/ruleset.js';
import { koreanRuleset } from '../../../../src/games/mahjong/korean/ruleset.js';

const rules = (set: Partial<ChineseAmericanRules> = {}) =>
  resolveRules<ChineseAmericanRules>(chineseAmericanSchema, [{ where: 'test', values: set }]);
const R = rules();

function meld(text: string): Meld {
  const concealed = text.endsWith('*');
  const c = parseTiles(concealed ? text.slice(0, -1) : text);
  const kinds = [...c.keys()].filter((k) => c[k]! > 0);
  const n = c.reduce((a, b) => a + b, 0);
  return { kind: kinds.length === 3 ? 'chow' : n === 4 ? 'kong' : 'pung', tile: kinds[0]!, concealed };
}

type Case = Omit<ChineseAmericanHand, 'concealed' | 'winTile' | 'melds'> & { hand: string; win: string; melds?: string[] };
const score = (c: Case, r = R) =>
  scoreHand({ ...c, concealed: parseTiles(c.hand), winTile: tileKind(c.win), melds: (c.melds ?? []).map(meld) }, r);
const extras = (c: Case, r = R) =>
  Object.fromEntries(
    score(c, r)
      .breakdown.slice(1)
      .map((l) => [l.name.replace(/ x\d+$/, ''), l.points]),
  );

describe('chinese-american worked examples', () => {
  it("a non-dealer wins on the dealer's discard: start 2 + flower, no honours, concealed = 6; the dealer pays 7", () => {
    // 123b 456b 789c 55d 999c, won on the dealer's 1b, one flower.
    const s = score({ hand: 's123456m789999p55', win: 's1', selfDraw: false, seatWind: 1, discarder: 0, flowers: 1 });
    expect(s.row).toBe('H1');
    expect(s.breakdown).toEqual([
      { name: 'H1 Normal Win', points: 2 },
      { name: 'flowerEach', points: 1 },
      { name: 'noHonors', points: 1 },
      { name: 'allConcealed', points: 2 },
    ]);
    expect(s.total).toBe(6);
    expect(s.payments).toEqual({ E: 7 });
  });

  it('the dealer self-draws a Jade Dragon in its third dealership: V = 34, each pays 39', () => {
    const s = score({ hand: 's11144477799z666', win: 's9', selfDraw: true, seatWind: 0, retains: 2 });
    expect(s.row).toBe('H12');
    expect(s.total).toBe(34);
    expect(extras({ hand: 's11144477799z666', win: 's9', selfDraw: true })).toEqual({
      selfDraw: 2,
      noFlowers: 1,
      honorSet: 1,
      allConcealed: 2,
      threeConcealedPongs: 4,
    });
    expect(s.payments).toEqual({ S: 39, W: 39, N: 39 });
  });
});

/** One hand per row: the row it scores. */
const ROW_CASES: [string, Case][] = [
  ['H1', { hand: 'm123456p789s234z11', win: 'm1', selfDraw: true }],
  ['H2', { hand: 'm111p999s555z22', win: 'z2', selfDraw: false, discarder: 1, melds: ['m777'] }],
  ['H3', { hand: 'm111p999s555z222m77', win: 'm7', selfDraw: false, discarder: 1 }],
  ['H4', { hand: 'm123456789z11', win: 'm1', selfDraw: false, discarder: 1, melds: ['m555'] }],
  ['H5', { hand: 'm111333z22', win: 'z2', selfDraw: false, discarder: 1, melds: ['m555', 'z777'] }],
  ['H6', { hand: 'p12345678999', win: 'p9', selfDraw: false, discarder: 1, melds: ['p234'] }],
  ['H7', { hand: 'p11133399', win: 'p9', selfDraw: false, discarder: 1, melds: ['p555', 'p777'] }],
  ['H8', { hand: 'z11122233355', win: 'z5', selfDraw: false, discarder: 1, melds: ['z666'] }],
  ['H9', { hand: 'z11122233344m789', win: 'm7', selfDraw: false, discarder: 1 }],
  ['H10', { hand: 'z111222333444p55', win: 'p5', selfDraw: false, discarder: 1 }],
  ['H11', { hand: 's111333z66', win: 'z6', selfDraw: false, discarder: 1, melds: ['s555', 's777'] }],
  ['H12', { hand: 's111333s99', win: 's9', selfDraw: false, discarder: 1, melds: ['z666', 's777'] }],
  ['H13', { hand: 'm111333m99', win: 'm9', selfDraw: false, discarder: 1, melds: ['z777', 'm777'] }],
  ['H13', { hand: 'm111333z77', win: 'z7', selfDraw: false, discarder: 1, melds: ['m555', 'm777'] }],
  ['H14', { hand: 'p111333p99', win: 'p9', selfDraw: false, discarder: 1, melds: ['z555', 'p777'] }],
  ['H14', { hand: 'p111333z55', win: 'z5', selfDraw: false, discarder: 1, melds: ['p555', 'p777'] }],
  ['H15', { hand: 'm1133p5577s2299z66', win: 'z6', selfDraw: false, discarder: 1 }],
  ['H16', { hand: 'm11335577z112266', win: 'z6', selfDraw: false, discarder: 1 }],
  ['H17', { hand: 's1133557799 s2244'.replace(' ', ''), win: 's4', selfDraw: false, discarder: 1 }],
  ['H18', { hand: 'm19p19s19z12345677', win: 'z7', selfDraw: false, discarder: 1 }],
  ['H19', { hand: 'm11123455678999', win: 'm5', selfDraw: false, discarder: 1 }],
  ['H21', { hand: 'm123456p789s234z11', win: 'm1', selfDraw: true, fastWin: true }],
];

describe('chinese-american rows', () => {
  for (const [id, c] of ROW_CASES) {
    it(`${c.hand} ${c.melds?.join(',') ?? ''} scores ${id}`, () => {
      const s = score(c);
      expect(s.legal).toBe(true);
      expect(s.row).toBe(id);
      expect(s.breakdown[0]!.points).toBe(ROWS.find((r) => r.id === id && s.rowName === r.name)!.start);
    });
  }

  it('every row but Seven Flowers (a settlement) is covered by a case', () => {
    const covered = new Set(ROW_CASES.map(([id]) => id));
    expect(ROWS.filter((r) => r.id !== 'H20' && !covered.has(r.id))).toEqual([]);
    expect(new Set(ROW_CASES.map(([, c]) => score(c).rowName)).size).toBe(ROWS.length - 1);
  });

  it('a disabled row falls back to the next best; a shape no enabled row takes cannot win', () => {
    const r = rules({ specialHands: ['H2'] });
    expect(score(ROW_CASES.find(([id]) => id === 'H7')![1], r).row).toBe('H2');
    const pairs = ROW_CASES.find(([id]) => id === 'H15')![1];
    expect(score(pairs, r).legal).toBe(false);
  });

  it('UNREVEALED rows need a self-draw under unrevealedDiscardWin = false', () => {
    const r = rules({ unrevealedDiscardWin: false });
    const pairs = ROW_CASES.find(([id]) => id === 'H15')![1];
    expect(score(pairs, r).legal).toBe(false);
    expect(score({ ...pairs, selfDraw: true, discarder: undefined }, r).row).toBe('H15');
  });

  it('H3 on a discard only when the discard completes the pair; else four concealed pongs score H2 with threeConcealedPongs', () => {
    const onPong = score({ hand: 'm111p999s555z222m77', win: 's5', selfDraw: false, discarder: 1 });
    expect(onPong.row).toBe('H2');
    expect(extras({ hand: 'm111p999s555z222m77', win: 's5', selfDraw: false, discarder: 1 }).threeConcealedPongs).toBe(4);
  });

  it('discardWinPongIsExposed = false: a pong the winning discard completes stays concealed, for H3 and threeConcealedPongs', () => {
    const r = rules({ discardWinPongIsExposed: false });
    expect(score({ hand: 'm111p999s555z222m77', win: 's5', selfDraw: false, discarder: 1 }, r).row).toBe('H3');
    // Two concealed pongs and the one the discard completes: three only when it counts.
    const three: Case = { hand: 'm111p999s555m77', win: 's5', selfDraw: false, discarder: 1, melds: ['z222'] };
    expect(extras(three).threeConcealedPongs).toBeUndefined();
    expect(extras(three, r).threeConcealedPongs).toBe(4);
  });

  it('jewels: americanJewels takes bamboo 2,3,4,6,8 with green for jade, and refuses the suit-and-dragon reading', () => {
    const r = rules({ jewelFamily: 'americanJewels' });
    expect(score({ hand: 's222444z66', win: 'z6', selfDraw: false, discarder: 1, melds: ['s666', 's888'] }, r).row).toBe('H11');
    expect(score(ROW_CASES.find(([id]) => id === 'H11')![1], r).row).not.toBe('H11');
  });

  it('Gates of Heaven with gatesRequirePureWait needs 1112345678999 before the winning tile', () => {
    const r = rules({ gatesRequirePureWait: true });
    expect(score({ hand: 'm11123455678999', win: 'm5', selfDraw: false, discarder: 1 }, r).row).toBe('H19');
    expect(score({ hand: 'm11123455678999', win: 'm9', selfDraw: false, discarder: 1 }, r).row).not.toBe('H19');
    expect(score({ hand: 'm11123455678999', win: 'm9', selfDraw: false, discarder: 1 }).row).toBe('H19');
  });

  it('additive: four pongs in one suit with honours get +6 on the start, tying H5 and winning the tie as the earlier row', () => {
    // H5 12 + noFlowers 1 + honorSet 1 (z777) + soloPiece 1 (the z2 wait alone).
    const c: Case = { hand: 'm111333z22', win: 'z2', selfDraw: false, discarder: 1, melds: ['m555', 'z777'] };
    expect(score(c)).toMatchObject({ row: 'H5', total: 15 });
    expect(score(c, rules({ baseCombination: 'additive' }))).toMatchObject({ row: 'H2', total: 15 });
  });
});

/** One hand per extra, and the extra it must include. */
const EXTRA_CASES: [string, Case][] = [
  ['selfDraw', { hand: 'm123456p789s234z11', win: 'm1', selfDraw: true }],
  ['flowerEach', { hand: 'm123456p789s234z11', win: 'm1', selfDraw: true, flowers: 3 }],
  ['noFlowers', { hand: 'm123456p789s234z11', win: 'm1', selfDraw: true }],
  ['honorSet', { hand: 'm123456p789z11122', win: 'm1', selfDraw: true }],
  ['noHonors', { hand: 'm123456p789s23455', win: 'm1', selfDraw: true, flowers: 1 }],
  ['kong', { hand: 'm123456p789z11', win: 'm1', selfDraw: true, melds: ['s2222'] }],
  ['allWinds', { hand: 'm1133p55z11223344', win: 'z3', selfDraw: true }],
  ['allDragons', { hand: 'm123z555666777z11', win: 'm1', selfDraw: true }],
  ['noFlowersNoHonors', { hand: 'm123456p789s23455', win: 'm1', selfDraw: true }],
  ['straights', { hand: 'm123456p789s23455', win: 'm1', selfDraw: true }],
  ['allRevealed', { hand: 'z11', win: 'z1', selfDraw: false, discarder: 1, melds: ['m123', 'p456', 's789', 'm999'] }],
  ['luckyFlower', { hand: 'm123456p789s234z11', win: 'm1', selfDraw: true, flowers: 1, luckyFlower: true }],
  ['robKong', { hand: 'm123456p789s234z11', win: 'm1', selfDraw: false, discarder: 1, robKong: true }],
  ['soloPiece', { hand: 'm123456p789s234z11', win: 'z1', selfDraw: true }],
  ['tileOfDay', { hand: 'm123456p789s234z11', win: 'm1', selfDraw: true, tileOfDay: tileKind('m1') }],
  ['allConcealed', { hand: 'm123456p789s234z11', win: 'm1', selfDraw: true }],
  ['threeConcealedPongs', { hand: 'm111p999s555m234z11', win: 'm2', selfDraw: true }],
  ['suitBonus', { hand: 'm111333z22', win: 'z2', selfDraw: false, discarder: 1, melds: ['m555', 'z777'] }],
];

describe('chinese-american extras', () => {
  for (const [key, c] of EXTRA_CASES) {
    it(`${c.hand} has ${key}`, () => {
      const r = key === 'suitBonus' ? rules({ baseCombination: 'additive', specialHands: ['H2'] }) : R;
      expect(extras(c, r)[key]).toBe(EXTRAS.find((e) => e.key === key)!.points * (key === 'flowerEach' ? 3 : 1));
    });
  }

  it('every extra is covered by a case', () => {
    expect(EXTRAS.map((e) => e.key).filter((k) => !EXTRA_CASES.some(([key]) => key === k))).toEqual([]);
  });

  it('withheld by the row: no honorSet with the wind rows, no allConcealed with UNREVEALED rows, allWinds only with pairs and orphans', () => {
    expect(extras(ROW_CASES.find(([id]) => id === 'H10')![1]).honorSet).toBeUndefined();
    expect(extras(ROW_CASES.find(([id]) => id === 'H15')![1]).allConcealed).toBeUndefined();
    expect(extras(ROW_CASES.find(([id]) => id === 'H18')![1])).toMatchObject({ allWinds: 6, allDragons: 4 });
    expect(extras(ROW_CASES.find(([id]) => id === 'H18')![1], rules({ orphansGetWindDragonBonus: false })).allWinds).toBeUndefined();
    expect(extras(ROW_CASES.find(([id]) => id === 'H9')![1]).allWinds).toBeUndefined();
  });

  it('noHonorsScope = sets: a hand of no sets (thirteen wonders, seven pairs) takes the tile test, whatever its row', () => {
    const sets = rules({ noHonorsScope: 'sets' });
    // Fast Win (H21) on thirteen wonders, or on seven pairs holding honours: no "no honours".
    expect(extras({ hand: 'm19p19s19z12345677', win: 'z7', selfDraw: true, fastWin: true }, sets)).not.toHaveProperty('noHonors');
    expect(score({ hand: 'm1133p55z11223344', win: 'z3', selfDraw: true, fastWin: true }, sets).row).toBe('H21');
    expect(extras({ hand: 'm1133p55z11223344', win: 'z3', selfDraw: true, fastWin: true }, sets)).not.toHaveProperty('noHonors');
    // Sets read as sets: honour pairs are no honour pong.
    expect(extras({ hand: 'm123456p789s234z11', win: 'm1', selfDraw: true }, sets)).toHaveProperty('noHonors');
  });

  it('noFlowersNoHonors: +1 on top of its two parts, or (not cumulative) not paid, the parts +1 each', () => {
    const c = EXTRA_CASES.find(([k]) => k === 'noFlowersNoHonors')![1];
    expect(extras(c)).toMatchObject({ noFlowers: 1, noHonors: 1, noFlowersNoHonors: 1 });
    const off = extras(c, rules({ noFlowersNoHonorsCumulative: false }));
    expect(off).toMatchObject({ noFlowers: 1, noHonors: 1 });
    expect(off.noFlowersNoHonors).toBeUndefined();
    expect(score(c).total - score(c, rules({ noFlowersNoHonorsCumulative: false })).total).toBe(1);
  });
});

describe('chinese-american score lines', () => {
  it('null is no value: a self-draw with discarder null, no tile of the day', () => {
    const ca = chineseAmericanRuleset;
    const win = { concealed: 'm123456p789s234z11', winTile: 'm1', winType: 'selfDraw' };
    const s = scoreLine(ca, { ...win, discarder: null, tileOfDay: null, retains: null }, R);
    expect(s).toEqual(scoreLine(ca, win, R));
    expect(s.breakdown.map((b) => b.name)).not.toContain('tileOfDay');
    expect(scoreLine(ca, { ...win, tileOfDay: 'm1' }, R).breakdown.map((b) => b.name)).toContain('tileOfDay');
    // A discard win with discarder null is paid by the seat before the winner, as when it is left out.
    const ron = { concealed: 'm123456p789s234z11', winTile: 'm1', winType: 'discard', seatWind: 'S' };
    expect(scoreLine(ca, { ...ron, discarder: null }, R).payments).toEqual(scoreLine(ca, ron, R).payments);
  });
});

describe('chinese-american: seven pairs holding four of a kind (sevenPairsAllowQuad)', () => {
  const quads = rules({ sevenPairsAllowQuad: true });
  const ca = chineseAmericanRuleset;
  const line = { concealed: 'm1111p2255s3377z11', winTile: 'z1', winType: 'selfDraw' };

  it('score and hand take the hand the game plays: H15, z1 its one wait (soloPiece)', () => {
    const s = scoreLine(ca, line, quads);
    expect(s).toMatchObject({ legal: true, row: 'H15 Seven Pairs Unrevealed' });
    expect(s.breakdown.map((b) => b.name)).toContain('soloPiece');
    expect(() => scoreLine(ca, line, R)).toThrow(/not a complete hand/);
    const ready = parseTiles('m1111p2255s3377z1');
    expect(ca.evaluator(quads).shanten(ready, 0)).toBe(0);
    expect(improvingKinds(ca, quads, ready, 0, ready)).toEqual([tileKind('z1')]);
    expect(ca.evaluator(R).shanten(ready, 0)).toBe(2);
  });

  it('Korean seven pairs likewise', () => {
    const korean = koreanRuleset;
    const k = resolveRules(koreanSchema, [{ where: 'test', values: { sevenPairsAllowQuad: true } }]);
    expect(scoreLine(korean, { concealed: 'm1111p2255z113377', winTile: 'z1', winType: 'selfDraw' }, k).legal).toBe(true);
  });
});

describe('chinese-american payments', () => {
  const win: Case = { hand: 'm123456p789s234z11', win: 'm1', selfDraw: true, seatWind: 2, retains: 1 };
  it('a non-dealer self-draw: the dealer adds D = 1 + 2R, the others pay V; allPayers adds D for everyone', () => {
    const v = score(win).total;
    expect(score(win).payments).toEqual({ E: v + 3, S: v, N: v });
    expect(score(win, rules({ dealerBonusScope: 'allPayers' })).payments).toEqual({ E: v + 3, S: v + 3, N: v + 3 });
  });
  it('a last-tile self-draw doubles V + D; limit caps each payment after the double', () => {
    const v = score(win).total;
    expect(score({ ...win, lastTile: true }).payments).toEqual({ E: 2 * (v + 3), S: 2 * v, N: 2 * v });
    expect(score({ ...win, lastTile: true }, rules({ limit: 10 })).payments).toEqual({ E: 10, S: 10, N: 10 });
  });
});
