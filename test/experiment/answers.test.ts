// A study's answer at a size too small to decide its question says so, and what would decide it,
// instead of naming a winner that changes from seed to seed.
import { describe, expect, it } from 'vitest';
import { buildExperiment } from '../../src/runner/chunk.js';
import { experimentDef } from '../../src/library/studies.js';
import { newTally } from '../../src/stats/tally.js';
import type { ExperimentParams } from '../../src/experiment/experiment.js';

/** A study's answer, played in-process. */
function answer(name: string, params: ExperimentParams, seed: string): string[] {
  const exp = buildExperiment(experimentDef(name), params);
  const tallies = exp.cells.map(() => newTally());
  for (let c = 0; c < exp.cells.length; c++) for (let i = 0; i < exp.games; i++) exp.runGame(c, i, seed, tallies[c]!);
  return exp.summary!(exp.tables(tallies));
}

describe('answers at a small size', () => {
  it('stop-limit: no best t named where no t is told from the best; the same answer at two seeds; and what --games would tell', () => {
    const params = { variant: 'default', focal: 'basic', limit: 5, players: 4, games: 30 };
    // The games it would take are an estimate from the seed's own intervals; the rest is the same.
    const [a, b] = [answer('stop-limit', params, '1'), answer('stop-limit', params, '2')];
    const words = (lines: string[]) => lines.map((l) => l.replace(/--games \d+/, '--games N'));
    expect(words(a)).toEqual(words(b));
    expect(a.join('\n')).not.toMatch(/best t:/);
    expect(a[0]).toMatch(
      /in 1 of the 1 cells 30 games a cell cannot tell any t from the best \(about --games \d+ would tell the worst t of each from its best\):$/,
    );
    expect(a[1]).toBe('default, basic, stopLimit 5: any t for 4 players');
  });
});
