// The Plackett-Luce fit the league rates with: exact answers where there is one (Bradley-Terry
// of two items, whose maximum is the ratio of wins), strengths recovered from choices made in
// proportion to known strengths, Breslow's ties, and the likelihood of superiority.
import { describe, expect, it } from 'vitest';
import { bootstrapStrengths, choicesOf, ELO, fitStrengths, superiority, type ChoiceSet } from '../../src/stats/plackett-luce.js';

describe('Plackett-Luce', () => {
  it('fits two items as Bradley-Terry: the strength ratio is the ratio of wins, the prior a tie each', () => {
    const sets: ChoiceSet[] = [{ members: [0, 1], n: 40, chosen: [30, 10] }];
    const theta = fitStrengths(2, sets, 0, 1);
    expect(theta[0]).toBe(0);
    expect(theta[1]).toBeCloseTo(Math.log(11 / 31), 12);
    // Anchored at item 1 instead: the same difference.
    const other = fitStrengths(2, sets, 1, 1);
    expect(other[0]! - other[1]!).toBeCloseTo(Math.log(31 / 11), 12);
    // On the Elo scale: 400 log10 of the ratio.
    expect(theta[1]! * ELO).toBeCloseTo(400 * Math.log10(11 / 31), 9);
  });

  it('recovers the strengths that made the choices, sets of repeated items included', () => {
    const w = [1, 2.5, 0.4, 4];
    const sets: ChoiceSet[] = [];
    // Every set of two to four members from four items, an item seated twice in some.
    const tables = [
      [0, 1, 2, 3],
      [0, 1, 2],
      [1, 2, 3],
      [0, 3],
      [1, 2],
      [0, 0, 1, 3],
      [2, 2, 3],
    ];
    for (const members of tables) {
      const total = members.reduce((s, m) => s + w[m]!, 0);
      const n = 1e7;
      const chosen = [0, 0, 0, 0];
      for (const m of members) chosen[m]! += (n * w[m]!) / total;
      sets.push({ members, n, chosen });
    }
    const theta = fitStrengths(4, sets, 0, 1);
    for (let i = 0; i < 4; i++) expect(theta[i]).toBeCloseTo(Math.log(w[i]! / w[0]!), 5);
  });

  it('reads a finishing order as choices, tied players chosen together (Breslow)', () => {
    const calls: string[] = [];
    choicesOf([0, 1, 2, 3], [5, 5, 1, 0], false, (m, c) => calls.push(`${m.join('.')}>${c}`));
    expect(calls).toEqual(['0.1.2.3>0', '0.1.2.3>1', '2.3>2']);
    // Lower is better: the least first; a spec seated twice appears twice in the set.
    calls.length = 0;
    choicesOf([2, 0, 2], [3, 1, 3], true, (m, c) => calls.push(`${m.join('.')}>${c}`));
    expect(calls).toEqual(['0.2.2>0', '2.2>2', '2.2>2']);
    // Everyone tied: each chosen from the whole table, nothing after.
    calls.length = 0;
    choicesOf([0, 1], [2, 2], false, (m, c) => calls.push(`${m.join('.')}>${c}`));
    expect(calls).toEqual(['0.1>0', '0.1>1']);
  });

  it('keeps an item that never won finite, and gives the likelihood of superiority from the bootstrap', () => {
    const block = (a: number, b: number): ChoiceSet[] => [{ members: [0, 1], n: a + b, chosen: [a, b] }];
    const blocks = [block(6, 4), block(7, 3), block(5, 5), block(8, 2), block(6, 4), block(7, 3)];
    const pooled: ChoiceSet[] = [{ members: [0, 1], n: 60, chosen: [39, 21] }];
    const fit = fitStrengths(2, pooled, 0, 1);
    let x = 0.5;
    const uniform = () => (x = (x * 9301 + 0.49297) % 1);
    const reps = bootstrapStrengths(2, blocks, [1, 1, 1, 1, 1, 1], 0, 1, 100, uniform, fit);
    expect(reps).toHaveLength(100);
    const los = superiority(fit, reps, 0, 1);
    expect(los).toBeGreaterThan(0.5);
    expect(los + superiority(fit, reps, 1, 0)).toBeCloseTo(1, 12);
    expect(superiority(fit, reps, 0, 0)).toBe(0.5);
    const never = fitStrengths(2, [{ members: [0, 1], n: 50, chosen: [50, 0] }], 0, 1);
    expect(never[1]).toBeCloseTo(Math.log(1 / 51), 10);
  });
});
