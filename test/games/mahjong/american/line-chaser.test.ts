import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../../../src/core/rules.js';
import { american, type AmericanView } from '../../../../src/games/mahjong/american/game.js';
import { americanSchema, rulesCard, type AmericanRules } from '../../../../src/games/mahjong/american/rules.js';
import { OVER } from '../../../../src/games/mahjong/table/state.js';
import { LineChaser, type ChaserHooks, type ChaserParams } from '../../../../strategies/american/chaser.js';
import { randomSimTest } from '../../../support/drivers.js';

/** The line chaser's ranking as it was first written: every line in order, inserted into a sorted top k by weight. */
function plainTargets(v: AmericanView, p: ChaserParams, allowed: (line: number) => boolean): { targets: number[]; weights: number[] } {
  const l = v.lines;
  const value = v.index.value;
  const targets: number[] = [];
  const weights: number[] = [];
  for (let line = 0; line < value.length; line++) {
    const a = l.lineAway(line);
    if (a >= 99 || !allowed(line)) continue;
    const w = value[line]! * p.q ** a;
    let i = weights.length;
    while (i > 0 && weights[i - 1]! < w) i--;
    if (i >= p.k) continue;
    weights.splice(i, 0, w);
    targets.splice(i, 0, l.lineVariant(line));
    weights.length = targets.length = Math.min(p.k, weights.length);
  }
  return { targets, weights };
}

describe('american line chaser ranking', () => {
  const rules = resolveRules<AmericanRules>(americanSchema, [{ where: 'test', values: { handsPerSession: 1 } }]);
  const lines = rulesCard(rules).lines.length;
  const cases: [string, ChaserParams, ChaserHooks, (line: number) => boolean][] = [
    ['defaults', { k: 3, q: 0.5, x: 1, v: 5, b: 1 }, {}, () => true],
    // q = 1: a line's weight is its value, so that many lines tie (the earlier line first).
    ['q = 1, k = 8', { k: 8, q: 1, x: 1, v: 5, b: 1 }, {}, () => true],
    ['q = 0.3, k = 1', { k: 1, q: 0.3, x: 1, v: 5, b: 1 }, {}, () => true],
    [
      'every other line allowed',
      { k: 5, q: 0.8, x: 1, v: 5, b: 1 },
      { lineAllowed: (_v, line) => line % 2 === 1 },
      (line) => line % 2 === 1,
    ],
  ];
  for (const [name, p, hooks, allowed] of cases) {
    it(`the top k lines and their weights equal the plain insertion's over random play (${name})`, () => {
      const chasers = [0, 1, 2, 3].map(() => new LineChaser(p, lines, hooks));
      const rank = (c: LineChaser, v: AmericanView): { targets: number[]; weights: number[] } => {
        const internals = c as unknown as { rank(v: AmericanView): void; targets: Int32Array; weight: Float64Array; nt: number };
        internals.rank(v);
        return {
          targets: Array.from(internals.targets.subarray(0, internals.nt)),
          weights: Array.from(internals.weight.subarray(0, internals.nt)),
        };
      };
      let ranked = 0;
      randomSimTest({
        game: american,
        rules,
        games: 60,
        seed: `am-chaser-rank-${name}`,
        maxSteps: 2000,
        check: (s) => {
          if (s.phase === OVER) return;
          const v = american.view(s, s.cur) as AmericanView;
          const got = rank(chasers[s.cur]!, v);
          const want = plainTargets(v, p, allowed);
          if (JSON.stringify(got) !== JSON.stringify(want)) expect(got).toEqual(want);
          ranked++;
        },
      });
      expect(ranked).toBeGreaterThan(5000);
    });
  }
});
