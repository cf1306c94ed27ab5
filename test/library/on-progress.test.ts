// A caller's onProgress that throws, or an async one that rejects, fails the run it was given
// to: the run's own promise rejects with an Error naming the caller's callback (its error the
// cause), never "a worker stopped" and never an unhandled rejection; the pool is left with no
// task running, and a run that keeps a checkpoint leaves one that resumes to the bytes of an
// uninterrupted run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compare, InputError, runStudy, simulate, tune, type RunControl } from 'pongsim';
import { keptPool } from '../../src/runner/pool.js';
import { WORKER } from '../../src/library/studies.js';
import { csvs } from '../support/interrupt.js';
import { CLI_ENV, listFiles, tempDir } from '../support/cli.js';

/** Each function that takes onProgress, on a run of ten or more chunks; `checkpoint` is the file
 * it keeps one in under `out` (tune keeps none). */
const runs: { name: string; call: (out: string, c: RunControl, resume?: boolean) => Promise<unknown>; checkpoint?: string }[] = [
  {
    name: 'simulate',
    call: (out, c, resume) => simulate({ game: 'wolnamppong', games: 200, chunk: 10, seed: '3', out: path.join(out, 's.csv'), resume }, c),
    checkpoint: 's.checkpoint.json',
  },
  {
    name: 'runStudy',
    call: (out, c, resume) => runStudy({ experiment: 'wolnamppong-strategies', games: 100, chunk: 20, seed: '3', out, resume }, c),
    checkpoint: 'wolnamppong-strategies.checkpoint.json',
  },
  {
    name: 'compare',
    call: (out, c, resume) =>
      compare(
        { game: 'wolnamppong', arm: ['a: --seats kelly,min-bet*5', 'b: --seats min-bet*6'], games: 200, chunk: 10, seed: '3', out, resume },
        c,
      ),
    checkpoint: 'compare.checkpoint.json',
  },
  {
    name: 'tune',
    call: (out, c) => tune({ game: 'wolnamppong', strategy: 'kelly(c=[0.5,1])', budget: 4000, seed: '3', out }, c),
  },
];

/** What onProgress does on its second call: throw, or return a promise that rejects. */
const failing = {
  sync: (boom: Error) => (n: number) => {
    if (n === 2) throw boom;
  },
  async: (boom: Error) => async (n: number) => {
    await sleep(1);
    if (n === 2) throw boom;
  },
};

/** Each run's folder played whole, once. */
const wholes = new Map<string, Promise<string>>();
function uninterrupted(name: string, call: (out: string, c: RunControl) => Promise<unknown>): Promise<string> {
  if (!wholes.has(name)) {
    const dir = tempDir();
    wholes.set(
      name,
      call(dir, {}).then(() => dir),
    );
  }
  return wholes.get(name)!;
}

describe("a caller's onProgress that fails", () => {
  const unhandled: unknown[] = [];
  const listen = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', listen);
  });
  afterEach(() => {
    process.off('unhandledRejection', listen);
  });

  for (const { name, call, checkpoint } of runs) {
    for (const mode of ['sync', 'async'] as const) {
      it(`${name}: one that ${mode === 'sync' ? 'throws' : 'rejects'} rejects the run with its error${checkpoint ? '; --resume then finishes it' : ''}`, async () => {
        const whole = await uninterrupted(name, call);
        const out = tempDir();
        const boom = new Error('boom');
        const step = failing[mode](boom);
        let calls = 0;
        const completed = keptPool(WORKER, 1).completed;
        const error = await call(out, { onProgress: () => step(++calls) }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(Error);
        expect(error).not.toBeInstanceOf(InputError);
        const e = error as Error;
        expect(e.cause).toBe(boom);
        expect(e.message).toMatch(new RegExp(`^the caller's onProgress ${mode === 'sync' ? 'threw' : 'rejected'}: boom`));
        expect(e.message).not.toMatch(/worker/);
        // Not called again once it has failed.
        expect(calls).toBe(2);
        // Every chunk handed out had come back before the promise rejected: none is left running.
        const settled = keptPool(WORKER, 1).completed;
        expect(settled).toBeGreaterThan(completed);
        await sleep(100);
        expect(keptPool(WORKER, 1).completed).toBe(settled);
        expect(keptPool(WORKER, 1).queueSize).toBe(0);
        expect(unhandled).toEqual([]);
        if (!checkpoint) {
          expect(listFiles(out)).toEqual([]);
          await call(out, {});
          expect(csvs(out)).toEqual(csvs(whole));
          return;
        }
        expect(e.message).toMatch(
          new RegExp(`; the \\d+ chunks finished before it are saved in .*${checkpoint}; continue with: the same call with resume: true$`),
        );
        // The checkpoint and nothing else; resumed, the run ends with the uninterrupted run's bytes.
        expect(listFiles(out)).toEqual([checkpoint]);
        await call(out, {}, true);
        expect(listFiles(out)).not.toContain(checkpoint);
        expect(csvs(out)).toEqual(csvs(whole));
      });
    }
  }

  it('is awaited, one call at a time, before the run resolves', async () => {
    let inFlight = 0;
    let most = 0;
    let calls = 0;
    let settled = 0;
    const r = await simulate(
      { game: 'wolnamppong', games: 200, chunk: 10, seed: '3', workers: 2 },
      {
        onProgress: async () => {
          calls++;
          most = Math.max(most, ++inFlight);
          await sleep(2);
          inFlight--;
          settled++;
        },
      },
    );
    expect(most).toBe(1);
    expect([calls, settled]).toEqual([20, 20]);
    expect(r).toEqual(await simulate({ game: 'wolnamppong', games: 200, chunk: 10, seed: '3', workers: 1 }));
  });

  it('leaves the host process to carry on and to end by itself, with nothing on stderr', () => {
    const dir = tempDir();
    const program = path.join(dir, 'host.mjs');
    const api = pathToFileURL(path.resolve('dist/src/api.js')).href;
    fs.writeFileSync(
      program,
      `import { simulate } from ${JSON.stringify(api)};
let calls = 0;
try {
  await simulate({ game: 'wolnamppong', games: 200, chunk: 10, seed: '3' }, {
    onProgress: async () => { if (++calls === 2) throw new Error('boom'); },
  });
} catch (e) {
  console.log(e.message, e.cause?.message);
}
const again = await simulate({ game: 'wolnamppong', games: 200, chunk: 10, seed: '3' });
console.log(again.games);
`,
    );
    const r = spawnSync(process.execPath, [program], { encoding: 'utf8', env: CLI_ENV, timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("the caller's onProgress rejected: boom boom\n200\n");
  });
});
