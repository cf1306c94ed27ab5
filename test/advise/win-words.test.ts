// Where advice ranks passing or calling above a win the rules pay, it says why, from the race's
// own rollouts (core/advise.ts winWhy): how often the better action's rollouts win and for how
// much, against what the win pays now, and what letting the win go costs under the rules.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { winWhy } from '../../src/core/advise.js';
import { entryFor } from '../../src/catalog/index.js';
import { WIN } from '../../src/games/mahjong/table/actions.js';
import { advise } from '../../src/library/advise.js';
import { gameRules } from '../../src/library/options.js';
import { replay } from '../../src/library/replay.js';
import { review } from '../../src/library/review.js';
import { recordText } from '../../src/records/record.js';
import { tempDir } from '../support/cli.js';

describe('why advice passes up a win', () => {
  it('names a larger hand in reach only where the better action wins more than the win pays now', () => {
    // Two of four rollouts won, for 30 and 40 (35 a win); the others -2 and 0 (-1 a hand).
    expect(winWhy('pass', [30, -2, 40, 0], [1, 0, 1, 0], [22, 22], 'letting it go costs this')).toBe(
      "Why not the win: pass keeps a larger hand in reach: its rollouts win 50% of the time for 35.0 points a win and make -1.0 points a hand otherwise, against the win's 22.0 points now; letting it go costs this, which the rollouts count.",
    );
    // Wins no larger than the win's: the edge is elsewhere, and said so.
    expect(winWhy('pung', [8, 4, 6], [1, 0, 1], [8, 8])).toBe(
      "Why not the win: not a larger hand (pung's rollouts win 67% of the time for 7.0 points a win and make 4.0 points a hand otherwise, against the win's 8.0 points now): pung's edge is in the hands it does not win.",
    );
    // No rollout won: no figure a win.
    expect(winWhy('pass', [1, 1], [0, 0], [1, 1])).toBe(
      "Why not the win: not a larger hand (pass's rollouts win 0% of the time and make 1.0 point a hand otherwise, against the win's 1.0 point now): pass's edge is in the hands it does not win.",
    );
  });

  it('says what letting a legal win go costs under each ruleset', () => {
    const at = (game: string, given: Record<string, string>) => {
      const e = entryFor(game, 'advise', 'advise');
      const { state, seat } = e.advise!.situation(gameRules(e, undefined), given, (k) => k);
      return { legal: e.advise!.wins!.legal(state, seat, WIN), letGo: e.advise!.wins!.letGo(state, seat) };
    };
    expect(at('chinese-american', { hand: 'm111 m234 p567 s789 m9', offered: 'm9', left: 'p1' })).toEqual({
      legal: true,
      letGo: 'letting it go bars your discard wins until your next draw (the missed-win lock)',
    });
    // Declining a self-drawn win: the rules' penalty to each other player, and the lock.
    expect(at('chinese-american', { hand: 'm111 m234 p567 s789 m99', left: 'p1' })).toEqual({
      legal: true,
      letGo: 'declining it pays 24 points to each other player and bars your discard wins until your next draw (the missed-win lock)',
    });
    expect(at('korean', { hand: 'm111 m234 p567 p789 m9', offered: 'm9', left: 'p1' }).letGo).toBe(
      'letting it go bars a discard win on m9 until your next draw or claim (temporary sacred discard)',
    );
    // A Korean self-draw declined costs nothing under the rules.
    expect(at('korean', { hand: 'm111 m234 p567 p789 m99', left: 'p1' })).toEqual({ legal: true, letGo: undefined });
  });

  it("says why where a Korean discard win is ranked below passing (issue 49's example)", async () => {
    const file = path.join(tempDir(), 'korean-52.jsonl');
    fs.writeFileSync(file, recordText((await replay({ game: 'korean', seed: '52', index: 0, format: 'events' })).events!));
    // Dealt uniformly, the others' hands look far from ready, and passing flatters.
    const r = await advise({ game: 'korean', record: file, at: 1344, budget: 192, seed: '1', deal: 'uniform', workers: 1 });
    expect(r.best).toBe('pass');
    const pass = r.actions.find((a) => a.action === 'pass')!;
    const win = r.actions.find((a) => a.action === 'win on p5')!;
    expect(win.value).toBe(22);
    expect(r.advice).toContain(
      `Why not the win: pass keeps a larger hand in reach: its rollouts win ${Math.round(100 * pass.won)}% of the time for `,
    );
    expect(r.advice).toContain(
      "against the win's 22.0 points now; letting it go bars a discard win on p5 until your next draw or claim (temporary sacred discard), which the rollouts count.",
    );
    // The points a win are more than the win's, and the pass's mean lies between its parts.
    const perWin = Number(/for (-?[\d.]+) points a win/.exec(r.advice)![1]);
    const otherwise = Number(/make (-?[\d.]+) points? a hand otherwise/.exec(r.advice)![1]);
    expect(perWin).toBeGreaterThan(22);
    expect(otherwise).toBeLessThan(perWin);
  });

  it('review says it too, where its ranking puts passing above the win the record took', async () => {
    // A one-hand Korean game whose seat 3 wins on a discard at its fourth decision (line 40).
    // Dealt uniformly, the review ranks passing first; dealt as Korean advice deals by default,
    // inferred from the others' play, it ranks the win first (issue 49) and says nothing of why not.
    const file = path.join(tempDir(), 'korean-29.jsonl');
    const { events } = await replay({ game: 'korean', set: ['handsPerSession=1'], seed: '29', index: 0, format: 'events' });
    fs.writeFileSync(file, recordText(events!));
    const inferred = await review({ game: 'korean', record: file, seat: 3, budget: 64, maxDecisions: 4, workers: 1 });
    expect(inferred.deal).toBe('inferred');
    const taken = inferred.rows.find((x) => x.line === 40)!;
    expect(taken.best).toBe('win on z7');
    expect(taken.words).not.toContain('Why not the win');
    const r = await review({ game: 'korean', record: file, seat: 3, budget: 64, maxDecisions: 4, workers: 1, deal: 'uniform' });
    const win = r.rows.find((x) => x.line === 40)!;
    expect(win.taken).toBe('win on z7');
    expect(win.best).toBe('pass');
    expect(win.words).toMatch(
      /^line 40, hand 1: win on z7; it cannot be told from the best, pass \([^)]*\)\. Why not the win: pass keeps a larger hand in reach: its rollouts win \d+% of the time for [\d.]+ points a win and make -?[\d.]+ points? a hand otherwise, against the win's 24\.0 points now; letting it go bars a discard win on z7 until your next draw or claim \(temporary sacred discard\), which the rollouts count\.$/,
    );
    // Decisions without a win on offer say nothing of one.
    for (const x of r.rows.filter((y) => y.line !== 40)) expect(x.words).not.toContain('Why not the win');
  });
});
