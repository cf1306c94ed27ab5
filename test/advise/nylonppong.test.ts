// pongsim advise nylonppong: a stop's simulated value and success agree with the exact stop odds.
import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/games/hwatu/deck.js';
import type { NylonRules } from '../../src/games/hwatu/nylonppong/rules.js';
import { stopOdds } from '../../src/games/hwatu/nylonppong/stop-odds.js';
import { bigFrac, bigFracText, bigFracValue } from '../../src/stats/fraction.js';
import { pongsimIn } from '../support/cli.js';
import { advise } from '../../src/library/advise.js';
import { inputErrorLineAsync } from '../support/errors.js';
import { replay } from '../../src/library/replay.js';
import { tempDir } from '../support/cli.js';
import fs from 'node:fs';
import path from 'node:path';

/** The exact chance that a stop with `hand` fails against opponents of `others` cards, given `seen`. */
function pFail(r: NylonRules, hand: string, seen: string, others: number[]): number {
  const cards = (t: string) => (t ? t.split(',').map(parseCard) : []);
  const { configs, rows } = stopOdds(r, cards(seen), cards(hand));
  const at = configs.findIndex((c) => c.join() === [...others].sort((a, b) => a - b).join());
  const f = rows[0]!.fail[at]!;
  return Number((f.n * 10n ** 15n) / f.d) / 1e15;
}

describe('pongsim advise nylonppong', () => {
  const cases = [
    { hand: '1a,3b', discards: '', others: [5, 5, 5] },
    { hand: '4a,6b', discards: '1a,1b,1c,2a,2b,2c,3c', others: [2, 5, 2] },
    { hand: '2a,8c', discards: '9a,9b,9c', others: [2, 2, 5] },
    { hand: '5a,5b', discards: '', others: [2, 2, 2] },
  ];
  for (const c of cases) {
    it(`a stop with ${c.hand} against hands of ${c.others.join(',')} cards (seen ${c.discards || 'none'}): its value and success agree with the exact stop odds`, async () => {
      const r = await advise({
        game: 'nylonppong',
        hand: c.hand,
        discards: c.discards,
        others: c.others.join(','),
        seed: 'stop',
        budget: 4000,
      });
      const rules = r.rules as unknown as NylonRules;
      const stop = r.actions.find((a) => a.action.startsWith('stop'))!;
      const sum = c.hand
        .split(',')
        .map((x) => parseInt(x, 10))
        .reduce((a, b) => a + b, 0);
      const p = pFail(rules, c.hand, c.discards, c.others);
      // The stop ends the round at once: penalty sum, plus failedStopPenalty when it fails.
      const exact = -(sum + p * rules.failedStopPenalty);
      // The answer gives the exact figures; the rollouts' own agree with them.
      expect(stop.value).toBeCloseTo(exact, 12);
      expect(stop.won).toBeCloseTo(1 - p, 12);
      const sampled = stop.exact!.sampled;
      const half = (sampled.value_ci_high - sampled.value_ci_low) / 2;
      expect(Math.abs(sampled.value - exact)).toBeLessThanOrEqual(2 * half + 1e-9);
      // A stop that holds is strictly the lowest; one that fails scores at least 30 more than someone.
      expect(Math.abs(sampled.won - (1 - p))).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / stop.rollouts) + 1e-9);
      // The stop's value is a sure function of the deal: every rollout of it is the same when it never fails.
      if (p === 0) expect(sampled.value_ci_low).toBe(sampled.value_ci_high);
    });
  }

  it('a stop whose rare failure no rollout deals: the exact value and won share, not a zero-width interval that misses them', async () => {
    // 3-3 against three hands of five: a stop fails only on a hand of four 1s and a 2, or
    // smaller; the rollouts never deal one, so every one of theirs scores 6.
    const r = await advise({ game: 'nylonppong', hand: '3a,3b', others: '5,5,5', seed: 'rare' });
    const stop = r.actions.find((a) => a.action.startsWith('stop'))!;
    const { configs, rows } = stopOdds(r.rules as unknown as NylonRules, [], [parseCard('3a'), parseCard('3b')]);
    const f = rows[0]!.fail[configs.findIndex((c) => c.join() === '5,5,5')]!;
    expect(f.n).toBeGreaterThan(0n);
    expect(stop.exact!.sampled.value).toBe(-6);
    expect(stop.exact!.sampled.value_ci_high).toBe(-6);
    // -(6 + 30 p) and 1 - p, as fractions.
    const value = bigFrac(-(6n * f.d + 30n * f.n), f.d);
    expect(stop.exact!.value).toBe(bigFracText(value));
    expect(stop.exact!.won).toBe(bigFracText(bigFrac(f.d - f.n, f.d)));
    expect(stop.value).toBe(bigFracValue(value));
    expect(stop.value).toBeLessThan(-6);
    expect([stop.value_ci_low, stop.value_ci_high]).toEqual([stop.value, stop.value]);
    // The text prints it so, marked exact.
    const t = await pongsimIn(['advise', 'nylonppong', '--hand', '3a,3b', '--others', '5,5,5', '--seed', 'rare', '--wide']);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toContain(`${Number(stop.value.toPrecision(7))} (exact)`);
    expect(t.stdout).not.toMatch(/stop with 6 +best +-6 /);
  });

  it("the stop odds stand for a stop's value only where the others' hands are dealt uniformly, as the odds deal them", async () => {
    // A stop the record's seat made: the odds are over hands dealt uniformly from the unseen
    // cards; inferred from the others' play, the hands are others, and the rollouts' own figures stand.
    const { events } = await replay({ game: 'nylonppong', seed: '1', index: 0, format: 'events' });
    const file = path.join(tempDir(), 'round.jsonl');
    fs.writeFileSync(file, events!.map((e) => `${JSON.stringify(e)}\n`).join(''));
    const at = events!.findIndex((e) => e.type === 'stop') + 1;
    const stopOf = async (deal: 'uniform' | 'inferred') => {
      const r = await advise({ game: 'nylonppong', record: file, at, budget: 200, seed: '2', deal });
      expect(r.deal).toBe(deal);
      return r.actions.find((a) => a.action.startsWith('stop'))!;
    };
    const uniform = await stopOf('uniform');
    expect(uniform.exact).toBeDefined();
    const inferred = await stopOf('inferred');
    expect(inferred.exact).toBeUndefined();
    expect(inferred.value).not.toBe(uniform.value);
  });

  it('going out for 0 by ppong beats a stop (at least 8 points) on every deal, and is called clearly best', async () => {
    const r = await advise({ game: 'nylonppong', hand: '4a,4b', discards: '1a,4c', others: '5,5,5', seed: 'out' });
    expect(r.best).toBe('ppong 4 and go out');
    expect(r.clear).toBe(true);
    expect(r.actions[0]!.value).toBe(0);
    expect(r.actions[0]!.value_ci_low).toBe(0);
  });

  it('after the draw every card of the hand is a discard candidate; a formed combination can be declared', async () => {
    const r = await advise({ game: 'nylonppong', hand: '1a,3b,7c,9d,11a,12b', discards: '2a,7a', budget: 1500 });
    expect(r.actions.map((a) => a.action).sort()).toEqual([
      'discard 11a',
      'discard 12b',
      'discard 1a',
      'discard 3b',
      'discard 7c',
      'discard 9d',
    ]);
    expect(r.playouts).toBeLessThanOrEqual(1500);
    // Three pairs (0 points) against discarding into a 5-card hand: the declaration is taken.
    const pairs = await advise({ game: 'nylonppong', hand: '1a,1b,3a,3b,7c,7d', budget: 1500 });
    expect(pairs.actions.some((a) => a.action.startsWith('declare three pairs'))).toBe(true);
  });

  it('bad situations get one line naming the field', async () => {
    expect(await inputErrorLineAsync(() => advise({ game: 'nylonppong', hand: '1a,13b' }))).toMatch(
      /^--hand: card "13b": expected a month 1-12/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'nylonppong', hand: '1a,3b', discards: '3b' }))).toMatch(
      /3b is also in your hand/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'nylonppong', hand: '1a,3b', others: '5,5' }))).toMatch(
      /^--others: expected the hand sizes of the 3 other players/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'nylonppong', hand: '1a,3b', others: '5,4,5' }))).toMatch(
      /^--others: a hand between turns holds 5 cards less 3 per ppong/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'nylonppong', hand: '1a,3b,4c,5d' }))).toMatch(/^--hand: 4 cards cannot be held/);
    expect(await inputErrorLineAsync(() => advise({ game: 'nylonppong', hand: '1a,3b', phase: 'later' }))).toMatch(
      /^--phase: expected one of start, drawn, ponged/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'nylonppong', hand: '1a,3b', pot: '4' }))).toMatch(
      /--pot is not one of its options \(it is for wolnamppong\)/,
    );
  });
});
