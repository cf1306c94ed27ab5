// pongsim advise american: Charleston passes, shown with the card lines still alive.
import { describe, expect, it } from 'vitest';
import { advise } from '../../src/library/advise.js';
import { inputErrorLineAsync } from '../support/errors.js';

describe('pongsim advise american', () => {
  // Eleven tiles of the sample card's ODDS-1 (11A 333A 55B 777B 9999C), three away, and m8, z1,
  // z2, which no line within two tiles of the nearest uses.
  const hand = 'm11333 p5577 s99 z12 m8';

  it('passes the three tiles no live line uses, and drops the passes that break the line', { timeout: 60000 }, async () => {
    const r = await advise({ game: 'american', hand, budget: 4000, seed: 'pass' });
    const about = r.about as { stage: string; lines: { line: string; tilesAway: number }[] };
    expect(about.stage).toBe('first right');
    expect(about.lines.map((l) => l.line)).toEqual(['ODDS-1']);
    expect(about.lines[0]!.tilesAway).toBe(3);
    expect(r.best).toBe('pass m8 z1 z2');
    // Giving up a tile of the pair the line needs (m1) is shown worse than the best.
    for (const a of r.actions.filter((x) => x.action.includes('m1'))) expect(a.verdict).toBe('worse');
    expect(r.playouts).toBeLessThanOrEqual(4000);
  });

  it('offers blind passes where the rules allow them, and courtesy offers of none to three tiles', { timeout: 60000 }, async () => {
    const left = await advise({ game: 'american', hand: 'm11333 p5577 s99 z12', seatWind: 'S', stage: 'first-left', budget: 400 });
    expect(left.situation).toMatchObject({ stage: 'first-left', seatWind: 'S' });
    expect(left.actions.map((a) => a.action)).toContain('pass 3 blind');
    expect(left.actions.map((a) => a.action)).toContain('pass z1 z2 and 1 blind');
    const right = await advise({ game: 'american', hand, budget: 400 });
    expect(right.actions.some((a) => a.action.includes('blind'))).toBe(false);
    const courtesy = await advise({ game: 'american', hand, stage: 'courtesy', budget: 400 });
    expect(courtesy.actions.map((a) => a.action)).toContain('offer nothing');
    expect(courtesy.actions.map((a) => a.action)).toContain('offer m8 z1 z2');
  });

  it('bad situations get one line naming the field', async () => {
    expect(await inputErrorLineAsync(() => advise({ game: 'american', hand: 'm113' }))).toMatch(
      /^--hand: E holds 14 tiles in the Charleston \(got 3\)/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'american', hand, stage: 'third-left' }))).toMatch(
      /^--stage: expected one of first-right/,
    );
    expect(
      await inputErrorLineAsync(() => advise({ game: 'american', hand, stage: 'second-left', set: 'charleston.second=never' })),
    ).toMatch(/never play/);
    expect(await inputErrorLineAsync(() => advise({ game: 'american', hand: 'm11111 p5577 s99 z12 m8' }))).toMatch(
      /^--hand: tile m1 appears 5 times/,
    );
  });
});
