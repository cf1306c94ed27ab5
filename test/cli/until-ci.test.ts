// --until-ci: blocks of games until the headline intervals are narrow; where it stops depends
// only on the seed and the width, and the result is the same bytes as a plain run of that size.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, pongsimIn } from '../support/cli.js';

describe('--until-ci', () => {
  it('sim: the same games and bytes on 1 and 2 workers, and as a plain run of that many games', async () => {
    const dir = tempDir();
    const run = (w: string, out: string, extra: string[]) =>
      pongsimIn(['sim', 'nylonppong', '--seed', '3', '--workers', w, '--out', path.join(dir, out), ...extra]);
    expect((await run('1', 'a.csv', ['--until-ci', '4'])).code).toBe(0);
    expect((await run('2', 'b.csv', ['--until-ci', '4', '--chunk', '37'])).code).toBe(0);
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'a.meta.json'), 'utf8'));
    expect(meta.untilCi).toMatchObject({ width: 4, reached: true });
    expect(meta.untilCi.widest).toBeLessThan(4);
    expect(meta.games).toBe(meta.untilCi.games);
    expect((await run('1', 'c.csv', ['--games', String(meta.games)])).code).toBe(0);
    const csv = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    expect(csv('b.csv')).toBe(csv('a.csv'));
    expect(csv('c.csv')).toBe(csv('a.csv'));
    // Every seat's interval is under the width.
    for (const line of csv('a.csv')
      .split('\n')
      .filter((l) => l.startsWith('seat,'))) {
      const f = line.split(',');
      expect(Number(f[6]) - Number(f[5])).toBeLessThan(4);
    }
  });

  it('run: stops at --max-games when the width is out of reach, and says so', async () => {
    const dir = tempDir();
    const r = await pongsimIn(['run', 'wolnamppong-strategies', '--until-ci', '0.001', '--max-games', '1600', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'wolnamppong-strategies.meta.json'), 'utf8'));
    expect(meta.untilCi).toMatchObject({ games: 1600, reached: false });
    expect(r.stderr).toMatch(/1600 games per cell: .* still over 0.001 at --max-games/);
  });

  it.each([
    ['with --games', ['sim', 'nylonppong', '--until-ci', '1', '--games', '10'], /--until-ci and --games: give one/],
    ['--max-games alone', ['run', 'stop-limit', '--max-games', '10'], /--max-games: only with --until-ci/],
    ['a bad width', ['sim', 'nylonppong', '--until-ci', 'wide'], /--until-ci: expected a positive number/],
    [
      'with a shard',
      ['run', 'stop-limit', '--until-ci', '1', '--shard', '1/2'],
      /--until-ci: a run that stops when its intervals are narrow cannot be sharded/,
    ],
  ])('refuses %s: exit 2, one line', async (_, args, msg) => {
    const r = await pongsimIn([...args, '--out', path.join(tempDir(), 'o')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(msg);
  });
});
