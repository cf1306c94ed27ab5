import { solve } from './linear.js';

/**
 * Decisions among a few options each, every option described by the same features, and the
 * option chosen: what a distilled policy is fitted to (src/library/distill.ts).
 */
export interface Choices {
  /** Features per option. */
  width: number;
  /** Decision k's options are starts[k] .. starts[k + 1] - 1 (length: decisions + 1). */
  starts: ArrayLike<number>;
  /** The options' features, option after option, `width` each. */
  x: Float64Array;
  /** Per decision, the option chosen, counted within it (0 for its first). */
  chosen: ArrayLike<number>;
  /** Per decision, how much it weighs in the fit's likelihood (default 1 each). */
  weight?: ArrayLike<number>;
}

export interface ChoiceFit {
  weights: Float64Array;
  /** Each weight's standard error, from the curvature of the log-likelihood at the fit. */
  se: Float64Array;
  /** The log-likelihood of the choices at the fit (the ridge left out). */
  logLik: number;
  iterations: number;
}

/** The log-likelihood of the choices under `w` (less the ridge's 0.5 ridge |w|^2), its gradient and its
 * Hessian. */
function curvature(c: Choices, w: Float64Array, ridge: number): { ll: number; g: Float64Array; h: Float64Array[] } {
  const d = c.width;
  const g = new Float64Array(d);
  const h = Array.from({ length: d }, () => new Float64Array(d));
  const mean = new Float64Array(d);
  let ll = 0;
  for (let k = 0; k + 1 < c.starts.length; k++) {
    const from = c.starts[k]!,
      to = c.starts[k + 1]!;
    // Scores, shifted by their largest so that exp never overflows.
    let top = -Infinity;
    const scores: number[] = [];
    for (let o = from; o < to; o++) {
      let s = 0;
      for (let j = 0; j < d; j++) s += w[j]! * c.x[o * d + j]!;
      scores.push(s);
      if (s > top) top = s;
    }
    let z = 0;
    for (const s of scores) z += Math.exp(s - top);
    const wk = c.weight?.[k] ?? 1;
    ll += wk * (scores[c.chosen[k]!]! - top - Math.log(z));
    mean.fill(0);
    for (let o = from; o < to; o++) {
      const p = Math.exp(scores[o - from]! - top) / z;
      for (let i = 0; i < d; i++) {
        const xi = c.x[o * d + i]!;
        if (xi === 0) continue;
        mean[i]! += p * xi;
        for (let j = 0; j < d; j++) h[i]![j]! -= wk * p * xi * c.x[o * d + j]!;
      }
    }
    const picked = (from + c.chosen[k]!) * d;
    for (let i = 0; i < d; i++) {
      g[i]! += wk * (c.x[picked + i]! - mean[i]!);
      if (mean[i] === 0) continue;
      for (let j = 0; j < d; j++) h[i]![j]! += wk * mean[i]! * mean[j]!;
    }
  }
  for (let i = 0; i < d; i++) {
    ll -= 0.5 * ridge * w[i]! * w[i]!;
    g[i]! -= ridge * w[i]!;
    h[i]![i]! -= ridge;
  }
  return { ll, g, h };
}

/**
 * The weights w that make the choices likeliest when each decision picks option o with
 * probability proportional to exp(w . x_o) (the conditional logit, or softmax over the options):
 * Newton's method on the concave log-likelihood, each step halved until the likelihood rises.
 * A ridge of `ridge` / 2 |w|^2 keeps the weights finite when a feature separates the choices
 * perfectly; with thousands of decisions it moves a weight far less than its standard error.
 * Each decision's log-likelihood counts `weight` times where the choices give weights (a weight
 * of 2 is the decision seen twice). Deterministic: the same choices in the same order give the
 * same bytes.
 */
export function fitChoices(c: Choices, ridge = 1, maxIterations = 100): ChoiceFit {
  const d = c.width;
  let w = new Float64Array(d);
  let at = curvature(c, w, ridge);
  let iterations = 0;
  while (iterations < maxIterations) {
    iterations++;
    const step = solve(
      at.h.map((row) => row.map((v) => -v)),
      at.g,
    );
    let scale = 1;
    let next = w.map((v, i) => v + step[i]!);
    let there = curvature(c, next, ridge);
    while (!(there.ll >= at.ll) && scale > 1e-6) {
      scale /= 2;
      next = w.map((v, i) => v + scale * step[i]!);
      there = curvature(c, next, ridge);
    }
    const moved = step.reduce((m, v) => Math.max(m, Math.abs(v * scale)), 0);
    const rose = there.ll - at.ll;
    if (!(rose >= 0)) break;
    w = next;
    at = there;
    if (moved < 1e-9 || rose < 1e-10) break;
  }
  const information = at.h.map((row) => row.map((v) => -v));
  const se = new Float64Array(d);
  for (let i = 0; i < d; i++) {
    const unit = new Float64Array(d);
    unit[i] = 1;
    se[i] = Math.sqrt(solve(information, unit)[i]!);
  }
  let ridgeTerm = 0;
  for (let i = 0; i < d; i++) ridgeTerm += 0.5 * ridge * w[i]! * w[i]!;
  return { weights: w, se, logLik: at.ll + ridgeTerm, iterations };
}

/** The option of decision k with the highest score w . x (the first of those tied). */
export function bestOption(c: Choices, k: number, w: ArrayLike<number>): number {
  const d = c.width;
  let best = 0,
    top = -Infinity;
  for (let o = c.starts[k]!; o < c.starts[k + 1]!; o++) {
    let s = 0;
    for (let j = 0; j < d; j++) s += w[j]! * c.x[o * d + j]!;
    if (s > top) {
      top = s;
      best = o - c.starts[k]!;
    }
  }
  return best;
}

/** The share of the decisions whose chosen option scores highest under `w`, each decision counted
 * once (the choices' `weight` is the fit's alone). */
export function agreement(c: Choices, w: ArrayLike<number>): number {
  const decisions = c.starts.length - 1;
  let same = 0;
  for (let k = 0; k < decisions; k++) if (bestOption(c, k, w) === c.chosen[k]) same++;
  return decisions ? same / decisions : 0;
}

/**
 * The weights w whose scores w . x_o best match the options' values `values` (one per option),
 * each decision's values and scores taken about their own mean (a decision's values are known
 * only up to a constant: gains over one of its options): least squares, with a ridge of
 * `ridge` |w|^2. A value-weighted fit of what each action is worth, where fitChoices knows only
 * which action was taken.
 */
export function fitValues(c: Choices, values: ArrayLike<number>, ridge = 1): Float64Array {
  const d = c.width;
  const xtx = Array.from({ length: d }, (_, i) => {
    const row = new Float64Array(d);
    row[i] = ridge;
    return row;
  });
  const xty = new Float64Array(d);
  const mean = new Float64Array(d);
  const dx = new Float64Array(d);
  for (let k = 0; k + 1 < c.starts.length; k++) {
    const from = c.starts[k]!,
      to = c.starts[k + 1]!;
    mean.fill(0);
    let my = 0;
    for (let o = from; o < to; o++) {
      my += values[o]!;
      for (let j = 0; j < d; j++) mean[j]! += c.x[o * d + j]!;
    }
    my /= to - from;
    for (let j = 0; j < d; j++) mean[j]! /= to - from;
    for (let o = from; o < to; o++) {
      const y = values[o]! - my;
      for (let j = 0; j < d; j++) dx[j] = c.x[o * d + j]! - mean[j]!;
      for (let i = 0; i < d; i++) {
        if (dx[i] === 0) continue;
        xty[i]! += dx[i]! * y;
        for (let j = 0; j < d; j++) xtx[i]![j]! += dx[i]! * dx[j]!;
      }
    }
  }
  return solve(xtx, xty);
}
