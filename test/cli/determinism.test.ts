import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildId } from '../../src/io/build.js';
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
    expect(meta).toMatchObject({ seed: '7', games: 3000, provenance: { game: 'wolnamppong' }, build: buildId() });
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
      // The last slice by its 0-based index, as a Kubernetes Indexed Job numbers its pods.
      const shard = k === 3 ? ['--shard-index', '2/3'] : ['--shard', `${k}/3`];
      const r = pongsim([...run, ...shard, '--out', path.join(dir, 'parts'), '--workers', String(1 + (k % 2))]);
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

    // A partial cannot be fooled: an edited sum, a range moved, another version, a cell gone.
    const edit = (name: string, change: (p: Record<string, any>) => void): string => {
      const p = JSON.parse(fs.readFileSync(parts[1]!, 'utf8'));
      change(p);
      const file = path.join(dir, `${name}.partial.json`);
      fs.writeFileSync(file, JSON.stringify(p));
      return file;
    };
    const refuse = (file: string, msg: RegExp) => {
      const r = pongsim(['merge', parts[0]!, file, parts[2]!, '--out', path.join(dir, 'bad')]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(listFiles(path.join(dir, 'bad'))).toEqual([]);
    };
    const sumKey = (p: Record<string, any>) => Object.keys(p.tallies[0].means)[0]!;
    refuse(edit('sum', (p) => { p.tallies[0].means[sumKey(p)].n += 1; }), /its contents do not match its checksum \(edited or damaged\)/);
    refuse(edit('range', (p) => { p.ranges[0] = [100, 201]; }), /do not match its checksum/);
    const resign = (p: Record<string, any>) => {
      // A forger who also recomputes the checksum still meets the other checks.
      const { sha256: _, ...body } = p;
      const text = JSON.stringify(body);
      p.sha256 = crypto.createHash('sha256').update(text).digest('hex');
      for (const k of Object.keys(body)) { delete p[k]; p[k] = body[k]; }
    };
    refuse(edit('version', (p) => { p.version = '0.0.1'; resign(p); }), /written by pongsim 0.0.1; this is/);
    refuse(edit('cells', (p) => { p.tallies.pop(); p.ranges.pop(); resign(p); }), /cells\.partial\.json: holds 1 cells; .*shard-1-of-3\.partial\.json holds 2/);
    refuse(edit('moved', (p) => { p.ranges[0] = [100, 201]; resign(p); }), /its games are not those of shard 2\/3 \(100 to 199\)/);
  });

  it('replays a game of a sim run exactly', async () => {
    const seats = 'counting(t=0,f=0.5),kelly,ado(p=0.7),min-bet';
    const sim = (games: string) => {
      const r = pongsim(['sim', 'wolnamppong', '--set', 'players=4', '--seats', seats, '--games', games, '--seed', '9', '--json']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout);
    };
    const five = sim('5');
    const six = sim('6');
    const replay = pongsim(['replay', 'wolnamppong', '--set', 'players=4', '--seats', seats, '--seed', '9', '--index', '5']);
    expect(replay.code, replay.stderr).toBe(0);
    const result = [...replay.stdout.matchAll(/seat (\d) \([^)]*\)+: (-?[\d.]+)$/gm)].map((m) => Number(m[2]));
    expect(result).toHaveLength(4);
    for (let k = 0; k < 4; k++) expect(six.seats[k].mean * 6 - five.seats[k].mean * 5).toBeCloseTo(result[k]!, 9);
    expect(replay.stdout).toMatch(/seat \d \(kelly\(c=0.5\)\): (fold|bet \d+)/);
  });
});
