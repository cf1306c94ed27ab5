import { TERMINAL, type GameDef, type GameState } from '../src/core/game.js';
import { Rng } from '../src/core/rng.js';
import { makeStrategy, parseSpec, type Strategy, type StrategyDef, type StrategySpec } from '../src/core/strategy.js';

/** Bet amounts tried for an action that takes one: these fractions of the way from the
 * smallest to the largest allowed amount (a small set: each is n more rollouts). */
const AMOUNT_STEPS = [0, 0.25, 0.5, 1];

/** Uniform numbers drawn per rollout for each stream it starts (Rng.seedFrom takes three). */
const WORDS = 3;

/**
 * rollout(n, policy): flat Monte Carlo search, the same for every game. At a decision with more
 * than one choice, for each legal action (and, for a bet, each of a few amounts) it plays `n`
 * rollouts to the end of the round or hand: each from a determinization of the table for its
 * own seat (GameDef.determinize: the cards it cannot see dealt at random from the unseen ones),
 * the action applied, then `policy` in every seat. It picks the action with the best mean
 * result for the round (its change in the game's returns, the sign turned where lower is
 * better); ties go to the first listed. Rollout i uses the same determinization, the same
 * chance stream and the same policy streams for every action (common random numbers), so
 * the actions are compared on the same luck. Every stream is drawn from the bot's own `rng`,
 * so a run with it is as reproducible as any other.
 */
export function rolloutStrategy(game: GameDef, defs: readonly StrategyDef[], n: number, z: number, policy: StrategySpec, rules: unknown): Strategy {
  const seats = game.seats(rules);
  const base = game.create(rules);
  const work = game.create(rules);
  const policies = Array.from({ length: seats }, () => makeStrategy(policy, defs, rules));
  const chance = new Rng(null);
  const detRng = new Rng(null);
  const seatRngs = Array.from({ length: seats }, () => new Rng(null));
  // Per rollout: the determinization's stream, the chance stream after the action, one per seat.
  const words = new Float64Array(WORDS * (2 + seats));
  const legal = new Int16Array(game.maxActions(rules));
  const bounds = new Float64Array(2);
  const ret = new Float64Array(seats);
  let chosenAmount = 0;
  // The candidates of the decision under way (action and amount); per candidate, its result in
  // the rollout under way, and the sum and sum of squares of its paired difference against the
  // policy's own choice.
  let candA = new Int16Array(64), candX = new Float64Array(64);
  let value = new Float64Array(64), sumD = new Float64Array(64), sumD2 = new Float64Array(64);
  const own = makeStrategy(policy, defs, rules);

  const seed = (r: Rng, stream: number): Rng => r.seedFrom(words[stream * WORDS]!, words[stream * WORDS + 1]!, words[stream * WORDS + 2]!);

  /** Plays `work` on with the policies until the round or hand `round` is over; the seat's gain. */
  function playOut(seat: number, round: number, before: number): number {
    for (let k = 0; k < seats; k++) seed(seatRngs[k]!, 2 + k);
    for (let x = game.toAct(work); x !== TERMINAL && game.round!(work) === round; x = game.toAct(work)) {
      const m = game.legal(work, legal);
      const p = policies[x]!;
      const view = game.view(work, x);
      const a = p.choose(view, legal, m, seatRngs[x]!);
      const amount = game.amountBounds?.(work, a, bounds) ? p.amount!(view, a, bounds[0]!, bounds[1]!, seatRngs[x]!) : 0;
      game.apply(work, a, amount);
    }
    game.returns(work, ret);
    const gain = ret[seat]! - before;
    return game.lowerIsBetter ? -gain : gain;
  }

  /** Adds candidate `c` (action and amount), growing the buffers as needed; returns c + 1. */
  function push(c: number, a: number, x: number): number {
    if (c === candA.length) {
      const grow = <T extends Int16Array | Float64Array>(b: T): T => {
        const g = new (b.constructor as new (k: number) => T)(2 * c);
        g.set(b);
        return g;
      };
      candA = grow(candA);
      candX = grow(candX);
      value = grow(value);
      sumD = grow(sumD);
      sumD2 = grow(sumD2);
    }
    candA[c] = a;
    candX[c] = x;
    return c + 1;
  }

  /** Lists the candidates: every legal action, with a few amounts for one that takes an amount. */
  function candidates(s: GameState, list: Int16Array, m: number): number {
    let c = 0;
    for (let i = 0; i < m; i++) {
      const a = list[i]!;
      if (!game.amountBounds?.(s, a, bounds)) {
        c = push(c, a, 0);
        continue;
      }
      const [lo, hi] = [bounds[0]!, bounds[1]!];
      let last = NaN;
      for (const f of AMOUNT_STEPS) {
        let x = f === 1 ? hi : Math.max(lo, Math.floor(lo + f * (hi - lo)));
        if (game.amountAllowed?.(s, a, x)) x = hi;
        if (x !== last) c = push(c, a, x);
        last = x;
      }
    }
    return c;
  }

  return {
    choose() {
      throw new Error('rollout plays only at a pongsim table (it searches from the table, not from a view)');
    },
    amount: () => chosenAmount,
    search(s, seat, list, m, rng) {
      let c = candidates(s, list, m);
      if (c === 1) {
        chosenAmount = candX[0]!;
        return candA[0]!;
      }
      // The policy's own choice at the real table is the one to beat.
      const view = game.view(s, seat);
      const pa = own.choose(view, list, m, rng);
      const px = game.amountBounds?.(s, pa, bounds) ? own.amount!(view, pa, bounds[0]!, bounds[1]!, rng) : 0;
      let p = 0;
      while (p < c && !(candA[p] === pa && candX[p] === px)) p++;
      if (p === c) c = push(c, pa, px);
      sumD.fill(0, 0, c);
      sumD2.fill(0, 0, c);
      const round = game.round!(s);
      game.returns(s, ret);
      const before = ret[seat]!;
      for (let i = 0; i < n; i++) {
        for (let w = 0; w < words.length; w++) words[w] = rng.next();
        game.determinize!(s, seat, seed(detRng, 0), base);
        for (let j = 0; j < c; j++) {
          game.copy!(base, work);
          work.rng = seed(chance, 1);
          game.apply(work, candA[j]!, candX[j]!);
          value[j] = playOut(seat, round, before);
        }
        for (let j = 0; j < c; j++) {
          const d = value[j]! - value[p]!;
          sumD[j]! += d;
          sumD2[j]! += d * d;
        }
      }
      // The best mean, if it beats the policy's choice by z standard errors of the paired difference.
      let best = p, bestGain = 0;
      for (let j = 0; j < c; j++) {
        const gain = sumD[j]! / n;
        if (!(gain > bestGain)) continue;
        const se = n > 1 ? Math.sqrt(Math.max(0, sumD2[j]! - n * gain * gain) / (n - 1) / n) : 0;
        if (gain > z * se) {
          best = j;
          bestGain = gain;
        }
      }
      chosenAmount = candX[best]!;
      return candA[best]!;
    },
  };
}

/** The rollout bot of one game: its policies are the game's other strategies (`defs`, which
 * plug-ins extend), by default `reference`. */
export function rolloutDef(game: GameDef, defs: StrategyDef[], reference: string): StrategyDef {
  return {
    name: 'rollout',
    game: game.id,
    doc: 'flat Monte Carlo search: for each legal action (a few amounts for a bet), n rollouts to the end of the round or hand from determinizations of what its seat has seen, with `policy` in every seat; plays the best mean',
    params: [
      { name: 'n', doc: 'rollouts per action', default: 16, min: 1, max: 100000, integer: true },
      { name: 'z', doc: 'how many standard errors of the paired difference an action must gain over the policy\'s own choice to be played instead (0: the best mean)', default: 1, min: 0, max: 10 },
    ],
    specParams: [{ name: 'policy', doc: 'the strategy every seat plays in the rollouts (any that does not search)', default: reference }],
    searches: true,
    make: (params, rules, spec) =>
      rolloutStrategy(game, defs, params.n ?? 16, params.z ?? 0, spec?.specs?.policy ?? parseSpec(reference, defs, game.id, rules), rules),
  };
}
