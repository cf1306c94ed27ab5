import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/core/errors.js';
import type { Experiment } from '../../../../src/experiment/experiment.js';
import { newTally, type Tally } from '../../../../src/stats/tally.js';
import { nylonppongHouseRules } from '../../../../experiments/nylonppong-house-rules.js';
import { stopLimit } from '../../../../experiments/stop-limit.js';

function run(exp: Experiment): Tally[] {
  return exp.cells.map((_, c) => {
    const t = newTally();
    for (let i = 0; i < exp.games; i++) exp.runGame(c, i, 'exp-test', t);
    return t;
  });
}

describe('stop-limit', () => {
  it('covers every (variant, focal, limit, players) by default', () => {
    expect(stopLimit.build({ games: 1 }).cells).toHaveLength(4 * 2 * 2 * 5);
  });

  it('writes one row per t and a best-t row per cell', () => {
    const exp = stopLimit.build({ games: 40, variant: 'default', players: [3], limit: [5] });
    const [rows, best] = exp.tables(run(exp));
    expect(rows!.name).toBe('stop-limit');
    // basic: t = 0..5; careful: t = 0..5 and plain basic at the limit.
    expect(rows!.rows).toHaveLength(6 + 7);
    const col = (name: string) => rows!.columns.indexOf(name);
    for (const r of rows!.rows) {
      expect(r[col('games')]).toBe(40);
      expect(r[col('penalty_per_game')] as number).toBeCloseTo(5 * (r[col('penalty_per_round')] as number), 9);
      const ends = ['end_stop', 'end_stop_failed', 'end_go_out', 'end_combo', 'end_exhausted'].reduce((a, k) => a + (r[col(k)] as number), 0);
      expect(ends).toBeCloseTo(1, 12);
    }
    // t = 0 and t = 1 never stop; the arm at the limit is its own baseline.
    const basicRows = rows!.rows.filter((r) => r[col('focal')] === 'basic');
    expect(basicRows[0]![col('stop_rate')]).toBe(0);
    expect(basicRows[5]![col('diff_vs_t_limit_per_game')]).toBe(0);
    expect(best!.name).toBe('stop-limit-best');
    expect(best!.rows).toHaveLength(2);
    expect(exp.summary!([rows!, best!]).length).toBeGreaterThan(0);
  });

  it('rejects an unknown variant with one line', () => {
    expect(() => stopLimit.build({ variant: 'nope' })).toThrow(InputError);
  });
});

describe('nylonppong-house-rules', () => {
  it('pairs each variant with the defaults', () => {
    const exp = nylonppongHouseRules.build({ games: 30, variant: ['default', 'pongTiming=anyTime', 'direction=cw', 'preset bbong'] });
    const [main, positions, seats] = exp.tables(run(exp));
    const col = (name: string) => main!.columns.indexOf(name);
    expect(main!.rows.map((r) => r[col('variant')])).toEqual(['default', 'pongTiming=anyTime', 'direction=cw', 'preset bbong']);
    expect(main!.rows[0]![col('diff_round_turns_vs_default')]).toBe(0);
    expect(positions!.rows).toHaveLength(4 * 4);
    expect(seats!.rows).toHaveLength(4 * 4);
    expect(exp.summary!([main!, positions!, seats!]).length).toBe(2);
  });

  it('rejects an unknown variant', () => {
    expect(() => nylonppongHouseRules.build({ variant: 'nope' })).toThrow(InputError);
  });
});
