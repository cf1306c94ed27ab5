// What the determinization tests of the three rulesets share (test/support/determinize.ts): the
// table's HiddenInfo, which a ruleset extends with what its seats know and where its tiles are,
// bots from strategy specs, and a tally of the situations a run of determinizations met.
import { expect } from 'vitest';
import { TERMINAL, type GameDef } from '../../../../src/core/game.js';
import { RoundStart } from '../../../../src/core/infer.js';
import { dealRng, Rng, SEATS as SEAT_STREAMS } from '../../../../src/core/rng.js';
import { makeStrategy, parseSpec, type Strategy, type StrategyDef, type StrategySpec } from '../../../../src/core/strategy.js';
import { Trace, type GameEvent } from '../../../../src/core/trace.js';
import { CHOW, PUNG } from '../../../../src/games/mahjong/table/melds.js';
import { TableView } from '../../../../src/games/mahjong/table/view.js';
import { CLAIM, OVER, SEATS, STRIDE, TURN, type TableState } from '../../../../src/games/mahjong/table/state.js';
import { KINDS } from '../../../../src/games/mahjong/tiles.js';
import { chiSquareTail, hiddenChiSquare, type HiddenInfo } from '../../../support/determinize.js';

/** How a ruleset adds to the table's HiddenInfo. */
export interface RulesetInfo<S extends TableState> {
  /** What the seat knows beyond the table's facts (plain data). */
  seen(s: S, seat: number): unknown;
  /** The tiles of `y`'s hand `seat` knows, by kind (null: none). */
  known(s: S, seat: number, y: number): ArrayLike<number> | null;
  /** The ruleset's own hidden places (their kinds, one place each), and its tiles outside hands and the wall. */
  places?(s: S, seat: number): number[];
  elsewhere?(s: S): number[];
  /** The rules set flowers aside: hidden flowers are all in the wall (the table's model), so
   * they are no hidden place's to test. */
  flowersAside: boolean;
}

const arr = (a: ArrayLike<number>): number[] => Array.from(a);
const seg = (a: ArrayLike<number>, at: number, n: number): number[] => Array.from({ length: n }, (_, i) => a[at + i]!);

/** The tiles of `y`'s hand that `seat` cannot see, by kind (all zero when the hand is kept whole). */
function unknownOf<S extends TableState>(s: S, seat: number, y: number, r: RulesetInfo<S>): number[] {
  if (y === seat || (s.phase === CLAIM && y === s.cur)) return new Array<number>(KINDS).fill(0);
  const k = r.known(s, seat, y);
  return Array.from({ length: KINDS }, (_, t) => s.hand[y * STRIDE + t]! - (k?.[t] ?? 0));
}

/** The table's HiddenInfo for a ruleset; `game` answers the legal actions of the seat to act. */
export function tableInfo<S extends TableState>(game: GameDef<S>, r: RulesetInfo<S>): HiddenInfo<S> {
  const legal = new Int16Array(4096);
  const hiddenGroups = (s: S, seat: number): { kinds: number[]; groups: number[] } => {
    const kinds: number[] = [];
    const groups: number[] = [];
    for (let y = 0; y < SEATS; y++) {
      const u = unknownOf(s, seat, y, r);
      const before = kinds.length;
      u.forEach((c, t) => {
        for (let i = 0; i < c; i++) kinds.push(t);
      });
      if (kinds.length > before) groups.push(kinds.length - before);
    }
    for (const t of r.places?.(s, seat) ?? []) {
      kinds.push(t);
      groups.push(1);
    }
    const w = s.wall;
    const wall = Array.from(w.tiles).filter((_, i) => w.undrawnAt(i));
    if (r.flowersAside) {
      // The wall as one bag of its non-flower tiles (the hands' accepted tiles are uniform over it).
      const bag = wall.filter((t) => t < s.asideFrom).sort((a, b) => a - b);
      kinds.push(...bag);
      if (bag.length > 0) groups.push(bag.length);
    } else {
      for (const t of wall) {
        kinds.push(t);
        groups.push(1);
      }
    }
    return { kinds, groups };
  };
  return {
    seen(s, seat) {
      const toAct = s.phase === OVER ? -1 : s.cur;
      const v = game.view(s, seat) as TableView;
      const sizes = Array.from({ length: SEATS }, (_, y) => seg(s.hand, y * STRIDE, KINDS).reduce((a, b) => a + b, 0));
      // Kept whole or in part, the tiles the seat knows in other hands are there.
      for (let y = 0; y < SEATS; y++) {
        const k = y === seat ? null : r.known(s, seat, y);
        if (k && !arr(k).every((c, t) => s.hand[y * STRIDE + t]! >= c))
          throw new Error(`seat ${seat} knows tiles in seat ${y}'s hand that are not there`);
      }
      return {
        toAct,
        phase: s.phase,
        session: [s.handNo, s.dealer, s.dealerPasses, s.dealerStreak, s.roundWind, s.dealerNetBefore],
        net: arr(s.net),
        wall: [s.wall.head, s.wall.tail, s.live()],
        seenTiles: arr(s.seen),
        perSeat: [s.flowers, s.discards, s.draws, s.claimed, s.meldN, s.openMelds, s.dead, s.temp].map(arr),
        masks: [s.dMask, s.pungs].map(arr),
        melds: [arr(s.meldType), arr(s.meldKind)],
        sizes,
        own: seg(s.hand, seat * STRIDE, KINDS),
        ownWaits: [s.waits[seat * 2], s.waits[seat * 2 + 1], s.shanten13[seat]],
        flags: [s.afterKong, s.afterFlower, s.fromClaim, s.anyCall, s.lastDiscard, s.discardAfterKong, s.restrictDiscards, s.robbing],
        offer: s.phase === CLAIM ? [s.claimTile, s.discarder] : null,
        drawn: s.phase === TURN && toAct === seat ? s.drawn : null,
        // The view as the seat reads it; its turn and claim facts where it is the one to act
        // (what it may discard, only on its turn: in a claim the view shows the discarder's).
        view: [
          arr(v.hand),
          arr(v.seen),
          arr(v.flowers),
          v.phase,
          v.meldN,
          v.openMelds,
          v.live,
          v.turn,
          v.seatWind,
          v.roundWind,
          v.dealer,
          Array.from({ length: SEATS }, (_, y) => v.openMeldsOf(y)),
          Array.from({ length: SEATS * KINDS }, (_, i) => v.discarded((i / KINDS) | 0, i % KINDS)),
        ],
        acting:
          toAct === seat ? [v.drawn, v.claimTile, v.discarder, v.robbing, v.winLegal, arr(legal.subarray(0, game.legal(s, legal)))] : null,
        discardable: toAct === seat && s.phase === TURN ? [v.discardable0, v.discardable1] : null,
        ruleset: r.seen(s, seat),
      };
    },
    inventory(s) {
      const undrawn = new Int16Array(KINDS);
      s.wall.countUndrawn(undrawn);
      const byKind = Array.from(undrawn);
      for (let i = 0; i < SEATS * STRIDE; i++) byKind[i % STRIDE]! += s.hand[i]!;
      for (const t of r.elsewhere?.(s) ?? []) byKind[t]!++;
      return byKind;
    },
    hidden: (s, seat) => hiddenGroups(s, seat).kinds,
    groups: (s, seat) => hiddenGroups(s, seat).groups,
  };
}

/** Bots for the seats from specs such as 'efficiency' or 'uper-always(open=1)'. */
export function bots(defs: StrategyDef[], game: string, rules: unknown, specs: string[]): Strategy[] {
  return specs.map((text) => {
    const spec = parseSpec(text, defs, game, rules);
    return defs.find((d) => d.name === spec.name)!.make(spec.params, rules);
  });
}

/**
 * Plays hand `index` of `game` with `policy` in every seat (the deal and the seats' streams of
 * `key`), the table keeping its record, and calls `at` before each decision: the table, the seat
 * to act, its number of legal actions, the record so far (the array the hand goes on filling)
 * and the round's start (its `history` is the seat's at the decision). `at` returning true ends
 * the hand there. Returns the record.
 */
export function botHand<S extends TableState, R>(
  game: GameDef<S, R>,
  rules: R,
  policy: StrategySpec,
  strategies: StrategyDef[],
  key: string,
  index: number,
  at: (s: S, seat: number, m: number, events: GameEvent[], start: RoundStart<S>) => boolean | void,
): GameEvent[] {
  const s = game.create(rules);
  const events: GameEvent[] = [];
  s.log = new Trace(null, events);
  game.deal(s, dealRng(key, 0, index));
  const seats = Array.from({ length: SEATS }, () => makeStrategy(policy, strategies, rules));
  const rngs = seats.map((_, k) => new Rng(null).reuse(key, 0, index, SEAT_STREAMS[k]!));
  const start = new RoundStart(game, rules);
  const legal = new Int16Array(game.maxActions(rules));
  for (let x = game.toAct(s); x !== TERMINAL; x = game.toAct(s)) {
    start.see(s, events.length);
    const m = game.legal(s, legal);
    if (at(s, x, m, events, start) === true) break;
    const a = seats[x]!.choose(game.view(s, x), legal, m, rngs[x]!);
    events.push(game.actionEvent(s, a, 0));
    game.apply(s, a, 0);
  }
  return events;
}

/** The game with its determinize tallying each state it is asked about (`tally` names what it saw). */
export function tallied<S extends TableState, R>(
  game: GameDef<S, R>,
  tally: (s: S, seat: number, add: (what: string) => void) => void,
): {
  game: GameDef<S, R>;
  counts: Map<string, number>;
} {
  const counts = new Map<string, number>();
  const add = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);
  const determinize = game.determinize!;
  return {
    counts,
    game: {
      ...game,
      determinize(s: S, seat: number, rng: Rng, out: S) {
        tally(s, seat, add);
        determinize(s, seat, rng, out);
      },
    },
  };
}

/** The table's situations: claims (offered to the seat, to another, a kong's tile), turns of another seat (after a hidden draw, after a claim), melds, flowers. */
export function tableTally(s: TableState, seat: number, add: (what: string) => void): void {
  if (s.phase === CLAIM) add(s.cur === seat ? 'claim offered to the seat' : 'claim offered to another');
  if (s.phase === CLAIM && s.robbing) add('kong tile on offer');
  if (s.phase === TURN && s.cur !== seat && s.drawn >= 0) add("another's turn after a hidden draw");
  if (s.phase === TURN && s.cur !== seat && s.drawn < 0) add("another's turn after a claim");
  for (let i = 0; i < SEATS * 4; i++) {
    if (i % 4 >= s.meldN[(i / 4) | 0]!) continue;
    const t = s.meldType[i]!;
    add(t === CHOW ? 'chow' : t === PUNG ? 'pung' : 'kong');
  }
  for (let y = 0; y < SEATS; y++) if (s.flowers[y]! > 0) add('flowers');
}

/** Plays seeded games (deal stream `${seed}/${g}`, seat streams `${seed}/${g}/${k}`) until `pick`
 * accepts a state at or after decision `from` of a game, and returns it. */
export function stateWhere<S extends TableState, R>(
  game: GameDef<S, R>,
  rules: R,
  strategies: Strategy[],
  seed: string,
  from: number,
  pick: (s: S) => boolean,
  games = 50,
): S {
  const s = game.create(rules);
  const legal = new Int16Array(game.maxActions(rules));
  for (let g = 0; g < games; g++) {
    game.deal(s, new Rng(`${seed}/${g}`));
    const rngs = strategies.map((_, k) => new Rng(`${seed}/${g}/${k}`));
    for (let step = 0, seat = game.toAct(s); seat !== TERMINAL; step++, seat = game.toAct(s)) {
      if (step >= from && pick(s)) return s;
      const n = game.legal(s, legal);
      game.apply(s, strategies[seat]!.choose(game.view(s, seat), legal, n, rngs[seat]!), 0);
    }
  }
  throw new Error('no such state');
}

/** Every situation named was met at least `min` times. */
export function expectMet(counts: Map<string, number>, names: string[], min = 1): void {
  for (const name of names) expect(counts.get(name) ?? 0, `${name} (met: ${JSON.stringify([...counts])})`).toBeGreaterThanOrEqual(min);
}

/** Chi-square of every hidden place (or group) at `s` for `seat`: each p-value above 0.001 over the number of places. */
export function expectUniform<S extends TableState, R>(
  game: GameDef<S, R>,
  rules: R,
  s: S,
  seat: number,
  info: HiddenInfo<S>,
  seed: string,
  draws = 2000,
): number {
  const { perPlace } = hiddenChiSquare({ game, rules, s, seat, info, draws, seed });
  const alpha = 0.001 / perPlace.length;
  perPlace.forEach(({ stat, df }, i) => {
    expect(chiSquareTail(stat, df), `place ${i} of ${perPlace.length}: chi-square ${stat.toFixed(1)} on ${df} df`).toBeGreaterThan(alpha);
  });
  return perPlace.length;
}
