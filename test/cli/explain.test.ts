// The column dictionary: every column of every table of every experiment has a meaning, in
// pongsim explain and in each table's .meta.json.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../src/library/studies.js';
import { explainTables } from '../../src/library/explain.js';
import { runStudy } from 'pongsim';
import { tempDir, pongsimIn } from '../support/cli.js';

describe('pongsim explain', () => {
  for (const def of EXPERIMENTS) {
    it(`documents every column of ${def.name}`, async () => {
      const tables = explainTables(def);
      expect(tables.length).toBeGreaterThan(0);
      for (const t of tables) {
        for (const c of t.columns) expect(c.meaning, `${t.table}.${c.name}`).not.toBe('undocumented');
      }
    });
  }

  it('prints the tables and their columns, and refuses an unknown experiment', async () => {
    const r = await pongsimIn(['explain', 'stop-limit']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^stop-limit: /);
    expect(r.stdout).toMatch(/stop-limit-best\.csv\n {2}variant/);
    // Each meaning wrapped to 100 columns under itself; --wide prints it on one line.
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(
      /win_prob probability of winning the game: finishing with the best result, ties shared \(0-1\) \(with its 95% interval/,
    );
    expect((await pongsimIn(['explain', 'stop-limit', '--wide'])).stdout).toMatch(
      /win_prob +probability of winning the game: finishing with the best result, ties shared \(0-1\) \(with its 95% interval/,
    );
    const bad = await pongsimIn(['explain', 'stop-limt']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/unknown experiment "stop-limt" \(did you mean "stop-limit"\?\)/);
  });

  it("writes the dictionary into each table's meta.json", async () => {
    const dir = tempDir();
    await runStudy({ experiment: 'american-jokers', games: 4, out: dir });
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'american-joker-exchange.meta.json'), 'utf8'));
    const csv = fs.readFileSync(path.join(dir, 'american-joker-exchange.csv'), 'utf8').split('\n')[0]!.split(',');
    expect(meta.columns.map((c: { name: string }) => c.name)).toEqual(csv);
    expect(meta.columns.find((c: { name: string }) => c.name === 'net_diff_vs_exchange_per_hand_ci_low').meaning).toBe(
      'lower bound of the 95% interval of net_diff_vs_exchange_per_hand',
    );
  });
});
