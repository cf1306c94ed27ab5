// The ladder review places a seat on: each game's shipped ladder reads, holds what the README's
// benchmark tables publish, and places a mean loss's interval as its words say.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog/index.js';
import { placeOnLadder, rating, readLadder, shippedLadder, type Ladder } from '../../src/library/ladder.js';
import { tempDir } from '../support/cli.js';
import { inputErrorLine } from '../support/errors.js';

const ladder: Ladder = {
  file: 'x',
  game: 'g',
  unit: 'points',
  rungs: [
    { player: 'advise', decisions: 100, mean_loss: 0.1, mean_loss_ci_low: 0.05, mean_loss_ci_high: 0.15 },
    { player: 'rollout', decisions: 100, mean_loss: 0.5, mean_loss_ci_low: 0.4, mean_loss_ci_high: 0.6 },
    { player: 'efficiency', decisions: 100, mean_loss: 1, mean_loss_ci_low: 0.9, mean_loss_ci_high: 1.1 },
    { player: 'random', decisions: 100, mean_loss: 5, mean_loss_ci_low: 4, mean_loss_ci_high: 6 },
  ],
};

describe('the ladder', () => {
  it('places an interval among the rungs, and refuses to where it cannot', () => {
    expect(placeOnLadder(ladder, 40, 0.8, 1.2)).toEqual({ band: 'plays like efficiency', better: 'efficiency', worse: 'efficiency' });
    expect(placeOnLadder(ladder, 40, 0.4, 1.2).band).toBe('plays between rollout and efficiency');
    expect(placeOnLadder(ladder, 40, 0.6, 0.9)).toEqual({
      band: 'plays between rollout and efficiency',
      better: 'rollout',
      worse: 'efficiency',
    });
    expect(placeOnLadder(ladder, 40, 0.01, 0.05)).toEqual({
      band: 'plays better than every bot on the ladder (its best, advise)',
      better: null,
      worse: 'advise',
    });
    expect(placeOnLadder(ladder, 40, 6, 7).worse).toBeNull();
    expect(placeOnLadder(ladder, 29, 0.8, 1.2).band).toBe('cannot be placed: too few decisions (29 reviewed; the band needs 30)');
    expect(placeOnLadder(ladder, 40, 0, 0).band).toMatch(/^cannot be placed: every reviewed decision lost the same/);
    expect(placeOnLadder(ladder, 40, 0, 9)).toEqual({
      band: 'cannot be placed: its interval holds every rung of the ladder',
      better: null,
      worse: null,
    });
  });

  it("rates a mean loss as the benchmark does: Student's t over the decisions, never below 0", () => {
    const r = rating([0, 0, 0, 3]);
    expect(r.mean).toBe(0.75);
    // t(0.975, 3) = 3.182446305; the sample sd is 1.5; the half-width 3.182446305 * 1.5 / 2.
    expect(r.high).toBeCloseTo(0.75 + 2.3868347, 6);
    expect(r.low).toBe(0);
    expect(rating([1]).high).toBe(Infinity);
  });

  it("every game's shipped ladder reads, and holds the figures of the README's benchmark tables", () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('### How often is the advice right?'), readme.indexOf('## Speed'));
    const rows = section.split('\n').filter((l) => l.startsWith('| '));
    const f = (x: number) => x.toFixed(3);
    for (const g of GAMES.filter((e) => e.advise && e.records)) {
      const l = readLadder(shippedLadder(g.def.id), g.def.id)!;
      expect(l, g.def.id).not.toBeNull();
      for (const r of l.rungs)
        for (const name of [r.player, ...(r.alike ?? [])]) {
          const row = rows.find(
            (x) =>
              x
                .slice(2, x.indexOf(' | '))
                .split(', ')
                .some((n) => n.replace(/ \(.*$/, '') === name) &&
              x.includes(`| ${f(r.mean_loss)} [${f(r.mean_loss_ci_low)}, ${f(r.mean_loss_ci_high)}] |`),
          );
          expect(row, `${g.def.id}: ${name} ${r.mean_loss}`).toBeDefined();
        }
    }
  });

  it('a ladder file at fault is one line naming it; none at all is no ladder', () => {
    const dir = tempDir();
    const file = path.join(dir, 'l.json');
    expect(readLadder(path.join(dir, 'none.json'), 'korean')).toBeNull();
    fs.writeFileSync(file, '{"format":"pongsim-ladder/1","game":"korean","unit":"points","rungs":[]}');
    expect(inputErrorLine(() => readLadder(file, 'korean'))).toMatch(/l\.json: "rungs" must list at least two bots$/);
    fs.writeFileSync(file, '{"format":"pongsim-ladder/1","game":"nylonppong","unit":"points","rungs":[]}');
    expect(inputErrorLine(() => readLadder(file, 'korean'))).toMatch(/a ladder of "nylonppong", not of korean$/);
  });
});
