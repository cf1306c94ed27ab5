// The particle filter (core/infer.ts) moves its particles where many of them explain a step only
// by the softened policy's departure, though their weights stay even and no resampling comes.
// Before, particles that all departed alike were never moved on the way, and late in a mahjong
// hand their departures piled up (their hands explained several of the others' discards only as
// the policy's mistakes, where the true hands explained every one).
import { describe, expect, it } from 'vitest';
import type { GameDef, GameState } from '../../src/core/game.js';
import { ParticleFilter, type Tracker } from '../../src/core/infer.js';
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
    const f = new ParticleFilter(game, {}, 3, 0, 2);
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
    const f = new ParticleFilter(game, {}, 3, 1, 2);
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
    const f = new ParticleFilter(game, {}, 3, 1, 2);
    const before = pulse.beat[BEAT_DECISIONS]!;
    expect(f.run(history, t, new Rng('infer-core'))).toBe(true);
    // 4 steps and 3 strained moves of 3 particles, then their moves at the decision.
    expect(pulse.beat[BEAT_DECISIONS]! - before).toBe(4 * 3 + 3 * 3 + 3);
  });
});
