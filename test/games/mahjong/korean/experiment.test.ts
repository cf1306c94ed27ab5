import { describe, expect, it } from 'vitest';
import { mergeTally, newTally } from '../../../../src/stats/tally.js';
import { uperFuriten } from '../../../../experiments/uper-furiten.js';

describe('uper-furiten experiment', () => {
  it('plays every cell and reports each policy with intervals and the paired difference', () => {
    const e = uperFuriten.build({ games: 40 });
    expect(e.cells).toHaveLength(12);
    const tallies = e.cells.map((_c, cell) => {
      const t = newTally();
      for (let i = 0; i < e.games; i++) e.runGame(cell, i, 'exp-test', t);
      return t;
    });
    const [table] = e.tables(tallies);
    // Four focal policies in every cell, and uper-table in the two of the default rules.
    expect(table!.rows).toHaveLength(12 * 4 + 2);
    const col = (name: string) => table!.columns.indexOf(name);
    const tableRows = table!.rows.filter((r) => r[col('policy')] === 'uper-table');
    expect(tableRows.map((r) => [r[col('rules')], r[col('opponents')]])).toEqual([
      ['default', 'dama'],
      ['default', 'fold-vs-uper(s=1)'],
    ]);
    expect(table!.rows.slice(0, 5).map((r) => r[col('policy')])).toEqual([
      'dama',
      'uper-always(open=1)',
      'uper-wait(w=6,open=1)',
      'uper-early(k=8,open=1)',
      'uper-table',
    ]);
    for (const name of [
      'win_rate',
      'self_draw_share',
      'deal_in_rate',
      'net_per_hand',
      'win_value',
      'uper_rate',
      'lost_temporary_per_hand',
      'lost_identical_per_hand',
      'lost_stem_per_hand',
      'lost_after_uper_miss_per_hand',
      'lost_dead_per_hand',
      'jump_rate',
      'draw_rate',
      'winning_turn',
      'net_diff_vs_dama',
      'win_rate_diff_vs_dama',
    ]) {
      expect(col(name), name).toBeGreaterThan(0);
      expect(col(`${name}_ci_low`), name).toBe(col(name) + 1);
    }
    const dama = table!.rows.filter((r) => r[col('policy')] === 'dama');
    // dama is the baseline: no difference with itself, and no p-value.
    expect(
      dama.every((r) => r[col('net_diff_vs_dama')] === '' && r[col('net_diff_vs_dama_p_holm')] === '' && r[col('uper_rate')] === 0),
    ).toBe(true);
    const always = table!.rows.filter((r) => String(r[col('policy')]).startsWith('uper-always'));
    expect(always.some((r) => (r[col('uper_rate')] as number) > 0)).toBe(true);
    // How many differences this size flags, then a line per cell.
    const answer = e.summary!([table!]);
    expect(answer).toHaveLength(13);
    expect(answer[0]).toMatch(/^\d+ of the 38 differences from dama (is|are) significant \(Holm among them, 5%\)/);
    expect(answer[1]).toMatch(/; uper-table -?\d/);
    // Tallies merge: two halves give the same table as the whole.
    const half = (from: number, to: number) =>
      e.cells.map((_c, cell) => {
        const t = newTally();
        for (let i = from; i < to; i++) e.runGame(cell, i, 'exp-test', t);
        return t;
      });
    const a = half(0, 17);
    const b = half(17, 40);
    expect(e.tables(a.map((t, i) => mergeTally(t, b[i]!)))).toEqual([table]);
  });

  it('leaves uper-table out under rules of the hand its table was not learned under', () => {
    const e = uperFuriten.build({ games: 2, rules: { stemRule: 'none' } });
    const t = newTally();
    e.runGame(0, 0, 'exp-test', t);
    const [table] = e.tables(e.cells.map((_c, cell) => (cell === 0 ? t : newTally())));
    const col = (name: string) => table!.columns.indexOf(name);
    expect(table!.rows).toHaveLength(12 * 4);
    expect(table!.rows.some((r) => r[col('policy')] === 'uper-table')).toBe(false);
  });
});
