import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { InputError, checkCard, compare, merge, odds, runStudy, simulate, tune } from 'pongsim';
import { MAIN, listFiles, pongsimIn, tempDir } from '../support/cli.js';

/**
 * Every bad input gets one line naming what was wrong and what is allowed, and no file written:
 * from the library an InputError, from the command line exit code 2, the line on stderr and
 * nothing on stdout.
 */
describe('bad input', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'broken.json'), '{ "players": 4,');
  fs.writeFileSync(path.join(dir, 'unknown.json'), '{ "players": 4, "jokers": true }');
  fs.writeFileSync(path.join(dir, 'wrongtype.json'), '{ "deathByRain": "yes" }');
  fs.writeFileSync(path.join(dir, 'array.json'), '[1, 2]');
  fs.writeFileSync(path.join(dir, 'deep.json'), '{"a":'.repeat(10000) + '{}' + '}'.repeat(10000));
  fs.writeFileSync(path.join(dir, 'ctor.json'), '{"constructor": {}}');
  fs.writeFileSync(
    path.join(dir, 'deep-study.json'),
    `{"arms": [{"name": "a", "rules": {"cycles": ${'['.repeat(20000)}${']'.repeat(20000)}}}, {"name": "b"}]}`,
  );
  fs.writeFileSync(path.join(dir, 'deep-card.json'), `{"format": "mjcard/1", "name": ${'['.repeat(20000)}${']'.repeat(20000)}}`);
  fs.writeFileSync(path.join(dir, 'proto.json'), '{"__proto__": {}}');
  fs.writeFileSync(path.join(dir, 'anything.json'), '{"anything": {}}');
  fs.writeFileSync(path.join(dir, 'huge.json'), JSON.stringify({ postResult: 'x'.repeat(5_000_000) }));
  fs.writeFileSync(path.join(dir, 'notapartial.json'), '{ "hello": 1 }');
  fs.writeFileSync(path.join(dir, 'infinite.json'), '{ "ante": 1e400 }');
  fs.writeFileSync(path.join(dir, 'twice.json'), '{ "ante": 2, "ante": 5 }');
  fs.writeFileSync(
    path.join(dir, 'bad-default.mjs'),
    `
export const wide = { name: 'wide', game: 'wolnamppong', doc: '', params: [{ name: 'w', doc: '', default: 50, min: 0, max: 10, integer: true }], make: () => ({ choose: () => 0 }) };`,
  );
  const out = path.join(dir, 'out');
  const sim = ['sim', 'wolnamppong', '--games', '10', '--seed', '1', '--out', path.join(out, 'x.csv')];
  // What the command line itself reads (commander: options, commands, the numbers and names it
  // parses, the option given twice), run in-process as the installed command runs it (the
  // process's own exit code is checked by the spawned tests below).
  const cases: [string, string[], RegExp][] = [
    ['unknown subcommand option', [...sim, '--bogus'], /unknown option '--bogus'/],
    ['a mistyped command', ['simm', 'wolnamppong'], /unknown command 'simm' \(Did you mean sim\?\)/],
    ['a mistyped option', [...sim, '--gmaes', '3'], /unknown option '--gmaes' \(Did you mean --games\?\)/],
    ['a repeated option', [...sim, '--seats', 'kelly*6', '--seats', 'fold*6'], /--seats: given 2 times; give it once/],
    ['an empty --out', ['sim', 'wolnamppong', '--games', '10', '--out', ''], /--out: expected a .csv file name \(got ""\)/],
    ['non-numeric games', ['sim', 'wolnamppong', '--games', 'many'], /--games: expected a whole number from 1/],
    ['bad seed', ['sim', 'wolnamppong', '--seed', 'a b'], /--seed: expected 1-64 letters/],
    ['bad workers', ['sim', 'wolnamppong', '--workers', '-1'], /--workers: expected a whole number/],
    ['bad shard', ['run', 'wolnamppong-odds', '--shard', '0/3', '--out', out], /--shard: expected k\/N with 1 <= k <= N/],
    // Past 2^53 the count was rounded (2/18446744073709551617 wrote shard 2 of ...552000), and 1/10^20 ran as a shard of nothing.
    ...(['1/100000000000000000000', '2/18446744073709551617', `1/${'9'.repeat(400)}`, '1/1000000000001'].map((s) => [
      `a shard count past 10^12: ${s.slice(0, 24)}`,
      ['sim', 'wolnamppong', '--games', '10', '--out', path.join(out, 'x.csv'), '--shard', s],
      /^pongsim: --shard: expected k\/N with 1 <= k <= N <= 1000000000000 \(the most games a run plays\), e\.g\. 3\/8, or auto\/N/,
    ]) as [string, string[], RegExp][]),
    [
      'a shard index past 10^12',
      ['sim', 'wolnamppong', '--games', '10', '--out', path.join(out, 'x.csv'), '--shard-index', '0/18446744073709551617'],
      /^pongsim: --shard-index: expected i\/N with 0 <= i < N <= 1000000000000 \(the most games a run plays\), e\.g\. 0\/8/,
    ],
    ['replay without index', ['replay', 'wolnamppong', '--seed', '1'], /required option '--index <i>' not specified/],
    [
      'a replay index a double cannot hold',
      ['replay', 'wolnamppong', '--seed', '1', '--index', '9007199254740993'],
      /--index: expected a whole number from 0 to 999999999999 \(got "9007199254740993"\)/,
    ],
    ['rules of an unknown game', ['rules', 'chess'], /unknown game "chess"/],
    [
      'bench of an unknown figure',
      ['bench', '--only', 'mahjong,gostop'],
      /--only: unknown figure "gostop"; figures: wolnamppong, nylonppong, korean, chineseAmerican, american, mahjong, search, distilled, advise, workers/,
    ],
    ['bench for zero seconds', ['bench', '--seconds', '0'], /--seconds: expected a whole number from 1 to 600/],
    [
      "a mistyped strategy (the library's line, as printed)",
      [...sim, '--seats', 'kely*6'],
      /strategy "kely" is not a wolnamppong strategy \(did you mean "kelly"\?\)/,
    ],
  ];
  it('a batch index past 10^12 for --shard auto/N: exit 2, one line, nothing written', async () => {
    const r = await pongsimIn([...sim, '--shard', 'auto/4'], dir, '', { JOB_COMPLETION_INDEX: '18446744073709551617' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'pongsim: --shard auto/4: JOB_COMPLETION_INDEX="18446744073709551617" is not a whole number from 0 to 1000000000000\n',
    );
    expect(listFiles(out)).toEqual([]);
  });

  for (const [what, args, msg] of cases) {
    it(`${what}: exit 2, one line, nothing written`, async () => {
      const r = await pongsimIn(args, dir);
      expect(r.code, r.stderr + r.stdout).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(msg);
      expect(listFiles(out)).toEqual([]);
    });
  }

  // What the library reads (games, rules, seats, strategies, files, studies, cards seen,
  // partials), through the calls the commands make: one InputError line, nothing written.
  const sims = { game: 'wolnamppong', games: 10, seed: '1', out: path.join(out, 'x.csv') };
  const file = (name: string) => path.join(dir, name);
  const calls: [string, () => unknown, RegExp][] = [
    ['unknown game', () => simulate({ game: 'gostop', games: 10 }), /unknown game "gostop"; allowed: wolnamppong/],
    ['a mistyped game', () => simulate({ game: 'wolnampong', games: 10 }), /unknown game "wolnampong" \(did you mean "wolnamppong"\?\)/],
    [
      'a mistyped rule key',
      () => simulate({ ...sims, set: ['postResul=push'] }),
      /unknown wolnamppong option "postResul" \(did you mean "postResult"\?\)/,
    ],
    [
      'a rules file nested 10,000 deep',
      () => simulate({ ...sims, rules: file('deep.json') }),
      /deep.json: nests 10001 levels deep; a pongsim file nests at most 64/,
    ],
    // Arrays 20,000 deep in a study or card file once overflowed the stack (exit 1).
    [
      'a study file nested 20,000 deep',
      () => compare({ game: 'wolnamppong', games: 2, study: file('deep-study.json') }),
      /deep-study.json: nests 20004 levels deep; a pongsim file nests at most 64/,
    ],
    ['a card file nested 20,000 deep', () => checkCard({ file: file('deep-card.json') }), /deep-card.json: nests 20001 levels deep/],
    [
      'a "__proto__" key in a rules file',
      () => simulate({ ...sims, rules: file('proto.json') }),
      /proto.json: "__proto__" is not allowed as a key/,
    ],
    ['--set __proto__', () => simulate({ ...sims, set: ['__proto__=3'] }), /--set: unknown wolnamppong option "__proto__"/],
    [
      'an empty object under an unknown key',
      () => simulate({ ...sims, rules: file('ctor.json') }),
      /ctor.json: unknown wolnamppong option "constructor"/,
    ],
    [
      'another empty object',
      () => simulate({ ...sims, rules: file('anything.json') }),
      /anything.json: unknown wolnamppong option "anything"/,
    ],
    [
      'a 5 MB value, quoted short',
      () => simulate({ ...sims, rules: file('huge.json') }),
      /must be one of lose, push, loseDouble \(got "x{59}\.\.\. \(5000002 characters\)\)/,
    ],
    [
      'a hexadecimal number',
      () => simulate({ ...sims, set: ['ante=0x5'] }),
      /option "ante" must be an integer from 1 to 1000000 \(got "0x5"\)/,
    ],
    [
      'a hundred million seats',
      () => simulate({ game: 'wolnamppong', seats: 'min-bet*100000000' }),
      /--seats: min-bet\*100000000 repeats a spec 100000000 times; a table has 1 to 16 seats/,
    ],
    ['run sim', () => runStudy({ experiment: 'sim' }), /run sim: sim is not a study; use pongsim sim <game>/],
    [
      'run --out a file',
      () => runStudy({ experiment: 'stop-limit', games: 10, out: file('array.json') }),
      /--out .*array.json: is a file; it names the folder the CSVs go to/,
    ],
    [
      'sim --out a folder',
      () => simulate({ game: 'wolnamppong', games: 10, out: dir }),
      /--out .*: is a folder; it names the .csv file to write/,
    ],
    [
      'sim --out under a file',
      () => simulate({ game: 'wolnamppong', games: 10, out: path.join(file('array.json'), 'x.csv') }),
      /array.json is a file, so no folder can be made under it/,
    ],
    ['a mistyped study', () => runStudy({ experiment: 'stop-limt' }), /unknown experiment "stop-limt" \(did you mean "stop-limit"\?\)/],
    [
      'too few seats for a fixed table',
      () => simulate({ game: 'korean', seats: 'efficiency', games: 5 }),
      /--seats: korean with these rules has 4 seats; got 1 strategy specs; give 4 specs/,
    ],
    [
      'seats against a players rule that is set',
      () => simulate({ ...sims, seats: 'kelly,fold', set: ['players=6'] }),
      /has 6 seats; got 2 strategy specs; give 6 specs, or a seat count the players rule allows/,
    ],
    ['zero games', () => simulate({ game: 'wolnamppong', games: 0 }), /--games: expected a whole number from 1/],
    [
      'a fraction of a worker',
      () => simulate({ game: 'wolnamppong', workers: 1.5 }),
      /--workers: expected a whole number from 1 to 256 \(got "1.5"\)/,
    ],
    [
      'unknown rule option',
      () => simulate({ ...sims, set: ['jokers=2'] }),
      /--set: unknown wolnamppong option "jokers"; allowed options: players/,
    ],
    ['out-of-range rule', () => simulate({ ...sims, set: ['players=17'] }), /"players" must be an integer from 2 to 16 \(got "17"\)/],
    ['wrong-type rule', () => simulate({ ...sims, set: ['deathByRain=maybe'] }), /"deathByRain" must be true or false/],
    ['malformed --set', () => simulate({ ...sims, set: ['players'] }), /--set: expected key=value/],
    [
      'missing rules file',
      () => simulate({ ...sims, rules: file('nope.json') }),
      /--rules: no wolnamppong preset or file named .*presets: default/,
    ],
    ['broken rules file', () => simulate({ ...sims, rules: file('broken.json') }), /broken.json: not valid JSON/],
    [
      'a folder as the rules file',
      () => simulate({ ...sims, rules: dir }),
      /pongsim-\w+: is a folder; expected a rules file \(a JSON object of wolnamppong options\)/,
    ],
    [
      'a folder as the study file',
      () => compare({ game: 'wolnamppong', study: dir }),
      /pongsim-\w+: is a folder; expected a study file \(a JSON object with "arms"\)/,
    ],
    [
      'a rule given twice in a rules file',
      () => simulate({ ...sims, rules: file('twice.json') }),
      /twice.json: "ante" is given twice in one object; give it once/,
    ],
    [
      'a number beyond any double in a rules file',
      () => simulate({ ...sims, rules: file('infinite.json') }),
      /infinite.json: wolnamppong option "ante" must be an integer from 1 to 1000000 \(got Infinity\)/,
    ],
    [
      'unknown key in rules file',
      () => simulate({ ...sims, rules: file('unknown.json') }),
      /unknown.json: unknown wolnamppong option "jokers"/,
    ],
    [
      'wrong type in rules file',
      () => simulate({ ...sims, rules: file('wrongtype.json') }),
      /wrongtype.json: wolnamppong option "deathByRain" must be true or false \(got "yes"\)/,
    ],
    ['rules file not an object', () => simulate({ ...sims, rules: file('array.json') }), /array.json: expected a JSON object/],
    [
      'unknown strategy',
      () => simulate({ ...sims, seats: 'gambler*6' }),
      /strategy "gambler" is not a wolnamppong strategy; allowed: fold, min-bet/,
    ],
    [
      'unknown parameter',
      () => simulate({ ...sims, seats: 'ev-threshold(z=1)*6' }),
      /strategy ev-threshold: unknown parameter "z"; allowed parameters: t, f/,
    ],
    [
      'one malformed spec: its own mistake, not the seat count',
      () => simulate({ ...sims, seats: 'kelly(z=1)' }),
      /^strategy kelly: unknown parameter "z"; allowed parameters: c$/,
    ],
    [
      'tune --against a malformed spec: its own mistake, not the count',
      () => tune({ game: 'wolnamppong', strategy: 'kelly', against: 'kelly(c)', budget: 1000, out: path.join(out, 't') }),
      /strategy kelly: parameter c needs a value: c=\.\.\./,
    ],
    ['empty seats', () => simulate({ ...sims, seats: '' }), /--seats: empty; expected one strategy spec per seat, SPEC,SPEC,\.\.\./],
    [
      'a rule key set twice',
      () => simulate({ ...sims, set: ['players=4', 'players=6'] }),
      /--set: "players" given twice \("4" and "6"\); give it once/,
    ],
    [
      'a plug-in whose default its range refuses',
      () => simulate({ ...sims, plugin: file('bad-default.mjs') }),
      /--plugin .*bad-default\.mjs: strategy wide: parameter w defaults to 50, which it does not allow \(an integer from 0 to 10\)/,
    ],
    [
      'bad parameter value',
      () => simulate({ ...sims, seats: 'ev-threshold(t=abc)*6' }),
      /parameter t must be a number from -2 to 1 \(got "abc"\)/,
    ],
    ['out-of-range parameter', () => simulate({ ...sims, seats: 'kelly(c=5)*6' }), /parameter c must be a number from 0 to 2 \(got "5"\)/],
    ['malformed spec', () => simulate({ ...sims, seats: 'ev-threshold(t=1*6' }), /--seats: expected SPEC,SPEC/],
    [
      'more seats than the game allows',
      () => simulate({ game: 'nylonppong', games: 5, seats: 'basic*7' }),
      /has 4 seats; got 7 strategy specs; give 4 specs, or a seat count the players rule allows \(an integer from 2 to 6\)/,
    ],
    ['unknown experiment', () => runStudy({ experiment: 'nope', out }), /unknown experiment "nope"; allowed: default, wolnamppong-odds/],
    ['shard past the end', () => runStudy({ experiment: 'wolnamppong-odds', shard: '4/3', out }), /--shard: expected k\/N/],
    ['shard not a fraction', () => runStudy({ experiment: 'wolnamppong-odds', shard: 'half', out }), /--shard: expected k\/N/],
    [
      'a shard count past 10^12',
      () => runStudy({ experiment: 'wolnamppong-odds', shard: { k: 1, n: 1e20 }, out }),
      /--shard: expected k\/N with 1 <= k <= N <= 1000000000000/,
    ],
    [
      'seen month out of range',
      () => odds({ game: 'wolnamppong', seen: '3,13', out: path.join(out, 'o.csv') }),
      /--seen: expected months 1-12/,
    ],
    [
      'seen month five times',
      () => odds({ game: 'wolnamppong', seen: '3,3,3,3,3', out: path.join(out, 'o.csv') }),
      /--seen: month 3 appears more than 4 times/,
    ],
    ['seen not numbers', () => odds({ game: 'wolnamppong', seen: 'rain', out: path.join(out, 'o.csv') }), /--seen: expected months 1-12/],
    ['odds for a game without them', () => odds({ game: 'korean' }), /odds: korean has none; games that have one: wolnamppong, nylonppong/],
    ['merge of a non-partial', () => merge({ partials: [file('notapartial.json')], out }), /not a pongsim partial/],
    ['merge of a missing file', () => merge({ partials: [file('missing.json')], out }), /not a readable partial file/],
  ];
  for (const [what, call, msg] of calls) {
    it(`${what}: one line, nothing written`, async () => {
      let error: unknown;
      try {
        await call();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      const line = (error as Error).message;
      expect(line).not.toContain('\n');
      expect(line).toMatch(msg);
      expect(listFiles(out)).toEqual([]);
    });
  }

  it('input quoted in an error line: at most a couple of thousand characters of it, and nothing that acts on the terminal', async () => {
    // A 5 MB key once gave 5 MB of stderr, and an escape sequence reached the terminal raw.
    fs.writeFileSync(path.join(dir, 'long-key.json'), JSON.stringify({ [`\u001b[2J${'k'.repeat(5_000_000)}`]: 1, arms: [] }));
    const r = await pongsimIn(['compare', 'wolnamppong', '--study', path.join(dir, 'long-key.json')], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.length).toBeLessThan(2200);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^pongsim: .*long-key\.json: unknown key "\\u001b\[2Jk+ … \(\d+ characters cut\) … k+"; allowed: game, games, seed, baseline, focal, metrics, arms\n$/,
    );
    expect(r.stderr).not.toContain('\u001b');
  });

  it('a bad PONGSIM_WORKERS: exit 2, one line, nothing written', () => {
    const r = spawnSync(process.execPath, [MAIN, 'sim', 'wolnamppong', '--games', '10', '--out', path.join(out, 'w.csv')], {
      encoding: 'utf8',
      env: { ...process.env, CI: 'true', PONGSIM_WORKERS: 'two' },
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual(['pongsim: PONGSIM_WORKERS: expected an integer from 1 to 256 (got "two")']);
    expect(listFiles(out)).toEqual([]);
  });

  it('a bare pongsim prints its help; a closed pipe ends quietly; a mistyped command exits 2; seats set the table size', async () => {
    // In this process where the command line's exit code is what is checked (main.ts exits with
    // it); the closed pipe is the process's own.
    const bare = await pongsimIn([]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toMatch(/^Usage: pongsim/);
    const r = spawnSync('bash', ['-c', `set -o pipefail; node ${JSON.stringify(MAIN)} list | head -1`], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const mistyped = await pongsimIn(['simm', 'wolnamppong']);
    expect([mistyped.code, mistyped.stdout, mistyped.stderr]).toEqual([2, '', "pongsim: unknown command 'simm' (Did you mean sim?)\n"]);
    const two = await pongsimIn(['sim', 'wolnamppong', '--seats', 'kelly,min-bet', '--games', '50', '--json']);
    expect(two.code, two.stderr).toBe(0);
    expect(JSON.parse(two.stdout).rules.players).toBe(2);
    const list = JSON.parse((await pongsimIn(['list', '--json'])).stdout);
    expect(list.games.map((g: { id: string }) => g.id)).toContain('chinese-american');
    expect(list.experiments.map((e: { name: string }) => e.name)).not.toContain('sim');
  });

  it('help and list exit 0', async () => {
    expect((await pongsimIn(['--help'])).code).toBe(0);
    expect((await pongsimIn(['sim', '--help'])).stdout).toMatch(/--seats <specs>/);
    // Each command's help gives an option's default once, in words, never as commander's JSON
    // of the value (bench --only once said "(default: all but precision) (default: [...])").
    const top = (await pongsimIn(['--help'])).stdout;
    const commands = [...top.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1]!).filter((c) => c !== 'help');
    expect(commands).toContain('bench');
    for (const c of commands) {
      const help = (await pongsimIn([c, '--help'])).stdout.replace(/\s+/g, ' ');
      expect(help, c).not.toMatch(/\(default: [[{]|\(default: [^)]*\) \(default:/);
    }
    const list = await pongsimIn(['list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/wolnamppong-strategies/);
    const rules = (await pongsimIn(['rules', 'wolnamppong'])).stdout;
    expect(rules).toMatch(/ilbiLossMultiplier = 1.5/);
    // The first line points to the rules written out, by a path that exists from any folder.
    const doc = /^ *(\S+RULES\.md)$/m.exec(rules.split('\n').slice(0, 2).join('\n'))?.[1];
    expect(doc && fs.existsSync(doc) && doc.endsWith('src/games/hwatu/wolnamppong/RULES.md')).toBe(true);
  });

  it('odds --json prints the rows', async () => {
    const r = await pongsimIn(['odds', 'wolnamppong', '--seen', '3,3,7,12', '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toEqual(odds({ game: 'wolnamppong', seen: '3,3,7,12' }));
    expect(doc.seen).toEqual([3, 3, 7, 12]);
    const row = doc.rows.find((x: { lo: number; hi: number }) => x.lo === 2 && x.hi === 10);
    // 42 unseen cards beside 2-10 and the seen 3,3,7,12: months 3-9 leave 28 - 3 = 25 winners.
    expect(row.p_win_exact).toBe('25/42');
  });
});
