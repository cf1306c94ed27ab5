import { normalBelow } from './distributions.js';
import { solve } from './linear.js';

/**
 * Ratings from finishing orders: the Plackett-Luce model, of which Bradley-Terry is the two-player
 * case. Each item k has a strength w_k = e^θ_k; a game's finishing order is read as a sequence of
 * choices, the winner chosen from everyone at the table with probability w / (sum of the table's
 * w), the second from those left, and so on. Tied players are chosen together, each as if alone
 * from the players left (Breslow's handling of ties): a tie pulls its players level.
 *
 * A choice set holds its members (an item seated twice counts twice), how often a choice was
 * made from it, and how often each item was the one chosen. The counts of every game add, so a
 * run keeps them as rates and merges them exactly.
 */
export interface ChoiceSet {
  /** The items at the table when the choice was made, with repeats, in ascending order. */
  members: readonly number[];
  /** Choices made from this set. */
  n: number;
  /** Per item (length: the items), the choices that fell on it. */
  chosen: readonly number[];
}

/** Elo points per unit of θ: a rating difference D gives the stronger of two the chance 1 / (1 + 10^(-D/400)). */
export const ELO = 400 / Math.LN10;

/**
 * The choices one finished game makes, by the returns of its seats (better first: higher, or
 * lower where `lowerIsBetter`), `items[s]` the item at seat s: calls `choose(set, chosen)` for
 * every player chosen at each stage (the tied ones together), while two or more are left.
 */
export function choicesOf(
  items: readonly number[],
  returns: ArrayLike<number>,
  lowerIsBetter: boolean,
  choose: (members: number[], chosen: number) => void,
): void {
  const order = items.map((_, s) => s).sort((a, b) => (lowerIsBetter ? returns[a]! - returns[b]! : returns[b]! - returns[a]!));
  let left = order.map((s) => items[s]!);
  let i = 0;
  while (order.length - i >= 2) {
    const members = [...left].sort((a, b) => a - b);
    let j = i;
    while (j < order.length && returns[order[j]!] === returns[order[i]!]) j++;
    for (let t = i; t < j; t++) choose(members, items[order[t]!]!);
    left = left.slice(j - i);
    i = j;
  }
}

/** The log-likelihood of strengths θ, and its gradient and Hessian over the items. */
function derivatives(theta: Float64Array, sets: readonly ChoiceSet[]): { ll: number; g: Float64Array; h: Float64Array[] } {
  const k = theta.length;
  const g = new Float64Array(k);
  const h = Array.from({ length: k }, () => new Float64Array(k));
  const p = new Float64Array(k);
  let ll = 0;
  for (const s of sets) {
    if (s.n === 0) continue;
    p.fill(0);
    let d = 0;
    for (const m of s.members) d += Math.exp(theta[m]!);
    for (const m of s.members) p[m]! += Math.exp(theta[m]!) / d;
    ll -= s.n * Math.log(d);
    for (let i = 0; i < k; i++) {
      const c = s.chosen[i]!;
      if (c) ll += c * theta[i]!;
      if (!p[i]) continue;
      g[i]! += c - s.n * p[i]!;
      h[i]![i]! -= s.n * p[i]!;
      for (let j = 0; j < k; j++) if (p[j]) h[i]![j]! += s.n * p[i]! * p[j]!;
    }
  }
  return { ll, g, h };
}

/**
 * The maximum-likelihood strengths θ of `items` items from their choice sets, θ of item `anchor`
 * fixed at 0: Newton's method on the concave log-likelihood, each step halved until the
 * likelihood rises. Every pair of items is first given `prior` virtual tied games (a tie in a set
 * of the two), so that an item that never won, or items never seated together, still have a
 * finite strength; with many games the prior weighs nothing. `start` is a guess to begin from.
 */
export function fitStrengths(items: number, sets: readonly ChoiceSet[], anchor: number, prior: number, start?: Float64Array): Float64Array {
  const all: ChoiceSet[] = [...sets];
  for (let i = 0; i < items; i++)
    for (let j = i + 1; j < items; j++) {
      const chosen = new Array<number>(items).fill(0);
      chosen[i] = chosen[j] = prior;
      all.push({ members: [i, j], n: 2 * prior, chosen });
    }
  const free = Array.from({ length: items }, (_, i) => i).filter((i) => i !== anchor);
  let theta = start ? Float64Array.from(start) : new Float64Array(items);
  let cur = derivatives(theta, all);
  for (let iter = 0; iter < 100 && free.length; iter++) {
    const step = solve(
      free.map((i) => Float64Array.from(free, (j) => cur.h[i]![j]!)),
      Float64Array.from(free, (i) => -cur.g[i]!),
    );
    let scale = 1;
    let next = theta;
    let got = cur;
    for (let half = 0; half < 40; half++, scale /= 2) {
      next = Float64Array.from(theta);
      free.forEach((i, f) => {
        next[i]! += scale * step[f]!;
      });
      got = derivatives(next, all);
      if (got.ll >= cur.ll - 1e-12 * Math.abs(cur.ll)) break;
    }
    const moved = Math.max(...free.map((_, f) => Math.abs(scale * step[f]!)));
    theta = next;
    cur = got;
    if (moved < 1e-10) break;
  }
  return theta;
}

/** Strengths as Elo-like ratings: 400 log10 of the strength, the anchor's 0. */
export const ratingsOf = (theta: Float64Array): number[] => Array.from(theta, (t) => t * ELO);

/**
 * The bootstrap of a fit over independent blocks of games: `blocks[b]` holds block b's choice
 * sets (aligned: set s of every block has the same members), `strata[b]` its stratum; each of
 * `replicates` replicates draws as many blocks of each stratum as it holds, with replacement
 * (`uniform` in [0, 1) drives the draws), and refits. Gives each replicate's strengths.
 */
export function bootstrapStrengths(
  items: number,
  blocks: readonly (readonly ChoiceSet[])[],
  strata: readonly number[],
  anchor: number,
  prior: number,
  replicates: number,
  uniform: () => number,
  start: Float64Array,
): Float64Array[] {
  const byStratum = new Map<number, number[]>();
  strata.forEach((s, b) => byStratum.set(s, [...(byStratum.get(s) ?? []), b]));
  const sets = blocks[0]?.length ?? 0;
  const out: Float64Array[] = [];
  for (let r = 0; r < replicates; r++) {
    const times = new Array<number>(blocks.length).fill(0);
    for (const members of byStratum.values())
      for (let i = 0; i < members.length; i++) times[members[Math.floor(uniform() * members.length)]!]!++;
    const drawn: ChoiceSet[] = [];
    for (let s = 0; s < sets; s++) {
      let n = 0;
      const chosen = new Array<number>(items).fill(0);
      blocks.forEach((block, b) => {
        const t = times[b]!;
        if (!t) return;
        n += t * block[s]!.n;
        for (let i = 0; i < items; i++) chosen[i]! += t * block[s]!.chosen[i]!;
      });
      if (n) drawn.push({ members: blocks[0]![s]!.members, n, chosen });
    }
    out.push(fitStrengths(items, drawn, anchor, prior, start));
  }
  return out;
}

/** The standard deviation of the replicates' values (of a rating, or of a difference of two). */
export function spreadOf(xs: readonly number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, xs.length - 1));
}

/** A difference of strengths that is rounding, not data (4e-7 Elo points). */
const TINY = 1e-9;

/**
 * The likelihood of superiority of item i over item j: the chance that i is the stronger, read
 * from the bootstrap as a normal distribution of θ_i - θ_j about the fit's difference with the
 * replicates' spread (1/2 where the two never differ).
 */
export function superiority(fit: Float64Array, replicates: readonly Float64Array[], i: number, j: number): number {
  const d = fit[i]! - fit[j]!;
  const sd = spreadOf(replicates.map((r) => r[i]! - r[j]!));
  // Two items that played alike (a bot and its copy in every seat order) differ by rounding alone.
  if (!(sd > TINY)) return d > TINY ? 1 : d < -TINY ? 0 : 0.5;
  return normalBelow(d / sd);
}
