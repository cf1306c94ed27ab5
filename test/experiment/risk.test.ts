import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compare, merge, runStudy, simulate, type SimulateOptions, type SimulateResult, type StudyResult } from 'pongsim';
import { simArm, type SimParams } from '../../src/experiment/sim.js';
import { gameRules } from '../../src/library/options.js';
import { CATALOG, gameEntry } from '../../src/catalog/index.js';
import { clopperPearson } from '../../src/stats/intervals.js';
import { listFiles, tempDir } from '../support/cli.js';

const SIM: SimulateOptions = { game: 'wolnamppong', seats: 'kelly,ev-threshold,min-bet', games: 390, seed: '5', session: 13, bankroll: 30 };

/** Each seat's session results and falls, played game by game outside the runner. */
function direct(p: SimParams, seed: string, games: number, size: number, sign: number): { results: number[][]; falls: number[][] } {
  const arm = simArm(p, CATALOG);
  const n = arm.specs.length;
  const results = Array.from({ length: n }, () => [] as number[]);
  const falls = Array.from({ length: n }, () => [] as number[]);
  const run = new Array<number>(n).fill(0);
  const low = new Array<number>(n).fill(Infinity);
  for (let i = 0; i < games; i++) {
    arm.play(seed, 0, i);
    for (let k = 0; k < n; k++) {
      run[k]! += sign * arm.returns[k]!;
      low[k] = Math.min(low[k]!, run[k]!);
    }
    if ((i + 1) % size === 0) {
      for (let k = 0; k < n; k++) {
        results[k]!.push(run[k]!);
        falls[k]!.push(Math.max(0, -low[k]!));
      }
      run.fill(0);
      low.fill(Infinity);
    }
  }
  return { results, falls };
}

const nth = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.ceil(q * xs.length) - 1]!;

describe('the risk of a night in sim', () => {
  it('gives each seat the quantiles and ruin of its sessions, as the games played one by one give them', async () => {
    const r = (await simulate({ ...SIM, workers: 1 })) as SimulateResult;
    const d = direct({ game: 'wolnamppong', rules: r.rules, seats: SIM.seats!.toString().split(',') }, '5', 390, 13, 1);
    expect(r.risk!.unit).toBe('chips');
    r.risk!.seats.forEach((s, k) => {
      expect(s.sessions).toBe(30);
      expect(s.session_q50).toBe(nth(d.results[k]!, 0.5));
      expect(s.session_q05).toBe(nth(d.results[k]!, 0.05));
      const ruined = d.falls[k]!.filter((f) => f >= 30).length;
      expect(s.ruin).toBe(ruined / 30);
      expect(s.ruin_ci_high).toBeCloseTo(clopperPearson(ruined, 30).high, 12);
    });
    // The Kelly seat bets the most: its nights spread widest.
    const spread = (k: number) => r.risk!.seats[k]!.session_q95! - r.risk!.seats[k]!.session_q05!;
    expect(spread(0)).toBeGreaterThan(spread(2));
  });

  it('gives the same bytes whatever the chunks (sessions cut across them), workers and shards', async () => {
    const dir = tempDir();
    await simulate({ ...SIM, workers: 1, out: path.join(dir, 'one.csv') });
    await simulate({ ...SIM, workers: 2, chunk: 7, out: path.join(dir, 'two.csv') });
    const one = fs.readFileSync(path.join(dir, 'one.csv'), 'utf8');
    expect(one).toMatch(/^ruin,0,kelly/m);
    expect(fs.readFileSync(path.join(dir, 'two.csv'), 'utf8')).toBe(one);
    for (const k of [1, 2, 3]) await simulate({ ...SIM, chunk: 11, shard: `${k}/3`, out: path.join(dir, 'parts', 'sim.csv') });
    const parts = listFiles(path.join(dir, 'parts')).map((f) => path.join(dir, 'parts', f));
    await merge({ partials: parts, out: path.join(dir, 'merged') });
    const merged = listFiles(path.join(dir, 'merged')).find((f) => f.endsWith('.csv'))!;
    expect(fs.readFileSync(path.join(dir, 'merged', merged), 'utf8')).toBe(one);
  });

  it("counts Nylon-ppong's money lost as a loss, and values mahjong points at --point-value", async () => {
    const ny = (await simulate({
      game: 'nylonppong',
      rules: 'money',
      games: 200,
      seed: '3',
      session: 10,
      bankroll: 5,
      workers: 1,
    })) as SimulateResult;
    const entry = gameEntry('nylonppong');
    const d = direct({ game: 'nylonppong', rules: gameRules(entry, 'money'), seats: ny.seats.map((s) => s.strategy) }, '3', 200, 10, -1);
    ny.risk!.seats.forEach((s, k) => expect(s.session_q95).toBe(nth(d.results[k]!, 0.95)));
    const at = async (pointValue: number) =>
      ((await simulate({ game: 'korean', games: 40, seed: '2', session: 4, bankroll: 1000, pointValue, workers: 1 })) as SimulateResult)
        .risk!.seats[0]!;
    const [one, half] = [await at(1), await at(0.5)];
    expect(half.session_q05).toBe(one.session_q05! * 0.5);
    expect(half.session_cvar05).toBeCloseTo(one.session_cvar05! * 0.5, 9);
  });

  it('refuses, in one line, risk options that cannot apply', async () => {
    const refused = async (o: Partial<SimulateOptions>, msg: RegExp) =>
      expect(simulate({ ...SIM, workers: 1, ...o } as SimulateOptions)).rejects.toThrow(msg);
    await refused({ session: undefined }, /^--bankroll: only with --session N/);
    await refused({ games: 12 }, /^--session: 12 games make no session of 13/);
    await refused({ pointValue: 2 }, /^--point-value: wolnamppong's results are chips already/);
    await refused(
      { game: 'nylonppong', seats: undefined },
      /^--session: nylonppong under scoring=penaltyPoints plays for penalty points, not money; give --rules money/,
    );
    await refused({ game: 'korean', seats: undefined }, /^--point-value: korean scores points; give what a point is worth/);
    await refused({ untilCi: 1, games: undefined }, /^--until-ci with --session/);
    await expect(
      compare({
        game: 'nylonppong',
        arm: ['a: --rules money', 'b: --set stopLimit=4'],
        games: 20,
        session: 10,
        bankroll: 5,
        out: tempDir(),
      }),
    ).rejects.toThrow(/^compare: arm "b": --session: nylonppong under scoring=penaltyPoints/);
  });
});

describe('the risk of a night in compare', () => {
  it("adds each arm's risk figures, without a paired difference", async () => {
    const r = await compare({
      game: 'wolnamppong',
      arm: ['kelly: --seats kelly*6', 'min: --seats min-bet*6'],
      focal: 0,
      games: 260,
      session: 13,
      bankroll: 30,
      workers: 1,
      out: tempDir(),
    });
    if ('partial' in r) throw new Error('no partial expected');
    const rows = r.tables.compare!.filter((x) => String(x.figure).startsWith('focal:'));
    expect(rows.map((x) => `${x.arm} ${x.figure}`)).toEqual(
      ['kelly', 'min'].flatMap((a) =>
        ['session_q05', 'session_q50', 'session_q95', 'session_cvar05', 'ruin'].map((k) => `${a} focal:${k}`),
      ),
    );
    expect(rows.map((x) => [x.diff_vs_baseline, x.n])).toEqual(rows.map((x) => ['', x.kind === 'session_cvar05' ? 1 : 20]));
  });
});

describe('the risk of a night in the money studies', () => {
  it('adds its columns and changes nothing else; a study that plays for no money refuses it', async () => {
    const run = async (o: Record<string, unknown>) =>
      ((await runStudy({ experiment: 'wolnamppong-strategies', games: 60, seed: '9', workers: 1, out: tempDir(), ...o })) as StudyResult)
        .tables['wolnamppong-strategies']!;
    const plain = await run({});
    const risky = await run({ session: 6, bankroll: 15 });
    const added = Object.keys(risky[0]!).filter((k) => !(k in plain[0]!));
    expect(added).toEqual(
      ['session_q05', 'session_q50', 'session_q95', 'session_cvar05', 'ruin'].flatMap((k) => [
        k,
        `${k}_ci_low`,
        `${k}_ci_high`,
        `${k}_ci_why`,
      ]),
    );
    risky.forEach((row, i) => {
      for (const k of Object.keys(plain[0]!)) if (k !== 'small_sample') expect(row[k]).toEqual(plain[i]![k]);
      expect(row.ruin as number).toBeGreaterThanOrEqual(0);
    });
    await expect(runStudy({ experiment: 'stop-limit', games: 10, session: 5, out: tempDir() })).rejects.toThrow(
      /^--session: stop-limit is no money study; studies that report the risk of a night: wolnamppong-strategies, .*bankroll/,
    );
    await expect(runStudy({ experiment: 'uper-furiten', games: 10, session: 5, out: tempDir() })).rejects.toThrow(
      /^--point-value: korean scores points/,
    );
  });
});
