// The calibration study (experiments/advise-calibration.ts) at a small size: the true deal it
// compares with keeps every hidden hand, a situation is a pure function of its seed and index,
// and Wolnamppong's inferred dealing predicts the true deal's win share within its interval.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CsvTable } from '../../src/core/table.js';
import { Rng } from '../../src/core/rng.js';
import { korean, type KoreanState } from '../../src/games/mahjong/korean/game.js';
import { SEATS, STRIDE, TURN } from '../../src/games/mahjong/table/state.js';
import { KINDS } from '../../src/games/mahjong/tiles.js';
import { calibrationGame, EXPERIMENTS } from '../../src/library/studies.js';
import { CALIBRATION_FIELDS, cellOf, decisionsOf } from '../../experiments/advise-calibration.js';
import { newTally, summarizeRatio, type Tally } from '../../src/stats/tally.js';
import { koreanStrategies } from '../../strategies/korean/index.js';
import { bots, stateWhere } from '../games/mahjong/table/search.js';
import { koreanRules } from '../games/mahjong/korean/rig.js';
import { pongsimIn, tempDir } from '../support/cli.js';

const study = EXPERIMENTS.find((e) => e.name === 'advise-calibration')!;

/** The study's tables after `n` of its games of the cell of `game` (8 situations each in Hwatu) from `seed`. */
function run(game: string, n: number, seed: string): { tables: CsvTable[]; tally: Tally } {
  const ex = study.build({ games: n } as never);
  const cell = ex.cells.indexOf(game);
  const tallies = ex.cells.map(() => newTally());
  for (let i = 0; i < n; i++) ex.runGame(cell, i, seed, tallies[cell]!);
  return { tables: ex.tables(tallies), tally: tallies[cell]! };
}

function row(t: CsvTable, match: Record<string, string>): Record<string, unknown> {
  const r = t.rows.find((x) => Object.entries(match).every(([k, v]) => x[t.columns.indexOf(k)] === v));
  expect(r, JSON.stringify(match)).toBeDefined();
  return Object.fromEntries(t.columns.map((c, i) => [c, r![i]]));
}

describe('advise-calibration', () => {
  it('deals the true state for its comparison: every hand kept, the wall the same tiles', () => {
    const rules = koreanRules({ handsPerSession: 1 });
    const s = stateWhere(
      korean,
      rules,
      bots(koreanStrategies, 'korean', rules, ['efficiency', 'efficiency', 'efficiency', 'efficiency']),
      'cal-truth',
      30,
      (x: KoreanState) => x.phase === TURN,
    );
    const out = korean.create(rules);
    const wall = (x: KoreanState) => {
      const c = new Int16Array(KINDS);
      x.wall.countUndrawn(c);
      return Array.from(c);
    };
    for (let seat = 0; seat < SEATS; seat++) {
      korean.infer!.truth(s, seat, new Rng(`truth/${seat}`), out);
      expect(Array.from(out.hand.subarray(0, SEATS * STRIDE))).toEqual(Array.from(s.hand.subarray(0, SEATS * STRIDE)));
      expect(out.drawn).toBe(s.drawn);
      expect(wall(out)).toEqual(wall(s));
    }
  });

  it('plays a situation as a pure function of its seed and index', () => {
    const a = run('wolnamppong', 1, 'cal-pure').tally;
    const b = run('wolnamppong', 1, 'cal-pure').tally;
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('plays a game alone (--game) as the whole study plays its cell, the same situations and figures', () => {
    // Korean: a cell other than the first, whose number a game played alone must keep (its
    // streams are keyed by it), and a game of it costs less than a Hwatu game's eight situations.
    const whole = run('korean', 1, 'cal-alone').tally;
    const ex = study.build({ games: 1, game: 'korean' });
    expect(ex.cells).toEqual(['korean']);
    const alone = newTally();
    ex.runGame(0, 0, 'cal-alone', alone);
    expect(JSON.stringify(alone)).toBe(JSON.stringify(whole));
  });

  it.each([
    [
      'a game it does not play',
      ['run', 'advise-calibration', '--game', 'riichi'],
      /--game: "riichi" is no game of advise-calibration; its games: wolnamppong, /,
    ],
    [
      'a study of one game',
      ['run', 'stop-limit', '--game', 'nylonppong'],
      /--game: stop-limit plays one game; studies over several games: advise-calibration/,
    ],
    ['the default study', ['run', 'default', '--game', 'korean'], /--game: the default study plays every game/],
  ])('--game refuses %s: exit 2, one line naming what is allowed', async (_, args, msg) => {
    const r = await pongsimIn([...args, '--out', path.join(tempDir(), 'o')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(msg);
    expect(
      r.stderr
        .trimEnd()
        .split('\n')
        .filter((l) => l.startsWith('pongsim: --game')),
    ).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it("holds Wolnamppong's inferred dealing within its interval of the true deal's win share", () => {
    const { tables, tally } = run('wolnamppong', 5, 'cal-test');
    // The mean error of the predicted win share over 40 situations (5 games of 8), its 95%
    // interval over the games (below the tables' 30, where they print none): it holds 0, and is
    // narrow enough to say something.
    const bias = summarizeRatio(tally, '0.all.all.win');
    expect(bias.n).toBe(5);
    expect(bias.low).toBeLessThanOrEqual(0);
    expect(bias.high).toBeGreaterThanOrEqual(0);
    expect(bias.high - bias.low).toBeLessThan(0.08);
    const all = row(tables.find((t) => t.name === 'advise-calibration')!, { dealing: 'inferred', by: 'all' });
    expect(all.situations).toBe(40);
    expect(all.win_bias).toBeCloseTo(bias.ratio, 12);
    const filter = row(tables.find((t) => t.name === 'advise-calibration-filter')!, { game: 'wolnamppong' });
    // The filter ran at every situation (nothing fell back to uniform) and kept many particles.
    expect(filter.fallback).toBe(0);
    expect(filter.ess as number).toBeGreaterThan(50);
  });

  it('ranks the discard wins the bots took, not the false wins they passed up', () => {
    // Korean game 0 of seed 2026 offers seat 2 a win on m3 that the sacred discard bars at its
    // 48th decision: the bot passes it up, and the study took it for the hand's discard win
    // (as it took 25 false wins of the 48 discard wins it counted in games 0 to 59). Game 6 has
    // one the bot took.
    const field = CALIBRATION_FIELDS.find((f) => f.game === 'korean')!;
    const c = cellOf(field, calibrationGame('korean'));
    const cell = CALIBRATION_FIELDS.indexOf(field);
    let wins = 0;
    for (const index of [0, 6])
      for (const m of decisionsOf(c, '2026', cell, index)) {
        if (!m.win) continue;
        wins++;
        const legal = new Int16Array(korean.maxActions(c.rules as never));
        const n = korean.legal(m.state as KoreanState, legal);
        const names = Array.from(legal.subarray(0, n), (a) => korean.actionName(m.state as KoreanState, a, 0));
        expect(names.find((x) => x.startsWith('win on'))).not.toMatch(/false win/);
      }
    expect(wins).toBe(1);
  });

  it("plays an American situation's rollouts the same after another situation's on the same Rollouts", () => {
    // Game 49 of seed 2026 is seat 0's courtesy pass, its first tile: in each rollout the seat
    // chooses its second and third tiles after the candidate. The line chaser plans a pass at
    // its first choice and keyed the plan on the hand's identity and the step; every table's
    // first hand had the same identity, so the plan of another rollout's table (here game 0's
    // situation, in the Charleston too) passed for its own, and 151 of the 528 values moved.
    // The study's worker plays the games of every cell one chunk after another, so which
    // situation came before changed American's figures with the worker count.
    const field = CALIBRATION_FIELDS.find((f) => f.game === 'american')!;
    const c = cellOf(field, calibrationGame('american'));
    const cell = CALIBRATION_FIELDS.indexOf(field);
    const values = (index: number): number[] => {
      const [m] = decisionsOf(c, '2026', cell, index);
      const cand = c.ro.candidates(m!.state, c.legal, c.def.legal(m!.state, c.legal));
      const rng = new Rng(null).reuse(`2026/${cell}/${index}/pick`, 0, 0, 'rollouts');
      const out: number[] = [];
      for (let i = 0; i < 48; i++) {
        c.ro.evaluate(m!.state, m!.seat, cand, 0, 1, rng);
        for (let j = 0; j < cand; j++) out.push(c.ro.result(j));
      }
      return out;
    };
    const fresh = values(49);
    expect(fresh.length).toBe(48 * 11);
    values(0);
    expect(values(49)).toEqual(fresh);
  });
});
