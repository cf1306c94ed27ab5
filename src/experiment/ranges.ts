import { FEW, type Estimate } from '../stats/intervals.js';
import type { Cellval } from '../core/table.js';

/**
 * What values a figure can take: a share lies in [0, 1], a count or an amount won is never
 * negative, a net result may be any real number. Every figure's column declares its range once,
 * in the column dictionary (dictionary.ts), which `pongsim explain` prints; the tables are
 * written through it (figureTable), and a test checks every interval of every study against
 * it. A place's bounds depend on the players at the table, so a range gives its bounds for them.
 */
export interface Range {
  /** In words, as the column dictionary gives it. */
  words: string;
  /** Its lowest and highest value at a table of `players` (-Infinity, Infinity: unbounded). */
  bounds(players: number): readonly [low: number, high: number];
}

/** The players a place's range needs, checked: a place figure that does not say them is a bug. */
function seated(players: number): number {
  if (!(Number.isInteger(players) && players >= 1)) throw new Error(`a place's range needs the players at the table (got ${players})`);
  return players;
}

export const SHARE: Range = { words: 'a share, from 0 to 1', bounds: () => [0, 1] };
export const NON_NEGATIVE: Range = { words: 'a non-negative amount, 0 or more', bounds: () => [0, Infinity] };
export const ANY_REAL: Range = { words: 'any real number', bounds: () => [-Infinity, Infinity] };
export const SHARE_DIFFERENCE: Range = { words: 'a difference of two shares, from -1 to 1', bounds: () => [-1, 1] };
export const PLACE: Range = { words: 'a place, from 1 to the number of players', bounds: (p) => [1, seated(p)] };
export const PLACE_DIFFERENCE: Range = {
  words: 'a difference of two places, from 1 - players to players - 1',
  bounds: (p) => [1 - seated(p), seated(p) - 1],
};

/** The range of a column whose rows hold figures of several kinds (sim's and compare's `value`), by the row's `kind`. */
export interface RangeByKind {
  byKind: Record<string, Range>;
}

/** A column's declared range in words; by kind, each kind's (kinds of one range together). */
export function rangeWords(r: Range | RangeByKind): string {
  if (!('byKind' in r)) return r.words;
  const groups = new Map<Range, string[]>();
  for (const [kind, range] of Object.entries(r.byKind)) groups.set(range, [...(groups.get(range) ?? []), kind]);
  return `by kind: ${[...groups].map(([range, kinds]) => `${kinds.join(', ')}: ${range.words}`).join('; ')}`;
}

/** The range of a row's figure under a column's declaration: by kind, the row's `kind` cell's. */
export function rangeOf(r: Range | RangeByKind, kind: Cellval | undefined): Range {
  if (!('byKind' in r)) return r;
  const range = r.byKind[String(kind)];
  if (!range) throw new Error(`no range is declared for a figure of kind ${JSON.stringify(kind)}`);
  return range;
}

/** The part of a figure its range decides: its estimate and interval, what it rests on, why it has
 * no interval, whether its interval is a large-sample one, and for a place the players. */
export interface Bounded extends Estimate {
  players?: number;
}

/** Why a figure has no interval where its maker gave none: it rests on no observation, or on one. */
const missing = (f: Bounded): string =>
  f.n === 0 || Number.isNaN(f.value) ? 'no observations' : f.n === 1 ? 'one observation' : 'no interval';

/**
 * A figure as a column of range `r` shows it. An interval that is not two finite bounds is none,
 * and says why. A large-sample interval of a bounded figure is taken only from FEW observations
 * on: below, the t interval of a share from 9 games can reach below 0 (wins per chase 0.38
 * [-0.12, 0.87]), and cut to [0, 0.87] it would claim a coverage the normal approximation does
 * not give so few observations; such a figure has no interval, "too few to say". From FEW on,
 * the interval is cut to the range: the true value lies in the range, so the cut interval covers
 * it exactly as often as the whole one did. A figure whose method respects its range (Wilson's,
 * Clopper-Pearson's, an order statistic's) is left as it is, and a figure of any real value too.
 */
export function inRange<F extends Bounded>(f: F, r: Range): F {
  const [lo, hi] = r.bounds(f.players ?? NaN);
  if (!(Number.isFinite(f.low) && Number.isFinite(f.high))) return { ...f, low: NaN, high: NaN, why: f.why ?? missing(f) };
  if (f.largeSample && (lo > -Infinity || hi < Infinity) && f.n < FEW) return { ...f, low: NaN, high: NaN, why: 'too few to say' };
  return lo <= f.low && f.high <= hi ? f : { ...f, low: Math.max(lo, f.low), high: Math.min(hi, f.high) };
}
