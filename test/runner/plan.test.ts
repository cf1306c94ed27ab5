// The order chunks are handed out in, and the run's time estimate that depends on it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plan, type Plan } from '../../src/runner/plan.js';
import { Progress } from '../../src/cli/progress.js';

describe('plan', () => {
  const tasks = (p: Plan) => Array.from({ length: p.count }, (_, i) => p.at(i)).map((t) => `${t.cell}:${t.start}-${t.end}`);

  it("hands out every chunk once, each cell's first chunk before any cell's second", () => {
    expect(tasks(plan(3, 10, 4, null))).toEqual(['0:0-4', '1:0-4', '2:0-4', '0:4-8', '1:4-8', '2:4-8', '0:8-10', '1:8-10', '2:8-10']);
    expect(tasks(plan(2, 10, 4, { k: 2, n: 2 }))).toEqual(['0:5-9', '1:5-9', '0:9-10', '1:9-10']);
    expect(tasks(plan(2, 10, 4, null, [3, 7]))).toEqual(['0:3-7', '1:3-7']);
  });

  it('works out each chunk when it is handed out: --chunk 1 with a trillion games holds no list of them', () => {
    // Two trillion tasks: a list of them would not fit in memory.
    const p = plan(2, 1e12, 1, null);
    expect(p.count).toBe(2e12);
    expect(p.at(0)).toEqual({ cell: 0, start: 0, end: 1 });
    expect(p.at(2e12 - 1)).toEqual({ cell: 1, start: 1e12 - 1, end: 1e12 });
  });
});

describe('the time estimate', () => {
  const ci = process.env.CI;
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
  });

  it('waits until a chunk of every cell has come back, and costs each cell at its own pace', () => {
    delete process.env.CI;
    vi.useFakeTimers();
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => (lines.push(String(s)), true));
    // Three cells of 10 chunks of 10 games on two workers: cell 0's chunks take 0.1 s, the
    // others' 10 s.
    const at = (s: number) => vi.setSystemTime(new Date(2026, 0, 1, 0, 0, 0, s * 1000));
    at(0);
    const p = new Progress('study', [100, 100, 100], 2);
    at(0.1);
    p.advance(0, 10, 0.1);
    at(0.2);
    p.advance(0, 10, 0.1);
    at(10.1);
    p.advance(1, 10, 10);
    expect(lines.filter((l) => l.includes('in all'))).toEqual([]);
    at(10.2);
    p.advance(2, 10, 10);
    const said = lines.filter((l) => l.includes('in all'));
    expect(said).toHaveLength(1);
    // Left: 80 games at 0.01 s and 2 x 90 at 1 s, on two workers: 90.4 s, after 10.2 s. The
    // rate over all the games done (40 in 10.2 s) would have said 77 s in all.
    expect(said[0]).toMatch(/study: about 1m41s in all \(timed on the first 13% of 300 games, every cell\)/);
  });
});
