// A figure from few observations says so: the American joker study's rows of many jokers (a
// seat is rarely dealt four) carry their counts in small_sample and in the answer, the net a
// ratio over the games that saw them.
import { describe, expect, it } from 'vitest';
import { figureIn } from '../../src/experiment/columns.js';
import { fewOf, SMALL_SAMPLE } from '../../src/core/table.js';
import { buildExperiment } from '../../src/runner/chunk.js';
import { experimentDef } from '../../src/library/studies.js';
import { newTally } from '../../src/stats/tally.js';

describe('small samples', () => {
  it('american-jokers marks every figure from fewer than 30 observations, in the table and the answer', () => {
    const exp = buildExperiment(experimentDef('american-jokers'), { games: 40 });
    const tally = newTally();
    for (let i = 0; i < 40; i++) exp.runGame(0, i, '3', tally);
    const tables = exp.tables([tally]);
    const jokers = tables.find((t) => t.name === 'american-jokers')!;
    const answer = exp.summary!(tables);
    const col = (name: string) => jokers.columns.indexOf(name);
    let few = 0;
    for (const r of jokers.rows) {
      const marked = fewOf(r[col(SMALL_SAMPLE)]);
      const hands = r[col('seat_hands')] as number;
      expect(marked.get('win_rate'), `${r[0]} jokers`).toBe(hands < 30 ? hands : undefined);
      const line = answer.find((l) => l.startsWith(`${r[0]} joker`))!;
      if (hands < 30) {
        few++;
        expect(line).toMatch(new RegExp(`win rate [^;]*\\(${hands} seat-hands? only\\)`));
        // The net rests on the games that saw such a hand (its interval: test/stats/stats.test.ts).
        const net = figureIn(jokers, r, 'net_per_hand');
        if (net.n >= 2 && net.n < 30) expect(line).toContain(`(${net.n} games only)`);
      }
    }
    expect(few).toBeGreaterThan(0); // 40 sessions deal few seats four jokers or more
  });
});
