import { describe, expect, it } from 'vitest';
import { inputErrorLine as error } from '../../../support/errors.js';
import { parseSets, resolveRules } from '../../../../src/core/rules.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';

const schema = nylonppong.schema;
const resolve = (values: Record<string, unknown>, strings = false) => resolveRules(schema, [{ where: 'rules.json', values, strings }]);

describe('rules validation', () => {
  it('defaults are those of RULES.md', () => {
    const r = resolve({});
    expect([r.players, r.handSize, r.rounds, r.stopLimit, r.failedStopPenalty, r.dealInPenalty]).toEqual([4, 5, 5, 10, 30, 30]);
    expect(r['combos.enabled']).toEqual(['threePairs', 'twoTriplets', 'fourAndPair', 'straight', 'tenOrLess']);
    expect([r.pongTiming, r.stopCompareWith, r.scoring, r.nextStarter]).toEqual([
      'ownTurnOnly',
      'allPlayers',
      'penaltyPoints',
      'mostPenaltyLastRound',
    ]);
  });

  it('every preset resolves', () => {
    for (const [name, p] of Object.entries(schema.presets)) {
      expect(() => resolveRules(schema, [{ where: `preset ${name}`, values: p.set }]), name).not.toThrow();
    }
  });

  it('reads nested rules files and --set strings', () => {
    expect(resolve({ combos: { enabled: ['straight'], straightWrap: true } })['combos.straightWrap']).toBe(true);
    const r = resolve(
      parseSets(['stopLimit=5', 'combos.enabled=straight,daeppang', 'dealInPenaltyConcealed=50', 'pongTiming=anyTime']),
      true,
    );
    expect([r.stopLimit, r['combos.enabled'], r.dealInPenaltyConcealed, r.pongTiming]).toEqual([
      5,
      ['straight', 'daeppang'],
      50,
      'anyTime',
    ]);
    expect(resolve(parseSets(['combos.straightValue=null']), true)['combos.straightValue']).toBeNull();
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['players out of range', { players: 7 }, 'rules.json: nylonppong option "players" must be an integer from 2 to 6 (got 7)'],
    ['stop limit not an integer', { stopLimit: 7.5 }, 'option "stopLimit" must be an integer from 0 to 24 (got 7.5)'],
    ['unknown option', { stoplimit: 5 }, 'unknown nylonppong option "stoplimit"'],
    ['unknown combination', { 'combos.enabled': ['flush'] }, 'option "combos.enabled" must be a list of distinct ids from threePairs'],
    ['bad daeppang threshold', { 'combos.daeppangThreshold': 64 }, 'must be one of 66, 65, 60 (got 64)'],
    ['bad pong timing', { pongTiming: 'never' }, 'option "pongTiming" must be one of ownTurnOnly, anyTime'],
    ['hand size that never reaches 2', { handSize: 4 }, 'option "handSize" must be 2, 5 or 8'],
    ['no draw pile', { players: 6, handSize: 8 }, 'leaves no draw pile'],
    [
      'lone triplet without the concealed-triplet rule',
      { concealedTripletAloneEnds: true },
      '"concealedTripletAloneEnds" needs "concealedTriplet": true',
    ],
    ['payment vector of the wrong length', { moneyPaymentVector: [2, 1, -1, -1, -1] }, 'needs one entry per player (4; got 5)'],
    ['payment vector not summing to 0', { moneyPaymentVector: [2, 1, -1, -1] }, 'must sum to 0'],
    ['increasing payment vector', { moneyPaymentVector: [-2, -1, 1, 2] }, 'must not increase from 1st to last'],
    ['negative penalty', { failedStopPenalty: -30 }, 'option "failedStopPenalty" must be an integer from 0 to 1000'],
  ];
  for (const [name, values, msg] of bad) {
    it(`rejects ${name} with one line`, () => expect(error(() => resolve(values))).toContain(msg));
  }

  it('rejects a bad --set string', () => {
    expect(error(() => resolve(parseSets(['stopLimit=ten']), true))).toContain(
      'option "stopLimit" must be an integer from 0 to 24 (got "ten")',
    );
    expect(error(() => resolve(parseSets(['stopTieFails=yes']), true))).toContain('must be true or false (got "yes")');
  });
});
