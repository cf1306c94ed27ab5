// compare --luck and tune --luck (issue 50, the variance-reduction layer in compare and tune): each seat's result less its
// luck of the draws keeps the result's mean (every luck term has mean zero), the games are played
// as without the meters, and the intervals shrink.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameEntry } from '../../src/catalog/index.js';
import type { GameDef, GameState } from '../../src/core/game.js';
import { resolveRules } from '../../src/core/rules.js';
import { parseSpec } from '../../src/core/strategy.js';
import { Arm } from '../../src/experiment/arm.js';
import { compare } from '../../src/library/compare.js';
import { tune } from '../../src/library/tune.js';
import type { StudyResult } from '../../src/library/study.js';
import { normalQuantile } from '../../src/stats/distributions.js';
import { tempDir } from '../support/cli.js';
import { inputErrorLineAsync } from '../support/errors.js';

/** Short games: one round or hand a game, so that a few hundred take a second or two. */
const CASES = [
  { game: 'wolnamppong', set: { cycles: 2 }, games: 300 },
  { game: 'nylonppong', set: { rounds: 1 }, games: 300 },
  { game: 'korean', set: { handsPerSession: 1 }, games: 60 },
  // As compare --luck plays Korean: sessions keyed by seat draws.
  { game: 'korean', set: { handsPerSession: 2, pairing: 'seats' }, games: 30 },
];
/** The family-wise error of the mean checks (fixed seeds: a failure is a bias, or bad luck this rare). */
const ALPHA = 0.001;

function played(game: string, set: Record<string, unknown>, games: number, meter: boolean) {
  const entry = gameEntry(game);
  const rules = resolveRules(entry.def.schema, [{ where: 'test', values: set }]);
  const seats = entry.def.seats(rules);
  const specs = Array.from({ length: seats }, () => parseSpec(entry.defaultSeat, entry.strategies, game, rules));
  const arm = new Arm(entry.def as GameDef<GameState>, rules, specs, entry.strategies);
  if (meter) expect(arm.meter()).toBe(true);
  const raw: number[][] = [],
    corrected: number[][] = [];
  for (let i = 0; i < games; i++) {
    arm.play('luck', 0, i, i % seats);
    raw.push(Array.from(arm.returns));
    corrected.push(Array.from(arm.corrected));
  }
  return { raw, corrected, seats };
}

const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
const sd = (x: number[]) => Math.sqrt(x.reduce((s, v) => s + (v - mean(x)) ** 2, 0) / (x.length - 1));

describe('compare --luck', () => {
  it('plays the same games, and each seat loses luck of mean zero: the corrected mean is the mean', () => {
    const checks = CASES.flatMap(({ game, set, games }) => {
      const plain = played(game, set, games, false);
      const metered = played(game, set, games, true);
      // The meters only read: every game is played as without them.
      expect(metered.raw, game).toEqual(plain.raw);
      return Array.from({ length: metered.seats }, (_, k) => ({
        name: `${game} seat ${k}`,
        luck: metered.raw.map((r, i) => r[k]! - metered.corrected[i]![k]!),
        raw: metered.raw.map((r) => r[k]!),
        corrected: metered.corrected.map((r) => r[k]!),
      }));
    });
    const z = normalQuantile(1 - ALPHA / (2 * checks.length));
    for (const { name, luck } of checks) {
      expect(sd(luck), name).toBeGreaterThan(0);
      expect(Math.abs(mean(luck)), name).toBeLessThanOrEqual((z * sd(luck)) / Math.sqrt(luck.length));
    }
    // And the spread shrinks: Wolnamppong's bets lose the whole luck of their third cards.
    const wol = checks.filter((c) => c.name.startsWith('wolnamppong'));
    for (const c of wol) expect(sd(c.corrected), c.name).toBeLessThan(0.7 * sd(c.raw));
  });

  it('narrows the intervals of the seats and of their paired differences, and says so in the provenance', async () => {
    const o = {
      game: 'wolnamppong',
      arm: ['FudaWiki:', 'posts push: --set postResult=push'],
      games: 300,
      seed: 'meters',
      workers: 1,
      metrics: 'seat0,seat1',
    };
    const width = (r: Record<string, unknown>, lo: string, hi: string) => (r[hi] as number) - (r[lo] as number);
    const rows = async (luck: boolean) => {
      const res = (await compare({ ...o, luck, out: tempDir(), force: true })) as StudyResult;
      return { rows: res.tables.compare!, meta: JSON.parse(fs.readFileSync(path.join(res.out, 'compare.meta.json'), 'utf8')) };
    };
    const plain = await rows(false),
      luck = await rows(true);
    const a = plain.rows,
      b = luck.rows;
    expect(JSON.stringify(luck.meta)).toContain('"luck":true');
    expect(JSON.stringify(plain.meta)).not.toContain('"luck"');
    expect(b.length).toBe(a.length);
    for (const [i, r] of b.entries()) {
      expect(width(r, 'value_ci_low', 'value_ci_high')).toBeLessThan(0.8 * width(a[i]!, 'value_ci_low', 'value_ci_high'));
      if (typeof r.diff_vs_baseline === 'number')
        expect(width(r, 'diff_vs_baseline_ci_low', 'diff_vs_baseline_ci_high')).toBeLessThan(
          0.8 * width(a[i]!, 'diff_vs_baseline_ci_low', 'diff_vs_baseline_ci_high'),
        );
    }
  });

  it("keys Korean's chance as seat draws where no arm's rules say how (plain keeps the default), an arm's own pairing kept", async () => {
    const o = {
      game: 'korean',
      arm: [
        'default: --set handsPerSession=2',
        'open uper: --set handsPerSession=2 --set openUper=true',
        'own: --set handsPerSession=2 --set pairing=hands',
      ],
      games: 4,
      seed: 'meters',
      workers: 1,
      metrics: 'seat0',
      force: true,
    };
    const pairings = async (luck: boolean) => {
      const res = (await compare({ ...o, luck, out: tempDir() })) as StudyResult;
      const meta = JSON.parse(fs.readFileSync(path.join(res.out, 'compare.meta.json'), 'utf8')) as {
        params: { arms: { rules: { pairing: string } }[] };
      };
      return meta.params.arms.map((a) => a.rules.pairing);
    };
    expect(await pairings(false)).toEqual(['session', 'session', 'hands']);
    expect(await pairings(true)).toEqual(['seats', 'seats', 'hands']);
  });

  it('refuses --luck with --each-option in one line', async () => {
    expect(await inputErrorLineAsync(() => compare({ game: 'wolnamppong', eachOption: true, luck: true }))).toMatch(
      /^compare --each-option: --luck cannot be given with it/,
    );
  });
});

const meta = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'tune.meta.json'), 'utf8')) as Record<string, unknown>;

describe('tune --luck', () => {
  it('ranks the same grid on the same deals by results less their luck, and says so', async () => {
    const o = {
      game: 'wolnamppong',
      strategy: 'ev-threshold(t=[0,0.2],f=0.5)',
      budget: 400,
      set: 'cycles=2',
      seed: 'meters',
      workers: 1,
      force: true,
    };
    const [plainOut, luckOut] = [tempDir(), tempDir()];
    const plain = await tune({ ...o, out: plainOut });
    const luck = await tune({ ...o, luck: true, out: luckOut });
    expect(meta(luckOut).luck).toBe(true);
    expect(meta(plainOut).luck).toBeUndefined();
    // The third cards' luck is off the bets: the difference's interval narrows.
    const width = (r: { diff_vs_runner_up_ci_low: number | null; diff_vs_runner_up_ci_high: number | null }) =>
      r.diff_vs_runner_up_ci_high! - r.diff_vs_runner_up_ci_low!;
    expect(width(luck)).toBeLessThan(0.8 * width(plain));
  });

  it("keys Korean's chance as seat draws where the rules do not say how, as compare --luck does; plain keeps the default", async () => {
    const o = { game: 'korean', strategy: 'uper-wait(w=[0,4])', budget: 40, set: 'handsPerSession=2', seed: 'meters', workers: 1 };
    const pairing = async (luck: boolean) => {
      const out = tempDir();
      await tune({ ...o, luck, out });
      return (meta(out).rules as { pairing: string }).pairing;
    };
    expect(await pairing(false)).toBe('session');
    expect(await pairing(true)).toBe('seats');
  });
});
