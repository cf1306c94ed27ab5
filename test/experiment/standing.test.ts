import { describe, expect, it } from 'vitest';
import { standing } from '../../src/experiment/standing.js';
import { pongsimIn } from '../support/cli.js';

describe('standing', () => {
  it('shares first place among ties and gives tied seats the mean of their places', async () => {
    const totals = [10, 30, 10, 20];
    expect([0, 1, 2, 3].map((k) => standing(totals, k, true))).toEqual([
      { win: 0.5, place: 1.5 },
      { win: 0, place: 4 },
      { win: 0.5, place: 1.5 },
      { win: 0, place: 3 },
    ]);
    expect([0, 1, 2, 3].map((k) => standing(totals, k, false).win)).toEqual([0, 1, 0, 0]);
    // Win shares always sum to 1 and places to 1 + 2 + ... + n.
    for (const t of [
      [1, 1, 1],
      [5, 4, 4, 9, 4],
      [0, 2],
    ]) {
      const all = t.map((_, k) => standing(t, k, true));
      expect(all.reduce((a, s) => a + s.win, 0)).toBeCloseTo(1, 12);
      expect(all.reduce((a, s) => a + s.place, 0)).toBe((t.length * (t.length + 1)) / 2);
    }
  });

  it("sim reports every seat's win probability and mean place, summing to 1 and to 1 + ... + n", async () => {
    const r = await pongsimIn(['sim', 'nylonppong', '--games', '300', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const seats = JSON.parse(r.stdout).seats as { win_prob: number; mean_place: number }[];
    expect(seats.reduce((a, s) => a + s.win_prob, 0)).toBeCloseTo(1, 9);
    expect(seats.reduce((a, s) => a + s.mean_place, 0)).toBeCloseTo(10, 9);
  });
});
