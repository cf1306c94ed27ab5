import { describe, expect, it } from 'vitest';
import { inputErrorLine as error } from '../../../support/errors.js';
import { parseSets, resolveRules } from '../../../../src/core/rules.js';
import { koreanSchema, type KoreanRules } from '../../../../src/games/mahjong/korean/rules.js';

const resolve = (values: Record<string, unknown>, strings = false) =>
  resolveRules<KoreanRules>(koreanSchema, [{ where: 'rules.json', values, strings }]);

describe('korean rules', () => {
  it('defaults are the Options table of RULES.md', () => {
    const r = resolve({});
    expect(r).toMatchObject({
      tileSet: 'korean104',
      flowersScore: 1,
      allFlowersBonus: 8,
      deadWall: 0,
      chowCalls: 'none',
      multiRon: 'headBump',
      sevenPairs: 4,
      sevenPairsAllowQuad: false,
      thirteenOrphans: false,
      prevalentWindYaku: true,
      pinfuOnlyOnRon: true,
      pinfuPairBan: 'seatPrevalentDragon',
      pinfuRequiresTwoSidedWait: false,
      allSimplesOpenAllowed: true,
      gradedYakuStack: false,
      doraCountsMelds: true,
      allFlowersAdditive: true,
      'ante.concealedTsumo': 10,
      'ante.openTsumo': 5,
      'ante.ron': 5,
      ronMultiplier: 2,
      openUperRonMultiplier: 3,
      dealerMultiplier: 1,
      cap: null,
      uperMinWall: 4,
      uperRonCheck: 'allWaits',
      uperAllowConcealedKong: true,
      uperWhileFuriten: 'selfDrawOnly',
      openUper: false,
      tempFuritenScope: 'sameTile',
      identicalFuriten: 'blocksAllRon',
      stemRule: 'allDiscards',
      furitenIncludesClaimed: true,
      afterUperMissedWin: 'permanentNoRon',
      afterUperDiscardWinningTile: 'dead',
      jumpPenalty: 'deadHand',
      exhaustiveDrawPayment: 'none',
      dealerRotation: 'renchanOnDealerWin',
      handsPerSession: 32,
    });
  });

  it('every preset resolves', () => {
    for (const [name, p] of Object.entries(koreanSchema.presets)) {
      expect(() => resolveRules(koreanSchema, [{ where: `preset ${name}`, values: p.set }]), name).not.toThrow();
    }
  });

  it('reads nested rules files and --set strings', () => {
    expect(resolve({ ante: { ron: 10 } })['ante.ron']).toBe(10);
    const r = resolve(parseSets(['cap=80', 'jumpPenalty=payEach:5', 'stemRule=none', 'sevenPairs=2', 'openUper=true']), true);
    expect([r.cap, r.jumpPenalty, r.stemRule, r.sevenPairs, r.openUper]).toEqual([80, { payEach: 5 }, 'none', 2, true]);
    expect(resolve({ jumpPenalty: { payEach: 3 }, cap: null })).toMatchObject({ jumpPenalty: { payEach: 3 }, cap: null });
  });

  it('bad values: one line naming the file, the option and what is allowed', () => {
    expect(error(() => resolve({ stemRule: 'some' }))).toBe(
      'rules.json: korean option "stemRule" must be one of allDiscards, declarationOnly, none (got "some")',
    );
    expect(error(() => resolve({ uper: true }))).toMatch(/^rules\.json: unknown korean option "uper"; allowed options: tileSet, /);
    expect(error(() => resolve({ cap: 1 }))).toMatch(/"cap" must be null \(no cap\) or an integer from 2/);
    expect(error(() => resolve({ jumpPenalty: { payEach: -1 } }))).toMatch(/"jumpPenalty" must be "deadHand" or \{"payEach": N\}/);
    expect(error(() => resolve(parseSets(['deadWall=7']), true))).toMatch(/"deadWall" must be one of 0, 14 \(got "7"\)/);
    expect(error(() => resolve({ thirteenOrphans: true }))).toMatch(/^rules\.json: thirteenOrphans must be false/);
  });
});
