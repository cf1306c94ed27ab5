import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ENV, listFiles, MAIN, pongsim, tempDir, pongsimIn } from '../support/cli.js';
import { interrupt } from '../support/interrupt.js';

describe('strategy plug-ins', () => {
  const dir = tempDir();
  fs.writeFileSync(
    path.join(dir, 'wide.mjs'),
    `
export const wide = {
  name: 'wide', game: 'wolnamppong', doc: 'bets g chips when at least w months lie between',
  params: [{ name: 'w', doc: '', default: 6, min: 0, max: 10, integer: true }, { name: 'g', doc: '', default: 2, min: 1, max: 100 }],
  make: ({ w, g }) => ({
    choose: (v) => (v.lo !== v.hi && v.hi - v.lo - 1 >= w ? 1 : 0),
    amount: (v, a, min, max) => Math.min(max, Math.max(min, g)),
  }),
};`,
  );
  fs.writeFileSync(
    path.join(dir, 'cheat.mjs'),
    `
export const cheat = { name: 'cheat', game: 'wolnamppong', doc: 'returns an action that does not exist', params: [], make: () => ({ choose: () => 7 }) };`,
  );
  fs.writeFileSync(path.join(dir, 'empty.mjs'), 'export const x = 1;');
  fs.writeFileSync(
    path.join(dir, 'hang.mjs'),
    `
export const slow = { name: 'slow', game: 'wolnamppong', doc: 'never returns from its 100th decision', params: [], make: () => { let n = 0; return { choose: () => { if (++n === 100) for (;;); return 0; } }; } };`,
  );
  fs.writeFileSync(path.join(dir, 'never.mjs'), 'await new Promise(() => {});\nexport const x = 1;');
  fs.writeFileSync(path.join(dir, 'throws.mjs'), "throw new TypeError('boom at load');");
  fs.writeFileSync(
    path.join(dir, 'clock.mjs'),
    `
export const clock = { name: 'clock', game: 'wolnamppong', doc: 'bets on odd microseconds', params: [], make: () => ({ choose: () => Math.floor(performance.now() * 1000) % 2, amount: (v, a, min) => min }) };`,
  );
  fs.writeFileSync(path.join(dir, 'loop.mjs'), 'for (;;);\nexport const x = 1;');
  fs.writeFileSync(
    path.join(dir, 'stuck.mjs'),
    `
export const stuck = { name: 'stuck', game: 'wolnamppong', doc: 'never returns from a decision', params: [], make: () => ({ choose: () => { for (;;); } }) };`,
  );
  fs.writeFileSync(
    path.join(dir, 'exits.mjs'),
    `
export const exits = { name: 'exits', game: 'wolnamppong', doc: 'ends the process when a spec naming it is checked', params: [], check: () => process.exit(0), make: () => ({ choose: () => 0 }) };`,
  );
  fs.writeFileSync(path.join(dir, 'quits.mjs'), 'process.exit(0);\nexport const x = 1;');
  fs.writeFileSync(
    path.join(dir, 'dice.mjs'),
    `
export const dice = { name: 'dice', game: 'wolnamppong', doc: 'folds or bets by Math.random', params: [], make: () => ({ choose: () => (Math.random() < 0.5 ? 0 : 1), amount: (v, a, min) => min }) };`,
  );

  it('plays a plug-in strategy in sim and replay', async () => {
    const sim = await pongsimIn(
      ['sim', 'wolnamppong', '--plugin', 'wide.mjs', '--seats', 'wide(w=7),min-bet*5', '--games', '400', '--seed', '4', '--json'],
      dir,
    );
    expect(sim.code, sim.stderr).toBe(0);
    expect(JSON.parse(sim.stdout).seats[0].strategy).toBe('wide(w=7,g=2)');
    const replay = await pongsimIn(
      ['replay', 'wolnamppong', '--plugin', 'wide.mjs', '--seats', 'wide(w=7),min-bet*5', '--seed', '4', '--index', '3'],
      dir,
    );
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.stdout).toMatch(/seat \d \(wide\(w=7,g=2\)\): (fold|bet 2)/);
  });

  it('stops the run with exit 1 naming the strategy, cell, game and seed on an illegal move', async () => {
    const out = path.join(dir, 'out');
    const r = await pongsimIn(
      [
        'sim',
        'wolnamppong',
        '--plugin',
        'cheat.mjs',
        '--seats',
        'cheat*6',
        '--games',
        '50',
        '--seed',
        '5',
        '--out',
        path.join(out, 's.csv'),
      ],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /strategy cheat at seat \d made an illegal move: action 7 is not legal here \(legal: fold, bet\).*cell wolnamppong, game index 0, seed 5/,
    );
    expect(listFiles(out)).toEqual([]);
    // replay shows that game up to the illegal move, then fails as the run did.
    const replay = await pongsimIn(
      ['replay', 'wolnamppong', '--plugin', 'cheat.mjs', '--seats', 'cheat*6', '--seed', '5', '--index', '0'],
      dir,
    );
    expect(replay.code).toBe(1);
    expect(replay.stdout).toMatch(/^wolnamppong game 0 of seed 5\n(.|\n)*illegal move: strategy cheat at seat \d made an illegal move/);
    const json = JSON.parse(
      (
        await pongsimIn(
          ['replay', 'wolnamppong', '--plugin', 'cheat.mjs', '--seats', 'cheat*6', '--seed', '5', '--index', '0', '--json'],
          dir,
        )
      ).stdout,
    );
    expect(json.trace.length).toBeGreaterThan(0);
    expect(json.illegalMove).toMatch(/action 7 is not legal/);
  });

  it('stops a run whose strategy calls Math.random, naming it, the game and the seed', async () => {
    const out = path.join(dir, 'dice-out');
    const r = await pongsimIn(
      [
        'sim',
        'wolnamppong',
        '--plugin',
        'dice.mjs',
        '--seats',
        'dice,min-bet*5',
        '--games',
        '50',
        '--seed',
        '6',
        '--out',
        path.join(out, 's.csv'),
      ],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /strategy dice at seat \d called Math\.random: a strategy must draw from the rng passed to choose.*game index 0, seed 6/,
    );
    expect(listFiles(out)).toEqual([]);
  });

  it('stops a run whose strategy reads the clock, naming it: results would differ from run to run', async () => {
    const out = path.join(dir, 'clock-out');
    const r = await pongsimIn(
      [
        'sim',
        'wolnamppong',
        '--plugin',
        'clock.mjs',
        '--seats',
        'clock,min-bet*5',
        '--games',
        '500',
        '--seed',
        '6',
        '--out',
        path.join(out, 's.csv'),
      ],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^pongsim: the run failed: strategy clock at seat 0 does not repeat its play: replayed with its strategies made afresh, .*\[experiment sim, cell wolnamppong, game index 499, seed 6\]/,
    );
    expect(listFiles(out).filter((f) => !f.endsWith('.checkpoint.json'))).toEqual([]);
  });

  it('a strategy stuck in one decision fails the run after --decision-timeout, naming it, the game and the seed', () => {
    const out = path.join(dir, 'hang-out');
    const r = pongsim(
      [
        'sim',
        'wolnamppong',
        '--plugin',
        'hang.mjs',
        '--seats',
        'slow,min-bet*5',
        '--games',
        '3000',
        '--seed',
        '8',
        '--decision-timeout',
        '0.5',
        '--out',
        path.join(out, 's.csv'),
      ],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /strategy slow at seat 0 spent more than 0\.5 s on one decision \(the limit, --decision-timeout\) \[experiment sim, cell wolnamppong, game index \d+, seed 8\]/,
    );
    expect(listFiles(out).filter((f) => !f.endsWith('.checkpoint.json'))).toEqual([]);
  });

  it('a plug-in whose loading never finishes, loops, quits or throws gets one line and exit 2', async () => {
    // Each is vetted in a thread of its own, so these run in this process; the loop at the top
    // level is run by a process of its own, in case it hangs whatever runs it.
    const never = await pongsimIn(['sim', 'wolnamppong', '--plugin', 'never.mjs', '--games', '10'], dir, '', {
      PONGSIM_PLUGIN_TIMEOUT_MS: '300',
    });
    expect(never.code).toBe(2);
    expect(never.stderr).toMatch(
      /^pongsim: --plugin never\.mjs: did not finish loading within 0\.3 s \(a loop, or a top-level await that never settles\?\)\n$/,
    );
    // A time no timer holds (past 2^31 - 1 ms): Node fired it at once, and the plug-in "did not
    // finish loading within 3000000 s".
    const huge = await pongsimIn(['sim', 'wolnamppong', '--plugin', 'never.mjs', '--games', '10'], dir, '', {
      PONGSIM_PLUGIN_TIMEOUT_MS: '3000000000',
    });
    expect(huge.code).toBe(2);
    expect(huge.stderr).toBe(
      'pongsim: PONGSIM_PLUGIN_TIMEOUT_MS: expected a whole number of milliseconds from 1 to 2147483647 (about 24.8 days) (got "3000000000")\n',
    );
    // A loop at the top level: the load timer could not fire on the thread running it, and
    // pongsim hung for ever. (Bounded here, so that the hang fails the test.)
    const loop = spawnSync(process.execPath, [MAIN, 'sim', 'wolnamppong', '--plugin', 'loop.mjs', '--games', '10'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...CLI_ENV, PONGSIM_PLUGIN_TIMEOUT_MS: '500' },
    });
    expect(loop.status, loop.stderr).toBe(2);
    expect(loop.stderr).toBe(
      'pongsim: --plugin loop.mjs: did not finish loading within 0.5 s (a loop, or a top-level await that never settles?)\n',
    );
    // process.exit(0) while loading once gave exit 0 and no output.
    const quits = await pongsimIn(['sim', 'wolnamppong', '--plugin', 'quits.mjs', '--games', '10'], dir);
    expect(quits.code).toBe(2);
    expect(quits.stderr).toBe(
      'pongsim: --plugin quits.mjs: ended its thread while loading (process.exit(0)); a plug-in only exports strategies\n',
    );
    expect(quits.stdout).toBe('');
    const throws = await pongsimIn(['sim', 'wolnamppong', '--plugin', 'throws.mjs', '--games', '10'], dir);
    expect(throws.code).toBe(2);
    expect(throws.stderr).toMatch(/^pongsim: --plugin .*throws\.mjs: cannot load it as a JavaScript module \(boom at load\)\n$/);
  });

  it('replay fails after --decision-timeout too, rather than hanging', () => {
    const r = spawnSync(
      process.execPath,
      [
        MAIN,
        'replay',
        'wolnamppong',
        '--plugin',
        'stuck.mjs',
        '--seats',
        'stuck,min-bet*5',
        '--seed',
        '8',
        '--index',
        '3',
        '--decision-timeout',
        '0.5',
      ],
      { cwd: dir, encoding: 'utf8', timeout: 60_000, env: CLI_ENV },
    );
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toBe(
      'pongsim: the run failed: strategy stuck at seat 0 spent more than 0.5 s on one decision (the limit, --decision-timeout) [wolnamppong game index 3, seed 8]\n',
    );
    expect(r.stdout).toBe('');
  });

  it('a replay stuck in one decision ends the worker it played on, and the next replay in the process plays on a fresh one', async () => {
    // Replays play on the one-worker pool the process keeps: the stuck one's pool is ended and forgotten.
    const seats = ['--seats', 'stuck,min-bet*5', '--seed', '8', '--index', '3'];
    const stuck = await pongsimIn(['replay', 'wolnamppong', '--plugin', 'stuck.mjs', ...seats, '--decision-timeout', '0.5'], dir);
    expect(stuck.code).toBe(1);
    expect(stuck.stderr).toMatch(/strategy stuck at seat 0 spent more than 0\.5 s on one decision/);
    for (let i = 0; i < 2; i++) {
      const next = await pongsimIn(['replay', 'wolnamppong', '--seats', 'kelly,min-bet*5', '--seed', '8', '--index', String(i)], dir);
      expect(next.code, next.stderr).toBe(0);
      expect(next.stdout).toMatch(/seat 0 \(kelly/);
    }
  });

  it('code that ends the process with exit 0 part-way is a failure that says so', () => {
    const r = pongsim(['sim', 'wolnamppong', '--plugin', 'exits.mjs', '--seats', 'exits,min-bet*5', '--games', '10'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'pongsim: the command ended before it finished (a plug-in called process.exit?); what it would have written is not there\n',
    );
  });

  it("records each plug-in's sha256 in the provenance, and --resume refuses a plug-in edited since the interrupt", async () => {
    const file = path.join(dir, 'edited.mjs');
    const bot = (w: number) =>
      `export const edited = { name: 'edited', game: 'wolnamppong', doc: '', params: [], make: () => ({ choose: (v) => (v.hi - v.lo > ${w} ? 1 : 0), amount: (v, a, min) => min }) };`;
    fs.writeFileSync(file, bot(6));
    const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
    const args = [
      'sim',
      'wolnamppong',
      '--plugin',
      file,
      '--seats',
      'edited,min-bet*5',
      '--games',
      '40000',
      '--chunk',
      '200',
      '--seed',
      '3',
      '--out',
      path.join(dir, 'resume', 's.csv'),
    ];
    const stopped = await interrupt(args, path.join(dir, 'resume', 's.checkpoint.json'), ['SIGINT']);
    expect(stopped.code, stopped.stderr).toBe(130);
    // Another strategy under the same name: resuming would write one CSV of two strategies.
    fs.writeFileSync(file, bot(2));
    const resumed = await pongsimIn([...args, '--resume'], dir);
    expect(resumed.code, resumed.stderr).toBe(2);
    expect(resumed.stderr).toBe(
      `pongsim: --resume: ${path.join(dir, 'resume', 's.checkpoint.json')} is the checkpoint of another run (params.plugins.0.sha256: "${sha(bot(6))}" there, "${sha(bot(2))}" here); resume with that run's options, or run without --resume\n`,
    );
    const fresh = await pongsimIn(
      [...args.slice(0, args.indexOf('--games')), '--games', '300', '--out', path.join(dir, 'fresh', 's.csv')],
      dir,
    );
    expect(fresh.code, fresh.stderr).toBe(0);
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'fresh', 's.meta.json'), 'utf8'));
    expect(meta.provenance.plugins).toEqual([{ file, sha256: sha(bot(2)) }]);
  }, 120_000);

  it("plays the shipped example kept outside the checkout, its `from 'pongsim'` the running pongsim, on the command line and in-process, in every worker", async () => {
    const away = tempDir();
    expect(path.relative(process.cwd(), away).startsWith('..')).toBe(true);
    const example = path.join(away, 'wide-gaps.mjs');
    fs.copyFileSync('strategies/examples/wide-gaps.mjs', example);
    const args = { game: 'wolnamppong', plugin: example, seats: 'wide-gaps(w=7),min-bet*5', games: 600, seed: '4', workers: 2, chunk: 100 };
    const r = pongsim(
      [
        'sim',
        'wolnamppong',
        '--plugin',
        'wide-gaps.mjs',
        '--seats',
        args.seats,
        '--games',
        '600',
        '--seed',
        '4',
        '--workers',
        '2',
        '--chunk',
        '100',
        '--json',
      ],
      away,
    );
    expect(r.code, r.stderr).toBe(0);
    const seats = JSON.parse(r.stdout).seats;
    expect(seats[0].strategy).toBe('wide-gaps(w=7,g=2)');
    // Not a stub: it bets, so its result differs from a seat that never bets.
    expect(seats[0].mean).not.toBe(0);
    const { simulate } = await import('pongsim');
    expect(await simulate(args)).toEqual(JSON.parse(r.stdout));
  });

  it('loads a plug-in once for library calls side by side that name it, and both play it', async () => {
    // Each call once vetted and registered the plug-in on its own: the second to finish
    // found its strategy there already and refused it.
    fs.writeFileSync(
      path.join(dir, 'twice.mjs'),
      `
export const twice = { name: 'twice', game: 'wolnamppong', doc: 'bets on a gap of six or more', params: [], make: () => ({ choose: (v) => (v.hi - v.lo > 6 ? 1 : 0), amount: (v, a, min) => min }) };`,
    );
    const { simulate } = await import('pongsim');
    const o = { game: 'wolnamppong', plugin: path.join(dir, 'twice.mjs'), seats: 'twice,min-bet*5', games: 300, seed: '2', workers: 1 };
    const [one, two] = await Promise.all([simulate(o), simulate(o)]);
    expect(one).toEqual(two);
    expect((one as { seats: { strategy: string }[] }).seats[0]!.strategy).toBe('twice');
    // A review on three threads plays the loaded plug-in's policy on their two workers too (fresh
    // ones: the run's worker above has loaded it for the run; each takes a decision first): the
    // same bytes as in one thread.
    const { replay, review } = await import('pongsim');
    const { events } = await replay({ game: 'wolnamppong', seed: '2', index: 0, format: 'events' });
    const record = path.join(dir, 'twice-record.jsonl');
    fs.writeFileSync(record, events!.map((e) => `${JSON.stringify(e)}\n`).join(''));
    const r = { game: 'wolnamppong', record, seat: 0, policy: 'twice', budget: 64, maxDecisions: 12, seed: '3' };
    const alone = await review({ ...r, workers: 1 });
    expect(alone.policy).toBe('twice');
    expect(alone.rows.length).toBe(12);
    expect(await review({ ...r, workers: 3 })).toEqual(alone);
  });

  it('refuses a missing or empty plug-in with exit 2', async () => {
    const missing = await pongsimIn(['sim', 'wolnamppong', '--plugin', 'nope.mjs', '--games', '5'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--plugin: no file ".*nope.mjs"/);
    const empty = await pongsimIn(['sim', 'wolnamppong', '--plugin', 'empty.mjs', '--games', '5'], dir);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/exports no strategy/);
  });
});
