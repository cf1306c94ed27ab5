import { InputError } from './errors.js';
import type { GameDef, GameState } from './game.js';
import { Rng } from './rng.js';
import type { Dealer } from './infer.js';
import { Rollouts, type RolloutOptions } from './rollouts.js';
import { makeStrategy, type StrategyDef, type StrategySpec } from './strategy.js';
import { studentQuantile } from '../stats/distributions.js';
import { wilson } from '../stats/intervals.js';

/** Rollouts every action gets before the first look: fewer make the standard error of a
 * paired difference (often mostly zeros, a few large values) too unreliable to drop on. */
const FIRST = 32;
/** The most looks a race takes (each block twice the last): fixed in advance, so that the
 * dropping rule can be corrected for them. */
const LOOKS = 8;

/** A choice of the deciding seat and its name: one action (with its amount, for one that
 * takes an amount), or several moves made one after another (a Charleston pass). */
export interface Choice {
  name: string;
  moves: readonly number[];
  /** The strategy the deciding seat plays on with after the moves, where it is not the policy
   * (Chinese-American: a bot that chases a special hand). */
  own?: StrategySpec;
  /** The amount of a one-move choice that takes one (a bet); a choice without it plays its moves. */
  amount?: number;
}

/** A decision's kind: the verbs of its legal actions (the first word of each name), sorted:
 * "draw/ppong/stop", "bet/fold", "discard", "chow/pass/pung", a Charleston pass's "pass". */
export function kindOf(choices: readonly Choice[]): string {
  return [...new Set(choices.map((c) => c.name.split(/[ ,]/)[0]!))].sort().join('/');
}

/** One action of the situation, as advice ranks it. */
export interface AdviceRow {
  action: string;
  /** Rollouts it was played out in (every action in the first ones; the best in all). */
  rollouts: number;
  /** Its mean result, the seat's gain over the round or hand (turned where lower is better),
   * and a 95% interval (this action alone). */
  value: number;
  value_ci_low: number;
  value_ci_high: number;
  /** The share of its rollouts the seat won (AdviseQuery.won says what that means), and its
   * 95% Wilson interval (this action alone). */
  won: number;
  won_ci_low: number;
  won_ci_high: number;
  /** Its mean paired difference against the best action on the same deals, with the interval
   * the race drops on (simultaneous over the comparisons and looks): 0 for the best. */
  diff: number;
  diff_ci_low: number;
  diff_ci_high: number;
  /** The standard error of diff (0 for the best). */
  diff_se: number;
  /** best; tied (still in contention when the budget ran out); or worse (dropped). */
  verdict: 'best' | 'tied' | 'worse';
  /** Present where every rollout's result, as played, was the same: value's interval then has no
   * width, for want of any spread rather than for certainty (a Nylon-ppong stop that succeeds in
   * every rollout may still fail). */
  alike?: true;
  /** Present on a win the rules pay (RaceOptions.win) where every rollout ended there with the
   * same payment and the seat's win, as a win ends the hand: value and won share are then what
   * the rules give, not estimates (value's interval of no width, won's 1 to 1), where a Wilson
   * interval would say the win itself might not be won. Never with `alike`. */
  ends?: true;
}

export interface Advice {
  rows: AdviceRow[];
  /** The action with the best mean among those still in contention. */
  best: string;
  /** Whether every other action was dropped as worse. */
  clear: boolean;
  /** The answer in words. */
  words: string;
  /** Playouts made (one action played out from one deal). */
  playouts: number;
  looks: number;
  /** The best action as a choice (to race it again against another). */
  bestChoice: Choice;
  /** The name of the row of RaceOptions.keep, where one was given. */
  kept?: string;
  /** Where another choice ranks above a win the rules pay (RaceOptions.win), why, in words (the
   * end of `words`). */
  why?: string;
}

export interface RaceOptions {
  game: GameDef;
  rules: unknown;
  /** A state at the decision of `seat`: what the seat cannot see is dealt anew from it (GameDef.determinize). */
  state: GameState;
  seat: number;
  defs: readonly StrategyDef[];
  /** Every seat plays on with it after the action. */
  policy: StrategySpec;
  /** The most playouts to make. */
  budget: number;
  seed: string;
  /** Whether the seat won a rollout, judged on the table where it ended set against the table
   * at the decision (Rollouts.judge). */
  won: (start: GameState, end: GameState, seat: number, round: number, gain: number) => boolean;
  /** The choices, where one decision is several moves (a Charleston pass of three tiles); by
   * default every legal action, with every amount it allows for one that takes an amount (everyChoice). */
  choices?: readonly Choice[];
  /** A choice that must be among those ranked (a record's own move): added unless one makes
   * the same moves (in any order) with the same amount. */
  keep?: Choice;
  /** Where the game has wins the rules pay (mahjong): which choice is one, and what letting it
   * go costs under the rules, in words (sacred discard). Where another choice ranks above such a
   * win, the answer says why, from the race's own figures (winWhy). */
  win?: { legal(choice: Choice): boolean; letGo?: string };
  /** The family-wise error of the race's claims (0.05: 95% confidence). */
  alpha?: number;
  /** How each rollout deals what the seat cannot see (default: GameDef.determinize, uniformly). */
  dealer?: Dealer;
  /** How the rollouts are played (RolloutOptions: the variance-reduction layer, on unless this says off). */
  rollouts?: RolloutOptions;
  /** Who plays the race's blocks of rollouts: in this thread by default (localPlayer), or on
   * worker threads (library/rollouts.ts). Either gives the same results. */
  player?: (o: DecisionOptions, choices: readonly Choice[]) => BlockPlayer;
}

/** What a block of rollouts gave: per choice asked for, its result in each rollout, in order,
 * in how many of them the seat won, and per rollout its result as played (before the luck was
 * taken off) and whether the seat won (1) or not (0). */
export interface Block {
  values: Float64Array[];
  wins: number[];
  raw: Float64Array[];
  won: Uint8Array[];
}

/** Plays rollouts [from, to) of a race's decision for the choices `alive` (indices into its
 * list of choices). Rollout i deals from the race's stream i alone, so a block played in parts,
 * in any order, on any thread, gives the same results. */
export type BlockPlayer = (alive: readonly number[], from: number, to: number) => Promise<Block>;

/** What the rollouts of one decision are played from: a race's options less its budget and
 * player; without `won` (as `measure` plays) no rollout is judged won. */
export type DecisionOptions = Omit<RaceOptions, 'budget' | 'player' | 'won'> & Pick<Partial<RaceOptions>, 'won'>;

/** The rollouts of one decision, as a block player plays them (in this thread, or in a worker's). */
export class DecisionRollouts {
  private readonly ro: Rollouts;
  private readonly actions: ReturnType<typeof armed>;
  private readonly rng = new Rng(null);

  constructor(
    private readonly o: DecisionOptions,
    choices: readonly Choice[],
  ) {
    this.ro = new Rollouts(o.game, o.rules, o.policy, o.defs, undefined, { layer: o.rollouts?.layer ?? true });
    this.ro.judge = o.won ?? null;
    if (o.dealer) this.ro.dealer = o.dealer;
    this.actions = armed(choices, o);
  }

  play(alive: readonly number[], from: number, to: number): Block {
    const { ro, actions, o } = this;
    arm(ro, actions, alive);
    const values = alive.map(() => new Float64Array(to - from));
    const wins = alive.map(() => 0);
    const raw = alive.map(() => new Float64Array(to - from));
    const won = alive.map(() => new Uint8Array(to - from));
    for (let i = from; i < to; i++) {
      ro.rollout = i;
      ro.evaluate(o.state, o.seat, alive.length, 0, 1, this.rng.reuse(o.seed, 0, i, 'advise'));
      for (let at = 0; at < alive.length; at++) {
        values[at]![i - from] = ro.result(at);
        raw[at]![i - from] = ro.rawResult(at);
        if (ro.won(at)) {
          wins[at]!++;
          won[at]![i - from] = 1;
        }
      }
    }
    return { values, wins, raw, won };
  }
}

/** The block player of this thread. */
export function localPlayer(o: DecisionOptions, choices: readonly Choice[]): BlockPlayer {
  const d = new DecisionRollouts(o, choices);
  return (alive, from, to) => Promise.resolve(d.play(alive, from, to));
}

/**
 * Ranks every legal action of a decision by racing (src/core/rollouts.ts plays each out).
 * Rollout i deals from its own stream, the same for every action whenever it is played, so
 * every comparison is paired on the same deals (common random numbers). Blocks of rollouts
 * (32, then doubling) go to the actions still in contention; after each block, an action whose
 * paired difference against the leader is below zero by more than the interval's half-width is
 * dropped. The interval is Student's t, Bonferroni-corrected over the comparisons and the
 * looks, so "clearly best" (every other action dropped) is wrong at most alpha of the time.
 * The race ends with one action left, after LOOKS looks, or when the budget cannot give
 * every action in contention another rollout.
 */
export async function race(o: RaceOptions): Promise<Advice> {
  const steps = raceSteps(o);
  const play = (o.player ?? localPlayer)(o, steps.choices);
  let step = steps.run.next();
  while (!step.done) step = steps.run.next(await play(step.value.alive, step.value.from, step.value.to));
  return step.value;
}

/** `race` played in this thread, without waiting: for a caller that must answer at once (a
 * bot that takes the advice at the table). */
export function raceHere(o: RaceOptions): Advice {
  const steps = raceSteps(o);
  const d = new DecisionRollouts(o, steps.choices);
  let step = steps.run.next();
  while (!step.done) step = steps.run.next(d.play(step.value.alive, step.value.from, step.value.to));
  return step.value;
}

/** The race as steps: the choices it ranks, and a generator that asks for each block of
 * rollouts (the choices in contention, rollouts [from, to)) and gives the advice at the end. */
function raceSteps(o: RaceOptions): {
  choices: Choice[];
  run: Generator<{ alive: number[]; from: number; to: number }, Advice, Block>;
} {
  const listed: Choice[] = o.choices ? [...o.choices] : everyChoice(o.game, o.state, new Int16Array(o.game.maxActions(o.rules)));
  let kept: string | undefined;
  if (o.keep) {
    const same = listed.find((ch) => sameChoice(ch, o.keep!));
    if (!same) listed.push(o.keep);
    kept = (same ?? o.keep).name;
  }
  return { choices: listed, run: raceRun(o, listed, kept) };
}

function* raceRun(
  o: RaceOptions,
  listed: Choice[],
  kept: string | undefined,
): Generator<{ alive: number[]; from: number; to: number }, Advice, Block> {
  const alpha = o.alpha ?? 0.05;
  const c = listed.length;
  const names = listed.map((ch) => ch.name);
  const values: number[][] = listed.map(() => []);
  const wins = listed.map(() => 0);
  // Per choice, its results as played (the luck not taken off), and whether the seat won each.
  const raw: number[][] = listed.map(() => []);
  const won: number[][] = listed.map(() => []);
  const q = c > 1 ? studentQuantileFor(alpha / (LOOKS * (c - 1))) : () => 0;
  const groups = o.dealer?.groups ?? 1;
  let alive = listed.map((_, j) => j);
  let played = 0,
    playouts = 0,
    looks = 0;
  let leader = 0;
  while (looks < LOOKS && (looks === 0 || alive.length > 1)) {
    const want = looks === 0 ? FIRST : FIRST << looks;
    const k = Math.min(want, Math.floor((o.budget - playouts) / alive.length));
    if (k < (looks === 0 ? 2 : 1)) break;
    const block: Block = yield { alive, from: played, to: played + k };
    alive.forEach((j, at) => {
      for (const v of block.values[at]!) values[j]!.push(v);
      for (const v of block.raw[at]!) raw[j]!.push(v);
      for (const v of block.won[at]!) won[j]!.push(v);
      wins[j]! += block.wins[at]!;
    });
    played += k;
    playouts += k * alive.length;
    looks++;
    leader = alive.reduce((b, j) => (mean(values[j]!) > mean(values[b]!) ? j : b), alive[0]!);
    alive = alive.filter((j) => j === leader || interval(values[j]!, values[leader]!, q, groups).high >= 0);
  }
  if (looks === 0)
    throw new InputError(`--budget: ${o.budget} playouts cannot play each of the ${c} actions out twice; give at least ${2 * c}`);
  const z95 = studentQuantileFor(0.025);
  const w = o.win ? listed.findIndex((ch) => o.win!.legal(ch)) : -1;
  // Per choice, the share of its difference's variance that is the filter's doubt (spread).
  const doubts = new Map<string, number>();
  const rows: AdviceRow[] = listed.map((_, j) => {
    const v = values[j]!,
      n = v.length;
    const { mean: m, se, df } = spread(v, groups);
    const half = z95(df) * se;
    const d = interval(v, values[leader]!, q, groups);
    doubts.set(names[j]!, d.doubt);
    // Every rollout gave the same result as played: alike, or, for a win, what it pays.
    const flat = n > 1 && raw[j]!.every((x) => x === raw[j]![0]);
    const ends = flat && j === w && won[j]!.every((x) => x === 1);
    const wl = ends ? { low: 1, high: 1 } : shareInterval(won[j]!, groups);
    return {
      action: names[j]!,
      rollouts: n,
      value: m,
      value_ci_low: m - half,
      value_ci_high: m + half,
      won: wins[j]! / n,
      won_ci_low: wl.low,
      won_ci_high: wl.high,
      diff: d.mean,
      diff_ci_low: d.low,
      diff_ci_high: d.high,
      diff_se: d.se,
      verdict: j === leader ? 'best' : alive.includes(j) ? 'tied' : 'worse',
      ...(ends ? { ends: true as const } : flat ? { alike: true as const } : {}),
    };
  });
  const order = rows.map((_, j) => j).sort((i, j) => verdictRank(rows[i]!) - verdictRank(rows[j]!) || rows[j]!.value - rows[i]!.value);
  const ranked = order.map((j) => rows[j]!);
  const best = names[leader]!;
  const tied = ranked.filter((r) => r.verdict === 'tied');
  // An action the same as the best on every deal (a pair that pushes, bet or not) is a tie
  // that no budget breaks: said so, not "cannot be told apart".
  const same = tied.filter((r) => r.diff_ci_low === 0 && r.diff_ci_high === 0).map((r) => r.action);
  const open = tied.filter((r) => !same.includes(r.action)).map((r) => r.action);
  const conf = `${Math.round((1 - alpha) * 100)}% confidence over ${Math.max(1, c - 1)} comparison${c > 2 ? 's' : ''} and ${looks} look${looks > 1 ? 's' : ''}`;
  const rest = ranked.length > tied.length + 1 ? '; the rest do worse' : '';
  // Where most of what keeps them apart is the inference's doubt, more playouts will not settle it.
  const inferred = open.some((a) => doubts.get(a)! > 0.5)
    ? '; most of the doubt is which hidden hands the others hold, which more playouts do not settle'
    : '';
  const words =
    c === 1
      ? `${best} is the only legal action.`
      : tied.length === 0
        ? `${best} is clearly best: every other action does worse on the same deals (${conf}).`
        : open.length === 0
          ? `${[best, ...same].join(', ')} give the same result on every deal${rest} (${conf}).`
          : `${best} has the best mean, but it cannot be told apart from ${open.join(', ')} at this budget (${playouts} playouts)${inferred}${same.length ? `; ${same.join(', ')} give the same result as ${best} on every deal` : ''}${rest} (${conf}).`;
  const why = w >= 0 && w !== leader ? winWhy(names[leader]!, raw[leader]!, won[leader]!, raw[w]!, o.win!.letGo) : undefined;
  return {
    rows: ranked,
    best,
    clear: tied.length === 0,
    words: why ? `${words} ${why}` : words,
    playouts,
    looks,
    bestChoice: listed[leader]!,
    ...(kept ? { kept } : {}),
    ...(why ? { why } : {}),
  };
}

/**
 * Why `best` ranks above a win the rules pay, in words, from the race's own rollouts: how often
 * best's rollouts win and for how many points a win (the results as played, `raw`, and whether
 * the seat won each, `won`), against what the win pays now (its own rollouts' mean: the hand
 * ends there), and what letting the win go costs under the rules (`letGo`), which the rollouts
 * count. A larger hand in reach is named only where best's wins pay more than the win does now.
 */
export function winWhy(best: string, raw: readonly number[], won: readonly number[], winRaw: readonly number[], letGo?: string): string {
  const n = raw.length;
  let k = 0,
    onWins = 0,
    otherwise = 0;
  raw.forEach((v, i) => {
    if (won[i] === 1) {
      k++;
      onWins += v;
    } else otherwise += v;
  });
  const now = mean(winRaw);
  const perWin = k > 0 ? onWins / k : Number.NaN;
  const pts = (x: number) => `${x.toFixed(1)} point${x.toFixed(1) === '1.0' ? '' : 's'}`;
  const share = (whose: string) =>
    `${whose} rollouts win ${Math.round((100 * k) / n)}% of the time${k > 0 ? ` for ${pts(perWin)} a win` : ''}${k < n ? ` and make ${pts(otherwise / (n - k))} a hand otherwise` : ''}, against the win's ${pts(now)} now`;
  const cost = letGo ? `; ${letGo}, which the rollouts count` : '';
  return perWin > now
    ? `Why not the win: ${best} keeps a larger hand in reach: ${share('its')}${cost}.`
    : `Why not the win: not a larger hand (${share(`${best}'s`)}): ${best}'s edge is in the hands it does not win${cost}.`;
}

/**
 * Every legal action of the decision at `s`, and for one that takes an amount every amount it
 * allows: each whole amount from the least to the most, and the least and the most themselves
 * (GameDef.amountAllowed says which are allowed). None is left out on a guess: a bet of the pot
 * less one chip beats the whole pot wherever winning the whole pot makes everyone ante again,
 * and a few sizes between the least and the most missed it.
 */
export function everyChoice(game: GameDef, s: GameState, list: Int16Array): Choice[] {
  const bounds = new Float64Array(2);
  const out: Choice[] = [];
  const m = game.legal(s, list);
  for (let i = 0; i < m; i++) {
    const a = list[i]!;
    if (!game.amountBounds?.(s, a, bounds)) {
      out.push({ name: game.actionName(s, a, 0), moves: [a], amount: 0 });
      continue;
    }
    const lo = bounds[0]!,
      hi = bounds[1]!;
    const amounts = new Set([lo]);
    for (let x = Math.ceil(lo); x <= hi; x++) amounts.add(x);
    amounts.add(hi);
    for (const x of amounts) if (!game.amountAllowed?.(s, a, x)) out.push({ name: game.actionName(s, a, x), moves: [a], amount: x });
  }
  return out;
}

/** The choices as Rollouts plays them: an action and amount, or moves and the strategy after them. */
function armed(listed: readonly Choice[], o: { defs: readonly StrategyDef[]; rules: unknown }) {
  return listed.map((ch) => ({
    a: ch.moves[0] ?? -1,
    x: ch.amount ?? 0,
    moves: ch.amount === undefined ? ch.moves : null,
    own: ch.own ? { strategy: makeStrategy(ch.own, o.defs, o.rules), text: ch.own.text } : undefined,
  }));
}

/** Sets the rollouts' candidates to `actions`, in order. */
function arm(ro: Rollouts, actions: ReturnType<typeof armed>, which: readonly number[]): void {
  which.forEach((j, i) => {
    const { a, x, moves, own } = actions[j]!;
    if (moves) ro.setMoves(i, moves, own);
    else ro.set(i, a, x);
  });
}

/** What `measure` finds: each choice's mean over the deals, and the first's paired difference
 * against the second with its 95% interval (Student's t) and standard error. */
export interface Measured {
  rollouts: number;
  values: [number, number];
  diff: number;
  diffLow: number;
  diffHigh: number;
  diffSe: number;
}

/**
 * Two choices played out on the same `rollouts` deals from `seed`, every one of them: no look,
 * no drop, so the mean paired difference is unbiased for the deals' luck whatever it turns out
 * to be (a race that stops where a difference looks large overstates it). Review measures a
 * decision's cost with it on deals of its own, apart from those that found the decision worse.
 * Played as a race plays its blocks (RaceOptions.player), with the same layer.
 */
export async function measure(
  o: Omit<RaceOptions, 'budget' | 'choices' | 'keep' | 'alpha' | 'won'> & { choices: readonly [Choice, Choice]; rollouts: number },
): Promise<Measured> {
  const play = (o.player ?? localPlayer)(o, o.choices);
  const { values } = await play([0, 1], 0, o.rollouts);
  const first = [...values[0]!],
    second = [...values[1]!];
  const d = interval(first, second, studentQuantileFor(0.025), o.dealer?.groups ?? 1);
  return { rollouts: o.rollouts, values: [mean(first), mean(second)], diff: d.mean, diffLow: d.low, diffHigh: d.high, diffSe: d.se };
}

/** Whether two choices make the same moves (in any order) with the same amount. */
function sameChoice(a: Choice, b: Choice): boolean {
  const key = (ch: Choice) => `${[...ch.moves].sort((x, y) => x - y).join(',')}/${ch.amount ?? 0}/${ch.own?.text ?? ''}`;
  return key(a) === key(b);
}

const verdictRank = (r: AdviceRow): number => (r.verdict === 'best' ? 0 : r.verdict === 'tied' ? 1 : 2);

function mean(v: readonly number[]): number {
  let s = 0;
  for (const x of v) s += x;
  return s / v.length;
}

function variance(v: readonly number[]): number {
  if (v.length < 2) return 0;
  const m = mean(v);
  let s = 0;
  for (const x of v) s += (x - m) * (x - m);
  return s / (v.length - 1);
}

/** The upper-tail quantile for one-sided error p, by the degrees of freedom. */
function studentQuantileFor(p: number): (df: number) => number {
  const memo = new Map<number, number>();
  return (df) => {
    let t = memo.get(df);
    if (t === undefined) memo.set(df, (t = studentQuantile(1 - p, Math.max(1, df))));
    return t;
  };
}

/**
 * The mean of rollout results `v`, its standard error and degrees of freedom. Where the deals
 * came from `groups` independent filters (Dealer.groups: rollout i from group i % groups), the
 * filter's own doubt is counted: a one-way analysis of variance parts the results' spread
 * within the groups (the rollouts' luck, n - groups degrees) from the excess of the groups'
 * means over what that luck gives them (another draw of the particles, groups - 1 degrees), the
 * standard error takes both, and its degrees of freedom are Satterthwaite's. Where the groups'
 * means agree no more than luck makes them, the error is the rollouts' alone.
 */
export function spread(v: readonly number[], groups = 1): { mean: number; se: number; df: number; doubt: number } {
  const n = v.length;
  const m = mean(v);
  if (groups < 2 || n < 2 * groups) return { mean: m, se: Math.sqrt(variance(v) / n), df: n - 1, doubt: 0 };
  const sums = new Float64Array(groups);
  const sizes = new Float64Array(groups);
  v.forEach((x, i) => {
    sums[i % groups]! += x;
    sizes[i % groups]!++;
  });
  let within = 0;
  v.forEach((x, i) => {
    const e = x - sums[i % groups]! / sizes[i % groups]!;
    within += e * e;
  });
  let between = 0,
    squares = 0;
  for (let g = 0; g < groups; g++) {
    between += sizes[g]! * (sums[g]! / sizes[g]! - m) ** 2;
    squares += sizes[g]! * sizes[g]!;
  }
  const msw = within / (n - groups);
  const msb = between / (groups - 1);
  // The expected between mean square is the luck's plus n0 times the groups' own variance (n0:
  // the group size, for unequal sizes the usual mean); the mean's variance is luck / n plus that
  // variance times the sum of the squared shares of the groups.
  const n0 = (n - squares / n) / (groups - 1);
  const luck = msw / n;
  const doubt = (Math.max(0, msb - msw) / n0) * (squares / (n * n));
  const se = Math.sqrt(luck + doubt);
  if (se === 0) return { mean: m, se, df: n - groups, doubt: 0 };
  const df = doubt === 0 ? n - groups : (luck + doubt) ** 2 / (luck ** 2 / (n - groups) + doubt ** 2 / (groups - 1));
  return { mean: m, se, df, doubt: doubt / (luck + doubt) };
}

/** The 95% interval of the share of rollouts won (`won`: 1 or 0 each): Wilson's, on the
 * rollouts less the filter's doubt where they were dealt from `groups` filters (spread): the
 * rollouts over the design effect, the variance of the share with the doubt over without. */
function shareInterval(won: readonly number[], groups: number): { low: number; high: number } {
  const n = won.length;
  const k = won.reduce((a, b) => a + b, 0);
  const own = variance(won) / n;
  if (groups < 2 || own === 0) return wilson(k, n);
  const effect = Math.max(1, spread(won, groups).se ** 2 / own);
  return wilson(k / effect, n / effect);
}

/** The mean paired difference of `v` against `ref` over v's rollouts (ref was played in at
 * least as many: the leader is always in contention) and its interval at quantile q, the
 * rollouts dealt from `groups` filters (spread). */
function interval(
  v: readonly number[],
  ref: readonly number[],
  q: (df: number) => number,
  groups: number,
): { mean: number; low: number; high: number; se: number; doubt: number } {
  const d = v.map((x, i) => x - ref[i]!);
  const { mean: m, se, df, doubt } = spread(d, groups);
  const half = q(df) * se;
  return { mean: m, low: m - half, high: m + half, se, doubt };
}
