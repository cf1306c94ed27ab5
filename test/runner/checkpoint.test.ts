// What --resume checks of a checkpoint beyond its seal: anyone can re-seal an edited file, so
// its finished chunks must be chunks of this run, each once, and each cell's tally must hold
// their games.
import { describe, expect, it } from 'vitest';
import { checkDone, CHECKPOINT_FORMAT, writeResults, type Checkpoint, type CheckpointPlan } from '../../src/runner/checkpoint.js';
import { addMean, addRate, newTally, type Tally } from '../../src/stats/tally.js';
import { inputErrorLine } from '../support/errors.js';

/** A tally of `games` games, one observation of x a game. */
function played(games: number): Tally {
  const t = newTally();
  for (let i = 0; i < games; i++) {
    addMean(t, 'x', i % 3);
    addRate(t, 'r', i % 2, 1);
  }
  t.games = games;
  return t;
}

/** Two cells, chunks of 10 over games [0, 25): chunks 0, 10 and 20 (5 games) of each. */
const checkpoint = (done: [number, number][], tallies: Tally[]): Checkpoint => ({
  format: CHECKPOINT_FORMAT,
  identity: {},
  chunk: 10,
  done,
  tallies,
});
const refusal = (c: Checkpoint) => inputErrorLine(() => checkDone('cp.json', c, [0, 25]));

describe("a checkpoint's finished chunks", () => {
  it('are taken when they are chunks of the run and the tallies hold their games', () => {
    expect(() =>
      checkDone(
        'cp.json',
        checkpoint(
          [
            [0, 0],
            [1, 0],
            [0, 20],
          ],
          [played(15), played(10)],
        ),
        [0, 25],
      ),
    ).not.toThrow();
    expect(() => checkDone('cp.json', checkpoint([], [newTally(), newTally()]), [0, 25])).not.toThrow();
  });

  it('are refused when they claim more games than the tallies hold', () => {
    expect(
      refusal(
        checkpoint(
          [
            [0, 0],
            [0, 10],
            [0, 20],
            [1, 0],
          ],
          [played(15), played(10)],
        ),
      ),
    ).toBe(
      '--resume: cp.json does not hold what it says it has done (cell 1: its tally holds 15 games where its range has 25, the games of the chunks marked done); run without --resume',
    );
  });

  it('are refused when one is not a chunk of this run, or is marked twice', () => {
    expect(refusal(checkpoint([[0, 5]], [played(10), newTally()]))).toMatch(/\(\[0,5\] is not a chunk of this run\)/);
    expect(refusal(checkpoint([[2, 0]], [played(10), newTally()]))).toMatch(/\(\[2,0\] is not a chunk of this run\)/);
    expect(refusal(checkpoint([[0, 30]], [played(10), newTally()]))).toMatch(/\(\[0,30\] is not a chunk of this run\)/);
    expect(
      refusal(
        checkpoint(
          [
            [0, 0],
            [0, 0],
          ],
          [played(20), newTally()],
        ),
      ),
    ).toMatch(/\(the chunk of cell 1 from game 0 is marked done twice\)/);
  });
});

describe('results that cannot be written', () => {
  const plan: CheckpointPlan = {
    file: 'out/s.checkpoint.json',
    identity: {},
    resume: false,
    how: 'pongsim sim korean --out out/s.csv --resume',
  };
  const full = () => {
    throw new Error('cannot write out/s.csv (ENOSPC: no space left on device, write)');
  };

  it('say where every game of the run is and how to finish, when the checkpoint holds them all', async () => {
    await expect(writeResults(plan, true, full)).rejects.toThrow(
      'cannot write out/s.csv (ENOSPC: no space left on device, write); every game of the run is saved in out/s.checkpoint.json: once the results can be written there, finish with: pongsim sim korean --out out/s.csv --resume',
    );
  });

  it('promise nothing when it does not, or there is none', async () => {
    await expect(writeResults(plan, false, full)).rejects.toThrow(/^cannot write out\/s\.csv \(ENOSPC: no space left on device, write\)$/);
    await expect(writeResults(undefined, false, full)).rejects.toThrow(
      /^cannot write out\/s\.csv \(ENOSPC: no space left on device, write\)$/,
    );
    expect(await writeResults(plan, true, () => 7)).toBe(7);
  });
});
