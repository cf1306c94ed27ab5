import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildId } from '../../src/io/build.js';
import { sealedText } from '../../src/io/sealed.js';
import { csvs, ENV, interrupt } from '../support/interrupt.js';
import { listFiles, MAIN, tempDir, pongsimIn } from '../support/cli.js';

/**
 * What an interrupt leaves: earlier results as they were, one whole result set whenever a run
 * is killed, a checkpoint --resume refuses unless it is this run's, and the work finished
 * before a worker died.
 */

describe('interrupts leave earlier results alone; resume refuses what does not match', () => {
  const study = 'wolnamppong-strategies';
  // Runs the signals land in play 6000 games, long enough to be caught part-way; a result set
  // that is only there to be left alone, or written after the games, needs a few hundred.
  const args = (out: string, seed = '3', games = '6000') => ['run', study, '--games', games, '--seed', seed, '--out', out];

  it('a Ctrl-C (and a second one at once) leaves the previous result set as it was, with no temporary file', async () => {
    const out = tempDir();
    expect((await pongsimIn(args(out, '9', '200'))).code).toBe(0);
    const before = Object.fromEntries(listFiles(out).map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]));
    const once = await interrupt(args(out), path.join(out, `${study}.checkpoint.json`), ['SIGINT']);
    expect(once.code).toBe(130);
    fs.rmSync(path.join(out, `${study}.checkpoint.json`));
    const twice = await interrupt(args(out, '4'), path.join(out, `${study}.checkpoint.json`), ['SIGINT', 'SIGINT']);
    expect(twice.code).toBe(130);
    const after = Object.fromEntries(
      listFiles(out)
        .filter((f) => !f.endsWith('.checkpoint.json'))
        .map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]),
    );
    expect(after).toEqual(before);
    expect(listFiles(out).filter((f) => f.includes('pongsim-tmp') || f.includes('pongsim-old'))).toEqual([]);
  }, 120_000);

  it('SIGKILL at three points of a run, from the first chunks to the writing of its results: the folder always holds one whole result set, and --resume ends with the right bytes', async () => {
    const whole = tempDir();
    const run = (out: string) => ['run', study, '--games', '1000', '--chunk', '50', '--seed', '3', '--out', out];
    const started = Date.now();
    expect((await pongsimIn(run(whole))).code).toBe(0);
    const took = Date.now() - started;
    const out = tempDir();
    expect((await pongsimIn(args(out, '9', '200'))).code).toBe(0);
    const old = Object.fromEntries(listFiles(out).map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]));
    const fresh = Object.fromEntries(listFiles(whole).map((f) => [f, fs.readFileSync(path.join(whole, f), 'utf8')]));
    for (const at of [0.3, 0.9, 1]) {
      const child = spawn(
        process.execPath,
        [MAIN, ...run(out), ...(fs.existsSync(path.join(out, `${study}.checkpoint.json`)) ? ['--resume'] : [])],
        { env: ENV },
      );
      const exited = once(child, 'exit');
      await sleep(took * at);
      child.kill('SIGKILL');
      await exited;
      // Every result file is the old run's or the new run's, all of them the same one's. (A
      // process killed outright cannot remove its temporary files: the next write does.)
      const now = listFiles(out).filter((f) => !f.endsWith('.checkpoint.json') && !/pongsim-(tmp|old|journal)/.test(f));
      const texts = Object.fromEntries(now.map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]));
      const csv = (o: Record<string, string>) =>
        Object.fromEntries(Object.entries(o).filter(([f]) => f.endsWith('.csv') || f.endsWith('.svg')));
      const set = JSON.stringify(csv(texts));
      expect([JSON.stringify(csv(old)), JSON.stringify(csv(fresh))]).toContain(set);
    }
    const last = await pongsimIn([...run(out), ...(fs.existsSync(path.join(out, `${study}.checkpoint.json`)) ? ['--resume'] : [])]);
    expect(last.code, last.stderr).toBe(0);
    expect(csvs(out)).toEqual(csvs(whole));
    expect(listFiles(out).filter((f) => /pongsim-(tmp|old|journal)/.test(f))).toEqual([]);
  }, 120_000);

  it('--resume refuses other options, a damaged checkpoint, another version, a missing one; each exit 2 with one line', async () => {
    const out = tempDir();
    const file = path.join(out, `${study}.checkpoint.json`);
    const r = await interrupt(args(out), file, ['SIGINT']);
    expect(r.code).toBe(130);
    const refuse = async (a: string[], why: RegExp) => {
      const x = await pongsimIn([...a, '--resume']);
      expect(x.code, x.stderr).toBe(2);
      expect(x.stderr.trim().split('\n')).toHaveLength(1);
      expect(x.stderr).toMatch(why);
      expect(listFiles(out)).toEqual([`${study}.checkpoint.json`]);
    };
    await refuse(args(out, '3', '7000'), /is the checkpoint of another run \(params\.games: 6000 there, 7000 here\)/);
    await refuse(args(out, '5'), /\(seed: "3" there, "5" here\)/);
    await refuse(['run', study, '--until-ci', '0.1', '--seed', '3', '--out', out], /--resume with --until-ci/);
    const good = fs.readFileSync(file, 'utf8');
    const doc = JSON.parse(good);
    // A hand-edited sum: the digest no longer matches.
    const edited = {
      ...doc,
      tallies: doc.tallies.map((t: { means: Record<string, { n: number }> }, i: number) =>
        i === 0 ? { ...t, means: Object.fromEntries(Object.entries(t.means).map(([k, m]) => [k, { ...m, n: m.n + 1 }])) } : t,
      ),
    };
    fs.writeFileSync(file, JSON.stringify(edited));
    await refuse(args(out), /do not match its checksum \(edited or damaged\)/);
    fs.writeFileSync(file, good.slice(0, good.length / 2));
    await refuse(args(out), /not a readable checkpoint file/);
    // Another version, properly sealed: refused by name.
    const { sha256: _s, ...body } = doc;
    fs.writeFileSync(file, sealedText({ ...body, identity: { ...body.identity, version: '0.0.1' } }));
    await refuse(args(out), /\(version: "0\.0\.1" there, "[\d.]+" here\)/);
    // Another build of the same version: refused naming both.
    fs.writeFileSync(file, sealedText({ ...body, identity: { ...body.identity, build: 'b'.repeat(64) } }));
    await refuse(
      args(out),
      new RegExp(
        `^pongsim: --resume: .* was written by build bbbbbbbbbbbb of pongsim; this is build ${buildId().slice(0, 12)}, which may play differently: run without --resume\n$`,
      ),
    );
    // Every chunk marked done, re-sealed, the tallies still those of the chunks finished: refused
    // (it once ended the run with the results of 11 chunks of 34).
    const every = body.tallies.flatMap((_t: unknown, c: number) =>
      Array.from({ length: Math.ceil(6000 / body.chunk) }, (_x, i) => [c, i * body.chunk]),
    );
    expect(every.length).toBeGreaterThan(body.done.length);
    fs.writeFileSync(file, sealedText({ ...body, done: every }));
    await refuse(
      args(out),
      /^pongsim: --resume: .* does not hold what it says it has done \(cell \d+: its tally holds \d+ games where its range has \d+, the games of the chunks marked done\); run without --resume\n$/,
    );
    fs.rmSync(file);
    const none = await pongsimIn([...args(out), '--resume']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--resume: no checkpoint at .*; run without --resume/);
  }, 120_000);

  it('results that cannot be written once the games are played: one line saying how to finish, and --resume only writes them', async () => {
    const whole = tempDir();
    expect((await pongsimIn(args(whole, '3', '300'))).code).toBe(0);
    const out = tempDir();
    // A folder where the run's CSV goes, as a full disk would, stops the write after every game.
    fs.mkdirSync(path.join(out, `${study}.csv`));
    const r = await pongsimIn(args(out, '3', '300'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^pongsim: cannot write .*${study}\\.csv: it is a folder, and pongsim replaces only a regular file; every game of the run is saved in .*${study}\\.checkpoint\\.json: once the results can be written there, finish with: pongsim run ${study} .*--resume\\n$`,
      ),
    );
    fs.rmdirSync(path.join(out, `${study}.csv`));
    const resumed = await pongsimIn([...args(out, '3', '300'), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(csvs(out)).toEqual(csvs(whole));
    expect(listFiles(out).filter((f) => f.endsWith('.checkpoint.json'))).toEqual([]);
  }, 120_000);

  it('a worker that dies fails the run with one line placing it; the chunks finished before it are kept', async () => {
    const dir = tempDir();
    expect((await pongsimIn(['sim', 'korean', '--games', '10', '--resume'])).stderr).toMatch(/--resume: only with --out/);
    // A plug-in that ends its worker thread part-way: exit 1, one line placing it, the work before it kept.
    fs.writeFileSync(
      path.join(dir, 'quit.mjs'),
      `let n = 0;
export const quit = { name: 'quit', game: 'wolnamppong', doc: 'ends its worker at its 20000th decision', params: [], make: () => ({ choose: () => { if (++n === 20000) process.exit(3); return 0; } }) };`,
    );
    const out = path.join(dir, 'q', 's.csv');
    const q = await pongsimIn([
      'sim',
      'wolnamppong',
      '--plugin',
      path.join(dir, 'quit.mjs'),
      '--seats',
      'quit,min-bet*5',
      '--games',
      '20000',
      '--seed',
      '2',
      '--out',
      out,
    ]);
    expect(q.code).toBe(1);
    expect(q.stderr.trim().split('\n')).toHaveLength(1);
    expect(q.stderr).toMatch(
      /a worker stopped: worker exited with code: 3 \[experiment sim, cell wolnamppong, game indices \d+ to \d+, seed 2\]; the \d+ chunks finished before it are saved in .*s\.checkpoint\.json/,
    );
    expect(listFiles(path.join(dir, 'q'))).toEqual(['s.checkpoint.json']);
  }, 120_000);
});
