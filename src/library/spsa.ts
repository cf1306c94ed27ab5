import { InputError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { allows, paramPart, paramRange, parseSpec, splitTopLevel, type StrategyDef } from '../core/strategy.js';
import type { Figure } from '../experiment/columns.js';
import type { TuneRoundParams } from '../experiment/tune.js';
import { ANY_REAL } from '../experiment/ranges.js';
import type { ColumnDoc } from '../experiment/dictionary.js';
import type { ChartDef } from '../core/table.js';
import { intervalChart, rowsOf, tableNamed } from '../report/specs.js';
import { runExperiment } from '../runner/pool.js';
import { sprt, type Sprt } from '../stats/sprt.js';
import { mergeTally, newTally, summarizeMean, type Tally } from '../stats/tally.js';
import { tuneRound } from './studies.js';

/** A parameter SPSA tunes: its range, and whether the strategy takes whole numbers only. */
interface Axis {
  key: string;
  lo: number;
  hi: number;
  integer: boolean;
  start: number;
}

/** A strategy with continuous parameters to tune: `name(p=lo..hi,q=value)`. */
export interface Continuous {
  name: string;
  fixed: string[];
  axes: Axis[];
  /** The spec text as pongsim writes it (parameters in the strategy's order). */
  canonical: (text: string) => string;
}

/**
 * Reads `name(p=lo..hi,q=value)`: each parameter given as lo..hi (no step) is tuned over that
 * range, starting from its default where the range holds it, else from the range's middle; the
 * others keep the value given, or their default. One InputError line names what is wrong.
 */
export function readContinuous(text: string, defs: StrategyDef[], game: string, rules: unknown): Continuous {
  const m = /^([a-z][a-z0-9-]*)(?:\((.*)\))?$/.exec(text.trim());
  if (!m) throw new InputError(`--strategy ${JSON.stringify(text)}: expected name(p=lo..hi,q=value) for --method spsa`);
  const name = m[1]!;
  const def = defs.find((d) => d.name === name);
  if (!def) parseSpec(name, defs, game, rules); // the unknown-strategy line, with its suggestions
  const defaults = parseSpec(name, defs, game, rules).params;
  const fixed: string[] = [];
  const axes: Axis[] = [];
  for (const part of splitTopLevel(m[2] ?? '')
    .map((x) => x.trim())
    .filter((x) => x !== '')) {
    const { key, raw } = paramPart(def!, part, `--strategy ${name}`);
    const range = /^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)$/.exec(raw);
    if (!range) {
      if (raw.includes('..'))
        throw new InputError(
          `--strategy ${name}: ${key}=${raw}: --method spsa tunes a range lo..hi (no step, no list); give ${key}=LO..HI or one value`,
        );
      fixed.push(part);
      continue;
    }
    const p = def!.params.find((q) => q.name === key)!;
    const [lo, hi] = [Number(range[1]), Number(range[2])];
    if (!(lo < hi)) throw new InputError(`--strategy ${name}: ${key}=${raw}: a range lo..hi needs lo < hi`);
    for (const v of [lo, hi])
      if (!allows(p, v)) throw new InputError(`--strategy ${name}: ${key}=${v} is outside what ${key} allows (${paramRange(p)})`);
    const d = defaults[key]!;
    axes.push({ key, lo, hi, integer: Boolean(p.integer), start: d >= lo && d <= hi ? d : (lo + hi) / 2 });
  }
  if (!axes.length)
    throw new InputError(`--strategy ${text}: --method spsa needs a parameter to tune, given as a range: ${name}(p=LO..HI)`);
  const canonical = (t: string) => parseSpec(t, defs, game, rules).text;
  const c = { name, fixed, axes, canonical };
  // The fixed values are checked once, with the ranges' low ends.
  specText(
    c,
    axes.map(() => 0),
  );
  return c;
}

/** The value of axis a at u (0 to 1 over its range): whole for a whole-number parameter, else to 6 significant digits. */
const valueAt = (a: Axis, u: number): number => {
  const v = a.lo + u * (a.hi - a.lo);
  return a.integer ? Math.round(v) : Number(v.toPrecision(6));
};

/** The spec at the point u of the ranges. */
export const specText = (c: Continuous, u: number[]): string =>
  c.canonical(`${c.name}(${[...c.fixed, ...c.axes.map((a, i) => `${a.key}=${valueAt(a, u[i]!)}`)].join(',')})`);

/** SPSA's gain schedule (Spall's exponents): step k (from 0) moves by a_k and perturbs by c_k. */
export const SPSA = {
  /** a: the first step's gain, in ranges per unit of the paired difference over its spread. */
  a: 1,
  /** A: the stability constant, a tenth of the steps. */
  stability: 0.1,
  alpha: 0.602,
  /** c: the first perturbation, in ranges. */
  c: 0.2,
  gamma: 0.101,
};

/** Games a configuration plays in one step of SPSA (both perturbed settings on the same deals). */
export const SPSA_STEP_GAMES = 100;

/** What the SPSA table's columns mean. */
export const SPSA_COLUMNS: Record<string, ColumnDoc> = {
  step: 'the SPSA step (from 1), each on fresh deals',
  plus: "the setting perturbed one way: the strategy spec at the current point plus c_k times the step's random signs",
  minus: 'the setting perturbed the other way (minus c_k times the same signs), on the same deals',
  games: 'games each of the two played in the step (count)',
  diff: {
    meaning: "plus's mean result per game less minus's, on the same deals, in the game's points (lower is better where a penalty)",
    range: ANY_REAL,
  },
  setting: 'the current point after the step, as a strategy spec: the tuned setting after the last step',
};

export const SPSA_TABLE_COLUMNS = ['step', 'plus', 'minus', 'games', 'diff', 'diff_ci_low', 'diff_ci_high', 'setting'];

export const SPSA_CHARTS: ChartDef[] = [
  {
    name: 'spsa',
    caption:
      "Each SPSA step's paired difference between its two perturbed settings on the same deals (plus less minus), with its 95% interval; the point moves against it where lower is better, with it elsewhere.",
    spec: (tables) =>
      intervalChart({
        title: 'SPSA steps: paired difference of the perturbed settings',
        rows: rowsOf(tableNamed(tables, 'spsa')).map((r) => ({ ...r, step: `step ${r.step}` })),
        category: 'step',
        categoryTitle: 'step',
        value: 'diff',
        axis: "plus less minus, mean result per game (the game's points or chips)",
        reference: 0,
      }),
  },
];

/** One tuning round of `configs` on `games` fresh deals from `offset`: its tally. */
type Round = (configs: string[], games: number, offset: number) => Promise<Tally>;

/** The rounds a tune run plays, on the runner with its options. */
export function rounds(base: Omit<TuneRoundParams, 'configs' | 'games' | 'offset'>, opts: Parameters<typeof runExperiment>[2]): Round {
  return async (configs, games, offset) => (await runExperiment(tuneRound, { ...base, configs, games, offset }, opts)).tallies[0]!;
}

const figure = (t: Tally, key: string): Figure => {
  const m = summarizeMean(t.means[key]);
  return { value: m.mean, low: m.low, high: m.high, n: m.n, largeSample: true };
};

/**
 * Simultaneous perturbation stochastic approximation over the tuned ranges (scaled to 0..1):
 * each step perturbs every parameter at once by ±c_k (random signs from the seed's stream), plays
 * both perturbed settings on the same fresh deals in the tuned seat (duplicate), and moves the
 * point by a_k times their paired difference over the first step's spread of it, along the signs,
 * toward the better one; a_k = a (1 + A)^0.602 / (k + 1 + A)^0.602, c_k = c / (k + 1)^0.101 (at
 * least half a unit of a whole-number parameter, so the two settings differ). The point stays in
 * the ranges. Reproducible from the seed.
 */
export async function spsa(
  c: Continuous,
  steps: number,
  games: number,
  lowerIsBetter: boolean,
  seed: string,
  play: Round,
): Promise<{ rows: (string | number | Figure)[][]; setting: string; offset: number }> {
  const rng = new Rng(`${seed}/spsa`);
  let u = c.axes.map((a) => (a.start - a.lo) / (a.hi - a.lo));
  const stab = SPSA.stability * steps;
  const clip = (x: number) => Math.min(1, Math.max(0, x));
  const rows: (string | number | Figure)[][] = [];
  let spread = 0;
  let offset = 0;
  for (let k = 0; k < steps; k++) {
    const ak = (SPSA.a * (1 + stab) ** SPSA.alpha) / (k + 1 + stab) ** SPSA.alpha;
    const ck = c.axes.map((a) => Math.max(SPSA.c / (k + 1) ** SPSA.gamma, a.integer ? 0.5 / (a.hi - a.lo) : 0));
    const delta = c.axes.map(() => (rng.next() < 0.5 ? -1 : 1));
    const plus = specText(
      c,
      u.map((x, i) => clip(x + ck[i]! * delta[i]!)),
    );
    const minus = specText(
      c,
      u.map((x, i) => clip(x - ck[i]! * delta[i]!)),
    );
    const t = await play([plus, minus], games, offset);
    offset += games;
    const d = figure(t, 'd0_1');
    if (k === 0) spread = summarizeMean(t.means.d0_1).sd > 0 ? summarizeMean(t.means.d0_1).sd : 1;
    const toward = (lowerIsBetter ? -1 : 1) * (d.value / spread);
    u = u.map((x, i) => clip(x + ak * toward * delta[i]!));
    rows.push([k + 1, plus, minus, games, d, specText(c, u)]);
  }
  return { rows, setting: specText(c, u), offset };
}

/** What the SPRT table's columns mean. */
export const SPRT_COLUMNS: Record<string, ColumnDoc> = {
  batch: 'the batch of games (from 1), each on fresh deals; the test looks after each',
  games: 'games each setting has played so far, the same deals for both (count)',
  gain: {
    meaning:
      "the tuned setting's mean gain per game over the current one on the same deals, so far, in the game's points (positive: the tuned one is better, lower penalty where lower is better)",
    range: ANY_REAL,
  },
  llr: 'the log-likelihood ratio of H1 (the gain is d1) against H0 (it is d0), so far',
  lower: "Wald's lower bound, ln(beta / (1 - alpha)): the test accepts H0 at or below it",
  upper: "Wald's upper bound, ln((1 - beta) / alpha): the test accepts H1 at or above it",
  verdict: 'H1 (the tuned setting gains d1: accept it), H0 (it gains d0: reject it), or inconclusive (keep playing)',
};

export const SPRT_TABLE_COLUMNS = ['batch', 'games', 'gain', 'gain_ci_low', 'gain_ci_high', 'llr', 'lower', 'upper', 'verdict'];

/** The hypotheses and error rates of an SPRT. */
export interface SprtSpec {
  d0: number;
  d1: number;
  alpha: number;
  beta: number;
}

/** `--sprt d0,d1`: the gains per game under H0 and H1, d0 < d1. */
export function readSprt(text: string): { d0: number; d1: number } {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m || !(Number(m[1]) < Number(m[2])))
    throw new InputError(
      `--sprt ${JSON.stringify(text)}: expected d0,d1: the tuned setting's gain per game under H0 and under H1, in the game's points, d0 < d1 (e.g. 0,2)`,
    );
  return { d0: Number(m[1]), d1: Number(m[2]) };
}

/** Games a setting plays in one batch of the SPRT. */
export const SPRT_BATCH = 200;

/**
 * The SPRT of `tuned` against `current` in the tuned seat, on fresh deals from `offset`: batches
 * of SPRT_BATCH games (both on the same deals), the test looked at after each (stats/sprt.ts),
 * until it accepts H0 or H1 or `most` games are played. Each batch is a pure function of the seed,
 * so where it stops is too.
 */
export async function sprtRun(
  tuned: string,
  current: string,
  s: SprtSpec,
  most: number,
  lowerIsBetter: boolean,
  offset: number,
  play: Round,
): Promise<{ rows: (string | number | Figure)[][]; result: Sprt; games: number }> {
  const tally = newTally();
  const rows: (string | number | Figure)[][] = [];
  let games = 0;
  let result: Sprt = sprt(0, 0, 0, s.d0, s.d1, s.alpha, s.beta);
  for (let batch = 1; games < most && result.verdict === 'inconclusive'; batch++) {
    const n = Math.min(SPRT_BATCH, most - games);
    mergeTally(tally, await play([tuned, current], n, offset + games));
    games += n;
    const m = summarizeMean(tally.means.d0_1);
    const sign = lowerIsBetter ? -1 : 1;
    const gain = { value: sign * m.mean, low: sign > 0 ? m.low : -m.high, high: sign > 0 ? m.high : -m.low, n: m.n, largeSample: true };
    result = sprt(m.n, gain.value, m.sd * m.sd, s.d0, s.d1, s.alpha, s.beta);
    rows.push([batch, games, gain, result.llr, result.lower, result.upper, result.verdict]);
  }
  return { rows, result, games };
}
