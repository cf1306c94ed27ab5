// pongsim compare: paired differences that match exact answers, arms compared with themselves,
// study files, reproducibility and bad input.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/core/rules.js';
import { exactBestBet, unseen } from '../../src/games/hwatu/wolnamppong/odds.js';
import { wolnamSchema, type WolnamRules } from '../../src/games/hwatu/wolnamppong/rules.js';
import { figureList, readStudy } from '../../src/library/compare.js';
import { compare, InputError, type StudyResult } from 'pongsim';
import { tempDir, type CliResult, pongsimIn } from '../support/cli.js';

/**
 * `pongsim compare ARGS` through the library the command calls: the summary lines it prints
 * (its answer), or the one line of its bad input as the command's stderr and exit code 2.
 */
async function cmp(args: string[]): Promise<CliResult> {
  const [, game, ...rest] = args;
  const o: Record<string, unknown> = { game };
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i]!.slice(2);
    const v = rest[i + 1]!;
    if (key === 'arm') o.arm = [...((o.arm as string[] | undefined) ?? []), v];
    else o[key] = ['games', 'workers', 'chunk', 'focal'].includes(key) ? Number(v) : v;
  }
  try {
    const r = (await compare(o as unknown as Parameters<typeof compare>[0])) as StudyResult;
    return { code: 0, stdout: r.summary.join('\n'), stderr: '' };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { code: 2, stdout: '', stderr: `pongsim: ${e.message}\n` };
  }
}

type Row = Record<string, string>;
function readCsv(file: string): Row[] {
  const [head, ...lines] = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])));
}
const row = (rows: Row[], arm: string, figure: string) => rows.find((r) => r.arm === arm && r.figure === figure)!;

/** The exact mean result per turn of betting one chip on every hand (all C(48,2) hands equally likely). */
function alwaysBetEv(r: WolnamRules): number {
  const month = (c: number) => (c >> 2) + 1;
  let sum = 0;
  let hands = 0;
  for (let a = 0; a < 48; a++) {
    for (let b = a + 1; b < 48; b++) {
      const lo = Math.min(month(a), month(b));
      const hi = Math.max(month(a), month(b));
      const ev = exactBestBet(r, lo, hi, unseen(lo, hi, []) as number[]).ev;
      sum += ev.n / ev.d;
      hands++;
    }
  }
  return sum / hands;
}

describe('pongsim compare', () => {
  it('two post rules: the paired difference of every seat holds the exact EV difference', async () => {
    const dir = tempDir();
    // An ante no bet can exhaust: the pot never empties, so a seat's result is its bets alone (less one ante).
    const seats = '--seats min-bet*6';
    const r = await cmp([
      'compare',
      'wolnamppong',
      '--arm',
      `lose: --set ante=1000000 ${seats}`,
      '--arm',
      `push: --set postResult=push --set ante=1000000 ${seats}`,
      '--games',
      '3000',
      '--seed',
      '4',
      '--out',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rules = (postResult: string) => resolveRules<WolnamRules>(wolnamSchema, [{ where: 'test', values: { postResult } }]);
    const exact = rules('lose').cycles * (alwaysBetEv(rules('push')) - alwaysBetEv(rules('lose')));
    expect(exact).toBeGreaterThan(1.5);
    const rows = readCsv(path.join(dir, 'compare.csv'));
    for (let k = 0; k < 6; k++) {
      const x = row(rows, 'push', `seat${k}`);
      expect(Number(x.diff_vs_baseline_ci_low)).toBeLessThan(exact);
      expect(Number(x.diff_vs_baseline_ci_high)).toBeGreaterThan(exact);
      expect(x.significant).toBe('yes');
    }
    expect(r.stdout).toMatch(/push vs lose: seat\d \+2\.\d+/);
  });

  it('pairing on the same deals narrows the interval: a stop limit of 5 against 10, seat by seat', async () => {
    const dir = tempDir();
    const r = await cmp([
      'compare',
      'nylonppong',
      '--arm',
      'ten: --rules fudawiki',
      '--arm',
      'five: --set stopLimit=5',
      '--games',
      '2000',
      '--seed',
      '2',
      '--out',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = readCsv(path.join(dir, 'compare.csv'));
    for (let k = 0; k < 4; k++) {
      const a = row(rows, 'ten', `seat${k}`);
      const b = row(rows, 'five', `seat${k}`);
      const half = (x: Row, key: string) => (Number(x[`${key}_ci_high`]) - Number(x[`${key}_ci_low`])) / 2;
      // What comparing two independent runs would give, against the paired interval.
      const unpaired = Math.hypot(half(a, 'value'), half(b, 'value'));
      expect(half(b, 'diff_vs_baseline')).toBeLessThan(0.8 * unpaired);
    }
  });

  it('an arm compared with itself differs by exactly zero in every figure', async () => {
    const dir = tempDir();
    const r = await cmp([
      'compare',
      'nylonppong',
      '--arm',
      'a: --rules fudawiki',
      '--arm',
      'b: --rules fudawiki',
      '--games',
      '200',
      '--out',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = readCsv(path.join(dir, 'compare.csv')).filter((x) => x.arm === 'b');
    expect(rows.length).toBeGreaterThan(8);
    for (const x of rows) {
      expect([x.diff_vs_baseline, x.diff_vs_baseline_ci_low, x.diff_vs_baseline_ci_high].map(Number)).toEqual([0, 0, 0]);
      expect([x.diff_vs_baseline_p, x.diff_vs_baseline_p_holm].map(Number)).toEqual([1, 1]);
      expect(x.significant).toBe('no');
    }
    // The answer says the arms played identical games, not merely that nothing was significant.
    expect(r.stdout).toMatch(/b vs a: every paired difference is exactly 0 over \d+ figures: the two arms played identical games/);
  });

  it('a focal strategy across line-ups of different sizes, the same bytes on 1 and 2 workers and from a study file', async () => {
    const dir = tempDir();
    const args = [
      'compare',
      'wolnamppong',
      '--arm',
      'six: --seats ev-threshold,min-bet*5',
      '--arm',
      'four: --set players=4 --seats ev-threshold,min-bet*3',
      '--focal',
      '0',
      '--games',
      '300',
      '--seed',
      '9',
    ];
    const a = await cmp([...args, '--workers', '1', '--out', path.join(dir, 'a')]);
    const b = await cmp([...args, '--workers', '2', '--chunk', '37', '--out', path.join(dir, 'b')]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const csv = (d: string) => fs.readFileSync(path.join(dir, d, 'compare.csv'), 'utf8');
    expect(csv('b')).toBe(csv('a'));
    expect(readCsv(path.join(dir, 'a', 'compare.csv')).filter((x) => x.kind === 'focal')).toHaveLength(2);
    // The same comparison as a study file.
    const study = path.join(dir, 'study.json');
    fs.writeFileSync(
      study,
      JSON.stringify({
        game: 'wolnamppong',
        games: 300,
        seed: '9',
        focal: 0,
        arms: [
          { name: 'six', seats: 'ev-threshold,min-bet*5' },
          { name: 'four', set: { players: 4 }, seats: ['ev-threshold', 'min-bet', 'min-bet', 'min-bet'] },
        ],
      }),
    );
    const c = await cmp(['compare', 'wolnamppong', '--study', study, '--out', path.join(dir, 'c')]);
    expect(c.code, c.stderr).toBe(0);
    expect(csv('c')).toBe(csv('a'));
  });

  it('arms sized by their seats, as sim is, compared with --focal', async () => {
    const dir = tempDir();
    const r = await cmp([
      'compare',
      'nylonppong',
      '--arm',
      'three: --seats basic*3',
      '--arm',
      'four: --seats basic*4',
      '--focal',
      '0',
      '--games',
      '10',
      '--out',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'compare.meta.json'), 'utf8'));
    expect(meta.provenance.arms.map((a: { rules: { players: number } }) => a.rules.players)).toEqual([3, 4]);
    expect(
      readCsv(path.join(dir, 'compare.csv'))
        .filter((x) => x.kind === 'focal')
        .map((x) => x.arm),
    ).toEqual(['three', 'four']);
  });

  it('runs the shipped example study file', async () => {
    const dir = tempDir();
    const r = await cmp([
      'compare',
      'nylonppong',
      '--study',
      'experiments/studies/nylonppong-house-rules.json',
      '--games',
      '40',
      '--out',
      dir,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const arms = new Set(readCsv(path.join(dir, 'compare.csv')).map((x) => x.arm));
    expect(arms.size).toBe(5);
  });

  it.each([
    ['an arm without a name', ['--arm', '--rules fudawiki', '--arm', 'b: --rules bbong'], /--arm "--rules fudawiki": an arm has no name/],
    [
      'two arms with one name',
      ['--arm', 'a: --rules fudawiki', '--arm', 'a: --rules bbong'],
      /compare: two arms are named "a"; arm names must differ/,
    ],
    ['an arm with invalid rules', ['--arm', 'a: --rules fudawiki', '--arm', 'b: --set stopLimit=99'], /arm "b": .*stopLimit/],
    [
      'seat counts that differ without --focal',
      ['--arm', 'a: --seats basic*4', '--arm', 'b: --set players=3 --seats basic*3'],
      /compare: the arms seat 4 and 3 players; .*--focal K/,
    ],
    [
      'an unknown baseline',
      ['--arm', 'a: --rules fudawiki', '--arm', 'b: --rules bbong', '--baseline', 'c'],
      /--baseline: no arm is named "c"; arms: a, b/,
    ],
    ['one arm', ['--arm', 'a: --rules fudawiki'], /compare: give at least two arms \(got 1\)/],
    [
      'an unknown arm option',
      ['--arm', 'a: --rule fudawiki', '--arm', 'b:'],
      /--arm "a": unknown option "--rule"; allowed: --rules, --set, --seats, --card/,
    ],
    [
      'a figure the arms do not report',
      ['--arm', 'a:', '--arm', 'b: --set stopLimit=5', '--metrics', 'foo'],
      /--metrics: "foo" is not a figure of these arms; figures: seat0, .*, endStop, .*\(focal, focalWin, focalPlace with --focal K\)/,
    ],
  ])('refuses %s: one line, nothing written', async (_, args, msg) => {
    const dir = tempDir();
    const r = await cmp(['compare', 'nylonppong', ...args, '--games', '10', '--out', path.join(dir, 'out')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(msg);
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  });

  it("reads every study setting by its option's rules, naming the file and the field", async () => {
    const dir = tempDir();
    const study = (settings: Record<string, unknown>) => {
      const file = path.join(dir, 's.json');
      fs.writeFileSync(file, JSON.stringify({ ...settings, arms: [{ name: 'a' }, { name: 'b' }] }));
      return () => readStudy(file).settings;
    };
    expect(study({ games: 2000, seed: 9, focal: 1, baseline: 'b', metrics: ['seat0', 'endStop'] })()).toEqual({
      games: 2000,
      seed: '9',
      focal: 1,
      baseline: 'b',
      metrics: ['seat0', 'endStop'],
    });
    expect(study({ seed: 'a b' })).toThrow(/s\.json: "seed": expected 1-64 letters, digits or _\.:- \(got "a b"\)$/);
    expect(study({ games: 0 })).toThrow(/s\.json: "games": expected a whole number from 1 to 1000000000000 \(got "0"\)$/);
    expect(study({ games: 2.5 })).toThrow(/s\.json: "games": expected a whole number/);
    expect(study({ games: [3] })).toThrow(/s\.json: "games": expected a number or a string \(got \[3\]\)$/);
    expect(study({ focal: 16 })).toThrow(/s\.json: "focal": expected a whole number from 0 to 15 \(got "16"\)$/);
    expect(study({ metrics: [] })).toThrow(/s\.json: "metrics": expected a list of figure names \(got \[\]\)$/);
    expect(study({ metrics: ['seat0', ''] })).toThrow(/s\.json: "metrics": expected figure names separated by commas/);
    expect(() => figureList('--metrics')('')).toThrow('--metrics: expected figure names separated by commas, e.g. seat0,win0 (got "")');
  });

  it("names the study file's field, not an option never given, for a baseline no arm has", async () => {
    const dir = tempDir();
    const study = path.join(dir, 'study.json');
    fs.writeFileSync(study, JSON.stringify({ baseline: 'c', arms: [{ name: 'a' }, { name: 'b' }] }));
    const r = await pongsimIn(['compare', 'nylonppong', '--study', study, '--games', '10', '--out', path.join(dir, 'out')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([`pongsim: ${study}: "baseline": no arm is named "c"; arms: a, b`]);
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  });

  it('refuses a study file with an unknown key, naming the file and the key', async () => {
    const dir = tempDir();
    const study = path.join(dir, 'bad.json');
    fs.writeFileSync(study, JSON.stringify({ arms: [{ name: 'a', rule: 'fudawiki' }, { name: 'b' }] }));
    const r = await cmp(['compare', 'nylonppong', '--study', study, '--games', '10', '--out', path.join(dir, 'out')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad.json: arm 1: unknown key "rule"; allowed: name, rules, set, seats, card/);
  });
});
