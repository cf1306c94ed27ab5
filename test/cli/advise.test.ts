// pongsim advise: the CLI prints the library's answer (a table and the answer in words, or with
// --json exactly what the library returns) and refuses bad input with one line and exit 2.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog/index.js';
import { estimate } from '../../src/io/print.js';
import { advise } from '../../src/library/advise.js';
import { tempDir, unwrap, pongsimIn } from '../support/cli.js';

describe('pongsim advise (CLI)', () => {
  it('--json prints what the library returns; the text shows every action and the answer in words', { timeout: 30000 }, async () => {
    const args = ['advise', 'wolnamppong', '--hand', '2,11', '--pot', '20', '--seen', '4,5', '--budget', '600', '--seed', 'cli'];
    const j = await pongsimIn([...args, '--json']);
    expect(j.code, j.stderr).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual(
      JSON.parse(JSON.stringify(await advise({ game: 'wolnamppong', hand: '2,11', pot: '20', seen: '4,5', budget: '600', seed: 'cli' }))),
    );
    const t = await pongsimIn(args);
    expect(t.code, t.stderr).toBe(0);
    for (const a of JSON.parse(j.stdout).actions) expect(t.stdout).toContain(a.action);
    expect(unwrap(t.stdout)).toContain(JSON.parse(j.stdout).advice);
    // The advice and the note on the columns are two paragraphs, not one with an escaped newline.
    expect(t.stdout).not.toContain('\\u000a');
    expect(t.stdout).toMatch(/\n\(value: /);
    // won is printed with its interval, at the digits the interval allows (a 95% interval of a
    // share of 120 rollouts is several points wide: two decimals at most).
    const bet = JSON.parse(j.stdout).actions.find((a: { action: string }) => a.action !== 'fold');
    expect(t.stdout).toContain(estimate(bet.won, bet.won_ci_low, bet.won_ci_high));
    // --wide prints the same answer unfitted (it is the CLI's, not a situation field).
    const wide = await pongsimIn([...args, '--wide']);
    expect(wide.code, wide.stderr).toBe(0);
    expect(unwrap(wide.stdout)).toContain(JSON.parse(j.stdout).advice);
  });

  it('bad input: one line, exit 2, nothing on stdout', { timeout: 30000 }, async () => {
    for (const args of [
      ['advise', 'wolnamppong', '--hand', '2,11'],
      ['advise', 'korean', '--hand', 'm123', '--budget', '0'],
    ]) {
      const r = await pongsimIn(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('a value every rollout gave alike says so, not a certain figure; one the luck taken off makes exact does not', {
    timeout: 60000,
  }, async () => {
    // Nylon-ppong, seed 7, game 0: at line 33 seat 3 stops with 3. Inferred from the others'
    // play, the stop succeeds in every rollout, so its value's t interval has no width; its won
    // share's interval still reaches below 1 (a seat holding two cards could undercut it).
    const replay = await pongsimIn(['replay', 'nylonppong', '--seed', '7', '--index', '0', '--format', 'events']);
    expect(replay.code, replay.stderr).toBe(0);
    const record = path.join(tempDir(), 'game.jsonl');
    fs.writeFileSync(record, replay.stdout);
    const args = ['advise', 'nylonppong', '--record', record, '--at', '33'];
    const j = await pongsimIn([...args, '--json']);
    expect(j.code, j.stderr).toBe(0);
    const stop = JSON.parse(j.stdout).actions.find((a: { action: string }) => a.action === 'stop with 3');
    expect(stop.alike).toBe(true);
    expect(stop.value_ci_low).toBe(stop.value_ci_high);
    expect(stop.won_ci_low).toBeLessThan(1);
    expect(JSON.parse(j.stdout).actions.find((a: { action: string }) => a.action === 'draw').alike).toBeUndefined();
    const t = await pongsimIn(args);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toContain(`-3 (all ${stop.rollouts} alike)`);
    expect(unwrap(t.stdout)).toContain('all N alike: every rollout of the action gave that value');
    // A Wolnamppong bet: its results as played differ, and the third card's luck taken off gives
    // every rollout its exact value: not alike, and no such note.
    const w = await advise({ game: 'wolnamppong', hand: '3,9', pot: '20', budget: '300' });
    const bet = w.actions.find((a) => a.action === 'bet 1')!;
    expect(bet.value_ci_high - bet.value_ci_low).toBeLessThan(1e-9);
    expect(bet.alike).toBeUndefined();
  });

  it('a win the rules pay is its payment and a win, exact, not an estimate with an interval that doubts it', {
    timeout: 60000,
  }, async () => {
    // Every rollout of a win ends the hand there: the value is what it pays, and it is won. A
    // Wilson interval over the rollouts (1 [0.893, 1] for 32 of them) read as a chance that the
    // win itself is not won.
    for (const q of [
      { game: 'chinese-american', hand: 'm111 m234 p567 s789 m9', offered: 'm9', budget: '200' },
      { game: 'american', stage: 'play', hand: 'm11333 p55777 s999', offered: 's9', from: 'across', budget: '200' },
    ]) {
      const r = await advise(q);
      const win = r.actions.find((a) => a.action.startsWith('win on'))!;
      expect(win.ends, q.game).toBe(true);
      expect(win.alike).toBeUndefined();
      expect([win.won, win.won_ci_low, win.won_ci_high]).toEqual([1, 1, 1]);
      expect(win.value_ci_low).toBe(win.value);
      // Only the win: another action that happened to win every rollout is still an estimate.
      for (const a of r.actions.filter((a) => a !== win)) expect(a.ends).toBeUndefined();
    }
    const t = await pongsimIn(['advise', 'chinese-american', '--hand', 'm111 m234 p567 s789 m9', '--offered', 'm9']);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/win on m9 +best +31 \(exact\) +0 +1 \(exact\)/);
    expect(unwrap(t.stdout)).toContain('exact: a win ends the hand, with what it pays');
  });

  it('every game that advises answers its example situation (the one `bench` times)', { timeout: 60000 }, async () => {
    const offering = GAMES.filter((g) => g.advise);
    expect(offering.map((g) => g.def.id).sort()).toEqual(['american', 'chinese-american', 'korean', 'nylonppong', 'wolnamppong']);
    for (const g of offering) {
      const r = await advise({ game: g.def.id, ...g.advise!.example, budget: 300 });
      expect(r.actions.length).toBeGreaterThan(1);
      expect(r.playouts).toBeLessThanOrEqual(300);
    }
  });
});
