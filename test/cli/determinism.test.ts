import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, pongsim, tempDir } from '../support/cli.js';

const SIM = ['sim', 'wolnamppong', '--seats', 'counting(t=0,f=0.5),kelly,ado(p=0.7),min-bet,ev-threshold,fold', '--games', '3000', '--seed', '7'];

describe('reproducibility', () => {
  it('gives byte-identical CSVs on 1 and 2 workers', () => {
    const dir = tempDir();
    const one = pongsim([...SIM, '--workers', '1', '--out', path.join(dir, 'one.csv')]);
    const two = pongsim([...SIM, '--workers', '2', '--out', path.join(dir, 'two.csv')]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'two.csv'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'one.csv'), 'utf8'));
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'one.meta.json'), 'utf8'));
    expect(meta).toMatchObject({ seed: '7', games: 3000, provenance: { game: 'wolnamppong' } });
    expect(meta.provenance.seats[0]).toBe('counting(t=0,f=0.5)');
  });

  it('gives byte-identical CSVs for two chunk sizes', () => {
    const dir = tempDir();
    const a = pongsim([...SIM, '--chunk', '100', '--out', path.join(dir, 'a.csv')]);
    const b = pongsim([...SIM, '--chunk', '777', '--workers', '1', '--out', path.join(dir, 'b.csv')]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'b.csv'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'a.csv'), 'utf8'));
  });

  it('three shards merged give the same CSVs as one run, and merge refuses gaps and overlaps', () => {
    const dir = tempDir();
    const run = ['run', 'wolnamppong-strategies', '--games', '300', '--seed', '3'];
    expect(pongsim([...run, '--out', path.join(dir, 'whole')]).code).toBe(0);
    for (const k of [1, 2, 3]) {
      const r = pongsim([...run, '--shard', `${k}/3`, '--out', path.join(dir, 'parts'), '--workers', String(1 + (k % 2))]);
      expect(r.code, r.stderr).toBe(0);
    }
    const parts = listFiles(path.join(dir, 'parts')).map((f) => path.join(dir, 'parts', f));
    expect(parts).toHaveLength(3);
    const merged = pongsim(['merge', ...parts, '--out', path.join(dir, 'merged')]);
    expect(merged.code, merged.stderr).toBe(0);
    const csv = (d: string) => fs.readFileSync(path.join(dir, d, 'wolnamppong-strategies.csv'), 'utf8');
    expect(csv('merged')).toBe(csv('whole'));

    const gap = pongsim(['merge', parts[0]!, parts[2]!, '--out', path.join(dir, 'gap')]);
    expect(gap.code).toBe(2);
    expect(gap.stderr).toMatch(/games 100 to 199 are missing/);
    const overlap = pongsim(['merge', parts[0]!, parts[0]!, parts[1]!, parts[2]!, '--out', path.join(dir, 'overlap')]);
    expect(overlap.code).toBe(2);
    expect(overlap.stderr).toMatch(/overlaps/);
    expect(listFiles(path.join(dir, 'gap'))).toEqual([]);
  });

  it('replays a game of a sim run exactly', async () => {
    const seats = 'counting(t=0,f=0.5),kelly,ado(p=0.7),min-bet';
    const five = JSON.parse(pongsim(['sim', 'wolnamppong', '--set', 'players=4', '--seats', seats, '--games', '5', '--seed', '9', '--json']).stdout);
    const six = JSON.parse(pongsim(['sim', 'wolnamppong', '--set', 'players=4', '--seats', seats, '--games', '6', '--seed', '9', '--json']).stdout);
    const replay = pongsim(['replay', 'wolnamppong', '--set', 'players=4', '--seats', seats, '--seed', '9', '--index', '5']);
    expect(replay.code, replay.stderr).toBe(0);
    const result = [...replay.stdout.matchAll(/seat (\d) \([^)]*\)+: (-?[\d.]+)$/gm)].map((m) => Number(m[2]));
    expect(result).toHaveLength(4);
    for (let k = 0; k < 4; k++) expect(six.seats[k].mean * 6 - five.seats[k].mean * 5).toBeCloseTo(result[k]!, 9);
    expect(replay.stdout).toMatch(/seat \d \(kelly\(c=0.5\)\): (fold|bet \d+)/);
  });
});
