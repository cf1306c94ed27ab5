import { describe, expect, it } from 'vitest';
import { IllegalMoveError, InputError, revived, thrownData } from '../../src/core/errors.js';
import { replayGame } from '../../src/runner/replay.js';
import { WORKER } from '../../src/library/studies.js';

// A thread's structured clone makes every Error class of ours a plain Error: bad input met on a
// worker would end as a failed run (exit 1), where the same input in one thread is refused as
// input (exit 2, one line). The workers hand such errors back as data, and the pool throws them
// again as their class.
describe('errors thrown on a worker thread keep their class', () => {
  it('a spec refused on the worker comes back as the InputError it is, its message whole', async () => {
    const params = { game: 'wolnamppong', rules: {}, seats: ['no-such-bot', 'min-bet', 'min-bet', 'min-bet', 'min-bet', 'min-bet'] };
    const e = await replayGame(WORKER, params, '1', 0).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).toMatch(/no-such-bot/);
  });

  it('the data and the error it stands for', () => {
    for (const e of [new InputError('a'), new IllegalMoveError('b')]) {
      const back = revived(structuredClone(thrownData(e)));
      expect(back).toBeInstanceOf(e.constructor);
      expect(back!.message).toBe(e.message);
    }
    expect(thrownData(new Error('c'))).toBeNull();
    // A result that is not one: a tally, or data naming no class of ours.
    expect(revived({ tally: {} })).toBeNull();
    expect(revived({ thrown: 'toString', message: 'x' })).toBeNull();
  });
});
