import { cumulativeStdNormalProbability, probit } from 'simple-statistics';
import type { GameDef, GameState } from '../src/core/game.js';
import { inferDealing, RoundStart } from '../src/core/infer.js';
import { InputError } from '../src/core/errors.js';
import { Rng } from '../src/core/rng.js';
import { Rollouts } from '../src/core/rollouts.js';
import type { GameEvent } from '../src/core/trace.js';
import { studentQuantile } from '../src/stats/distributions.js';
import { makeStrategy, parseSpec, type Strategy, type StrategyDef, type StrategySpec } from '../src/core/strategy.js';

/** The confirming rollouts of a departure from the policy, per rollout of the search, unless the
 * spec says otherwise. Four, not one: with one, true gains failed the check too (Nylon-ppong
 * n = 16, 1,000 games: +10.5 penalty points a game with one, +11.8 with four, +11.8 without
 * the check). */
const CONFIRM = 4;

/**
 * rollout(n, z, confirm, most, policy, deal): flat Monte Carlo search, the same for every game. At a
 * decision with more than one choice (and, with `most`, at most that many), every legal action
 * (and, for a bet, each of a few amounts) is played out `n` times to the end of the round or
 * hand from determinizations of what its seat has seen, with `policy` in every seat
 * (src/core/rollouts.ts: common random numbers across the actions). It plays the action with
 * the best mean result, but leaves the policy's own choice at the real table only for one whose
 * paired gain over it clears `z` standard errors, corrected for the number of alternatives
 * tried: with few rollouts, the plain best mean often picks a worse action by luck
 * (Nylon-ppong, n = 16, against three careful(t=4,k=0.1): 77 penalty points a game with z = 0,
 * 69 with z = 1, the field 80), and the more alternatives, the likelier one looks better by
 * luck alone. The action so picked is played only when fresh rollouts of it and the policy's
 * choice alone confirm the gain (below). Ties go to the policy's choice, and so does a choice
 * with a sure gain. A wider decision than `most` gets the policy's choice unsearched:
 * Chinese-American's calls (2 to 6 actions) searched alone did as well as every decision
 * searched, for a fraction of the rollouts (experiments/search-strength.ts). With `inferred`
 * (deal=inferred) each decision's determinizations deal the others' hidden cards from a particle
 * filter over the round's play so far (src/core/infer.ts), as advise --deal inferred does.
 */
export function rolloutStrategy(
  game: GameDef,
  defs: readonly StrategyDef[],
  n: number,
  z: number,
  policy: StrategySpec,
  rules: unknown,
  confirm = CONFIRM,
  most = 0,
  inferred = false,
): Strategy {
  const ro = new Rollouts(game, rules, policy, defs);
  // With deal=inferred: the round's first table and the game's events so far, as the loop hands
  // them on (watch), from which each decision's particle filter replays the round.
  const start = inferred ? new RoundStart<GameState>(game, rules) : null;
  let events: readonly GameEvent[] = [];
  const filterRng = new Rng(null);
  const own = makeStrategy(policy, defs, rules);
  const bounds = new Float64Array(2);
  let chosenAmount = 0;
  // z corrected for the alternatives tried (Bonferroni): with k of them, each must clear the
  // one-sided tail of z divided by k, or among a dozen equal discards one would clear z by luck
  // at almost every decision. And the standard error is itself estimated from the n rollouts,
  // so the quantile is Student's t with n - 1 degrees of freedom, not the normal one (at n = 4
  // the normal let American Charleston passes change on luck in most hands). By the number of
  // alternatives, computed once.
  const zs: number[] = [];
  const tail = 1 - cumulativeStdNormalProbability(z);
  const quantile = (p: number): number => (n > 1 ? studentQuantile(p, n - 1) : probit(p));
  const threshold = (k: number): number => (zs[k] ??= z === 0 ? 0 : quantile(1 - tail / Math.max(1, k)));
  /** The threshold of the confirming rollouts: one alternative, confirm * n of them. */
  const confirmZ = confirm > 0 ? studentQuantile(1 - tail, Math.max(2, confirm * n) - 1) : 0;

  return {
    choose() {
      throw new Error('rollout plays only at a pongsim table (it searches from the table, not from a view)');
    },
    amount: () => chosenAmount,
    ...(start
      ? {
          watch(s: GameState, seen: readonly GameEvent[]) {
            start.see(s, seen.length);
            events = seen;
          },
        }
      : {}),
    search(s, seat, list, m, rng) {
      let c = ro.candidates(s, list, m);
      if (c === 1) {
        chosenAmount = ro.candX[0]!;
        return ro.candA[0]!;
      }
      if (start) {
        // The others' hidden hands as their play in the round makes likely (src/core/infer.ts),
        // or uniformly where no particle explains it. The filter's stream is drawn from the seat's.
        filterRng.seedFrom(rng.next(), rng.next(), rng.next());
        const history = start.history(events, events.length, seat);
        ro.dealer = inferDealing(game, rules, history, policy, defs, filterRng).dealer;
      }
      // The policy's own choice at the real table is the one to beat, and is played as it is at a
      // decision wider than `most`.
      const view = game.view(s, seat);
      const pa = own.choose(view, list, m, rng);
      const px = game.amountBounds?.(s, pa, bounds) ? own.amount!(view, pa, bounds[0]!, bounds[1]!, rng) : 0;
      if (most > 0 && m > most) {
        chosenAmount = px;
        return pa;
      }
      let p = 0;
      while (p < c && !(ro.candA[p] === pa && ro.candX[p] === px)) p++;
      if (p === c) c = ro.set(c, pa, px);
      ro.evaluate(s, seat, c, p, n, rng);
      // A sure gain the policy takes (a win declared: the same gain in every rollout) is not
      // traded for a gamble: the rollouts deal the opponents' hidden tiles at random, not as the
      // hands they have built, so playing on looks better than it is (Chinese-American, n = 16:
      // a discard win passed up for a self-draw in one hand of eight).
      if (ro.sure(p) > 0) {
        chosenAmount = px;
        return pa;
      }
      const zc = threshold(c - 1);
      let best = p,
        bestGain = 0;
      for (let j = 0; j < c; j++) {
        const gain = ro.gain(j);
        if (gain > bestGain && gain > zc * ro.se(j)) {
          best = j;
          bestGain = gain;
        }
      }
      if (best === p || z === 0 || confirm === 0) {
        chosenAmount = ro.candX[best]!;
        return ro.candA[best]!;
      }
      // The winner among many alternatives is picked on the same rollouts that measured it, so
      // its gain is biased up (the best of a dozen noisy estimates), and a paired difference that
      // is mostly zero with a few large values makes its standard error from n rollouts
      // unreliable: Chinese-American n = 16 departures from the policy so picked lost about a
      // point each, measured again on 300 fresh rollouts. So the pick is played only when
      // confirm * n fresh rollouts of the two alone confirm it, at the threshold for one
      // alternative (the whole bot against the best bot, Chinese-American n = 16, 1,000 hands at
      // seed 2026: +0.07 [-0.14, 0.28] points a hand, -0.28 [-0.70, 0.14] before). With z = 0 (or
      // confirm = 0) the pick is played as it stands.
      const a = ro.candA[best]!,
        x = ro.candX[best]!;
      ro.set(ro.set(0, pa, px), a, x);
      ro.evaluate(s, seat, 2, 0, confirm * n, rng);
      if (!(ro.gain(1) > confirmZ * ro.se(1))) {
        chosenAmount = px;
        return pa;
      }
      chosenAmount = x;
      return a;
    },
  };
}

/** The rollout bot of one game: its policies are the game's other strategies (`defs`, which
 * plug-ins extend), by default `reference`. */
export function rolloutDef(game: GameDef, defs: StrategyDef[], reference: string, infers: boolean): StrategyDef {
  return {
    name: 'rollout',
    game: game.id,
    doc: "flat Monte Carlo search: for each legal action (a few amounts for a bet), n rollouts to the end of the round or hand from determinizations of what its seat has seen, with `policy` in every seat; plays the best mean (deal=inferred, where advice infers by default: the hidden cards dealt as the others' play makes them likely)",
    params: [
      { name: 'n', doc: 'rollouts per action', default: 16, min: 1, max: 100000, integer: true },
      {
        name: 'z',
        doc: "how many standard errors of the paired difference an action must gain over the policy's own choice to be played instead, for one alternative (Bonferroni-corrected for more; 0: the best mean)",
        default: 1,
        min: 0,
        max: 10,
      },
      {
        name: 'confirm',
        doc: "fresh rollouts per rollout that must confirm a departure from the policy's choice, the two compared alone (0: no check)",
        default: CONFIRM,
        min: 0,
        max: 100,
        integer: true,
      },
      {
        name: 'most',
        doc: "search only decisions with at most this many legal actions, playing the policy's choice at wider ones (0: search every decision)",
        default: 0,
        min: 0,
        max: 1000,
        integer: true,
      },
    ],
    specParams: [{ name: 'policy', doc: 'the strategy every seat plays in the rollouts (any that does not search)', default: reference }],
    choiceParams: [
      {
        name: 'deal',
        doc: "how the rollouts deal the others' hidden hands: uniformly from the unseen, or inferred from their play in the round by the particle filter (as advise --deal inferred; only where advise infers by default)",
        values: ['uniform', 'inferred'],
        default: 'uniform',
      },
    ],
    check(_rules, spec) {
      if (spec.choices?.deal === 'inferred' && !infers)
        throw new InputError(
          `strategy rollout: deal=inferred is not offered in ${game.id}, only where advice infers by default: elsewhere the inferred dealing has not passed its calibration, and in mahjong the particle filter costs 1 to 2 s of CPU a decision; allowed: deal=uniform`,
        );
    },
    searches: true,
    make: (params, rules, spec) =>
      rolloutStrategy(
        game,
        defs,
        params.n ?? 16,
        params.z ?? 0,
        spec?.specs?.policy ?? parseSpec(reference, defs, game.id, rules),
        rules,
        params.confirm ?? CONFIRM,
        params.most ?? 0,
        spec?.choices?.deal === 'inferred',
      ),
  };
}
