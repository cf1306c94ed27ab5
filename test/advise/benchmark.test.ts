// The decision benchmark (issue 51): built twice with one worker and two it is the same bytes;
// Wolnamppong's exact values are the odds code's; a chooser that always takes the top scores a
// loss of 0 and a match of 1, a worse bot scores worse than the reference bot (which chooses
// what the records played); a file from a
// stranger that is at fault is refused with one line and exit 2.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wolnamppongEntry } from '../../src/catalog/wolnamppong.js';
import { exactBestBet, unseen, BET, FOLD } from '../../src/games/hwatu/wolnamppong/odds.js';
import { buildBenchmark, scoreBenchmark, scoreChoices } from '../../src/library/benchmark.js';
import { readBenchmark } from '../../src/library/benchmark-file.js';
import { gameRules } from '../../src/library/options.js';
import type { WolnamRules } from '../../src/games/hwatu/wolnamppong/rules.js';
import { pongsimIn, tempDir } from '../support/cli.js';

describe('the decision benchmark', () => {
  it('is the same bytes built with one worker and with two (a Korean benchmark valued by rollouts dealt uniformly, its races on the pool)', {
    timeout: 60000,
  }, async () => {
    const dir = tempDir();
    const one = path.join(dir, 'one.jsonl'),
      two = path.join(dir, 'two.jsonl');
    await buildBenchmark({ game: 'korean', seed: 't', decisions: 6, budget: 1000, deal: 'uniform', out: one, workers: 1 });
    await buildBenchmark({ game: 'korean', seed: 't', decisions: 6, budget: 1000, deal: 'uniform', out: two, workers: 2 });
    expect(fs.readFileSync(two, 'utf8')).toBe(fs.readFileSync(one, 'utf8'));

    // Interrupted after its third decision, it keeps the valued ones in its checkpoint, writes no
    // benchmark, and --resume ends with the bytes of the build above.
    const cut = path.join(dir, 'cut.jsonl'),
      checkpoint = path.join(dir, 'cut.checkpoint.json');
    const options = { game: 'korean', seed: 't', decisions: 6, budget: 1000, deal: 'uniform', out: cut, workers: 1 };
    const stop = new AbortController();
    let told = 0;
    const stopped = buildBenchmark(options, { signal: stop.signal, onProgress: () => void (++told === 3 && stop.abort('SIGINT')) });
    await expect(stopped).rejects.toThrow(
      /^interrupted \(SIGINT\): 3 of 6 decisions left, the valued ones saved in .*cut\.checkpoint\.json; continue with: the same call with resume: true$/,
    );
    expect(fs.readdirSync(dir).sort()).toEqual(['cut.checkpoint.json', 'one.jsonl', 'two.jsonl']);
    await expect(buildBenchmark({ ...options, seed: 'u', resume: true })).rejects.toThrow(
      /--resume: .*cut\.checkpoint\.json is the checkpoint of another run \(seed: "t" there, "u" here\)/,
    );
    await buildBenchmark({ ...options, resume: true });
    expect(fs.readFileSync(cut, 'utf8')).toBe(fs.readFileSync(one, 'utf8'));
    expect(fs.existsSync(checkpoint)).toBe(false);
    const b = readBenchmark(one, 'korean');
    expect(b.decisions).toHaveLength(6);
    // Stratified: more than one kind of decision, and each decision's top in its best set.
    expect(Object.keys(b.header.kinds).length).toBeGreaterThan(1);
    for (const d of b.decisions) {
      expect(d.valued).toBe('rollouts');
      // Dealt uniformly as asked (Korean advice infers by default, and so would its benchmark):
      // its races a second worker shares (an inferred dealing's stay in one thread).
      expect(d.deal).toBe('uniform');
      expect(d.best).toContain(d.top);
      expect(d.playouts).toBeLessThanOrEqual(1000);
    }
  });

  it('values every Wolnamppong bet exactly, as the odds code does (the ado less the ante it pays again)', () => {
    const q = wolnamppongEntry.advise!;
    const rules = gameRules(wolnamppongEntry, undefined) as unknown as WolnamRules;
    const { state, seat } = q.situation(rules, { hand: '3,10', pot: '20', seen: '4,5,5' }, (k) => k);
    const rem = unseen(3, 10, [4, 5, 5]) as number[];
    const odds = exactBestBet(rules, 3, 10, rem);
    const ev = odds.ev.n / odds.ev.d,
      win = odds.pWin.n / odds.pWin.d;
    expect(q.exactDecision!.of(state, seat, FOLD, 0)).toBe(0);
    for (const bet of [1, 7, 19]) expect(q.exactDecision!.of(state, seat, BET, bet)).toBeCloseTo(bet * ev, 12);
    expect(q.exactDecision!.of(state, seat, BET, 20)).toBeCloseTo(20 * ev - win * rules.ante, 12);
  });

  it('a chooser of the top scores 0 and 1; a bot that bets the least on every hand scores worse than the reference bot', {
    timeout: 60000,
  }, async () => {
    const file = path.join(tempDir(), 'w.jsonl');
    await buildBenchmark({ game: 'wolnamppong', seed: 't', decisions: 300, out: file, workers: 1 });
    const b = readBenchmark(file, 'wolnamppong');
    expect(b.decisions.every((d) => d.valued === 'exact')).toBe(true);
    const top = scoreChoices({ game: 'wolnamppong', file, chosen: b.decisions.map((d) => d.top) });
    expect(top.mean_loss).toBe(0);
    expect(top.match_rate).toBe(1);
    expect(top.bad_move_rate).toBe(0);
    // The bots choose at the rebuilt tables: the reference bot is what the records played.
    const ref = await scoreBenchmark({ game: 'wolnamppong', file, policy: 'ev-threshold' });
    expect(ref.rows.map((r) => r.chosen)).toEqual(b.decisions.map((d) => d.taken));
    const least = await scoreBenchmark({ game: 'wolnamppong', file, policy: 'min-bet' });
    expect(least.mean_loss_ci_low).toBeGreaterThan(ref.mean_loss_ci_high);
    expect(least.match_rate_ci_high).toBeLessThan(ref.match_rate_ci_low);
    expect(least.bad_move_rate_ci_low).toBeGreaterThan(ref.bad_move_rate_ci_high);
  });

  it('a file at fault is refused with one line and exit 2', { timeout: 60000 }, async () => {
    const dir = tempDir();
    const file = path.join(dir, 'w.jsonl');
    await buildBenchmark({ game: 'wolnamppong', seed: 't', decisions: 4, out: file, workers: 1 });
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    const bad = (name: string, text: string): string => {
      const f = path.join(dir, name);
      fs.writeFileSync(f, text);
      return f;
    };
    const head = JSON.parse(lines[0]!);
    const first = JSON.parse(lines[1]!);
    const cases: [string, RegExp][] = [
      [bad('version.jsonl', [JSON.stringify({ ...head, format: 'pongsim-benchmark/9' }), ...lines.slice(1)].join('\n')), /line 1: format/],
      [bad('malformed.jsonl', [lines[0], '{"id": 0,', ...lines.slice(2)].join('\n')), /line 2: not a benchmark line/],
      [bad('game.jsonl', [JSON.stringify({ ...head, game: 'chess' }), ...lines.slice(1)].join('\n')), /line 1: a benchmark of "chess"/],
      [
        bad(
          'illegal.jsonl',
          [
            lines[0],
            JSON.stringify({ ...first, actions: [...first.actions, { action: 'bet 999', value: -1, exact: true }] }),
            ...lines.slice(2),
          ].join('\n'),
        ),
        /line 2: action bet 999 is not legal in the rebuilt state/,
      ],
    ];
    for (const [f, why] of cases) {
      const r = await pongsimIn(['benchmark', 'wolnamppong', '--file', f, '--policy', 'fold']);
      expect(r.code, f).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(why);
    }
    // A dealing that is neither, or one given to scoring: one line, before anything is played.
    for (const [args, why] of [
      [
        ['benchmark', 'build', 'korean', '--deal', 'x', '--out', path.join(dir, 'x.jsonl')],
        /^pongsim: --deal "x": expected inferred .* or uniform\n$/,
      ],
      [['benchmark', 'wolnamppong', '--policy', 'fold', '--deal', 'uniform'], /^pongsim: benchmark: --deal is for benchmark build\n$/],
    ] as const) {
      const r = await pongsimIn([...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(why);
    }
    const ok = await pongsimIn(['benchmark', 'wolnamppong', '--file', file, '--policy', 'fold']);
    expect(ok.code, ok.stderr).toBe(0);
    // Four decisions are a small sample, and the summary says so.
    expect(ok.stdout.replace(/\s+/g, ' ')).toContain('Fewer than 30 decisions: a small sample');
  });
});
