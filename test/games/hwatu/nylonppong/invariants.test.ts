import { describe, expect, it } from 'vitest';
import { Arm } from '../../../../src/experiment/arm.js';
import { parseSpec } from '../../../../src/core/strategy.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import type { NylonRules } from '../../../../src/games/hwatu/nylonppong/rules.js';
import { END_COMBO, type NylonState } from '../../../../src/games/hwatu/nylonppong/state.js';
import { nylonppongStrategies } from '../../../../strategies/nylonppong/index.js';
import { randomSimTest } from '../../../support/drivers.js';
import { conservationError } from './conservation.js';

const presets = Object.keys(nylonppong.schema.presets);
const resolve = (preset: string | null, over: Record<string, unknown> = {}): NylonRules =>
  resolveRules(nylonppong.schema, [
    { where: 'preset', values: preset ? nylonppong.schema.presets[preset]!.set : {} },
    { where: 'test', values: over },
  ]);

/** Hand sizes at the end of a round: what the deal leaves after whole ppongs (5, 2, 0), the declarer's 6. */
function sizesError(s: NylonState): string | null {
  const h = s.cfg.handSize;
  for (let k = 0; k < s.n; k++) {
    const size = s.size[k]!;
    const ok = s.end === END_COMBO && k === s.ender ? size === 6 : size === 0 || (size <= h && (h - size) % 3 === 0);
    if (!ok) return `seat ${k} ends the round with ${size} cards`;
  }
  return null;
}

function run(r: NylonRules, games: number, seed: string): void {
  randomSimTest({
    game: nylonppong,
    rules: r,
    games,
    seed,
    maxSteps: r.rounds * 600,
    check: (s) => {
      const err = conservationError(s);
      if (err) expect.fail(err);
    },
    // Plain checks, not expect(): this runs for each of thousands of games.
    checkReturns: (ret, s) => {
      const err = sizesError(s);
      if (err && r.rounds === 1) expect.fail(err);
      const sum = ret.reduce((a, b) => a + b, 0);
      if (r.scoring === 'moneyRanking' && sum !== 0) expect.fail(`the payments sum to ${sum}`);
      for (let k = 0; k < s.n; k++) {
        let total = 0;
        for (let i = 0; i < r.rounds; i++) total += s.recScore[i * s.n + k]!;
        if (ret[k] !== total) expect.fail(`seat ${k} returns ${ret[k]}, its rounds' scores sum to ${total}`);
      }
      let ends = 0;
      nylonppong.rates(s, (name, k, n) => {
        if (name.startsWith('end') && name !== 'endGoOutConcealed') ends += k;
        if (k > n) expect.fail(`rate ${name}: ${k} of ${n}`);
      });
      if (ends !== r.rounds) expect.fail(`${ends} round ends in a game of ${r.rounds} rounds`);
    },
  });
}

describe('random play keeps every invariant under every preset', () => {
  for (const preset of presets) {
    it(`${preset}: whole games`, () => run(resolve(preset), 150, `inv/${preset}`));
    it(`${preset}: single rounds end with 5, 2 or 0 cards`, () => run(resolve(preset, { rounds: 1 }), 600, `inv1/${preset}`));
  }
});

describe('random play under other option settings', () => {
  const variants: Record<string, unknown>[] = [
    { players: 2 },
    { players: 3 },
    { players: 5 },
    { players: 6 },
    { players: 3, handSize: 8 },
    { handSize: 2 },
    { pongTiming: 'anyTime', pongWhenPileEmpty: false, reshuffleLimit: 3, reshuffleKeepsTopDiscard: false },
    { direction: 'cw', nextStarter: 'roundLoser', stopTieFails: false, stopCompareWith: 'pongedPlayersOnly' },
    {
      scoring: 'moneyRanking',
      players: 5,
      'combos.enabled': ['straight', 'daeppang'],
      'combos.straightWrap': true,
      'combos.daeppangThreshold': 60,
    },
    { scoring: 'moneyRanking', players: 3, moneyPaymentVector: [3, 0, -3], concealedTriplet: true, concealedTripletAloneEnds: true },
    { 'combos.declareOptional': false, jayeonPpongLayDown: true, concealedTriplet: true, concealedTripletScoring: 'count' },
    { stopLimit: 24, failedStopVictimScoresZero: true, stopSuccessBonus: 'limitMinusSum', stopRequiresOtherPong: true },
  ];
  for (const v of variants) {
    it(JSON.stringify(v), () => {
      run(resolve(null, v), 120, `var/${JSON.stringify(v)}`);
      run(resolve(null, { ...v, rounds: 1 }), 300, `var1/${JSON.stringify(v)}`);
    });
  }
});

it('a game depends only on its seed: Math.random between moves changes nothing', () => {
  const r = resolve('bbong');
  const specs = ['basic', 'careful', 'seeker', 'random'].map((x) => parseSpec(x, nylonppongStrategies, 'nylonppong', r));
  const play = (noise: boolean) => {
    const arm = new Arm(nylonppong, r, specs, nylonppongStrategies);
    const out: number[] = [];
    for (let i = 0; i < 50; i++) {
      if (noise) Math.random();
      arm.play('det', 0, i, i % 4);
      out.push(...arm.returns);
      if (noise) for (let j = 0; j < i; j++) Math.random();
    }
    return out;
  };
  expect(play(true)).toEqual(play(false));
});
