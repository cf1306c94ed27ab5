import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvs, interrupt } from '../support/interrupt.js';
import { listFiles, pongsim, tempDir } from '../support/cli.js';

/**
 * Runs killed part-way (Ctrl-C, SIGTERM, SIGKILL), for a study of every game, then resumed:
 * the results are the bytes of an uninterrupted run, and what was in the output folder before
 * is left as it was until the resumed run replaces it whole.
 */

describe('interrupted runs resume to the bytes of an uninterrupted one', () => {
  // A study or a sim of every game, each stopped one way. `out` is where the run writes: a study's
  // folder, or a sim's CSV (its checkpoint beside it). Small chunks (results never depend on
  // them) make small runs that a signal lands in the middle of.
  const cases: { name: string; args: (out: string) => string[]; checkpoint: string; signal: NodeJS.Signals }[] = [
    { name: 'run wolnamppong-strategies', args: (o) => ['run', 'wolnamppong-strategies', '--games', '3000', '--seed', '3', '--out', o], checkpoint: 'wolnamppong-strategies.checkpoint.json', signal: 'SIGINT' },
    { name: 'run stop-limit', args: (o) => ['run', 'stop-limit', '--games', '12', '--seed', '3', '--out', o], checkpoint: 'stop-limit.checkpoint.json', signal: 'SIGTERM' },
    { name: 'sim korean', args: (o) => ['sim', 'korean', '--games', '200', '--chunk', '10', '--seed', '3', '--out', path.join(o, 's.csv')], checkpoint: 's.checkpoint.json', signal: 'SIGKILL' },
    { name: 'sim chinese-american', args: (o) => ['sim', 'chinese-american', '--games', '40', '--chunk', '2', '--seed', '3', '--out', path.join(o, 's.csv')], checkpoint: 's.checkpoint.json', signal: 'SIGINT' },
    { name: 'run american-jokers', args: (o) => ['run', 'american-jokers', '--games', '100', '--chunk', '10', '--seed', '3', '--out', o], checkpoint: 'american-jokers.checkpoint.json', signal: 'SIGKILL' },
  ];
  for (const { name, args, checkpoint, signal } of cases) {
    it(`${name}: ${signal} part-way, then --resume`, async () => {
      const whole = tempDir();
      expect(pongsim(args(whole)).code).toBe(0);
      const out = tempDir();
      const r = await interrupt(args(out), path.join(out, checkpoint), [signal]);
      if (signal === 'SIGKILL') expect(r.signal).toBe('SIGKILL');
      else {
        expect(r.code).toBe(signal === 'SIGINT' ? 130 : 143);
        expect(r.stderr.trim().split('\n').at(-1)).toMatch(new RegExp(`^pongsim: interrupted \\(${signal}\\): \\d+ of \\d+ chunks left, the finished ones saved in .*; continue with: pongsim ${name} .*--resume$`));
      }
      // Nothing but the checkpoint: no results, no temporary file.
      expect(listFiles(out)).toEqual([checkpoint]);
      const resumed = pongsim([...args(out), '--resume']);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(csvs(out)).toEqual(csvs(whole));
      expect(fs.existsSync(path.join(out, checkpoint))).toBe(false);
    }, 120_000);
  }
});
