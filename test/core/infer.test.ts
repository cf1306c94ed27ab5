// The particle filter (core/infer.ts) moves its particles where many of them explain a step only
// by the softened policy's departure, though their weights stay even and no resampling comes.
// Before, particles that all departed alike were never moved on the way, and late in a mahjong
// hand their departures piled up (their hands explained several of the others' discards only as
// the policy's mistakes, where the true hands explained every one).
import { describe, expect, it } from 'vitest';
import type { GameDef, GameState } from '../../src/core/game.js';
import { InferredDealer, ParticleFilter, type Tracker } from '../../src/core/infer.js';
import { BEAT_DECISIONS, pulse } from '../../src/core/play.js';
import { Rng } from '../../src/core/rng.js';

/** A game of nothing: the filter only creates and copies its tables. */
const game = { create: () => ({}), copy: () => {} } as unknown as GameDef;

/** A tracker of `steps` steps where every particle's step weighs `factor` alike and is strained
 * or not; it records each move's particle and steps played. */
function tracker(steps: number, strained: boolean): Tracker & { moved: [number, number][] } {
  const moved: [number, number][] = [];
  return {
    steps,
    moved,
    begin: () => 0,
    advance: () => Math.log(0.01),
    resampled: () => {},
    rejuvenate: (_p: GameState, i: number, _moves: number, _rng: Rng, played = steps) => {
      moved.push([i, played]);
      return 0;
    },
    strained: () => strained,
    deal: () => {},
  };
}

describe('particle filter', () => {
  const history = { first: {} as GameState, events: [], seat: 0 };

  it('moves every particle after a step that strained most of them, keeping their even weights', () => {
    const t = tracker(4, true);
    const f = new ParticleFilter(game, {}, 3, 0, 2, 1);
    expect(f.run(history, t, new Rng('infer-core'))).toBe(true);
    // After steps 1, 2 and 3 (not the last: the decision's own moves follow it), each particle.
    const want: [number, number][] = [];
    for (const played of [1, 2, 3]) for (let i = 0; i < 3; i++) want.push([i, played]);
    expect(t.moved).toEqual(want);
    expect(f.report!.resamplings).toBe(0);
    expect(f.report!.ess).toBeCloseTo(3, 12);
  });

  it('leaves particles whose steps the policy explains unmoved until the decision', () => {
    const t = tracker(4, false);
    const f = new ParticleFilter(game, {}, 3, 1, 2, 1);
    expect(f.run(history, t, new Rng('infer-core'))).toBe(true);
    expect(t.moved).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
    ]);
  });

  it("beats the run's watchdog at every particle's step and move: a study's filter is no strategy's one decision", () => {
    // A Chinese-American calibration situation's filter, starved on a loaded machine, ran over
    // the watchdog's 60 s without a beat and failed the run as a stuck strategy.
    const t = tracker(4, true);
    const f = new ParticleFilter(game, {}, 3, 1, 2, 1);
    const before = pulse.beat[BEAT_DECISIONS]!;
    expect(f.run(history, t, new Rng('infer-core'))).toBe(true);
    // 4 steps and 3 strained moves of 3 particles, then their moves at the decision.
    expect(pulse.beat[BEAT_DECISIONS]! - before).toBe(4 * 3 + 3 * 3 + 3);
  });

  it('keeps its groups apart: each resamples within itself, and a group no particle of which can have played is dealt from no more', () => {
    // Four groups of four. Particle i weighs (i % 4 + 1) at every step, so every group resamples
    // toward its own heaviest particle; group 2's particles cannot have played the second step.
    const parents: number[][] = [];
    const t: Tracker = {
      steps: 3,
      begin: () => 0,
      advance: (_p, i, k) => (k === 1 && Math.floor(i / 4) === 2 ? -Infinity : 2 * Math.log((i % 4) + 1)),
      resampled: (p) => parents.push([...p]),
      deal: () => {},
    };
    const f = new ParticleFilter(game, {}, 16, 0, 0, 4);
    expect(f.run(history, t, new Rng('infer-groups'))).toBe(true);
    expect(f.live).toEqual([0, 1, 3]);
    expect(parents.length).toBeGreaterThan(0);
    for (const p of parents) p.forEach((j, i) => expect(Math.floor(j / 4)).toBe(Math.floor(i / 4)));
    // Rollout i is dealt from live group i % 3: 0, 1, 3, 0, ...
    const dealt: number[] = [];
    const slot = (p: GameState) => Array.from({ length: 16 }, (_, i) => i).find((i) => f.particle(i) === p)!;
    const dealer = new InferredDealer(f, { ...t, deal: (_now, p) => dealt.push(slot(p)) });
    for (let i = 0; i < 6; i++) dealer.determinize({} as GameState, 0, new Rng(`d${i}`), {} as GameState, i);
    expect(dealer.groups).toBe(3);
    expect(dealt.map((j) => Math.floor(j / 4))).toEqual([0, 1, 3, 0, 1, 3]);
  });
});
