import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Interrupted, runStudy, simulate } from 'pongsim';
import { csvs, interrupt } from '../support/interrupt.js';
import { listFiles, tempDir } from '../support/cli.js';

/**
 * Runs killed part-way (Ctrl-C, SIGTERM, SIGKILL), for a study of every game, then resumed:
 * the results are the bytes of an uninterrupted run, and what was in the output folder before
 * is left as it was until the resumed run replaces it whole. The command is what is killed; the
 * whole run and the resumed one go through the library it calls.
 */

describe('interrupted runs resume to the bytes of an uninterrupted one', () => {
  // A study or a sim of every game, each stopped one way. `out` is where the run writes: a study's
  // folder, or a sim's CSV (its checkpoint beside it). Small chunks (results never depend on
  // them) make small runs that a signal lands in the middle of.
  const cases: {
    name: string;
    args: (out: string) => string[];
    call: (out: string, resume?: boolean) => Promise<unknown>;
    checkpoint: string;
    signal: NodeJS.Signals;
  }[] = [
    {
      name: 'run wolnamppong-strategies',
      args: (o) => ['run', 'wolnamppong-strategies', '--games', '1000', '--chunk', '100', '--seed', '3', '--out', o],
      call: (o, resume) => runStudy({ experiment: 'wolnamppong-strategies', games: 1000, chunk: 100, seed: '3', out: o, resume }),
      checkpoint: 'wolnamppong-strategies.checkpoint.json',
      signal: 'SIGINT',
    },
    {
      name: 'run nylonppong-house-rules',
      args: (o) => ['run', 'nylonppong-house-rules', '--games', '12', '--chunk', '2', '--seed', '3', '--out', o],
      call: (o, resume) => runStudy({ experiment: 'nylonppong-house-rules', games: 12, chunk: 2, seed: '3', out: o, resume }),
      checkpoint: 'nylonppong-house-rules.checkpoint.json',
      signal: 'SIGTERM',
    },
    {
      name: 'sim korean',
      args: (o) => ['sim', 'korean', '--games', '80', '--chunk', '4', '--seed', '3', '--out', path.join(o, 's.csv')],
      call: (o, resume) => simulate({ game: 'korean', games: 80, chunk: 4, seed: '3', out: path.join(o, 's.csv'), resume }),
      checkpoint: 's.checkpoint.json',
      signal: 'SIGKILL',
    },
    {
      name: 'sim chinese-american',
      args: (o) => ['sim', 'chinese-american', '--games', '40', '--chunk', '2', '--seed', '3', '--out', path.join(o, 's.csv')],
      call: (o, resume) => simulate({ game: 'chinese-american', games: 40, chunk: 2, seed: '3', out: path.join(o, 's.csv'), resume }),
      checkpoint: 's.checkpoint.json',
      signal: 'SIGINT',
    },
    {
      name: 'run american-jokers',
      args: (o) => ['run', 'american-jokers', '--games', '40', '--chunk', '4', '--seed', '3', '--out', o],
      call: (o, resume) => runStudy({ experiment: 'american-jokers', games: 40, chunk: 4, seed: '3', out: o, resume }),
      checkpoint: 'american-jokers.checkpoint.json',
      signal: 'SIGKILL',
    },
  ];
  for (const { name, args, call, checkpoint, signal } of cases) {
    it(`${name}: ${signal} part-way, then --resume`, async () => {
      const whole = tempDir();
      await call(whole);
      const out = tempDir();
      const r = await interrupt(args(out), path.join(out, checkpoint), [signal]);
      if (signal === 'SIGKILL') expect(r.signal).toBe('SIGKILL');
      else {
        expect(r.code).toBe(signal === 'SIGINT' ? 130 : 143);
        expect(r.stderr.trim().split('\n').at(-1)).toMatch(
          new RegExp(
            `^pongsim: interrupted \\(${signal}\\): \\d+ of \\d+ chunks left, the finished ones saved in .*; continue with: pongsim ${name} .*--resume$`,
          ),
        );
      }
      // Nothing but the checkpoint: no results, no temporary file.
      expect(listFiles(out)).toEqual([checkpoint]);
      await call(out, true);
      expect(csvs(out)).toEqual(csvs(whole));
      expect(fs.existsSync(path.join(out, checkpoint))).toBe(false);
    }, 120_000);
  }

  it('the library: an AbortSignal stops a run after its first chunks, keeping them; resume: true ends with the bytes of an uninterrupted run', async () => {
    const run = (out: string, c: { signal?: AbortSignal; onProgress?: () => void } = {}, resume?: boolean) =>
      simulate({ game: 'wolnamppong', games: 4000, chunk: 500, seed: '9', out: path.join(out, 's.csv'), resume }, c);
    const whole = tempDir();
    await run(whole);
    const out = tempDir();
    const stop = new AbortController();
    const stopped = run(out, { signal: stop.signal, onProgress: () => stop.abort() });
    await expect(stopped).rejects.toThrow(Interrupted);
    await expect(stopped).rejects.toThrow(
      /^interrupted \(aborted\): \d+ of 8 chunks left, the finished ones saved in .*s\.checkpoint\.json; continue with: the same call with resume: true$/,
    );
    expect(listFiles(out)).toEqual(['s.checkpoint.json']);
    await run(out, {}, true);
    expect(csvs(out)).toEqual(csvs(whole));
  }, 120_000);
});
