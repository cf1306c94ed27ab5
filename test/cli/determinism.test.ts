import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { merge, replay, runStudy, simulate, type SimulateOptions, type SimulateResult } from 'pongsim';
import { buildId } from '../../src/io/build.js';
import { listFiles, tempDir } from '../support/cli.js';

const SIM: SimulateOptions = {
  game: 'wolnamppong',
  seats: 'counting(t=0,f=0.5),kelly,ado(p=0.7),min-bet,ev-threshold,fold',
  games: 3000,
  seed: '7',
};

describe('reproducibility', () => {
  it('gives byte-identical CSVs on 1 and 2 workers', async () => {
    const dir = tempDir();
    await simulate({ ...SIM, workers: 1, out: path.join(dir, 'one.csv') });
    await simulate({ ...SIM, workers: 2, out: path.join(dir, 'two.csv') });
    expect(fs.readFileSync(path.join(dir, 'two.csv'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'one.csv'), 'utf8'));
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'one.meta.json'), 'utf8'));
    expect(meta).toMatchObject({ seed: '7', games: 3000, provenance: { game: 'wolnamppong' }, build: buildId() });
    expect(meta.provenance.seats[0]).toBe('counting(t=0,f=0.5)');
  });

  it('gives byte-identical CSVs for two chunk sizes', async () => {
    const dir = tempDir();
    await simulate({ ...SIM, chunk: 100, workers: 2, out: path.join(dir, 'a.csv') });
    await simulate({ ...SIM, chunk: 777, workers: 1, out: path.join(dir, 'b.csv') });
    expect(fs.readFileSync(path.join(dir, 'b.csv'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'a.csv'), 'utf8'));
  });

  it('three shards merged give the same CSVs as one run, and merge refuses gaps and overlaps', async () => {
    const dir = tempDir();
    const run = { experiment: 'wolnamppong-strategies', games: 300, seed: '3' };
    await runStudy({ ...run, out: path.join(dir, 'whole') });
    for (const k of [1, 2, 3]) {
      // The last slice by its 0-based index, as a Kubernetes Indexed Job numbers its pods.
      const shard = k === 3 ? { shardIndex: '2/3' } : { shard: `${k}/3` };
      await runStudy({ ...run, ...shard, out: path.join(dir, 'parts'), workers: 1 + (k % 2) });
    }
    const parts = listFiles(path.join(dir, 'parts')).map((f) => path.join(dir, 'parts', f));
    expect(parts).toHaveLength(3);
    await merge({ partials: parts, out: path.join(dir, 'merged') });
    const csv = (d: string) => fs.readFileSync(path.join(dir, d, 'wolnamppong-strategies.csv'), 'utf8');
    expect(csv('merged')).toBe(csv('whole'));

    await expect(merge({ partials: [parts[0]!, parts[2]!], out: path.join(dir, 'gap') })).rejects.toThrow(/games 100 to 199 are missing/);
    await expect(merge({ partials: [parts[0]!, parts[0]!, parts[1]!, parts[2]!], out: path.join(dir, 'overlap') })).rejects.toThrow(
      /overlaps/,
    );
    expect(listFiles(path.join(dir, 'gap'))).toEqual([]);

    // A partial cannot be fooled: an edited sum, a range moved, another version, a cell gone.
    const edit = (name: string, change: (p: Record<string, any>) => void): string => {
      const p = JSON.parse(fs.readFileSync(parts[1]!, 'utf8'));
      change(p);
      const file = path.join(dir, `${name}.partial.json`);
      fs.writeFileSync(file, JSON.stringify(p));
      return file;
    };
    const refuse = async (file: string, msg: RegExp) => {
      await expect(merge({ partials: [parts[0]!, file, parts[2]!], out: path.join(dir, 'bad') })).rejects.toThrow(msg);
      expect(listFiles(path.join(dir, 'bad'))).toEqual([]);
    };
    const sumKey = (p: Record<string, any>) => Object.keys(p.tallies[0].means)[0]!;
    await refuse(
      edit('sum', (p) => {
        p.tallies[0].means[sumKey(p)].n += 1;
      }),
      /its contents do not match its checksum \(edited or damaged\)/,
    );
    await refuse(
      edit('range', (p) => {
        p.ranges[0] = [100, 201];
      }),
      /do not match its checksum/,
    );
    const resign = (p: Record<string, any>) => {
      // A forger who also recomputes the checksum still meets the other checks.
      const { sha256: _, ...body } = p;
      const text = JSON.stringify(body);
      p.sha256 = crypto.createHash('sha256').update(text).digest('hex');
      for (const k of Object.keys(body)) {
        delete p[k];
        p[k] = body[k];
      }
    };
    await refuse(
      edit('version', (p) => {
        p.version = '0.0.1';
        resign(p);
      }),
      /written by pongsim 0.0.1; this is/,
    );
    await refuse(
      edit('cells', (p) => {
        p.tallies.pop();
        p.ranges.pop();
        resign(p);
      }),
      /cells\.partial\.json: holds 1 cells; .*shard-1-of-3\.partial\.json holds 2/,
    );
    await refuse(
      edit('moved', (p) => {
        p.ranges[0] = [100, 201];
        resign(p);
      }),
      /its games are not those of shard 2\/3 \(100 to 199\)/,
    );
  });

  it('replays a game of a sim run exactly', async () => {
    const seats = 'counting(t=0,f=0.5),kelly,ado(p=0.7),min-bet';
    const sim = async (games: number) =>
      (await simulate({ game: 'wolnamppong', set: ['players=4'], seats, games, seed: '9' })) as SimulateResult;
    const five = await sim(5);
    const six = await sim(6);
    const r = await replay({ game: 'wolnamppong', set: ['players=4'], seats, seed: '9', index: 5 });
    const result = r.result!.map((x) => x.return);
    expect(result).toHaveLength(4);
    for (let k = 0; k < 4; k++) expect(six.seats[k]!.mean! * 6 - five.seats[k]!.mean! * 5).toBeCloseTo(result[k]!, 9);
    expect(r.trace.join('\n')).toMatch(/seat \d \(kelly\(c=0.5\)\): (fold|bet \d+)/);
  });
});
