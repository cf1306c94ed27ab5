// The CLI's records: replay --format events writes a game's record, sim and run --record keep a
// sample of their games' records (the very games replay gives), and check confirms a record (exit
// 0) or names the first bad line (exit 2, one line, nothing on stdout).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { esc, listFiles, pongsimAll, pongsimIn, tempDir, unwrap } from '../support/cli.js';

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

describe('records handed over by strangers, on the command line', () => {
  /** A record of game `index` of a nylonppong sim run at seed s1, as replay writes it. */
  const record = async (index = 0): Promise<string> =>
    (await pongsimIn(['replay', 'nylonppong', '--seed', 's1', '--index', String(index), '--format', 'events'])).stdout;

  it("check prints the seats' strategy names bounded, and nothing in them acts on the terminal", async () => {
    const [first, ...rest] = (await record()).split('\n');
    const start = JSON.parse(first!) as { seats: { seat: number; strategy: string }[] };
    start.seats[0]!.strategy = '\u001b[2J\u202eevil\u0007';
    start.seats[1]!.strategy = 'x'.repeat(5000);
    const file = path.join(tempDir(), 'named.jsonl');
    fs.writeFileSync(file, [JSON.stringify(start), ...rest].join('\n'));
    const r = await pongsimIn(['check', 'nylonppong', file]);
    expect(r.code, r.stderr).toBe(0);
    const text = unwrap(r.stdout);
    expect(text).toContain('seat 0 (\\u001b[2J\\u202eevil\\u0007): ');
    expect(text).toContain(`seat 1 (${'x'.repeat(80)}... (5000 characters)): `);
    expect(r.stdout.length).toBeLessThan(1000);
    expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it('view refuses, with one line and no page, a record check refuses; a record check confirms draws its page', async () => {
    const dir = tempDir();
    const lines = (await record()).split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"type":"draw"'));
    const bad = path.join(dir, 'bad.jsonl');
    // Every line well-formed, but seat 1 draws where seat 0 is to: the page's steps would make no sense.
    fs.writeFileSync(bad, lines.map((l, i) => (i === at ? l.replace(/"seat":\d/, '"seat":3') : l)).join('\n'));
    const [view, check] = await pongsimAll([
      ['view', bad, '--html', path.join(dir, 'bad.html')],
      ['check', 'nylonppong', bad],
    ]);
    expect(view!.code).toBe(2);
    expect(view!.stdout).toBe('');
    expect(view!.stderr).toBe(check!.stderr);
    expect(view!.stderr).toMatch(new RegExp(`^pongsim: ${esc(bad)} line ${at + 1}: expected \\{"type":"draw","seat":\\d,.*\n$`));
    const unknown = path.join(dir, 'chess.jsonl');
    fs.writeFileSync(unknown, lines.map((l, i) => (i === 0 ? l.replace('"game":"nylonppong"', '"game":"chess"') : l)).join('\n'));
    const chess = await pongsimIn(['view', unknown, '--html', path.join(dir, 'chess.html')]);
    expect(chess.stderr).toMatch(new RegExp(`^pongsim: ${esc(unknown)} line 1: view: unknown game "chess"; games that have one: .*\n$`));
    expect(listFiles(dir)).toEqual(['bad.jsonl', 'chess.jsonl']);
    const good = path.join(dir, 'good.jsonl');
    fs.writeFileSync(good, lines.join('\n'));
    expect((await pongsimIn(['view', good, '--html', path.join(dir, 'good.html')])).code).toBe(0);
  });

  // A run killed while it put its records in place leaves them half renamed (its journal written):
  // the next write there finishes them, and so does every command that reads one.
  it('check, view and report --records finish a set of records a killed run left half in place first, or refuse it', async () => {
    const dir = tempDir();
    const recs = path.join(dir, 'recs');
    const sim = await pongsimIn([
      'sim',
      'nylonppong',
      '--games',
      '3',
      '--seed',
      's1',
      '--record',
      recs,
      '--record-every',
      '2',
      '--out',
      path.join(dir, 'out', 'sim.csv'),
    ]);
    expect(sim.code, sim.stderr).toBe(0);
    const files = listFiles(recs).map((f) => path.join(recs, f));
    expect(files.map((f) => path.basename(f))).toEqual(['sim-seeds1-game0.jsonl', 'sim-seeds1-game2.jsonl']);
    const text = files.map((f) => fs.readFileSync(f, 'utf8'));
    const kill = () => {
      for (const f of files) fs.renameSync(f, `${f}.pongsim-tmp`);
      fs.writeFileSync(path.join(recs, '.pongsim-journal'), JSON.stringify(files.map((f) => path.resolve(f))));
    };
    kill();
    const check = await pongsimIn(['check', 'nylonppong', files[0]!]);
    expect(check.code, check.stderr).toBe(0);
    expect(listFiles(recs).map((f) => path.basename(f))).toEqual(['sim-seeds1-game0.jsonl', 'sim-seeds1-game2.jsonl']);
    expect(files.map((f) => fs.readFileSync(f, 'utf8'))).toEqual(text);
    kill();
    expect((await pongsimIn(['view', files[1]!, '--html', path.join(dir, 'game2.html')])).code).toBe(0);
    kill();
    const report = await pongsimIn(['report', path.join(dir, 'out'), '--records', recs]);
    expect(report.code, report.stderr).toBe(0);
    expect(listFiles(path.join(dir, 'out', 'games'))).toEqual(['sim-seeds1-game0.html', 'sim-seeds1-game2.html']);
    // A set that cannot be finished (a folder where a record goes) is refused, not read half-done.
    kill();
    fs.mkdirSync(files[0]!);
    fs.writeFileSync(path.join(files[0]!, 'keep'), '');
    const refused = await pongsimIn(['check', 'nylonppong', files[1]!]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^pongsim: ${esc(files[1]!)}: its folder holds a set of records a killed run left half in place, and it cannot be finished here \\([A-Z]+\\); `,
      ),
    );
  });
});
