// pongsim league: a bot and its copy rate level, a bot that folds every hand rates last, the line-ups
// and seat orders, the same bytes on any worker count and in shards, rounds of allotment, bad input.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Interrupted, league, merge, type StudyResult } from 'pongsim';
import { lineUps, seatOrders } from '../../src/experiment/league.js';
import { listFiles, pongsimIn, tempDir } from '../support/cli.js';

type Row = Record<string, string | number | null>;
const rows = (r: StudyResult, table: string) => r.tables[table] as Row[];

describe('pongsim league', () => {
  it('seats every line-up in its seat orders', () => {
    expect(lineUps(4, 4)).toEqual([[0, 1, 2, 3]]);
    expect(lineUps(5, 4)).toHaveLength(5);
    // Fewer specs than seats: each spec at least once.
    expect(lineUps(2, 4)).toEqual([
      [0, 0, 0, 1],
      [0, 0, 1, 1],
      [0, 1, 1, 1],
    ]);
    expect(seatOrders([0, 1, 2, 3])).toHaveLength(24);
    expect(seatOrders([0, 0, 1, 1])).toHaveLength(6);
    // Six different specs have 720 orders: their six rotations instead.
    expect(seatOrders([0, 1, 2, 3, 4, 5])).toHaveLength(6);
    for (const o of seatOrders([0, 0, 1, 2, 3, 3])) expect([...o].sort()).toEqual([0, 0, 1, 2, 3, 3]);
  });

  it('rates a bot level with its copy and a bot that folds every hand last, the same bytes on any worker count', async () => {
    const dir = tempDir();
    const o = { game: 'wolnamppong', specs: 'ev-threshold,ev-threshold,kelly,fold', games: 16, seed: '5' };
    const one = (await league({ ...o, workers: 1, out: path.join(dir, 'one') })) as StudyResult;
    const table = rows(one, 'league');
    const copy = table.find((r) => r.spec === 'ev-threshold#2')!;
    // The copy's rating against the original (anchored at 0) has an interval round 0.
    expect(copy.rating_ci_low as number).toBeLessThan(0);
    expect(copy.rating_ci_high as number).toBeGreaterThan(0);
    // The bot that never bets is last, and every other is surely ahead of it.
    expect(table.at(-1)!.spec).toBe('fold');
    for (const r of rows(one, 'superiority').filter((x) => x.versus === 'fold')) expect(r.los as number).toBeGreaterThan(0.99);
    // 10 line-ups of the four at six seats, each in its 6 rotations: 360 seats a deal, 90 each.
    expect(table.map((r) => r.games)).toEqual([1440, 1440, 1440, 1440]);
    await league({ ...o, workers: 2, out: path.join(dir, 'two') });
    const file = (d: string, f: string) => fs.readFileSync(path.join(dir, d, f), 'utf8');
    for (const f of ['league.csv', 'superiority.csv', 'league.svg']) expect(file('two', f)).toBe(file('one', f));
    // Two shards merged: the same tables.
    for (const k of [1, 2]) await league({ ...o, shard: `${k}/2`, out: path.join(dir, 'parts') });
    const parts = listFiles(path.join(dir, 'parts')).map((f) => path.join(dir, 'parts', f));
    await merge({ partials: parts, out: path.join(dir, 'merged') });
    for (const f of ['league.csv', 'superiority.csv']) expect(file('merged', f)).toBe(file('one', f));
  }, 120_000);

  it('allots later rounds to the line-ups that seat pairs still near even', async () => {
    const dir = tempDir();
    const r = (await league({
      game: 'nylonppong',
      specs: 'basic,careful,random,seeker(o=1)',
      set: 'players=2',
      games: 20,
      rounds: 2,
      seed: '3',
      workers: 1,
      out: dir,
    })) as StudyResult;
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'league.meta.json'), 'utf8'));
    expect(meta.rounds[0]).toEqual({ round: 1, deals: 20, lineups: 6 });
    // random is far behind every other bot after one round: its line-ups get no more games.
    expect(meta.rounds[1].lineups).toBeLessThan(6);
    const together = rows(r, 'superiority');
    const games = (a: string, b: string) => together.find((x) => x.spec === a && x.versus === b)!.games_together;
    expect(games('basic', 'random')).toBe(40);
    expect(games('basic', 'careful')).toBe(80);
    expect(r.summary[0]).toMatch(/Bradley-Terry: two seats/);
  }, 60_000);

  it('stops on an AbortSignal keeping its checkpoint, and resumes to the bytes of an uninterrupted run', async () => {
    const o = { game: 'nylonppong', specs: 'basic,careful,random', set: 'players=2', games: 12, chunk: 2, seed: '6', workers: 1 };
    const whole = tempDir();
    await league({ ...o, out: whole });
    const out = tempDir();
    const stop = new AbortController();
    await expect(league({ ...o, out }, { signal: stop.signal, onProgress: () => stop.abort() })).rejects.toThrow(Interrupted);
    expect(listFiles(out)).toEqual(['league.checkpoint.json']);
    await league({ ...o, out, resume: true });
    for (const f of ['league.csv', 'superiority.csv'])
      expect(fs.readFileSync(path.join(out, f), 'utf8')).toBe(fs.readFileSync(path.join(whole, f), 'utf8'));
  }, 60_000);

  it('refuses bad input in one line', async () => {
    const cases: [string[], RegExp][] = [
      [['league', 'nylonppong', '--specs', 'basic'], /^pongsim: --specs: give at least two specs to rate against each other \(got 1\)$/],
      [['league', 'nylonppong', '--specs', 'basic,nope'], /nope/],
      [['league', 'nylonppong', '--specs', 'basic,careful', '--rounds', '2', '--shard', '1/2'], /^pongsim: --rounds with --shard: /],
      [['league', 'nylonppong', '--specs', 'basic,careful', '--rounds', '0'], /--rounds/],
      [['run', 'league'], /league is not a study; use pongsim league <game> --specs/],
    ];
    for (const [args, re] of cases) {
      const r = await pongsimIn(args, tempDir());
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr.trimEnd(), args.join(' ')).toMatch(re);
    }
  });
});
