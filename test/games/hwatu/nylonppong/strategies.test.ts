import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { parseSpec, type Strategy } from '../../../../src/core/strategy.js';
import { Arm } from '../../../../src/experiment/arm.js';
import { DECLARE, discardOf, DRAW, JAYEON, PPONG, STOP } from '../../../../src/games/hwatu/nylonppong/actions.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import type { NylonState } from '../../../../src/games/hwatu/nylonppong/state.js';
import { nylonppongStrategies } from '../../../../strategies/nylonppong/index.js';
import { failedStopChance, probScoreAtMost } from '../../../../strategies/nylonppong/careful.js';
import { act, rig, rules, type Position } from './rig.js';

const make = (spec: string, over: Record<string, unknown> = {}): Strategy => {
  const r = rules(over);
  const p = parseSpec(spec, nylonppongStrategies, 'nylonppong', r);
  return nylonppongStrategies.find((d) => d.name === p.name)!.make(p.params, r);
};

const buf = new Int16Array(64);
const choice = (st: Strategy, s: NylonState): number => {
  const n = nylonppong.legal(s, buf);
  return st.choose(nylonppong.view(s, s.cur), buf, n, new Rng('choice'));
};

const stopPos = (s0: string, s1: string): Position => ({ hands: [s0, s1, '5a 6a 7a 8a 9a', '10a 11a 12a 1b 2b'], ponged: [0, 1] });

describe('basic (the reference bot, exactly as the issue defines it)', () => {
  it('goes out by ppong rather than stop', () => {
    const s = rig({}, { hands: ['1a 3a 4a 5a 8b', '2b 2c', '7a 8a 9a 10a 11a', '12a 1b 3b 4b 6b'], draws: '2d', ponged: [1] });
    act(s, discardOf(2));
    expect(choice(make('basic'), s)).toBe(PPONG);
  });

  it('stops at a sum up to t, else draws', () => {
    expect(choice(make('basic'), rig({}, stopPos('1a 2a', '3a 4a')))).toBe(STOP);
    expect(choice(make('basic(t=3)'), rig({}, stopPos('1a 2a', '3a 4a')))).toBe(STOP);
    expect(choice(make('basic(t=2)'), rig({}, stopPos('1a 2a', '3a 4a')))).toBe(DRAW);
    expect(choice(make('basic(t=0)'), rig({}, stopPos('1a 2a', '3a 4a')))).toBe(DRAW);
  });

  it('calls ppong whenever it can', () => {
    const s = rig({}, { hands: ['1a 2a 3a 4a 8b', '6b 6c 9b 10b 11b', '7a 8a 9a 10a 11a', '12a 1b 2b 3b 4b'], draws: '6d' });
    act(s, discardOf(6));
    expect(choice(make('basic'), s)).toBe(PPONG);
  });

  it('discards the highest single month, else the highest card', () => {
    expect(choice(make('basic'), rig({}, { hands: ['1a 1b 5a 9a 12a', '*', '*', '*'], draws: '12b' }))).toBe(discardOf(9));
    expect(
      choice(
        make('basic', { 'combos.enabled': [] }),
        rig({ 'combos.enabled': [] }, { hands: ['1a 1b 5a 5b 9a', '*', '*', '*'], draws: '9b' }),
      ),
    ).toBe(discardOf(9));
  });

  it('declares a formed combination', () => {
    expect(choice(make('basic'), rig({}, { hands: ['1a 1b 2a 2b 3a', '*', '*', '*'], draws: '3b' }))).toBe(DECLARE);
  });

  it('goes out with a concealed triplet', () => {
    const s = rig(
      { concealedTriplet: true },
      { hands: ['1a 2a 3a 6a 8b', '9b 9c 9d 4a 4b', '7a 8a 10a 11a 12b', '12a 1b 2b 3b 5b'], draws: '4c' },
    );
    act(s, discardOf(4));
    expect(choice(make('basic', { concealedTriplet: true }), s)).toBe(JAYEON);
  });
});

describe('careful', () => {
  const all = new Uint8Array(13).fill(4);
  it('its score probabilities are exact for a full pool', () => {
    expect(probScoreAtMost(all, 48, 2, 10, false)).toBeCloseTo(175 / 564, 12);
    expect(probScoreAtMost(all, 48, 5, 10, false)).toBeCloseTo(53 / 107019, 12);
    expect(probScoreAtMost(all, 48, 5, 20, false)).toBeCloseTo(1025 / 19458, 12);
    expect(probScoreAtMost(all, 48, 5, 10, true)).toBeCloseTo(911 / 107019, 12);
    expect(probScoreAtMost(all, 48, 5, 5, false)).toBe(0);
  });

  it('estimates from the unseen cards and hand sizes', () => {
    const s = rig({}, stopPos('4b 6b', '3b 5b'));
    const chance = failedStopChance(nylonppong.view(s, 0));
    expect(chance).toBeGreaterThan(0.2);
    expect(chance).toBeLessThan(0.5);
    // Only the one other 2-card hand matters much: P(2 unseen cards sum to 10 or less).
    const v = nylonppong.view(s, 0);
    const u = new Uint8Array(13);
    const total = v.unseen(u);
    expect(chance).toBeGreaterThan(probScoreAtMost(u, total, 2, 10, false));
  });

  it('stops only when the estimate is below k', () => {
    const s = rig({}, stopPos('4b 6b', '3b 5b'));
    expect(choice(make('careful(k=0.6)'), s)).toBe(STOP);
    expect(choice(make('careful(k=0.1)'), s)).toBe(DRAW);
    const low = rig({}, stopPos('1a 1c', '3b 5b'));
    expect(choice(make('careful(k=0.1)'), low)).toBe(STOP);
  });
});

describe('defensive', () => {
  // Seat 1 (next) holds 2 cards; three 11s are visible (two on the discard pile), so an 11 is safe.
  const pos: Position = {
    hands: ['12a 11a 3a 4a 8b', '1c 2c', '5a 6a 7a 9a 10a', '5b 6b 7b 9b 10b'],
    draws: '2a',
    ponged: [1],
    discards: [
      ['11b', 2],
      ['11c', 3],
    ],
  };
  it('shuns a month a 2-card next player may hold as a pair', () => {
    expect(choice(make('basic'), rig({}, pos))).toBe(discardOf(12));
    expect(choice(make('defensive(q=0)'), rig({}, pos))).toBe(discardOf(12));
    expect(choice(make('defensive(q=1)'), rig({}, pos))).toBe(discardOf(11));
  });

  it('plays like basic when nobody can go out on its discard', () => {
    const calm = { ...pos, hands: ['12a 11a 3a 4a 8b', '1c 2c 3c 4c 5c', '5a 6a 7a 9a 10a', '5b 6b 7b 9b 10b'], ponged: [] };
    expect(choice(make('defensive(q=1)'), rig({}, calm))).toBe(discardOf(12));
  });
});

describe('seeker', () => {
  it('keeps an open straight draw that basic breaks', () => {
    const pos: Position = { hands: ['8a 9a 10a 11a 2a', '*', '*', '*'], draws: '12a' };
    expect(choice(make('basic'), rig({}, pos))).toBe(discardOf(12));
    expect(choice(make('seeker'), rig({}, pos))).toBe(discardOf(2));
  });

  it('keeps a 5-card hand with outs rather than ppong, but ppongs when the rest keeps a pair', () => {
    const over = { 'combos.enabled': ['straight', 'daeppang'], 'combos.daeppangThreshold': 60 };
    const base = (s1: string): Position => ({ hands: ['1a 2a 3a 4a 8b', s1, '7a 8a 9a 10a 11a', '5a 1b 2b 3b 4b'], draws: '12c' });
    // 12 12 11 10 9 = 54: any card of 6 or more makes 60.
    const outs = rig(over, base('12a 12b 11b 10b 9b'));
    act(outs, discardOf(12));
    expect(choice(make('seeker', over), outs)).toBe(DRAW);
    expect(choice(make('basic', over), outs)).toBe(PPONG);
    const pairLeft = rig(over, base('12a 12b 9b 9c 6b'));
    act(pairLeft, discardOf(12));
    expect(choice(make('seeker', over), pairLeft)).toBe(PPONG);
  });
});

describe('every strategy plays only legal moves under every preset', () => {
  for (const preset of Object.keys(nylonppong.schema.presets)) {
    it(preset, () => {
      const r = resolveRules(nylonppong.schema, [{ where: preset, values: nylonppong.schema.presets[preset]!.set }]);
      const specs = ['random', 'basic', 'careful', 'seeker', 'defensive'];
      for (let k = 0; k < specs.length; k++) {
        const lineup = Array.from({ length: r.players }, (_, i) =>
          parseSpec(specs[(k + i) % specs.length]!, nylonppongStrategies, 'nylonppong', r),
        );
        const arm = new Arm(nylonppong, r, lineup, nylonppongStrategies);
        for (let i = 0; i < 60; i++) arm.play(`legal/${preset}`, k, i, i % r.players);
      }
    });
  }
});
