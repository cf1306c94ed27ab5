// The worked examples of korean/RULES.md (TV1-TV3) through scoreHand, and its readings.

import { describe, expect, it } from 'vitest';
import type { Meld } from '../../../../src/games/mahjong/decompose.js';
import { scoreHand, type HandInput } from '../../../../src/games/mahjong/korean/scoring.js';
import { parseTiles } from '../../../../src/games/mahjong/tiles.js';
import { koreanRules, t } from './rig.js';

const r = koreanRules();
const score = (tiles: string, win: string, selfDraw: boolean, extra: Partial<HandInput> = {}, rules = r) =>
  scoreHand({ concealed: parseTiles(tiles), winTile: t(win), selfDraw, ...extra }, rules);
const names = (s: ReturnType<typeof scoreHand>) => s.breakdown.map((b) => b.name);
const kong = (tile: string, concealed: boolean): Meld => ({ kind: 'kong', tile: t(tile), concealed });
const pung = (tile: string): Meld => ({ kind: 'pung', tile: t(tile), concealed: false });

describe('korean scoring: worked examples', () => {
  it('TV1: uper, concealed kong, win on the replacement Rd = 22', () => {
    const s = score('m345678z77755', 'z7', true, { melds: [kong('p2', true)], seatWind: 1, uper: 'uper', kongReplacement: true });
    expect(s).toMatchObject({ legal: true, basic: 3, bonus: 6, dora: 3, ante: 10, total: 22 });
    expect(names(s)).toEqual(['dragon pung', 'concealed hand', 'fully concealed self-draw', 'uper', 'win on kong', 'korean dora', 'ante']);
  });

  it('TV2: uper self-draw on 8p = 15, no all sequences on a self-draw', () => {
    const s = score('m23445556p345678', 'p8', true, { uper: 'uper' });
    expect(s).toMatchObject({ legal: true, basic: 3, bonus: 1, dora: 1, ante: 10, total: 15 });
    expect(names(s)).toEqual(['concealed hand', 'fully concealed self-draw', 'all simples', 'uper', 'korean dora', 'ante']);
  });

  it('TV2b: the same hand on a discard 8p = 10 (the discarder pays 20)', () => {
    const s = score('m23445556p345678', 'p8', false, { uper: 'uper' });
    expect(s).toMatchObject({ legal: true, basic: 3, bonus: 1, dora: 1, ante: 5, total: 10 });
    expect(names(s)).toContain('all sequences');
  });

  it('TV3: the invalid uper hand is only 1 basic point on a discard', () => {
    const s = score('m111567p234678m99', 'p8', false);
    expect(s).toMatchObject({ legal: false, basic: 1 });
    expect(s.reason).toMatch(/only 1 basic point/);
    expect(score('m111567p234678m99', 'p8', true)).toMatchObject({ legal: true, basic: 2 });
  });
});

describe('korean scoring: readings', () => {
  it('a discard completing a pung leaves it open when no other reading takes the tile', () => {
    // Four concealed pungs on a self-draw; the discard z1 opens its pung: three on a discard.
    expect(names(score('m111p999z11122233', 'z1', true))).toContain('four concealed pungs');
    const ron = names(score('m111p999z11122233', 'z1', false));
    expect(ron).toContain('three concealed pungs');
    expect(ron).not.toContain('four concealed pungs');
    // m3 can sit in the chow m123 instead of the pung m333: the pung stays concealed.
    expect(names(score('m123333p111z22233', 'm3', false))).toContain('three concealed pungs');
  });

  it('graded yaku do not stack unless gradedYakuStack', () => {
    const four = score('m111p999z11122233', 'z3', true);
    expect(names(four)).toContain('four concealed pungs');
    expect(names(four)).not.toContain('three concealed pungs');
    const stacked = score('m111p999z11122233', 'z3', true, {}, koreanRules({ gradedYakuStack: true }));
    expect(names(stacked)).toEqual(expect.arrayContaining(['four concealed pungs', 'three concealed pungs']));
    expect(names(score('m11123455678999', 'm5', true))).toEqual(expect.arrayContaining(['full flush', 'nine gates']));
    expect(names(score('m11123455678999', 'm5', true))).not.toContain('half flush');
    expect(names(score('m11123455678999', 'm9', true))).not.toContain('nine gates');
  });

  it('seven pairs: B13 plus tile yaku only; four of a kind per sevenPairsAllowQuad', () => {
    const s = score('m1133p2255z113355', 'z5', true);
    expect(s.basic).toBe(4 + 1 + 1);
    expect(names(s)).toEqual(expect.arrayContaining(['seven pairs', 'concealed hand', 'fully concealed self-draw']));
    expect(score('m11113355p223344', 'm5', false).legal).toBe(false);
    expect(score('m11113355p223344', 'm5', false, {}, koreanRules({ sevenPairsAllowQuad: true })).basic).toBe(4 + 1);
    expect(score('m1133p2255z113355', 'z5', true, {}, koreanRules({ sevenPairs: 2 })).basic).toBe(2 + 1 + 1);
  });

  it('value pungs: dragons add inside big three dragons; double wind replaces seat + prevalent', () => {
    // Concealed 1 + three dragon pungs 3 + big three dragons 8 + three concealed pungs 4.
    expect(score('m123z555666777p99', 'p9', false).basic).toBe(1 + 3 + 8 + 4);
    const dbl = score('m123456p789p99z111', 'z1', false, { seatWind: 0, roundWind: 0 });
    expect(dbl.breakdown).toContainEqual({ name: 'double wind', points: 2 });
    const noPrevalent = names(
      score('m123456p789p99z111', 'z1', false, { seatWind: 0, roundWind: 0 }, koreanRules({ prevalentWindYaku: false })),
    );
    expect(noPrevalent).toContain('seat wind');
    expect(noPrevalent).not.toContain('double wind');
  });

  it('all sequences: no value pair, discard win only, two-sided wait when required', () => {
    expect(names(score('m123456p234789z11', 'm1', false, { seatWind: 1 }))).not.toContain('all sequences');
    expect(names(score('m123456p234789m99', 'm1', false))).toContain('all sequences');
    const twoSided = koreanRules({ pinfuRequiresTwoSidedWait: true });
    expect(names(score('m123456p234789m99', 'm1', false, {}, twoSided))).toContain('all sequences');
    expect(names(score('m123456p234789m99', 'm2', false, {}, twoSided))).not.toContain('all sequences');
    expect(names(score('m123456p234789z55', 'm1', false, {}, koreanRules({ pinfuPairBan: 'seatWindOnly' })))).toContain('all sequences');
  });

  it('bonus: flowers, last tile with 1p, win on kong with 5p; dora counts melds per option', () => {
    const s = score('m123456p11155z777', 'p1', true, { flowers: 4, last: true });
    expect(names(s)).toEqual(expect.arrayContaining(['flowers', 'all four flowers', 'last tile self-draw with 1p']));
    expect(s.bonus).toBe(4 + 8 + 8);
    expect(score('m123456p11155z777', 'p1', true, { flowers: 4 }, koreanRules({ allFlowersAdditive: false })).bonus).toBe(8);
    expect(score('m123456p55z777', 'p5', true, { melds: [pung('m9')], kongReplacement: true }).breakdown).toContainEqual({
      name: 'win on kong with 5p',
      points: 8,
    });
    expect(score('m123456p123p99', 'p9', false, { melds: [pung('z7')] })).toMatchObject({ legal: false, basic: 1 });
    const dora = (rules = r) => score('m123456p99', 'm3', false, { melds: [pung('m3'), pung('p5')] }, rules).dora;
    expect(dora()).toBe(1 + 3);
    expect(dora(koreanRules({ doraCountsMelds: false }))).toBe(1);
  });

  it('ante by win type, cap and other yaku tables', () => {
    expect(score('m123456p789p99z111', 'z1', true).ante).toBe(10);
    expect(score('m123456p99z777', 'z7', true, { melds: [pung('m9')] }).ante).toBe(5);
    expect(score('m123456p789p99z111', 'z1', false).ante).toBe(5);
    expect(score('m11123455678999', 'm5', true, {}, koreanRules({ cap: 40 })).total).toBe(40);
    expect(score('m11123455678999', 'm5', true, {}, koreanRules({ yakuValues: 'coffee' })).basic).toBe(1 + 1 + 6 + 48);
  });

  it('bad input: five of a tile with melds, bamboo, a missing winning tile', () => {
    expect(() => score('m123z777p99', 'z7', false, { melds: [pung('m5'), kong('z7', false)] })).toThrow(/z7 appears 7 times/);
    expect(() => scoreHand({ concealed: parseTiles('m123456789s11122'), winTile: t('m1'), selfDraw: true }, r)).toThrow(/no bamboo/);
    expect(() => score('m123456789p11122', 'z1', true)).toThrow(/winning tile must be one of the concealed tiles/);
  });
});
