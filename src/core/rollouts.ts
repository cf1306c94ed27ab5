import { TERMINAL, type GameDef, type GameState } from './game.js';
import { IllegalMoveError } from './errors.js';
import { luckTaken, type LuckMeter } from './luck.js';
import { uniformDealer, type Dealer } from './infer.js';
import { listed, listsLegal } from './play.js';
import { Rng } from './rng.js';
import { makeStrategy, type Strategy, type StrategyDef, type StrategySpec } from './strategy.js';

/** Uniform numbers drawn per rollout for each stream it starts (Rng.seedFrom takes three). */
const WORDS = 3;

/** Bet amounts tried for an action that takes one: these fractions of the way from the
 * smallest to the largest allowed amount (a small set: each is n more rollouts). The distilled
 * policy scores the same amounts (core/features.ts). */
export const AMOUNT_STEPS = [0, 0.25, 0.5, 1];

/** The amount `f` of the way from `lo` to `hi`, in whole chips from `lo` (the largest itself at 1). */
export const amountStep = (lo: number, hi: number, f: number): number => (f === 1 ? hi : Math.max(lo, Math.floor(lo + f * (hi - lo))));

/** How a Rollouts plays its playouts out. */
export interface RolloutOptions {
  /** The variance-reduction layer: each determinization's chance readied for paired playouts
   * (GameDef.pairChance) and each playout's luck taken off its result (GameDef.luck). Off,
   * playouts are played and counted as they come. Off by default: the race of advise and review
   * turns it on (core/advise.ts); the search bot and the learned tables still play as their
   * reference results were made. */
  layer?: boolean;
}

/**
 * Rollout evaluation of the choices at one decision, for any game: the search bot
 * (strategies/rollout.ts) and the play-aid tables learned from the simulator use it.
 *
 * Each of `n` rollouts starts from a determinization of the table for the deciding seat
 * (GameDef.determinize: what it cannot see dealt at random from what is unseen), applies one
 * candidate (an action and its amount), and plays on with `policy` in every seat to the end of
 * the round or hand (GameDef.round), or with `own` in the deciding seat when one is given (a
 * table that weighs a declaration against staying silent for the rest of the hand plays the
 * silent seat on with the same bot, its declarations off). A candidate's result is the seat's
 * change in the game's returns over that stretch, the sign turned where lower is better. Rollout i uses the same
 * determinization, chance stream and policy streams for every candidate (common random
 * numbers), so candidates are compared on the same luck: what is kept is each candidate's
 * paired difference against a reference candidate (its mean gain and standard error).
 * Every stream is drawn from the `rng` given, so the evaluation is a pure function of it.
 */
export class Rollouts {
  readonly seats: number;
  private readonly base: GameState;
  private readonly work: GameState;
  private readonly policies: Strategy[];
  /** The deciding seat's policy, when it is not `policy`. */
  private readonly own: Strategy | null;
  /** Whether the policies' decisions, and the deciding seat's own policy's, are handed the
   * legal list, by the Table's rule (listsLegal). */
  private readonly listsPolicy: boolean;
  private readonly listsOwn: boolean;
  private readonly chance = new Rng(null);
  private readonly detRng = new Rng(null);
  private readonly seatRngs: Rng[];
  /** Per rollout: the determinization's stream, the chance stream after the action, one per seat. */
  private readonly words: Float64Array;
  private readonly legal: Int16Array;
  private readonly bounds = new Float64Array(2);
  private readonly ret: Float64Array;
  /** Candidates (action and amount) and, per candidate, its result in the rollout under way and
   * the sum and sum of squares of its paired difference against the reference. */
  candA = new Int16Array(64);
  candX = new Float64Array(64);
  /** Per candidate, the moves it makes when it is several (a Charleston pass of three tiles), else null. */
  private candSeq: (readonly number[] | null)[] = [];
  /** Per candidate, the strategy the deciding seat plays on with after it (a target to chase),
   * whether that strategy is handed the legal list, and its spec text for errors; else null. */
  private candOwn: ({ strategy: Strategy; lists: boolean; text: string } | null)[] = [];
  private value = new Float64Array(64);
  private sumD = new Float64Array(64);
  private sumD2 = new Float64Array(64);
  /** Whether the deciding seat won, judged on the table where a rollout ended set against the
   * table at the decision, `start` (GameDef.round `round` was the one played, `gain` the
   * result), when one is set: read by `won`. */
  judge: ((start: GameState, end: GameState, seat: number, round: number, gain: number) => boolean) | null = null;
  private wonLast = new Uint8Array(64);
  /** Per candidate, the least and greatest result over the rollouts. */
  private low = new Float64Array(64);
  private high = new Float64Array(64);

  /** How each rollout deals what the deciding seat cannot see: uniformly (GameDef.determinize)
   * unless an inferred dealing is set (src/core/infer.ts). */
  dealer: Dealer;
  /** The index among the decision's rollouts of the first one `evaluate` plays (Dealer: an
   * inferred dealing deals rollout i from its filter group i % groups). */
  rollout = 0;

  /** The spec texts of the policy and of the deciding seat's own one, for errors. */
  private readonly policyName: string;
  private readonly ownName: string;
  /** The luck meter (GameDef.luck), when the layer is on; per candidate, the raw result and the
   * luck terms of the rollout under way. */
  private readonly meter: LuckMeter | null;
  /** RolloutOptions.layer. */
  private readonly layer: boolean;
  private rawValue = new Float64Array(64);
  luck: Float64Array[] = [];

  constructor(
    readonly game: GameDef,
    rules: unknown,
    policy: StrategySpec,
    defs: readonly StrategyDef[],
    own?: StrategySpec,
    options: RolloutOptions = {},
  ) {
    this.policyName = policy.text;
    this.ownName = (own ?? policy).text;
    this.seats = game.seats(rules);
    this.base = game.create(rules);
    this.work = game.create(rules);
    this.policies = Array.from({ length: this.seats }, () => makeStrategy(policy, defs, rules));
    this.own = own ? makeStrategy(own, defs, rules) : null;
    this.listsPolicy = listsLegal(game, this.policies[0]!);
    this.listsOwn = this.own ? listsLegal(game, this.own) : this.listsPolicy;
    this.seatRngs = Array.from({ length: this.seats }, () => new Rng(null));
    this.words = new Float64Array(WORDS * (2 + this.seats));
    this.legal = new Int16Array(game.maxActions(rules));
    this.ret = new Float64Array(this.seats);
    this.layer = options.layer ?? false;
    this.meter = this.layer ? (game.luck?.(rules) ?? null) : null;
    this.dealer = uniformDealer(game);
  }

  /** Sets candidate `c` (action and amount), growing the buffers as needed; returns c + 1. */
  set(c: number, a: number, x: number): number {
    if (c === this.candA.length) {
      const grow = <T extends Int16Array | Float64Array | Uint8Array>(b: T): T => {
        const g = new (b.constructor as new (k: number) => T)(2 * c);
        g.set(b);
        return g;
      };
      this.candA = grow(this.candA);
      this.candX = grow(this.candX);
      this.value = grow(this.value);
      this.sumD = grow(this.sumD);
      this.sumD2 = grow(this.sumD2);
      this.low = grow(this.low);
      this.high = grow(this.high);
      this.wonLast = grow(this.wonLast);
      this.rawValue = grow(this.rawValue);
    }
    if (this.meter) while (this.luck.length <= c) this.luck.push(new Float64Array(this.meter.terms));
    this.candA[c] = a;
    this.candX[c] = x;
    this.candSeq[c] = null;
    this.candOwn[c] = null;
    return c + 1;
  }

  /** Sets candidate `c` to the moves `moves`, made one after another by the deciding seat, which
   * then plays on with `own` when one is given (a special hand to chase); returns c + 1. */
  setMoves(c: number, moves: readonly number[], own?: { strategy: Strategy; text: string }): number {
    const next = this.set(c, moves[0]!, 0);
    this.candSeq[c] = moves;
    if (own) this.candOwn[c] = { ...own, lists: listsLegal(this.game, own.strategy) };
    return next;
  }

  /** Sets the candidates of the decision at `s`: every legal action of `list[0..m)`, with a
   * few amounts (AMOUNT_STEPS) for one that takes an amount; returns how many. */
  candidates(s: GameState, list: Int16Array, m: number): number {
    const { game, bounds } = this;
    let c = 0;
    for (let i = 0; i < m; i++) {
      const a = list[i]!;
      if (!game.amountBounds?.(s, a, bounds)) {
        c = this.set(c, a, 0);
        continue;
      }
      const lo = bounds[0]!,
        hi = bounds[1]!;
      let last = NaN;
      for (const f of AMOUNT_STEPS) {
        let x = amountStep(lo, hi, f);
        if (game.amountAllowed?.(s, a, x)) x = hi;
        if (x !== last) c = this.set(c, a, x);
        last = x;
      }
    }
    return c;
  }

  /** Plays candidates 0..c) out `n` times each from `s` for `seat`, against candidate `ref`. */
  evaluate(s: GameState, seat: number, c: number, ref: number, n: number, rng: Rng): void {
    const { game, base, work, words, value, sumD, sumD2, low, high } = this;
    sumD.fill(0, 0, c);
    sumD2.fill(0, 0, c);
    low.fill(Infinity, 0, c);
    high.fill(-Infinity, 0, c);
    const round = game.round!(s);
    game.returns(s, this.ret);
    const before = this.ret[seat]!;
    for (let i = 0; i < n; i++) {
      for (let w = 0; w < words.length; w++) words[w] = rng.next();
      this.dealer.determinize(s, seat, this.seed(this.detRng, 0), base, this.rollout + i);
      if (this.layer) game.pairChance?.(base);
      for (let j = 0; j < c; j++) {
        game.copy!(base, work);
        work.rng = this.seed(this.chance, 1);
        const meter = this.meter;
        const luck = meter ? this.luck[j]! : null;
        if (meter) {
          luck!.fill(0);
          meter.start(work, seat);
        }
        const moves = this.candSeq[j];
        if (moves)
          for (const a of moves) {
            meter?.before(work, a, 0);
            game.apply(work, a, 0);
            meter?.after(work, luck!);
          }
        else {
          meter?.before(work, this.candA[j]!, this.candX[j]!);
          game.apply(work, this.candA[j]!, this.candX[j]!);
          meter?.after(work, luck!);
        }
        const raw = (this.rawValue[j] = this.playOut(seat, round, before, this.candOwn[j] ?? null, luck));
        const v = (value[j] = meter ? raw - luckTaken(meter.coef, luck!) : raw);
        if (this.judge) this.wonLast[j] = this.judge(s, work, seat, round, raw) ? 1 : 0;
        if (v < low[j]!) low[j] = v;
        if (v > high[j]!) high[j] = v;
      }
      for (let j = 0; j < c; j++) {
        const d = value[j]! - value[ref]!;
        sumD[j]! += d;
        sumD2[j]! += d * d;
      }
    }
    this.n = n;
  }

  private n = 0;

  /** Candidate j's result in the last rollout of `evaluate` (the seat's gain, its sign turned
   * where lower is better). */
  result(j: number): number {
    return this.value[j]!;
  }

  /** Candidate j's result in the last rollout as played, before its luck was taken off. */
  rawResult(j: number): number {
    return this.rawValue[j]!;
  }

  /** Whether the seat won with candidate j in the last rollout (by `judge`). */
  won(j: number): boolean {
    return this.wonLast[j] === 1;
  }

  /** Candidate j's mean gain per rollout over the reference, after `evaluate`. */
  gain(j: number): number {
    return this.sumD[j]! / this.n;
  }

  /** Candidate j's result when it was the same in every rollout (a win declared, a fold), else NaN. */
  sure(j: number): number {
    return this.low[j] === this.high[j] ? this.low[j]! : NaN;
  }

  /** The standard error of gain(j) (0 with a single rollout). */
  se(j: number): number {
    const n = this.n,
      g = this.sumD[j]! / n;
    return n > 1 ? Math.sqrt(Math.max(0, this.sumD2[j]! - n * g * g) / (n - 1) / n) : 0;
  }

  /** A policy's illegal move inside a rollout fails the decision with what it was (the run's
   * error then names the searching strategy, cell, game index and seed). */
  private illegal(s: GameState, seat: number, a: number, name: string): never {
    const m = this.game.legal(s, this.legal);
    const legal = Array.from(this.legal.subarray(0, m), (x) => this.game.actionName(s, x, 0));
    throw new IllegalMoveError(
      `${name} at seat ${seat} of a rollout made an illegal move: action ${a} is not legal here (legal: ${legal.join(', ') || 'none'})`,
    );
  }

  private seed(r: Rng, stream: number): Rng {
    const w = this.words;
    return r.seedFrom(w[stream * WORDS]!, w[stream * WORDS + 1]!, w[stream * WORDS + 2]!);
  }

  /** Plays `work` on with the policies until the round or hand `round` is over (the seat with
   * `chase` when the candidate gives one); the seat's gain. */
  private playOut(
    seat: number,
    round: number,
    before: number,
    chase: { strategy: Strategy; lists: boolean; text: string } | null,
    luck: Float64Array | null,
  ): number {
    const { game, work, legal, bounds, policies, seatRngs, meter } = this;
    const own = chase ? chase.strategy : this.own;
    const listsOwn = chase ? chase.lists : this.listsOwn;
    for (let k = 0; k < this.seats; k++) this.seed(seatRngs[k]!, 2 + k);
    for (let x = game.toAct(work); x !== TERMINAL && game.round!(work) === round; x = game.toAct(work)) {
      const mine = own !== null && x === seat;
      const p = mine ? own : policies[x]!;
      const list = mine ? listsOwn : this.listsPolicy;
      const m = list ? game.legal(work, legal) : 0;
      const view = game.view(work, x);
      const a = p.choose(view, legal, m, seatRngs[x]!);
      if (!(list ? listed(legal, m, a) : game.isLegal!(work, a)))
        this.illegal(work, x, a, x === seat ? (chase?.text ?? this.ownName) : this.policyName);
      const amount = game.amountBounds?.(work, a, bounds) ? p.amount!(view, a, bounds[0]!, bounds[1]!, seatRngs[x]!) : 0;
      if (meter) {
        meter.before(work, a, amount);
        game.apply(work, a, amount);
        meter.after(work, luck!);
      } else game.apply(work, a, amount);
    }
    game.returns(work, this.ret);
    const gain = this.ret[seat]! - before;
    return game.lowerIsBetter ? -gain : gain;
  }
}
