import { describe, expect, it } from 'vitest';
import { runStudy, type StudyResult } from 'pongsim';
import { tempDir } from '../support/cli.js';

describe('the bankroll study', () => {
  it('gives each strategy the bankroll that keeps the risk of ruin at most 1%, which a stated bankroll just above it confirms', async () => {
    const run = async (o: Record<string, unknown>) =>
      (await runStudy({ experiment: 'bankroll', games: 1500, seed: '4', workers: 1, out: tempDir(), ...o })) as StudyResult;
    const base = await run({ session: 3 });
    const rows = base.tables.bankroll!;
    expect(rows).toHaveLength(9);
    for (const r of rows) {
      expect(r.nights).toBe(500);
      expect(r.night_games).toBe(3);
      expect(r.ruin_above_needed as number).toBeLessThanOrEqual(0.01);
      expect(r.bankroll_needed_ci_low as number).toBeLessThanOrEqual(r.bankroll_needed as number);
      // 500 nights hold 5 in the top 1%: the figure says it rests on few.
      expect(r.small_sample).toMatch(/bankroll_needed n=5/);
    }
    // min-bet bets every hand, fold none: min-bet's nights need the larger bankroll.
    const need = (s: string) => rows.find((r) => r.strategy === s)!.bankroll_needed as number;
    expect(need('min-bet')).toBeGreaterThan(need('fold'));
    // A bankroll a half chip above kelly's figure is ruined exactly as often as ruin_above_needed says.
    const kelly = rows.find((r) => r.strategy === 'kelly(c=1)')!;
    const stated = await run({ session: 3, bankroll: (kelly.bankroll_needed as number) + 0.25 });
    const again = stated.tables.bankroll!.find((r) => r.strategy === 'kelly(c=1)')!;
    expect(again.ruin).toBe(kelly.ruin_above_needed);
    expect(stated.summary.find((l) => l.startsWith('kelly(c=1)'))).toMatch(/; with [\d.]+ chips, ruin 0\.0/);
  });
});
