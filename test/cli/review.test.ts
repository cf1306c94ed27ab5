// pongsim review (CLI): prints the table, the summary and the costliest decisions, writes the CSV,
// prints the library's result with --json, and refuses bad input with one line and exit 2.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { review } from '../../src/library/review.js';
import { pongsim, tempDir, unwrap } from '../support/cli.js';

describe('pongsim review (CLI)', () => {
  it('text, --csv and --json; exit 2 and one line for bad input', { timeout: 60000 }, () => {
    const dir = tempDir();
    const record = path.join(dir, 'game.jsonl');
    const rec = pongsim(['replay', 'wolnamppong', '--seed', '1', '--index', '0', '--format', 'events']);
    expect(rec.code, rec.stderr).toBe(0);
    fs.writeFileSync(record, rec.stdout);
    const args = ['review', 'wolnamppong', record, '--seat', '1', '--budget', '300', '--seed', 'cli'];
    const csv = path.join(dir, 'r.csv');
    const t = pongsim([...args, '--csv', csv]);
    expect(t.code, t.stderr).toBe(0);
    const lib = JSON.parse(JSON.stringify(review({ game: 'wolnamppong', record, seat: 1, budget: 300, seed: 'cli' })));
    expect(unwrap(t.stdout)).toContain(lib.summary);
    for (const w of lib.costliest) expect(unwrap(t.stdout)).toContain(w);
    expect(t.stdout).not.toContain('\\u000a');
    expect(fs.readFileSync(csv, 'utf8').trim().split('\n')).toHaveLength(lib.rows.length + 1);
    const j = pongsim([...args, '--json']);
    expect(JSON.parse(j.stdout)).toEqual(lib);
    for (const bad of [
      [...args.slice(0, 3), '--seat', '9'],
      [...args, '--csv', dir],
      ['review', 'wolnamppong', path.join(dir, 'none.jsonl'), '--seat', '0'],
      ['advise', 'wolnamppong', '--record', record, '--at', '0'],
    ]) {
      const r = pongsim(bad);
      expect(r.code, bad.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
