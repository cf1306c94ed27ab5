// The house-rule table: the baseline and each change on the same deals, each change's paired
// difference on every key figure, sorted by the size of its effect on the headline, every
// difference one Holm family. Checked against an exact consequence: in a one-round Nylon-ppong
// game the basic bot plays the same whatever the failed-stop penalty, so that change moves the
// penalty per round by exactly the penalty's change times the failed stops, over four seats.
import { describe, expect, it } from 'vitest';
import { buildExperiment } from '../../src/runner/chunk.js';
import { experimentDef } from '../../src/library/studies.js';
import { newTally } from '../../src/stats/tally.js';
import { figureIn } from '../../src/experiment/columns.js';
import type { ExperimentParams } from '../../src/experiment/experiment.js';
import type { CsvTable } from '../../src/core/table.js';
import { pongsimIn } from '../support/cli.js';

function played(name: string, params: ExperimentParams, seed = '3'): { table: CsvTable; summary: string[] } {
  const exp = buildExperiment(experimentDef(name), params);
  const t = newTally();
  for (let i = 0; i < exp.games; i++) exp.runGame(0, i, seed, t);
  const tables = exp.tables([t]);
  return { table: tables[0]!, summary: exp.summary!(tables) };
}

describe('nylonppong-rule-table', () => {
  const { table, summary } = played('nylonppong-rule-table', { games: 60, rules: { rounds: 1 } });
  const col = (n: string) => table.columns.indexOf(n);
  const row = (change: string, figure: string) => table.rows.find((r) => r[col('change')] === change && r[col('figure')] === figure)!;

  it('moves the penalty by exactly the penalty change times the failed stops, and nothing else the bot plays', () => {
    const failed = figureIn(table, row('baseline', 'end_stop_failed'), 'value').value;
    expect(failed).toBeGreaterThan(0);
    for (const [penalty, change] of [
      [60, 'failedStopPenalty=60'],
      [15, 'failedStopPenalty=15'],
    ] as const) {
      const d = figureIn(table, row(change, 'penalty_per_round'), 'diff_vs_baseline');
      expect(d.value).toBeCloseTo(((penalty - 30) * failed) / 4, 10);
      for (const f of ['round_turns', 'end_stop', 'end_stop_failed', 'end_go_out', 'end_combo', 'end_exhausted'])
        expect(figureIn(table, row(change, f), 'diff_vs_baseline').value).toBe(0);
    }
  });

  it('ranks the changes by the size of their effect on the headline, and flags them as one family', () => {
    const ranked = table.rows.filter((r) => r[col('figure')] === 'starter_edge' && r[col('rank')] !== '');
    expect(ranked.map((r) => r[col('rank')])).toEqual(ranked.map((_, i) => i + 1));
    // Those that moved nothing at all come last; before them, by the size of the effect.
    const moved = ranked.filter((r) => table.rows.some((x) => x[col('change')] === r[col('change')] && x[col('diff_vs_baseline')] !== 0));
    const sizes = moved.map((r) => Math.abs(figureIn(table, r, 'diff_vs_baseline').value));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const tested = table.rows.filter((r) => r[col('significant')] !== '');
    expect(tested.length).toBe(ranked.length * 8);
    for (const r of tested) {
      const d = figureIn(table, r, 'diff_vs_baseline');
      if (Number.isNaN(d.p)) continue;
      expect(d.holm).toBeGreaterThanOrEqual(d.p!);
      expect(r[col('significant')]).toBe(d.holm! < 0.05 ? 'yes' : 'no');
    }
    expect(summary[1]).toContain(`${tested.length} paired differences`);
  });
});

describe('wolnamppong-rule-table', () => {
  it('names exactly the changes that played the very games of the baseline', () => {
    const { table, summary } = played('wolnamppong-rule-table', { games: 30 });
    const col = (n: string) => table.columns.indexOf(n);
    const changes = [...new Set(table.rows.filter((r) => r[col('rank')] !== '').map((r) => String(r[col('change')])))];
    const still = changes.filter((ch) =>
      table.rows
        .filter((r) => r[col('change')] === ch)
        .every(
          (r) => r[col('diff_vs_baseline')] === 0 && r[col('diff_vs_baseline_ci_low')] === 0 && r[col('diff_vs_baseline_ci_high')] === 0,
        ),
    );
    // ev-threshold never bets more than its bankroll can lose here, so the cap changes nothing.
    expect(still).toContain('bankrollCap=true');
    const line = summary.find((l) => l.startsWith('these played the very games'))!;
    expect(
      line
        .slice(line.indexOf(': ') + 2)
        .split('; ')
        .sort(),
    ).toEqual(still.sort());
    // They come last in the ranking.
    const ranked = changes.slice(-still.length);
    expect(ranked.sort()).toEqual(still.sort());
  });
});

describe('compare --each-option', () => {
  it('plays the rule table; arms beside it are refused in one line, exit 2', async () => {
    const r = await pongsimIn(['compare', 'nylonppong', '--each-option', '--focal', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--focal cannot be given with it');
    const card = await pongsimIn(['compare', 'nylonppong', '--card', 'x.json', '--arm', 'a:', '--arm', 'b:']);
    expect(card.code).toBe(2);
    expect(card.stderr).toContain('--card only with --each-option');
  });
});
