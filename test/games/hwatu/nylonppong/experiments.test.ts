import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/core/errors.js';
import type { Experiment } from '../../../../src/experiment/experiment.js';
import type { CsvTable } from '../../../../src/core/table.js';
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
      const ends = ['end_stop', 'end_stop_failed', 'end_go_out', 'end_combo', 'end_exhausted'].reduce(
        (a, k) => a + (r[col(k)] as number),
        0,
      );
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

  it('plays table-stop beside careful and basic in the one cell of the rules its table was learned under', () => {
    const exp = stopLimit.build({ games: 30, variant: 'default', focal: 'careful', limit: [10], players: [3, 4] });
    const tables = exp.tables(run(exp));
    const [rows] = tables;
    const col = (name: string) => rows!.columns.indexOf(name);
    const strategies = (players: number) => rows!.rows.filter((r) => r[col('players')] === players).map((r) => r[col('strategy')]);
    expect(strategies(3)).not.toContain('table-stop');
    // careful at t = 0..10, basic at the limit, then table-stop: the earlier rows keep their places.
    expect(strategies(4).slice(11)).toEqual(['basic(t=10)', 'table-stop']);
    const [basicRow, tableRow] = rows!.rows.filter((r) => r[col('players')] === 4).slice(11);
    expect(basicRow![col('diff_vs_basic_limit_per_game')]).toBe(0);
    expect(tableRow![col('t')]).toBeNaN();
    expect(tableRow![col('games')]).toBe(30);
    const careful10 = rows!.rows.find((r) => r[col('players')] === 4 && r[col('t')] === 10)!;
    // Its paired differences against careful and basic at the limit are of the same games.
    const gap = (tableRow![col('diff_vs_basic_limit_per_game')] as number) - (tableRow![col('diff_vs_t_limit_per_game')] as number);
    expect(gap).toBeCloseTo(careful10[col('diff_vs_basic_limit_per_game')] as number, 9);
    expect(
      exp.summary!(tables).some((l) =>
        l.startsWith('table-stop (careful(t=4,k=0.1) stopping where the stop table says), default, stopLimit 10, 4 players:'),
      ),
    ).toBe(true);
  });

  it("measures every t against its cell's best, in the family of tied_with_best, and charts that difference", () => {
    const exp = stopLimit.build({ games: 60, variant: 'default', players: [3, 4], limit: [5], focal: 'basic' });
    const [rows, best] = exp.tables(run(exp));
    const col = (t: CsvTable, name: string) => t.columns.indexOf(name);
    for (const b of best!.rows) {
      const mine = rows!.rows.filter((r) => r[col(rows!, 'players')] === b[col(best!, 'players')]);
      const at = (t: number) => mine.find((r) => r[col(rows!, 't')] === t)!;
      const bestT = b[col(best!, 'best_t')] as number;
      // The best has no difference with itself; every other t is its penalty less the best's, paired.
      expect(at(bestT)[col(rows!, 'diff_vs_best_per_round')]).toBe('');
      const worst = at(b[col(best!, 'worst_t')] as number);
      expect(worst[col(rows!, 'diff_vs_best_per_round')]).toBeCloseTo(b[col(best!, 'worst_vs_best_per_round')] as number, 12);
      expect(worst[col(rows!, 'diff_vs_best_per_round_p_holm')]).toBe(b[col(best!, 'worst_vs_best_per_round_p_holm')]);
      for (const r of mine) {
        const d = r[col(rows!, 'diff_vs_best_per_round')];
        if (d !== '')
          expect(d as number).toBeCloseTo(
            (r[col(rows!, 'penalty_per_round')] as number) - (at(bestT)[col(rows!, 'penalty_per_round')] as number),
            9,
          );
      }
    }
    // The chart: every t of both cells, the best at 0.
    const spec = stopLimit.charts![0]!.spec([rows!, best!]);
    const drawn = (spec.data as { values: Record<string, unknown>[] }).values;
    expect(drawn).toHaveLength(12);
    expect(drawn.filter((v) => v.diff_vs_best_per_round === 0)).toHaveLength(2);
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
    // The defaults have no difference with themselves; the others' differences are one family.
    expect(main!.rows[0]![col('diff_round_turns_vs_default')]).toBe('');
    for (const r of main!.rows.slice(1)) {
      expect(r[col('diff_round_turns_vs_default_p_holm')] as number).toBeGreaterThanOrEqual(
        r[col('diff_round_turns_vs_default_p')] as number,
      );
    }
    expect(positions!.rows).toHaveLength(4 * 4);
    expect(seats!.rows).toHaveLength(4 * 4);
    const answer = exp.summary!([main!, positions!, seats!]);
    expect(answer).toHaveLength(3);
    expect(answer[2]).toMatch(
      /^changed significantly against the defaults on the same deals \(Holm among the table's 6 differences\), penalty per round: \d of 3/,
    );
  });

  it("reports no penalty under money scoring (a round's money sums to 0), and charts each rule's effect sorted by size", () => {
    const exp = nylonppongHouseRules.build({
      games: 30,
      variant: ['default', 'scoring=moneyRanking', 'preset money', 'pongTiming=anyTime', 'preset bbong'],
    });
    const tables = exp.tables(run(exp));
    const [main, positions] = tables;
    const col = (t: CsvTable, name: string) => t.columns.indexOf(name);
    const row = (v: string) => main!.rows.find((r) => r[col(main!, 'variant')] === v)!;
    for (const money of ['scoring=moneyRanking', 'preset money']) {
      for (const c of ['penalty_per_round', 'diff_penalty_per_round_vs_default', 'starter_edge_per_round'])
        expect(row(money)[col(main!, c)], `${money} ${c}`).toBe('');
      expect(row(money)[col(main!, 'games')]).toBe(30);
      expect(row(money)[col(main!, 'round_turns')] as number).toBeGreaterThan(0);
      expect(positions!.rows.filter((r) => r[0] === money).every((r) => r[col(positions!, 'penalty_per_round')] === '')).toBe(true);
    }
    expect(row('default')[col(main!, 'penalty_per_round')] as number).toBeGreaterThan(0);
    const [effect, position] = nylonppongHouseRules.charts!.map((c) => c.spec(tables));
    const values = (s: Record<string, unknown>) => (s.data as { values: Record<string, unknown>[] }).values;
    // Only the rules scored in points, not the defaults against themselves, largest effect first.
    expect(values(effect!).map((v) => v.variant)).toEqual(
      ['pongTiming=anyTime', 'preset bbong'].sort(
        (a, b) =>
          (row(b)[col(main!, 'diff_penalty_per_round_vs_default')] as number) -
          (row(a)[col(main!, 'diff_penalty_per_round_vs_default')] as number),
      ),
    );
    expect(new Set(values(position!).map((v) => v.variant))).toEqual(new Set(['default', 'pongTiming=anyTime', 'preset bbong']));
    expect(exp.summary!(tables).at(-1)).toMatch(
      /Holm among the table's 6 differences\), penalty per round: \d of 2\b.*; turns per round: \d of 4\b/,
    );
  });

  it('rejects an unknown variant', () => {
    expect(() => nylonppongHouseRules.build({ variant: 'nope' })).toThrow(InputError);
  });
});
