// pongsim tune: successive halving on common deals, checked on a case whose answer the exact
// odds give, reproducible on any worker count; bad grids refused.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, pongsimIn } from '../support/cli.js';

type Row = Record<string, string>;
const readCsv = (file: string): Row[] => {
  const [head, ...lines] = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  const cols = head!.split(',');
  return lines
    .map((l) => (l.match(/("[^"]*"|[^,]*)(,|$)/g) ?? []).slice(0, cols.length).map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')))
    .map((v) => Object.fromEntries(cols.map((c, i) => [c, v[i]!])));
};

describe('pongsim tune', () => {
  it('finds the threshold the exact odds predict: ev-threshold(t) never loses significantly at t = 0, and far thresholds go first', async () => {
    // Betting has positive EV exactly when the exact EV per chip is positive: every t in
    // (-0.130, 0.043] (the nearest EVs below and above 0) makes the same decisions as t = 0.
    const dir = tempDir();
    const args = ['tune', 'wolnamppong', '--strategy', 'ev-threshold(t=-0.4..0.4:0.2,f=0.2)', '--budget', '30000', '--seed', '3'];
    const a = await pongsimIn([...args, '--workers', '1', '--out', path.join(dir, 'a')]);
    expect(a.code, a.stderr).toBe(0);
    const rows = readCsv(path.join(dir, 'a', 'tune.csv'));
    const t0 = rows.filter((r) => r.config === 'ev-threshold(t=0,f=0.2)');
    expect(t0.length).toBeGreaterThanOrEqual(2);
    for (const r of t0) expect(Number(r.diff_vs_leader_ci_high)).toBeGreaterThanOrEqual(0);
    // The far ends are out after the first round.
    for (const far of ['ev-threshold(t=-0.4,f=0.2)', 'ev-threshold(t=0.4,f=0.2)']) {
      const r = rows.filter((x) => x.config === far);
      expect(r).toHaveLength(1);
      expect(r[0]!.kept).toBe('no');
      expect(Number(r[0]!.diff_vs_leader_ci_high)).toBeLessThan(0);
    }
    expect(a.stdout).toMatch(/^ev-threshold\(t=-?0(\.2)?,f=0\.2\) wins: /);
    // The same bytes on two workers.
    const b = await pongsimIn([...args, '--workers', '2', '--out', path.join(dir, 'b')]);
    expect(b.code, b.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'b', 'tune.csv'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'a', 'tune.csv'), 'utf8'));
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'a', 'tune.meta.json'), 'utf8'));
    expect(meta).toMatchObject({ configurations: 5, rounds: 3, budget: 30000 });
  });

  it('tunes a lower-is-better game and prints one JSON document', async () => {
    const dir = tempDir();
    const r = await pongsimIn(['tune', 'nylonppong', '--strategy', 'basic(t=[4,10])', '--budget', '400', '--out', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.rounds).toHaveLength(2);
    expect(['basic(t=4)', 'basic(t=10)']).toContain(doc.winner);
    expect(typeof doc.significant).toBe('boolean');
  });

  it.each([
    ['an unknown parameter', 'ev-threshold(z=1..2:1)', /--strategy ev-threshold: unknown parameter "z"; allowed parameters: t, f/],
    ['a range without a step', 'ev-threshold(t=0.1..0.4)', /--strategy ev-threshold: t=0\.1\.\.0\.4: a range needs a step: lo\.\.hi:step/],
    ['a value out of range', 'ev-threshold(t=0..3:1)', /--strategy ev-threshold: t=2 is outside what t allows \(a number from -2 to 1\)/],
    ['an empty list', 'ev-threshold(t=[])', /--strategy ev-threshold: t=\[\] has no values/],
    ['a backwards range', 'ev-threshold(t=1..0:0.1)', /a range lo\.\.hi:step needs lo <= hi and a step above 0/],
    ['an unknown strategy', 'ev-treshold(t=1)', /strategy "ev-treshold" is not a wolnamppong strategy/],
    [
      'too many configurations for the budget',
      'ev-threshold(t=-1..1:0.1,f=[0.1,0.5])',
      /--budget 1000: too small for 42 configurations over 6 rounds/,
    ],
  ])('refuses %s: exit 2, one line, nothing written', async (_, grid, msg) => {
    const dir = tempDir();
    const r = await pongsimIn(['tune', 'wolnamppong', '--strategy', grid, '--budget', '1000', '--out', path.join(dir, 'out')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(msg);
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  });
});
