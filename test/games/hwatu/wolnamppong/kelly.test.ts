import { describe, expect, it } from 'vitest';
import { odds, type OddsResult } from 'pongsim';
import { resolveRules } from '../../../../src/core/rules.js';
import { Rng } from '../../../../src/core/rng.js';
import { BET, betFactor, unseen } from '../../../../src/games/hwatu/wolnamppong/odds.js';
import { betOutcomes, kellyFraction, ruinOfBets, type Outcomes } from '../../../../src/games/hwatu/wolnamppong/kelly.js';
import { wolnamSchema, type WolnamRules } from '../../../../src/games/hwatu/wolnamppong/rules.js';
import { countsOf } from '../../../../src/stats/quantile.js';
import { ruinOf } from '../../../../src/stats/risk.js';
import { addSessionGame, newSessions } from '../../../../src/stats/sessions.js';

const RULES = resolveRules(wolnamSchema, []) as WolnamRules;
const outcomesOf = (lo: number, hi: number) => betOutcomes(RULES, lo, hi, BET, unseen(lo, hi, []) as number[]);
const growth = (o: Outcomes, f: number) => o.reduce((s, { factor, p }) => s + p * Math.log(1 + f * factor), 0);

describe('the Kelly bet', () => {
  it('is 2p - 1 for an even-money bet, and the most growth for an Ilbi that loses 1.5x', () => {
    // 1-8: 12 of the 46 unseen cards win, the rest lose one chip a chip.
    expect(kellyFraction(outcomesOf(1, 8))).toBeCloseTo(2 * (24 / 46) - 1, 10);
    const ilbi = outcomesOf(1, 12);
    const f = kellyFraction(ilbi);
    expect(f).toBeGreaterThan(0);
    for (const g of [f - 0.01, f + 0.01]) expect(growth(ilbi, g)).toBeLessThan(growth(ilbi, f));
    // A hand with no edge gets no bet.
    expect(kellyFraction(outcomesOf(1, 7))).toBe(0);
  });

  it('ruins a bankroll as the closed forms say on small cases', () => {
    const o: Outcomes = [
      { factor: -1, p: 0.4 },
      { factor: 1, p: 0.6 },
    ];
    // One bet of the whole bankroll: ruined when it loses.
    expect(ruinOfBets(o, 10, 10, 1)).toBeCloseTo(0.4, 15);
    // Bets of 5 from 10 over 4 bets: ruined by LL at once, or by LWLL or WLLL at the 4th bet.
    expect(ruinOfBets(o, 5, 10, 4)).toBeCloseTo(0.4 * 0.4 + 2 * 0.4 * 0.6 * 0.4 * 0.4, 15);
    // A loss of 1.5 a chip: one bet of 8 chips ruins a bankroll of 12 when it loses.
    expect(
      ruinOfBets(
        [
          { factor: -1.5, p: 0.25 },
          { factor: 1, p: 0.75 },
        ],
        8,
        12,
        1,
      ),
    ).toBeCloseTo(0.25, 15);
    expect(
      ruinOfBets(
        [
          { factor: -1.5, p: 0.25 },
          { factor: 1, p: 0.75 },
        ],
        8,
        12.5,
        1,
      ),
    ).toBe(0);
  });

  it('ruins as often as betting it on dealt cards does: the simulation within 4.5 standard errors of the exact figure', () => {
    // Hand 1-10, its Kelly bet from 100 chips, 50 bets in a row; each third card dealt from
    // a shuffled pile of the 46 cards not in the hand.
    const [lo, hi, bankroll, bets] = [1, 10, 100, 50];
    const o = outcomesOf(lo, hi);
    const bet = Math.floor(kellyFraction(o) * bankroll);
    const exact = ruinOfBets(o, bet, bankroll, bets);
    const rem = unseen(lo, hi, []) as number[];
    const pile = rem.flatMap((c, m) => Array.from({ length: c }, () => m));
    const r = new Rng('kelly-ruin');
    const nights = 4000;
    const s = newSessions(bets);
    for (let i = 0; i < nights * bets; i++) {
      const month = pile[r.int(pile.length)]!;
      addSessionGame(s, i, bet * betFactor(RULES, lo, hi, BET, month));
    }
    const sim = ruinOf(countsOf(s.falls), bankroll);
    const se = Math.sqrt((exact * (1 - exact)) / nights);
    expect(exact).toBeGreaterThan(0.02);
    expect(Math.abs(sim.value - exact)).toBeLessThan(4.5 * se);
  });

  it('joins the odds table with --bankroll, and only there', () => {
    const t = odds({ game: 'wolnamppong', bankroll: 100, session: 50 }) as OddsResult;
    const row = t.rows.find((x) => x.lo === 1 && x.hi === 10)!;
    const o = outcomesOf(1, 10);
    expect(row.kelly_fraction).toBeCloseTo(kellyFraction(o), 12);
    expect(row.kelly_bet).toBe(Math.floor(kellyFraction(o) * 100));
    expect(row.ruin_kelly).toBeCloseTo(ruinOfBets(o, row.kelly_bet as number, 100, 50), 12);
    expect(t.rows.find((x) => x.lo === 3 && x.hi === 4)!.kelly_bet).toBe(0);
    expect(() => odds({ game: 'nylonppong', bankroll: 100 })).toThrow(/^--bankroll: only for wolnamppong/);
    expect(() => odds({ game: 'wolnamppong', session: 50 })).toThrow(/^--session: only with --bankroll/);
  });
});
