import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { countsOf, expectedShortfall, quantile, quantileNeeds, type Counts } from '../../src/stats/quantile.js';
import { bankrollNeed, sessionRisk } from '../../src/stats/risk.js';
import { addSessionGame, mergeSessions, newSessions, type Sessions } from '../../src/stats/sessions.js';
import { addSession, mergeTally, newTally, tallyFault } from '../../src/stats/tally.js';

/** Counts of a list of values. */
function counts(xs: number[]): Counts {
  const t: Record<string, number> = {};
  for (const x of xs) t[String(x)] = (t[String(x)] ?? 0) + 1;
  return countsOf(t);
}

describe('quantiles with order-statistic intervals', () => {
  it('give the median of 100 between the 40th and 61st values, as the binomial tables do', () => {
    const q = quantile(counts(Array.from({ length: 100 }, (_, i) => i + 1)), 0.5);
    expect(q).toEqual({ value: 50, low: 40, high: 61, n: 100 });
  });

  it('give no interval, and say why, where too few observations bound it', () => {
    // The lowest of 71 is below the 5% quantile with probability 1 - 0.95^71 < 97.5%; of 72, above it.
    const of = (n: number, q: number) => quantile(counts(Array.from({ length: n }, (_, i) => i)), q);
    const q = of(71, 0.05);
    expect([q.value, q.low, q.high, q.n]).toEqual([3, NaN, NaN, 71]);
    expect(q.why).toBe('too few observations for an interval of the 5% quantile, which takes 72 in all');
    expect(Number.isFinite(of(72, 0.05).low)).toBe(true);
    // Each quantile from the fewest observations that give its interval, and not one fewer.
    for (const p of [0.01, 0.05, 0.5, 0.95, 0.99]) {
      const need = quantileNeeds(p);
      expect(of(need - 1, p).why, `${p} of ${need - 1}`).toBeDefined();
      expect([of(need, p).why, Number.isFinite(of(need, p).low + of(need, p).high)], `${p} of ${need}`).toEqual([undefined, true]);
    }
    expect([quantileNeeds(0.5), quantileNeeds(0.99)]).toEqual([6, 368]);
  });

  it('cover the true quantile at least 95% of the time', () => {
    const r = new Rng('quantile-cover');
    let covered = 0;
    const reps = 1000;
    for (let k = 0; k < reps; k++) {
      // Exponential observations: the true 5% quantile is -ln(0.95).
      const q = quantile(counts(Array.from({ length: 200 }, () => -Math.log(1 - r.next()))), 0.05);
      if (q.low <= -Math.log(0.95) && -Math.log(0.95) <= q.high) covered++;
    }
    // At least 95% by construction; 1000 replications put a 95%-coverage share above 0.93 with near certainty.
    expect(covered / reps).toBeGreaterThanOrEqual(0.93);
  });
});

describe('expected shortfall', () => {
  it('is the mean of the worst share, the last value counted in part', () => {
    const c = counts(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(expectedShortfall(c, 0.05).value).toBeCloseTo(3, 12);
    // 5% of 110 is 5.5: 1..5 and half of 6.
    const d = counts(Array.from({ length: 110 }, (_, i) => i + 1));
    expect(expectedShortfall(d, 0.05).value).toBeCloseTo((15 + 3) / 5.5, 12);
  });

  it('has an interval that covers the true value about 95% of the time', () => {
    // Normal observations: the 5% expected shortfall of N(0, 1) is -phi(1.6449) / 0.05 = -2.0627.
    const truth = -2.062712807;
    const r = new Rng('es-cover');
    let covered = 0;
    const reps = 400;
    for (let k = 0; k < reps; k++) {
      const xs = Array.from({ length: 1000 }, () => Math.sqrt(-2 * Math.log(1 - r.next())) * Math.cos(2 * Math.PI * r.next()));
      const es = expectedShortfall(counts(xs), 0.05);
      if (es.low <= truth && truth <= es.high) covered++;
    }
    // The interval is asymptotic: 50 observations in the tail bring it near 95%; 400
    // replications put the count within 0.88-0.99 of it with near certainty.
    expect(covered / reps).toBeGreaterThan(0.88);
    expect(covered / reps).toBeLessThan(0.99);
  });
});

/** Each session's result and fall, straight from the games. */
function direct(xs: number[], size: number): { results: number[]; falls: number[] } {
  const results: number[] = [];
  const falls: number[] = [];
  for (let j = 0; j + size <= xs.length; j += size) {
    let run = 0;
    let low = Infinity;
    for (const x of xs.slice(j, j + size)) {
      run += x;
      low = Math.min(low, run);
    }
    results.push(run);
    falls.push(Math.max(0, -low));
  }
  return { results, falls };
}

const sorted = (t: Record<string, number>) => JSON.stringify(countsOf(t));

describe('sessions', () => {
  it("hold each session's result and fall, the same bits however the games were split and merged", () => {
    const r = new Rng('sessions');
    // Integer results, so the direct sums are exact too; 0.1s would test only exactness.
    const xs = Array.from({ length: 1003 }, () => r.int(21) - 10);
    const size = 7;
    const whole = newSessions(size);
    xs.forEach((x, i) => addSessionGame(whole, i, x));
    const { results, falls } = direct(xs, size);
    expect(sorted(whole.results)).toBe(JSON.stringify(counts(results)));
    expect(sorted(whole.falls)).toBe(JSON.stringify(counts(falls)));
    // The last 2 games make no complete session.
    expect(Object.keys(whole.open)).toEqual(['143']);
    for (let trial = 0; trial < 20; trial++) {
      // Chunks of random sizes (some shorter than a session), merged in a random order.
      const cuts = [0];
      while (cuts[cuts.length - 1]! < xs.length) cuts.push(Math.min(xs.length, cuts[cuts.length - 1]! + 1 + r.int(20)));
      const parts: Sessions[] = [];
      for (let k = 0; k + 1 < cuts.length; k++) {
        const s = newSessions(size);
        for (let i = cuts[k]!; i < cuts[k + 1]!; i++) addSessionGame(s, i, xs[i]!);
        parts.push(s);
      }
      for (let i = parts.length - 1; i > 0; i--) {
        const j = r.int(i + 1);
        [parts[i], parts[j]] = [parts[j]!, parts[i]!];
      }
      const merged = newSessions(size);
      for (const p of parts) mergeSessions(merged, p);
      expect(sorted(merged.results)).toBe(sorted(whole.results));
      expect(sorted(merged.falls)).toBe(sorted(whole.falls));
      expect(merged.open).toEqual(whole.open);
    }
  });

  it('keep fractional results exact: the sum of ten 0.1s closes at the sum exact-sum gives', () => {
    const s = newSessions(10);
    for (let i = 0; i < 10; i++) addSessionGame(s, 9 - i, 0.1);
    expect(Object.keys(s.results)).toEqual(['1']);
  });

  it('ride in a tally, and a tally whose sessions cannot come from a run is refused', () => {
    const a = newTally();
    const b = newTally();
    for (let i = 0; i < 6; i++) addSession(a, 'seat0', 4, i, -1);
    for (let i = 6; i < 8; i++) addSession(b, 'seat0', 4, i, 2);
    a.games = 6;
    b.games = 2;
    expect(tallyFault(a, 6)).toBeNull();
    mergeTally(a, b);
    expect(a.sessions!.seat0!.results).toEqual({ '-4': 1, '2': 1 });
    expect(a.sessions!.seat0!.falls).toEqual({ '4': 1, '2': 1 });
    expect(tallyFault(a, 8)).toBeNull();
    expect(tallyFault({ ...a, games: 7 }, 7)).toMatch(/hold 8 games in 7/);
    const bad = JSON.parse(JSON.stringify(a));
    bad.sessions.seat0.falls = { '4': 1 };
    expect(tallyFault(bad, 8)).toMatch(/another number of falls/);
  });

  it('give the risk figures: ruin counts the sessions whose fall reaches the bankroll', () => {
    const s = newSessions(2);
    // Sessions (-3, +1), (+2, -5), (1, 1), (-1, -1): falls 3, 3, 0, 2.
    [-3, 1, 2, -5, 1, 1, -1, -1].forEach((x, i) => addSessionGame(s, i, x));
    expect(s.falls).toEqual({ '3': 2, '0': 1, '2': 1 });
    expect(sessionRisk(s, 1, 3).ruin.value).toBe(0.5);
    expect(sessionRisk(s, 1, 3.5).ruin.value).toBe(0);
    // A value per point scales the money: at 10 a point the falls are 30, 30, 0, 20.
    expect(sessionRisk(s, 10, 25).ruin.value).toBe(0.5);
    // Results -2, -3, 2, -2: the median (the 2nd of 4) is -2, -20 at 10 a point.
    expect(sessionRisk(s, 10, 1).q50.value).toBe(-20);
    // 99% of 4 falls: the largest, 3; no fall is beyond it.
    expect(bankrollNeed(s, 1).needed.value).toBe(3);
    expect(bankrollNeed(s, 1).ruinAbove.value).toBe(0);
  });

  it('give the bankroll a night needs: above it, at most 1% of the sessions seen are ruined', () => {
    const r = new Rng('bankroll');
    const s = newSessions(10);
    for (let i = 0; i < 20000; i++) addSessionGame(s, i, r.int(7) - 3);
    const { needed, ruinAbove } = bankrollNeed(s, 1);
    expect(ruinAbove.value).toBeLessThanOrEqual(0.01);
    // A bankroll of exactly that much is ruined in more than 1%: no smaller figure would do.
    expect(sessionRisk(s, 1, needed.value).ruin.value).toBeGreaterThan(0.01);
    expect(needed.n).toBe(20);
    expect(needed.low).toBeLessThanOrEqual(needed.value);
    expect(needed.high).toBeGreaterThanOrEqual(needed.value);
  });
});
