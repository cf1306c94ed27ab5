import { addTo, mergeInto, value, type Partials } from './exact-sum.js';
import { meanInterval, t975, wilson } from './intervals.js';
import { addSessionGame, mergeSessions, newSessions, type Sessions } from './sessions.js';

/**
 * Running moments of one metric: count, exact sum and exact sum of squares. Mergeable in
 * any order with the same result (see exact-sum.ts).
 */
export interface Moments {
  n: number;
  s: Partials;
  q: Partials;
}

/** A rate: `k` successes out of `n` trials (integers, so merges are exact). */
export interface Rate {
  k: number;
  n: number;
}

/**
 * The accumulator every experiment uses: named means and named rates, and the games played into
 * it (counted by the runner, not the experiment). It is a monoid (empty tally, merge), plain
 * JSON, and what a worker returns and a shard file stores. A mean's observations are games: an
 * experiment adds at most one to each mean per game, so that its interval is over independent
 * games (a rate may count many trials a game). Where the risk of a night is asked for, it also
 * keeps named sessions of consecutive games (sessions.ts).
 */
export interface Tally {
  means: Record<string, Moments>;
  rates: Record<string, Rate>;
  games: number;
  sessions?: Record<string, Sessions>;
}

export function newTally(): Tally {
  return { means: {}, rates: {}, games: 0 };
}

export function addMean(t: Tally, key: string, x: number): void {
  let m = t.means[key];
  if (!m) t.means[key] = m = { n: 0, s: [], q: [] };
  m.n++;
  addTo(m.s, x);
  addTo(m.q, x * x);
}

export function addRate(t: Tally, key: string, k: number, n: number): void {
  const r = t.rates[key];
  if (r) {
    r.k += k;
    r.n += n;
  } else t.rates[key] = { k, n };
}

/** Game `index`'s result `x` into the sessions of `size` games named `key`. */
export function addSession(t: Tally, key: string, size: number, index: number, x: number): void {
  const all = (t.sessions ??= {});
  addSessionGame((all[key] ??= newSessions(size)), index, x);
}

export function mergeTally(into: Tally, from: Tally): Tally {
  for (const [key, m] of Object.entries(from.means)) {
    const d = into.means[key];
    if (!d) {
      into.means[key] = { n: m.n, s: [...m.s], q: [...m.q] };
      continue;
    }
    d.n += m.n;
    mergeInto(d.s, m.s);
    mergeInto(d.q, m.q);
  }
  for (const [key, r] of Object.entries(from.rates)) addRate(into, key, r.k, r.n);
  for (const [key, sessions] of Object.entries(from.sessions ?? {})) {
    const all = (into.sessions ??= {});
    mergeSessions((all[key] ??= newSessions(sessions.size)), sessions);
  }
  into.games += from.games;
  return into;
}

const whole = (x: unknown, least = 0): x is number => Number.isInteger(x) && (x as number) >= least;
const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
const finite = (x: unknown): x is number[] => Array.isArray(x) && x.every((v) => Number.isFinite(v));

/**
 * What is wrong with a tally that should hold `games` games, in words, or null. Anyone can
 * write a tally that passes, so this proves nothing; it catches what cannot come from a run:
 * another number of games than its range, a mean of more observations than games, a rate of
 * more events than trials, and sums that no observations could have (a negative sum of squares,
 * or a sum whose square exceeds n times the sum of squares, which Cauchy-Schwarz forbids).
 */
export function tallyFault(t: unknown, games: number): string | null {
  if (!isObject(t) || !isObject(t.means) || !isObject(t.rates) || !whole(t.games))
    return 'its tally is not one (means, rates and a count of games)';
  if (t.games !== games) return `its tally holds ${t.games} games where its range has ${games}`;
  for (const [key, m] of Object.entries(t.means)) {
    const name = JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}...` : key);
    if (!isObject(m) || !whole(m.n, 1) || !finite(m.s) || !finite(m.q))
      return `mean ${name} is not a count of observations with their sums`;
    if (m.n > games) return `mean ${name} counts ${m.n} observations in ${games} games (a mean takes at most one a game)`;
    const [s, q] = [value(m.s as number[]), value(m.q as number[])];
    if (!(q >= 0) || s * s > m.n * q * (1 + 1e-9))
      return `mean ${name}: no ${m.n} observations have the sum ${s} and the sum of squares ${q}`;
  }
  for (const [key, r] of Object.entries(t.rates)) {
    const name = JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}...` : key);
    if (!isObject(r) || !whole(r.n) || !whole(r.k) || r.k > r.n) return `rate ${name} is not a count of events within a count of trials`;
  }
  if (t.sessions !== undefined && !isObject(t.sessions)) return 'its sessions are not a table of sessions';
  for (const [key, s] of Object.entries(t.sessions ?? {})) {
    const fault = sessionsFault(s, games);
    if (fault) return `sessions ${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}...` : key)}: ${fault}`;
  }
  return null;
}

const isCount = (table: unknown): table is Record<string, number> =>
  isObject(table) && Object.entries(table).every(([v, c]) => Number.isFinite(Number(v)) && whole(c, 1));

/** What is wrong with sessions that should hold at most `games` games, or null (see tallyFault). */
function sessionsFault(s: unknown, games: number): string | null {
  if (!isObject(s) || !whole(s.size, 1) || !isCount(s.results) || !isCount(s.falls) || !isObject(s.open))
    return 'not sessions (a size, counts of results and falls, open pieces)';
  const closed = Object.values(s.results).reduce((a, b) => a + b, 0);
  if (Object.values(s.falls).reduce((a, b) => a + b, 0) !== closed) return 'they count another number of falls than of results';
  if (Object.keys(s.falls).some((v) => Number(v) < 0)) return 'a fall below 0';
  let held = closed * s.size;
  for (const [key, pieces] of Object.entries(s.open)) {
    if (!/^\d+$/.test(key) || !Array.isArray(pieces) || pieces.length === 0)
      return `open session ${JSON.stringify(key)} is not a list of pieces`;
    for (const p of pieces as unknown[]) {
      if (!isObject(p) || !whole(p.start) || !whole(p.games, 1) || !finite(p.sum) || !finite(p.low))
        return `open session ${key} has a piece that is not one (start, games, sum, low)`;
      const first = Number(key) * s.size;
      if (p.start < first || p.start + p.games > first + s.size) return `open session ${key} has games outside it`;
      held += p.games;
    }
  }
  return held > games ? `they hold ${held} games in ${games}` : null;
}

export interface MeanSummary {
  n: number;
  mean: number;
  sd: number;
  low: number;
  high: number;
}
export interface RateSummary {
  k: number;
  n: number;
  rate: number;
  low: number;
  high: number;
}

export function summarizeMean(m: Moments | undefined): MeanSummary {
  if (!m || m.n === 0) return { n: 0, mean: NaN, sd: NaN, low: NaN, high: NaN };
  const s = value(m.s);
  const mean = s / m.n;
  // Exact partial sums keep this cancellation harmless: q - s*mean, both exact inputs.
  const rest = [...m.q];
  addTo(rest, -s * mean);
  const ss = Math.max(0, value(rest));
  const sd = m.n > 1 ? Math.sqrt(ss / (m.n - 1)) : NaN;
  const ci = meanInterval(mean, sd, m.n);
  return { n: m.n, mean, sd, low: ci.low, high: ci.high };
}

export function summarizeRate(r: Rate | undefined): RateSummary {
  if (!r || r.n === 0) return { k: 0, n: 0, rate: NaN, low: NaN, high: NaN };
  const ci = wilson(r.k, r.n);
  return { k: r.k, n: r.n, rate: r.k / r.n, low: ci.low, high: ci.high };
}

/**
 * One game's observation of a ratio of two sums (net points per hand over sessions of several
 * hands, points per win): its numerator y and denominator x. A game with neither (no hand of
 * the kind, no win) does not observe the ratio and is not counted, so the count says how many
 * games the ratio rests on: a ratio seen in 2 games of 100 rests on 2.
 */
export function addRatio(t: Tally, key: string, y: number, x: number): void {
  if (y === 0 && x === 0) return;
  addMean(t, `${key}/y`, y);
  addMean(t, `${key}/x`, x);
  addMean(t, `${key}/xy`, x * y);
}

export interface RatioSummary {
  n: number;
  ratio: number;
  low: number;
  high: number;
}

/**
 * The ratio of the sums with its 95% delta-method interval, over the n games that observed it:
 * the games are the independent units (the hands or wins of one game are not), so the interval
 * takes Student's t on n - 1 degrees of freedom.
 */
export function summarizeRatio(t: Tally, key: string): RatioSummary {
  const my = summarizeMean(t.means[`${key}/y`]);
  const mx = summarizeMean(t.means[`${key}/x`]);
  const mxy = summarizeMean(t.means[`${key}/xy`]);
  const n = my.n;
  if (n === 0 || mx.mean === 0) return { n, ratio: NaN, low: NaN, high: NaN };
  const r = my.mean / mx.mean;
  if (n < 2) return { n, ratio: r, low: -Infinity, high: Infinity };
  const sxy = ((mxy.mean - mx.mean * my.mean) * n) / (n - 1);
  const v = (my.sd ** 2 - 2 * r * sxy + r * r * mx.sd ** 2) / (n * mx.mean ** 2);
  const half = t975(n - 1) * Math.sqrt(Math.max(0, v));
  return { n, ratio: r, low: r - half, high: r + half };
}
