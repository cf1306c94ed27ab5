// pongsim review (CLI): prints the table, the summary and the costliest decisions, writes the CSV,
// prints the library's result with --json, and refuses bad input with one line and exit 2 (run
// in-process: the command line's parsing and printing are under test, not Node's start).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { review } from '../../src/library/review.js';
import { pongsimIn, tempDir, unwrap } from '../support/cli.js';

describe('pongsim review (CLI)', () => {
  it('text, --csv and --json; exit 2 and one line for bad input', { timeout: 60000 }, async () => {
    const dir = tempDir();
    const record = path.join(dir, 'game.jsonl');
    const rec = await pongsimIn(['replay', 'wolnamppong', '--seed', '1', '--index', '0', '--format', 'events']);
    expect(rec.code, rec.stderr).toBe(0);
    fs.writeFileSync(record, rec.stdout);
    const args = ['review', 'wolnamppong', record, '--seat', '1', '--budget', '300', '--seed', 'cli'];
    const csv = path.join(dir, 'r.csv');
    const t = await pongsimIn([...args, '--csv', csv]);
    expect(t.code, t.stderr).toBe(0);
    const lib = JSON.parse(JSON.stringify(await review({ game: 'wolnamppong', record, seat: 1, budget: 300, seed: 'cli' })));
    expect(unwrap(t.stdout)).toContain(lib.summary);
    for (const w of lib.costliest) expect(unwrap(t.stdout)).toContain(w);
    expect(t.stdout).not.toContain('\\u000a');
    expect(fs.readFileSync(csv, 'utf8').trim().split('\n')).toHaveLength(lib.rows.length + 1);
    const j = await pongsimIn([...args, '--json']);
    expect(JSON.parse(j.stdout)).toEqual(lib);
    for (const [bad, says] of [
      [[...args.slice(0, 3), '--seat', '9'], /^pongsim: --seat 9: /],
      [[...args, '--csv', dir], /^pongsim: --csv /],
      [['review', 'wolnamppong', path.join(dir, 'none.jsonl'), '--seat', '0'], /none\.jsonl/],
      [[...args, '--policy', 'rollout'], /^pongsim: --policy rollout\(.*\): the rollouts need a strategy that does not search$/],
      [[...args.slice(0, 5), '--budget', '10'], /^pongsim: --budget: expected at least 64 playouts a decision \(got 10\)$/],
      [['advise', 'wolnamppong', '--record', record, '--at', '0'], /^pongsim: --at "0": /],
      // American advice reads the seat wind as the table does, in the Charleston and after it.
      [
        ['advise', 'american', '--hand', 'm1112 p2468 s369 z55 j', '--seat-wind', 'X'],
        /^pongsim: --seat-wind: expected one of E, S, W, N \(got "X"\)$/,
      ],
      [
        ['advise', 'american', '--stage', 'play', '--hand', 'm1113 p2468 s3669 z5 j', '--seat-wind', 'X'],
        /^pongsim: --seat-wind: expected one of E, S, W, N \(got "X"\)$/,
      ],
    ] as const) {
      const r = await pongsimIn([...bad]);
      expect(r.code, bad.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim(), bad.join(' ')).toMatch(says);
    }
  });
});
