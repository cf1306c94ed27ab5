// The CLI's records: replay --format events writes a game's record, sim and run --record keep a
// sample of their games' records (the very games replay gives), and check confirms a record (exit
// 0) or names the first bad line (exit 2, one line, nothing on stdout).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { esc, listFiles, pongsimAll, tempDir, unwrap } from '../support/cli.js';

describe('records on the command line', () => {
  it('sim --record keeps games 0, N, 2N... named by seed and index: each is what replay --format events gives, and checks', async () => {
    const dir = tempDir();
    const recs = path.join(dir, 'recs');
    const [sim, replay, replay4] = await pongsimAll([
      ['sim', 'nylonppong', '--games', '5', '--seed', 's9', '--record', recs, '--record-every', '2'],
      ['replay', 'nylonppong', '--seed', 's9', '--index', '2', '--format', 'events'],
      ['replay', 'nylonppong', '--seed', 's9', '--index', '4', '--format', 'events'],
    ]);
    expect(sim!.code, sim!.stderr).toBe(0);
    expect(sim!.stdout).toContain(`wrote 3 records into ${recs}`);
    expect(listFiles(recs)).toEqual(['sim-seeds9-game0.jsonl', 'sim-seeds9-game2.jsonl', 'sim-seeds9-game4.jsonl']);
    expect(replay!.code, replay!.stderr).toBe(0);
    expect(fs.readFileSync(path.join(recs, 'sim-seeds9-game2.jsonl'), 'utf8')).toBe(replay!.stdout);
    expect(fs.readFileSync(path.join(recs, 'sim-seeds9-game4.jsonl'), 'utf8')).toBe(replay4!.stdout);
    expect(replay!.stdout.split('\n')[0]).toMatch(
      /^\{"type":"start","format":"pongsim-events\/1","game":"nylonppong",.*"seed":"s9","cell":0,"index":2,"build":"[0-9a-f]{64}"\}$/,
    );

    const bad = path.join(dir, 'bad.jsonl');
    const lines = replay!.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"type":"settle"'));
    fs.writeFileSync(bad, lines.map((l, i) => (i === at ? l.replace('"payments":[', '"payments":[1000,') : l)).join('\n'));
    const [ok, wrong, every] = await pongsimAll([
      ['check', 'nylonppong', path.join(recs, 'sim-seeds9-game2.jsonl')],
      ['check', 'nylonppong', bad],
      ['sim', 'nylonppong', '--games', '5', '--record-every', '2'],
    ]);
    expect(ok!.code, ok!.stderr).toBe(0);
    expect(unwrap(ok!.stdout)).toMatch(
      /sim-seeds9-game2\.jsonl: a legal nylonppong game, every event and settlement confirmed \(\d+ events, \d+ decisions\); result: seat 0 \(basic\(t=10\)\): \d+/,
    );
    expect(wrong!.code).toBe(2);
    expect(wrong!.stdout).toBe('');
    expect(wrong!.stderr).toMatch(new RegExp(`^pongsim: ${esc(bad)} line ${at + 1}: expected \\{"type":"settle".*\n$`));
    expect(every!.code).toBe(2);
    expect(every!.stderr).toBe('pongsim: --record-every: only with --record DIR (the folder the records go to)\n');
  });

  it('run --record keeps the records of every cell of a study, and each checks; --report links their viewer pages', async () => {
    const dir = tempDir();
    const recs = path.join(dir, 'recs');
    const [run] = await pongsimAll([
      [
        'run',
        'wolnamppong-strategies',
        '--games',
        '3',
        '--out',
        path.join(dir, 'out'),
        '--record',
        recs,
        '--record-every',
        '3',
        '--report',
      ],
    ]);
    expect(run!.code, run!.stderr).toBe(0);
    const files = listFiles(recs);
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) expect(f).toMatch(/^wolnamppong-strategies-cell\d+-seed1-game0(-table\d+)?\.jsonl$/);
    expect(run!.stdout).toContain(`wrote ${files.length} records into ${recs}`);
    // The page is written once the records are: one viewer page for each, linked from the study.
    const page = fs.readFileSync(path.join(dir, 'out', 'index.html'), 'utf8');
    const pages = files.map((f) => `games/${f.replace(/\.jsonl$/, '.html')}`);
    for (const p of pages) {
      expect(page).toContain(`href="./${p}"`);
      expect(fs.existsSync(path.join(dir, 'out', p)), p).toBe(true);
    }
    const checks = await pongsimAll(files.slice(0, 3).map((f) => ['check', 'wolnamppong', path.join(recs, f), '--json']));
    for (const c of checks) {
      expect(c.code, c.stderr).toBe(0);
      expect(JSON.parse(c.stdout)).toMatchObject({ game: 'wolnamppong', format: 'pongsim-events/1' });
    }
  });
});
