import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../../../src/core/rules.js';
import { american, type AmericanView } from '../../../../src/games/mahjong/american/game.js';
import { americanSchema, rulesCard, type AmericanRules } from '../../../../src/games/mahjong/american/rules.js';
import { CARD_KINDS } from '../../../../src/games/mahjong/american/card.js';
import { OVER } from '../../../../src/games/mahjong/table/state.js';
import { JOKER } from '../../../../src/games/mahjong/tiles.js';
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

describe('american line chaser weighing', () => {
  const rules = resolveRules<AmericanRules>(americanSchema, [{ where: 'test', values: { handsPerSession: 1 } }]);
  const lines = rulesCard(rules).lines.length;
  interface Internals {
    rank(v: AmericanView): void;
    weightWith(v: AmericanView, t: number, dj: number): number;
    worstTile(v: AmericanView, avoid: Uint8Array | null): number;
    planPass(v: AmericanView, from: number): void;
    plan: Int8Array;
    planLoss: Float64Array;
  }

  /** worstTile as first written: every held kind weighed, then the joker. */
  function plainWorst(c: Internals, v: AmericanView, avoid: Uint8Array | null): number {
    let best = -1;
    let bestW = -1;
    let bestAvoided = true;
    for (let i = 0; i <= CARD_KINDS; i++) {
      const t = i < CARD_KINDS ? i : JOKER;
      if (v.hand[t] === 0) continue;
      const w = t === JOKER ? c.weightWith(v, -1, -1) : c.weightWith(v, t, 0);
      const avoided = avoid !== null && t < CARD_KINDS && avoid[t] === 1;
      if (best < 0 || (bestAvoided && !avoided) || (avoided === bestAvoided && w > bestW)) {
        best = t;
        bestW = w;
        bestAvoided = avoided;
      }
    }
    return best;
  }

  /** planPass as first written: every held kind weighed, the three least losses kept, the earlier kind first among equals. */
  function plainPlan(c: Internals, v: AmericanView): string {
    const now = c.weightWith(v, -1, 0);
    const kept: [number, number][] = [];
    for (let t = 0; t < CARD_KINDS; t++) {
      if (v.hand[t] === 0) continue;
      const loss = now - c.weightWith(v, t, 0);
      let i = kept.length;
      while (i > 0 && loss < kept[i - 1]![1]) i--;
      kept.splice(i, 0, [t, loss]);
      kept.length = Math.min(3, kept.length);
    }
    return JSON.stringify(kept);
  }

  const cases: [string, ChaserParams][] = [
    ['defaults', { k: 3, q: 0.5, x: 1, v: 5, b: 1 }],
    // q = 1: a tile a target loses weighs nothing less unless the line goes out of reach: many kinds tie at the top.
    ['q = 1, k = 8', { k: 8, q: 1, x: 1, v: 5, b: 1 }],
    ['q = 0.01, k = 1', { k: 1, q: 0.01, x: 1, v: 5, b: 1 }],
  ];
  for (const [name, p] of cases) {
    it(`the discard and the pass chosen equal those of weighing every kind, over random play with kinds avoided at random (${name})`, () => {
      const chasers = [0, 1, 2, 3].map(() => new LineChaser(p, lines) as unknown as Internals);
      const avoid = new Uint8Array(CARD_KINDS);
      let rng = 1;
      let weighed = 0;
      let stopped = 0;
      randomSimTest({
        game: american,
        rules,
        games: 40,
        seed: `am-chaser-weigh-${name}`,
        maxSteps: 2000,
        check: (s) => {
          if (s.phase === OVER) return;
          const v = american.view(s, s.cur) as AmericanView;
          const c = chasers[s.cur]!;
          c.rank(v);
          // A fixed pseudo-random choice of kinds to avoid (none at every third check), so that the avoided path is taken too.
          for (let t = 0; t < CARD_KINDS; t++) avoid[t] = (rng = (rng * 1103515245 + 12345) & 0x7fffffff) % 5 === 0 ? 1 : 0;
          const a = weighed % 3 === 0 ? null : avoid;
          const got = c.worstTile(v, a);
          const want = plainWorst(c, v, a);
          if (got !== want) expect(got).toBe(want);
          c.planPass(v, 0);
          const plan = JSON.stringify(Array.from(c.plan, (t, i) => [t, c.planLoss[i]]).filter(([, loss]) => loss !== Infinity));
          const plain = plainPlan(c, v);
          if (plan !== plain) expect(plan).toBe(plain);
          if (c.planLoss[2] === 0) stopped++;
          weighed++;
        },
      });
      expect(weighed).toBeGreaterThan(3000);
      expect(stopped).toBeGreaterThan(100);
    });
  }
});
