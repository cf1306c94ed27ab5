// pongsim advise wolnamppong: the simulated bets agree with the exact odds tables.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exactBestBet, unseen, BET_HIGHER } from '../../src/games/hwatu/wolnamppong/odds.js';
import type { WolnamRules } from '../../src/games/hwatu/wolnamppong/rules.js';
import { advise, type AdviseResult } from '../../src/library/advise.js';
import { inputErrorLineAsync } from '../support/errors.js';
import { tempDir } from '../support/cli.js';

const value = (f: { n: number; d: number }): number => f.n / f.d;

/** The row of the bet of `x` chips (with `kind` where a pair calls higher or lower). */
function row(r: AdviseResult, name: string) {
  const found = r.actions.find((a) => a.action === name);
  if (!found) throw new Error(`no action ${name} in ${r.actions.map((a) => a.action).join(', ')}`);
  return found;
}

describe('pongsim advise wolnamppong', () => {
  // Hands from a clear fold to a clear bet, some with cards seen. A bet's value over the cycle is
  // the bet times the exact EV per chip; a bet of the whole pot, when it wins, empties the pot and
  // everyone antes again at once (reanteOnEmptyPot=immediate), so it is worth P(win) antes less.
  const cases: { hand: string; seen: string }[] = [
    { hand: '3,9', seen: '' },
    { hand: '2,11', seen: '' },
    { hand: '1,12', seen: '5,6,7' },
    { hand: '3,10', seen: '1,1,2,11,12,12' },
    { hand: '4,8', seen: '5,6,7,7' },
  ];
  for (const c of cases) {
    it(`${c.hand} seen [${c.seen}] at pot 16: each bet's value and win share agree with the exact odds, and the advice with the sign of the EV`, async () => {
      const r = await advise({ game: 'wolnamppong', hand: c.hand, pot: '16', seen: c.seen, seed: 'exact' });
      const [lo, hi] = c.hand.split(',').map(Number) as [number, number];
      const rem = unseen(lo, hi, c.seen ? c.seen.split(',').map(Number) : []) as number[];
      const exact = exactBestBet(r.rules as unknown as WolnamRules, lo, hi, rem);
      const ev = value(exact.ev),
        pWin = value(exact.pWin);
      for (const x of [1, 4, 8]) {
        const b = row(r, `bet ${x}`);
        // Four standard errors: a 95% half-width is two; 12 checks at a fixed seed.
        const tol = (2 * (b.value_ci_high - b.value_ci_low)) / 2 + 1e-9;
        expect(Math.abs(b.value - x * ev)).toBeLessThanOrEqual(tol);
        expect(Math.abs(b.won - pWin)).toBeLessThanOrEqual(4 * Math.sqrt((pWin * (1 - pWin)) / b.rollouts) + 1e-9);
      }
      const ado = row(r, 'bet 16');
      expect(Math.abs(ado.value - (16 * ev - pWin * 1))).toBeLessThanOrEqual(ado.value_ci_high - ado.value_ci_low + 1e-9);
      expect(row(r, 'fold').value).toBe(0);
      // Every legal bet is offered: each whole chip from 1 to the pot.
      expect(r.actions.map((a) => a.action).sort()).toEqual(['fold', ...Array.from({ length: 16 }, (_, i) => `bet ${i + 1}`)].sort());
      // Risk-neutral in chips: fold when the EV is negative, else the pot less one chip or the
      // whole pot (which, depends on the bettors after: see below).
      const best = ev > 0 ? ['bet 15', 'bet 16'] : ['fold'];
      if (r.clear) expect(best).toContain(r.best);
      else expect(r.actions.filter((a) => a.verdict !== 'worse').some((a) => best.includes(a.action))).toBe(true);
    });
  }

  it('a clear case is resolved within the default budget, and the advice says so in words', async () => {
    const r = await advise({ game: 'wolnamppong', hand: '2,11', pot: '16' });
    expect(r.best).toBe('bet 15');
    expect(r.clear).toBe(true);
    expect(r.advice).toMatch(/^bet 15 is clearly best/);
    expect(r.playouts).toBeLessThanOrEqual(r.budget);
  });

  it('the pot less one chip is offered, and ranked above the whole pot where it is better', async () => {
    // Last to bet in the cycle, a won whole pot empties it and everyone antes again at once, so
    // both bets win the same, and a lost whole pot costs a chip more: the pot less one beats it by
    // exactly P(win) - EV a chip (15 EV against 16 EV - P(win)).
    for (const [hand, pot, seen] of [
      ['2,11', 4, ''],
      ['1,12', 16, '5,6,7'],
      ['3,10', 20, '1,2'],
      ['2,9', 30, ''],
    ] as const) {
      const r = await advise({ game: 'wolnamppong', hand, pot: String(pot), seen, turn: '5', seed: 'pot-1', budget: 6000 });
      expect(r.situation.turn).toBe((r.rules as unknown as WolnamRules).players - 1);
      const [lo, hi] = hand.split(',').map(Number) as [number, number];
      const exact = exactBestBet(
        r.rules as unknown as WolnamRules,
        lo,
        hi,
        unseen(lo, hi, seen ? seen.split(',').map(Number) : []) as number[],
      );
      const ev = value(exact.ev),
        pWin = value(exact.pWin);
      expect(ev, `${hand}: a positive EV`).toBeGreaterThan(0);
      const less = row(r, `bet ${pot - 1}`),
        whole = row(r, `bet ${pot}`);
      expect(r.actions.indexOf(less)).toBeLessThan(r.actions.indexOf(whole));
      expect(whole.verdict).toBe('worse');
      // The whole pot's paired difference against the best, which is the pot less one.
      expect(r.best).toBe(less.action);
      expect(whole.diff_ci_low).toBeLessThanOrEqual(-(pWin - ev) + 1e-9);
      expect(whole.diff_ci_high).toBeGreaterThanOrEqual(-(pWin - ev) - 1e-9);
    }
    // Earlier in the cycle it is not dominated: after a won pot less one, the chip left is soon
    // won by a later bettor, which empties the pot, and everyone antes again, this seat too. With
    // 1-12 (a bet wins on 40 of 46 cards) the whole pot is then the better bet, and ranked so.
    const early = await advise({ game: 'wolnamppong', hand: '1,12', pot: '16', seen: '5,6,7', turn: '1', seed: 'pot-1', budget: 6000 });
    expect(early.best).toBe('bet 16');
    expect(row(early, 'bet 15').verdict).toBe('worse');
  });

  it('a pair that pushes is the same as a fold on every deal: stated as a tie, not a pick', async () => {
    const r = await advise({ game: 'wolnamppong', hand: '5,5', pot: '16', budget: 2000 });
    expect(r.clear).toBe(false);
    expect(r.actions.every((a) => a.value === 0 && a.diff === 0)).toBe(true);
    expect(r.advice).toMatch(/same result on every deal/);
  });

  it('a pair under the in-between preset calls higher or lower, as the exact table picks', async () => {
    const r = await advise({ game: 'wolnamppong', rules: 'in-between', hand: '3,3', pot: '16', cycle: '2', seed: 'pair' });
    const rem = unseen(3, 3, []) as number[];
    const exact = exactBestBet(r.rules as unknown as WolnamRules, 3, 3, rem);
    expect(exact.kind).toBe(BET_HIGHER);
    const higher = row(r, 'bet higher 8'),
      lower = row(r, 'bet lower 8');
    // The third card's luck is taken off (core/luck.ts), so the value is the exact one up to rounding.
    expect(Math.abs(higher.value - 8 * value(exact.ev))).toBeLessThanOrEqual(higher.value_ci_high - higher.value_ci_low + 1e-9);
    expect(r.best).toMatch(/^bet higher/);
    expect(lower.verdict).toBe('worse');
  });

  it('the same seed gives the same answer; a situation file gives the same as the flags', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'situation.json');
    fs.writeFileSync(file, JSON.stringify({ hand: [3, 10], pot: 16, seen: [4, 5, 6] }));
    const a = await advise({ game: 'wolnamppong', hand: '3,10', pot: '16', seen: '4,5,6', budget: 3000, seed: 's' });
    const b = await advise({ game: 'wolnamppong', situation: file, budget: 3000, seed: 's' });
    expect(JSON.stringify(b.actions)).toBe(JSON.stringify(a.actions));
    expect(b.situation).toEqual(a.situation);
  });

  it('bad situations get one line naming the field and what is allowed', async () => {
    const dir = tempDir();
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ hand: [3, 10], pot: 16, colour: 'red' }));
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', pot: '16' }))).toMatch(/^--hand: required/);
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', hand: '3,13', pot: '16' }))).toMatch(
      /^--hand: expected months 1-12/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', hand: '3,10', pot: '16', seen: '3,3,3,3' }))).toMatch(
      /month 3 appears more than 4 times/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', hand: '3,10', pot: '0' }))).toMatch(
      /^--pot: expected an integer from 1/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', situation: bad }))).toMatch(
      /"colour" is not a field of a wolnamppong situation; allowed: hand, pot/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', situation: dir }))).toMatch(/not a regular file/);
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', situation: bad, pot: '3' }))).toMatch(/not both/);
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', hand: '3,10', pot: '16', tiles: 'm1' }))).toMatch(
      /--tiles is not one of its options/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', hand: '3,10', pot: '16', policy: 'rollout' }))).toMatch(
      /does not search/,
    );
    expect(await inputErrorLineAsync(() => advise({ game: 'wolnamppong', rules: 'death-by-rain', hand: '3,12', pot: '16' }))).toMatch(
      /no decision/,
    );
  });
});

describe("the README's advise example", () => {
  it('2-11 with 4 and 5 shown: the pot less one chip, clearly; 3-10 with 4, 5 and 6 shown (EV -1/43 a chip): fold, clearly, each bet at its exact value', async () => {
    const clear = await advise({ game: 'wolnamppong', hand: '2,11', pot: '20', seen: '4,5' });
    expect(clear.best).toBe('bet 19');
    expect(clear.clear).toBe(true);
    const close = await advise({ game: 'wolnamppong', hand: '3,10', pot: '20', seen: '4,5,6' });
    expect(close.best).toBe('fold');
    expect(close.clear).toBe(true);
    expect(close.playouts).toBeLessThan(1000);
    for (const a of close.actions) {
      const size = a.action === 'fold' ? 0 : Number(a.action.split(' ')[1]);
      // A won bet of 18 or 19 leaves a chip or two that a later bettor may take, emptying the pot,
      // and everyone antes again: what that costs turns on the others' play, with no closed form.
      if (size === 18 || size === 19) {
        expect(a.verdict).toBe('worse');
        expect(a.value_ci_high).toBeLessThan(0);
        continue;
      }
      // A bet of the pot that wins takes it all and pays the ante again: it loses 1 chip more on those 21 cards.
      const exact = (size * -1) / 43 - (size === 20 ? 21 / 43 : 0);
      expect(Math.abs(a.value - exact)).toBeLessThan(1e-9);
    }
    expect(close.actions).toHaveLength(21);
  });
});
