// tune --method spsa and --sprt: SPSA finds Nylon-ppong's best stop threshold, the SPRT accepts a
// setting known to be far better and never accepts one that plays alike, reproducibly; bad input.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tune, type TuneResult } from 'pongsim';
import { sprt, sprtBounds } from '../../src/stats/sprt.js';
import { tempDir, pongsimIn } from '../support/cli.js';

describe('tune --method spsa and --sprt', () => {
  it("the SPRT's log-likelihood ratio and Wald's bounds", () => {
    const { lower, upper } = sprtBounds(0.05, 0.05);
    expect(upper).toBeCloseTo(Math.log(19), 12);
    expect(lower).toBeCloseTo(-Math.log(19), 12);
    // n ((d1 - d0) mean - (d1^2 - d0^2) / 2) / variance: 100 (1 * 0.8 - 0.5) / 4 = 7.5.
    const r = sprt(100, 0.8, 4, 0, 1, 0.05, 0.05);
    expect(r.llr).toBeCloseTo(7.5, 12);
    expect(r.verdict).toBe('H1');
    expect(sprt(100, 0.2, 4, 0, 1, 0.05, 0.05).verdict).toBe('H0'); // 100 (0.2 - 0.5) / 4 = -7.5
    expect(sprt(10, 0.5, 4, 0, 1, 0.05, 0.05).verdict).toBe('inconclusive');
  });

  it("SPSA moves basic's stop threshold from the limit to where the stop-limit study finds the best (0 to 3)", async () => {
    // Against basic seats that stop at the limit, the focal seat's penalty rises with t
    // (results/reference/stop-limit: 0 to 3 within noise of the best, 10 worst by 2.6 points a game):
    // a low two-card hand that waits still scores its sum, and the stop odds at 10 fail 30% against
    // one two-card hand (results/reference/nylonppong-stop-odds).
    const dir = tempDir();
    const r = await tune({ game: 'nylonppong', method: 'spsa', strategy: 'basic(t=0..10)', budget: 6000, seed: '3', workers: 2, out: dir });
    expect(r.method).toBe('spsa');
    expect(r.steps).toHaveLength(30);
    // From the default, the stop limit 10, the first step plays 10 against 8 (c = 0.2 of the range).
    expect([r.steps![0]!.plus, r.steps![0]!.minus].sort()).toEqual(['basic(t=10)', 'basic(t=8)']);
    const t = Number(/t=(\d+)/.exec(r.winner)![1]);
    expect(t).toBeLessThanOrEqual(3);
    expect(fs.existsSync(path.join(dir, 'spsa.csv'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'spsa.svg'))).toBe(true);
  }, 120_000);

  it('the SPRT accepts a setting far better than the current one, never one that plays alike, the same on any worker count', async () => {
    const dir = tempDir();
    const o = { game: 'nylonppong', strategy: 'basic(t=[0])', budget: 20, seed: '4', sprt: '0,1', current: 'basic(t=10)' };
    const one = (await tune({ ...o, workers: 1, out: path.join(dir, 'one') })) as TuneResult;
    expect(one.sprt!.verdict).toBe('H1');
    expect(one.sprt!.llr).toBeGreaterThanOrEqual(one.sprt!.upper);
    expect(one.sprt!.answer).toMatch(/accept H1: basic\(t=0\) is better than basic\(t=10\)/);
    await tune({ ...o, workers: 2, out: path.join(dir, 'two') });
    const file = (d: string) => fs.readFileSync(path.join(dir, d, 'sprt.csv'), 'utf8');
    expect(file('two')).toBe(file('one'));
    // The same setting under another name: every paired difference is 0, and H1 is never accepted.
    const same = (await tune({ ...o, current: 'basic(t=0)', workers: 1, out: path.join(dir, 'same') })) as TuneResult;
    expect(same.sprt!.verdict).toBe('H0');
  }, 120_000);

  it('refuses bad input in one line', async () => {
    const base = ['tune', 'nylonppong', '--budget', '1000'];
    const cases: [string[], RegExp][] = [
      [[...base, '--strategy', 'basic(t=0..10)', '--method', 'newton'], /^pongsim: --method "newton": expected halving .* or spsa/],
      [[...base, '--strategy', 'basic(t=0..10:1)', '--method', 'spsa'], /--method spsa tunes a range lo\.\.hi \(no step, no list\)/],
      [[...base, '--strategy', 'basic(t=4)', '--method', 'spsa'], /--method spsa needs a parameter to tune/],
      [['tune', 'nylonppong', '--strategy', 'basic(t=0..10)', '--method', 'spsa', '--budget', '300'], /too small for SPSA/],
      [[...base, '--strategy', 'basic(t=[0,4])', '--alpha', '0.1'], /^pongsim: --alpha: only with --sprt d0,d1$/],
      [[...base, '--strategy', 'basic(t=[0,4])', '--sprt', '2,1'], /--sprt "2,1": expected d0,d1/],
      [[...base, '--strategy', 'basic(t=[0,4])', '--sprt', '0,1', '--beta', '0.7'], /--beta 0\.7: an error rate/],
    ];
    for (const [args, re] of cases) {
      const r = await pongsimIn(args, tempDir());
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr.trimEnd(), args.join(' ')).toMatch(re);
    }
  });
});
