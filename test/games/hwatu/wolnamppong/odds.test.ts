import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../../../src/core/rules.js';
import { frac, fracText } from '../../../../src/stats/fraction.js';
import { exactBestBet, unseen } from '../../../../src/games/hwatu/wolnamppong/odds.js';
import { oddsRows, ODDS_COLUMNS, ruleOfThumb } from '../../../../src/games/hwatu/wolnamppong/odds-table.js';
import { wolnamSchema, type WolnamRules } from '../../../../src/games/hwatu/wolnamppong/rules.js';

const rules = (set: Partial<WolnamRules> = {}) => resolveRules(wolnamSchema, [{ where: 'test', values: set }]);
const month = (c: number) => (c >> 2) + 1;

/**
 * Brute force, written apart from the engine: every ordered (hand, third card) over the
 * 48 real cards, settled by the words of RULES.md, as an exact fraction (halves kept as
 * integers by doubling). Returns the EV per chip of the given call for hand lo-hi.
 */
function bruteEv(r: WolnamRules, lo: number, hi: number, call: 'between' | 'higher' | 'lower', seen: number[] = []) {
  let num2 = 0,
    den = 0,
    wins = 0;
  const used = new Array(48).fill(false);
  // Fix one concrete hand and seen cards; by symmetry any copies give the same odds.
  const take = (m: number) => {
    for (let c = (m - 1) * 4; c < m * 4; c++)
      if (!used[c]) {
        used[c] = true;
        return;
      }
    throw new Error('no card');
  };
  take(lo);
  take(hi);
  seen.forEach(take);
  for (let c = 0; c < 48; c++) {
    if (used[c]) continue;
    const m = month(c);
    let f: number;
    if (lo === hi) {
      if (r.pairRule === 'push') f = 0;
      else if (r.pairRule === 'lose') f = -1;
      else f = m === lo ? -r.pairHighLowMatchMultiplier : (call === 'higher' ? m > lo : m < lo) ? 1 : -1;
    } else if (hi === lo + 1) f = -1;
    else if (lo < m && m < hi) f = 1;
    else {
      const post = m === lo || m === hi;
      f = post ? (r.postResult === 'push' ? 0 : r.postResult === 'loseDouble' ? -2 : -1) : -1;
      if (lo === 1 && hi === 12 && f < 0) f *= r.ilbiLossMultiplier;
    }
    num2 += 2 * f;
    den++;
    if (f > 0) wins++;
  }
  return { ev: frac(num2, 2 * den), win: frac(wins, den) };
}

describe('exact Wolnamppong odds', () => {
  const variants: Partial<WolnamRules>[] = [
    {},
    { postResult: 'push' },
    { postResult: 'loseDouble' },
    { ilbiLossMultiplier: 1 },
    { ilbiLossMultiplier: 2 },
    { pairRule: 'lose' },
    { pairRule: 'callHighLow' },
    { pairRule: 'callHighLow', pairHighLowMatchMultiplier: 2 },
  ];
  for (const v of variants) {
    it(`match brute-force enumeration for every hand (${JSON.stringify(v)})`, () => {
      const r = rules(v);
      for (let lo = 1; lo <= 12; lo++) {
        for (let hi = lo; hi <= 12; hi++) {
          const o = exactBestBet(r, lo, hi, unseen(lo, hi, []) as number[]);
          const calls = lo === hi && r.pairRule === 'callHighLow' ? (['higher', 'lower'] as const) : (['between'] as const);
          const best = calls.map((c) => bruteEv(r, lo, hi, c)).reduce((a, b) => (b.ev.n / b.ev.d > a.ev.n / a.ev.d ? b : a));
          expect(fracText(o.ev), `${lo}-${hi}`).toBe(fracText(best.ev));
          expect(fracText(o.pWin), `${lo}-${hi}`).toBe(fracText(best.win));
        }
      }
    });
  }

  it('conditions on seen cards exactly (card counting)', () => {
    const r = rules();
    const seen = [3, 3, 7, 12];
    for (const [lo, hi] of [
      [2, 10],
      [1, 12],
      [5, 9],
      [3, 8],
    ] as const) {
      const o = exactBestBet(r, lo, hi, unseen(lo, hi, seen) as number[]);
      expect(fracText(o.ev)).toBe(fracText(bruteEv(r, lo, hi, 'between', seen).ev));
    }
  });

  it('reproduce the tables of RULES.md', () => {
    const r = rules();
    for (let lo = 1; lo <= 12; lo++) {
      for (let hi = lo + 2; hi <= 12; hi++) {
        expect(fracText(exactBestBet(r, lo, hi, unseen(lo, hi, []) as number[]).pWin)).toBe(fracText(frac(4 * (hi - lo - 1), 46)));
      }
    }
    const ilbi = (m: 1 | 1.5 | 2) => fracText(exactBestBet(rules({ ilbiLossMultiplier: m }), 1, 12, unseen(1, 12, []) as number[]).ev);
    expect([ilbi(1), ilbi(1.5), ilbi(2)]).toEqual(['17/23', '31/46', '14/23']);
    const gap7 = exactBestBet(r, 2, 9, unseen(2, 9, []) as number[]);
    expect([fracText(gap7.pWin), fracText(gap7.pPost), fracText(gap7.ev)]).toEqual(['12/23', '3/23', '1/23']);
    expect(fracText(exactBestBet(rules({ postResult: 'push' }), 2, 8, unseen(2, 8, []) as number[]).ev)).toBe('0');
    expect(fracText(exactBestBet(rules({ postResult: 'loseDouble' }), 1, 11, unseen(1, 11, []) as number[]).ev)).toBe('10/23');
    const hl = rules({ pairRule: 'callHighLow' });
    const pairs = [1, 6, 7, 12].map((m) => exactBestBet(hl, m, m, unseen(m, m, []) as number[]));
    expect(pairs.map((o) => fracText(o.ev))).toEqual(['19/23', '-1/23', '-1/23', '19/23']);
    expect(pairs.map((o) => fracText(o.pWin))).toEqual(['22/23', '12/23', '12/23', '22/23']);
  });

  it('reproduce the always-bet and bet-when-positive figures', () => {
    // Average over all C(48,2) hands: betting 1 chip on every hand, and only when EV > 0.
    const r = rules();
    let all2 = 0,
      pos2 = 0,
      bets = 0,
      hands = 0;
    for (let a = 0; a < 48; a++) {
      for (let b = a + 1; b < 48; b++) {
        const lo = Math.min(month(a), month(b)),
          hi = Math.max(month(a), month(b));
        const ev = exactBestBet(r, lo, hi, unseen(lo, hi, []) as number[]).ev;
        all2 += (2 * ev.n * 3243) / ev.d;
        if (ev.n > 0) {
          pos2 += (2 * ev.n * 3243) / ev.d;
          bets++;
        }
        hands++;
      }
    }
    expect(fracText(frac(Math.round(all2 / hands), 2 * 3243))).toBe('-1279/3243');
    expect(fracText(frac(Math.round(pos2 / hands), 2 * 3243))).toBe('187/3243');
    expect(fracText(frac(bets, hands))).toBe('10/47');
  });

  it('the odds table has the documented columns and leaves out impossible hands', () => {
    const rows = oddsRows(rules(), [3, 3, 3]);
    expect(ODDS_COLUMNS.slice(0, 8)).toEqual(['lo', 'hi', 'bet', 'p_win', 'p_post', 'p_outside', 'p_lose', 'ev_per_chip']);
    expect(rows.some((r) => r[0] === 3 && r[1] === 3)).toBe(false);
    expect(rows.some((r) => r[0] === 3 && r[1] === 4)).toBe(true);
    expect(oddsRows(rules(), []).length).toBe(78);
  });
});

describe('the odds table in words', () => {
  it('says from which gap every hand is worth a bet, as the exact facts give it', () => {
    // Default rules: EV per chip is positive exactly when hi - lo >= 7.
    expect(ruleOfThumb(oddsRows(rules(), []))).toMatch(
      /^Under these rules: bet when the months are at least 7 apart \(6 or more months strictly between\).*no pair is worth a bet/,
    );
    // Posts lose double: gap 7 is -2/23, gap 8 is +2/23; calling higher or lower on a pair pays for 1-5 and 8-12.
    const ib = ruleOfThumb(oddsRows(rules({ postResult: 'loseDouble', pairRule: 'callHighLow' }), []));
    expect(ib).toMatch(/at least 8 apart/);
    expect(ib).toMatch(/pairs worth a bet: 1-1 \(higher\), 2-2 \(higher\), 3-3 \(higher\), 4-4 \(higher\), 5-5 \(higher\), 8-8 \(lower\)/);
    expect(ib).not.toMatch(/6-6|7-7/);
  });
});
