import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../../../src/core/rules.js';
import { korean } from '../../../../src/games/mahjong/korean/game.js';
import { koreanSchema, type KoreanRules } from '../../../../src/games/mahjong/korean/rules.js';
import { tilesConserved } from '../table/conservation.js';
import { randomSimTest } from '../../../support/drivers.js';
import { Table } from '../../../../src/core/play.js';
import { Rng } from '../../../../src/core/rng.js';
import type { Strategy } from '../../../../src/core/strategy.js';
import { koreanStrategies } from '../../../../strategies/korean/index.js';

const presets = Object.keys(koreanSchema.presets);

describe('korean invariants', () => {
  for (const preset of presets) {
    it(`random play keeps tiles and zero-sum payments (${preset})`, () => {
      const rules = resolveRules<KoreanRules>(koreanSchema, [
        { where: 'preset', values: koreanSchema.presets[preset]!.set },
        { where: 'test', values: { handsPerSession: 4 } },
      ]);
      randomSimTest({
        game: korean,
        rules,
        games: 150,
        seed: `korean-${preset}`,
        maxSteps: 4 * 400,
        check: (s) => tilesConserved(s),
        checkReturns: (ret) => {
          let sum = 0;
          for (const x of ret) sum += x;
          expect(sum).toBe(0);
        },
      });
    });
  }
  it('chow calls, all-win multi-ron, dead wall, quads in seven pairs, seat draws', () => {
    const rules = resolveRules<KoreanRules>(koreanSchema, [
      {
        where: 'test',
        values: {
          chowCalls: 'leftOnly',
          multiRon: 'all',
          deadWall: 14,
          sevenPairsAllowQuad: true,
          handsPerSession: 4,
          jumpPenalty: { payEach: 3 },
          pairing: 'seats',
        },
      },
    ]);
    randomSimTest({
      game: korean,
      rules,
      games: 300,
      seed: 'korean-variants',
      maxSteps: 1600,
      check: (s) => tilesConserved(s),
      checkReturns: (ret) => expect(ret.reduce((a, b) => a + b, 0)).toBe(0),
    });
  });
});

describe('korean determinism', () => {
  it('a session depends only on its seed: Math.random between moves changes nothing', () => {
    const rules = resolveRules<KoreanRules>(koreanSchema, [{ where: 'test', values: { handsPerSession: 3 } }]);
    const play = (noise: boolean) => {
      const specs = ['uper-always', 'fold-vs-uper', 'uper-wait', 'efficiency'];
      const bots = specs.map((name): Strategy => {
        const inner = koreanStrategies
          .find((d) => d.name === name)!
          .make(Object.fromEntries(koreanStrategies.find((d) => d.name === name)!.params.map((p) => [p.name, p.default as number])), rules);
        return {
          choose: (v, l, n, g) => {
            if (noise) Math.random();
            return inner.choose(v, l, n, g);
          },
        };
      });
      const trace: string[] = [];
      new Table(korean, rules, bots, specs).play(
        new Rng('det/deal'),
        [0, 1, 2, 3].map((k) => new Rng(`det/seat${k}`)),
        trace,
      );
      return trace;
    };
    const quiet = play(false);
    expect(quiet.some((l) => / wins /.test(l))).toBe(true);
    expect(play(true)).toEqual(quiet);
  });
});
