import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../../../../src/core/game.js';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { parseSpec, type Strategy } from '../../../../src/core/strategy.js';
import { CARDS, month } from '../../../../src/games/hwatu/deck.js';
import { FACE_DOWN, FACE_DOWN_REDEALT, SHOWN } from '../../../../src/games/hwatu/wolnamppong/determinize.js';
import { wolnamppong, type WolnamState } from '../../../../src/games/hwatu/wolnamppong/game.js';
import { wolnamSchema, type WolnamRules } from '../../../../src/games/hwatu/wolnamppong/rules.js';
import { wolnamppongStrategies } from '../../../../strategies/wolnamppong/index.js';
import { chiSquareTail, determinizeTest, hiddenChiSquare, type HiddenInfo } from '../../../support/determinize.js';

const rules = (set: Partial<WolnamRules> = {}): WolnamRules => resolveRules(wolnamSchema, [{ where: 'test', values: set }]);

const strategies = (r: WolnamRules, names: string[]): Strategy[] =>
  names.map((name) => {
    const spec = parseSpec(name, wolnamppongStrategies, 'wolnamppong', r);
    return wolnamppongStrategies.find((d) => d.name === spec.name)!.make(spec.params, r);
  });
const SEATS = ['ev-threshold', 'fold', 'min-bet', 'counting', 'ev-threshold(t=0.3)', 'kelly'];

/** Seat q's turn in the cycle, from 0; at a decision the seats up to the one to act are dealt. */
const turnOf = (s: WolnamState, q: number): number => (q - s.dealer - 1 + 2 * s.n) % s.n;
const dealt = (s: WolnamState, q: number): boolean => turnOf(s, q) <= s.turn;
/** Seats other than `k` whose cards this cycle lie face down. */
const downSeats = (s: WolnamState, k: number): number[] =>
  [...Array(s.n).keys()].filter((q) => q !== k && dealt(s, q) && s.faceDown[q] !== SHOWN);
const handOf = (s: WolnamState, q: number): number[] => [s.hand[2 * q]!, s.hand[2 * q + 1]!];

/** Where each card lies for seat k, or -1 if k sees it: a face-down seat, or n for the pile. */
function places(s: WolnamState, k: number): number[] {
  const at = new Array<number>(CARDS).fill(-1);
  for (let i = s.deck.drawn; i < CARDS; i++) at[s.deck.cards[i]!] = s.n;
  for (const q of downSeats(s, k)) for (const c of handOf(s, q)) at[c] = q;
  return at;
}

/**
 * What the rules say of a face-down hand, written out from RULES.md (not from the engine's
 * functions): it was not settled before its holder decided. A redealt hand answers only to
 * the redeal rule, as the engine plays it. Null, or what is wrong.
 */
function handError(s: WolnamState, q: number): string | null {
  const r = s.r;
  const [a, b] = handOf(s, q).map(month) as [number, number];
  const lo = Math.min(a, b),
    hi = Math.max(a, b);
  if (s.faceDown[q] === FACE_DOWN) {
    if (r.deathByRain && hi === 12) return `seat ${q} holds Rain face down`;
    if (r.pairRule === 'winFixed' && lo === hi) return `seat ${q} holds a pair face down`;
    if (r.consecutiveRule === 'autoLoseNoBet' && hi - lo === 1) return `seat ${q} holds consecutive months face down`;
  }
  if (r.consecutiveRule === 'redeal' && hi - lo === 1) {
    const left = CARDS - s.deck.cards.indexOf(s.hand[2 * q]!) - 2;
    if (left >= 3 + 3 * (s.n - turnOf(s, q) - 1)) return `seat ${q} kept consecutive months it could have laid aside`;
  }
  return null;
}

/** What a seat knows (see determinize.ts), as plain data. */
const info: HiddenInfo<WolnamState> = {
  seen(s, k) {
    const v = wolnamppong.view(s, k);
    const at = places(s, k);
    return {
      view: [v.pot, v.bankroll, v.minBet, v.maxBet, v.cycle, Array.from(v.seen), k === s.toAct ? [v.lo, v.hi] : null],
      hand: dealt(s, k) ? handOf(s, k) : null,
      // The cards dealt this cycle in order, the face-down ones as -1.
      dealt: Array.from(s.deck.cards.subarray(0, s.deck.drawn), (c) => (at[c] === -1 ? c : -1)),
      faceDown: [...Array(s.n).keys()].map((q) => (dealt(s, q) ? s.faceDown[q] : null)),
      table: [
        s.pot,
        s.cycle,
        s.turn,
        s.dealer,
        s.toAct,
        s.cap,
        s.rotatePending,
        s.anteCycle,
        s.decisions,
        s.posts,
        s.empties,
        s.dealsToEmpty,
      ],
      records: [s.bankroll, s.bets, s.betChips, s.ados, s.wins].map((x) => Array.from(x)),
    };
  },
  inventory(s) {
    if ([...s.deck.cards].sort((x, y) => x - y).some((c, i) => c !== i)) return 'the deck is not the 48 cards';
    for (let q = 0; q < s.n; q++) {
      if (!dealt(s, q)) continue;
      const i = s.deck.cards.indexOf(s.hand[2 * q]!);
      if (i + 1 >= s.deck.drawn || s.deck.cards[i + 1] !== s.hand[2 * q + 1]) return `seat ${q}'s hand is not two cards dealt in turn`;
      const err = s.faceDown[q] === SHOWN ? null : handError(s, q);
      if (err) return err;
    }
    return 'every card once, every hand dealt, every face-down hand as the rules allow';
  },
  // A place is an unseen card (in id order) and its kind where it lies: a face-down seat, or n
  // for the pile. Under a uniform deal card c lies in a place of h cards with chance h / unseen.
  hidden: (s, k) => places(s, k).filter((x) => x >= 0),
  twin(s, k, rng, out) {
    wolnamppong.copy!(s, out);
    const at = places(s, k);
    const free = [...Array(CARDS).keys()].filter((c) => at[c]! >= 0);
    const a = free[rng.int(free.length)]!;
    const elsewhere = free.filter((c) => at[c] !== at[a]);
    if (elsewhere.length) {
      const b = elsewhere[rng.int(elsewhere.length)]!;
      swapCards(out, a, b);
      if (downSeats(out, k).some((q) => handError(out, q))) swapCards(out, a, b);
    }
    // Seats not yet dealt this cycle hold anything.
    for (let q = 0; q < out.n; q++) if (!dealt(out, q)) out.hand[2 * q] = out.hand[2 * q + 1] = rng.int(CARDS);
  },
};

/** Swaps two cards of the deck, and of the hands that hold them; keeps the acting hand's months. */
function swapCards(s: WolnamState, a: number, b: number): void {
  const { cards } = s.deck;
  const pa = cards.indexOf(a),
    pb = cards.indexOf(b);
  cards[pa] = b;
  cards[pb] = a;
  for (let i = 0; i < 2 * s.n; i++) {
    if (!dealt(s, i >> 1)) continue;
    if (s.hand[i] === a) s.hand[i] = b;
    else if (s.hand[i] === b) s.hand[i] = a;
  }
  if (s.toAct >= 0) {
    const [x, y] = handOf(s, s.toAct).map(month) as [number, number];
    s.lo = Math.min(x, y);
    s.hi = Math.max(x, y);
  }
}

const legalBuf = new Int16Array(8);
const legalOf = (s: WolnamState): number[] => Array.from(legalBuf.subarray(0, wolnamppong.legal(s, legalBuf)));

/** The game with its determinize checked for what the driver cannot know (the seat to act
 * keeps its legal actions; the true state and the determinization both keep every face-down
 * hand as the rules allow), and the hands it deals anew counted. */
function watched() {
  const seen = { calls: 0, down: 0, redealt: 0, othersToAct: 0 };
  const game = {
    ...wolnamppong,
    determinize(s: WolnamState, seat: number, rng: Rng, out: WolnamState) {
      wolnamppong.determinize!(s, seat, rng, out);
      seen.calls++;
      // Plain checks, not expect(): this runs at every decision of thousands of games.
      if (seat === s.toAct) {
        if (legalOf(out).join() !== legalOf(s).join())
          throw new Error(`the seat to act may play ${legalOf(out)} in a determinization, ${legalOf(s)} in truth`);
      } else seen.othersToAct++;
      for (const q of downSeats(s, seat)) {
        seen.down++;
        if (s.faceDown[q] === FACE_DOWN_REDEALT) seen.redealt++;
        const wrong = handError(s, q) ?? handError(out, q);
        if (wrong) throw new Error(`seat ${q}'s face-down hand: ${wrong}`);
      }
    },
  };
  return { game, seen };
}

describe('Wolnamppong determinization', () => {
  const cases: [string, Partial<WolnamRules>, number, (seen: ReturnType<typeof watched>['seen']) => void][] = [
    ['the defaults', {}, 24, (seen) => expect(seen.down).toBeGreaterThan(2000)],
    [
      'death by Rain, the deal moving round',
      { deathByRain: true, dealerRotation: 'rightEachCycle' },
      24,
      (seen) => expect(seen.down).toBeGreaterThan(2000),
    ],
    ['In Between', wolnamSchema.presets['in-between']!.set as Partial<WolnamRules>, 24, (seen) => expect(seen.down).toBeGreaterThan(2000)],
    [
      '10 players, consecutive months redealt',
      { players: 10, consecutiveRule: 'redeal' },
      12,
      (seen) => expect(seen.redealt).toBeGreaterThan(1000),
    ],
    [
      'fixed pair wins, consecutive months pay, end-of-cycle re-ante, bankroll cap',
      { pairRule: 'winFixed', consecutiveRule: 'autoLoseNoBet', reanteOnEmptyPot: 'endOfCycle', bankrollCap: true, bankroll: 8 },
      24,
      (seen) => expect(seen.down).toBeGreaterThan(2000),
    ],
    [
      '16 players, death by Rain and redeals',
      { players: 16, deathByRain: true, consecutiveRule: 'redeal' },
      4,
      (seen) => expect(seen.redealt).toBeGreaterThan(1000),
    ],
  ];
  for (const [name, set, games, enough] of cases) {
    it(`agrees with what each seat has seen and reads nothing else (${name})`, () => {
      const r = rules({ cycles: 4, ...set });
      const { game, seen } = watched();
      const names = Array.from({ length: r.players }, (_, k) => SEATS[k % SEATS.length]!);
      const { checked } = determinizeTest({ game, rules: r, strategies: strategies(r, names), info, games, seed: `det-${name}`, every: 2 });
      expect(checked).toBeGreaterThan(500);
      expect(seen.othersToAct).toBeGreaterThan(0);
      enough(seen);
    });
  }

  /** The first decision of seeded games at which `pick` gives a seat to determinize for. */
  function position(r: WolnamRules, seed: string, pick: (s: WolnamState) => number): { s: WolnamState; seat: number } {
    const s = wolnamppong.create(r);
    const strats = strategies(
      r,
      Array.from({ length: r.players }, (_, k) => SEATS[k % SEATS.length]!),
    );
    const bounds = new Float64Array(2);
    for (let g = 0; g < 20; g++) {
      wolnamppong.deal(s, new Rng(`${seed}/${g}/deal`));
      const rng = new Rng(`${seed}/${g}/play`);
      while (wolnamppong.toAct(s) !== TERMINAL) {
        const seat = pick(s);
        if (seat >= 0) return { s, seat };
        const legal = legalOf(s),
          st = strats[s.toAct]!,
          v = wolnamppong.view(s, s.toAct);
        const a = st.choose(v, Int16Array.from(legal), legal.length, rng);
        wolnamppong.amountBounds!(s, a, bounds);
        wolnamppong.apply(s, a, a === legal[0] ? 0 : st.amount!(v, a, bounds[0]!, bounds[1]!, rng));
      }
    }
    throw new Error(`no position found in ${seed}`);
  }

  it('deals every unseen card to every hidden place in proportion to its size', () => {
    const r = rules();
    const cases = [
      position(r, 'chi-a', (s) => (downSeats(s, s.toAct).length >= 3 ? s.toAct : -1)),
      position(r, 'chi-b', (s) => (downSeats(s, s.dealer).length >= 3 ? s.dealer : -1)),
    ];
    for (const [i, { s, seat }] of cases.entries()) {
      const { perPlace } = hiddenChiSquare({ game: wolnamppong, rules: r, s, seat, info, draws: 4000, seed: `chi-${i}` });
      expect(perPlace.length).toBeGreaterThan(30);
      for (const { stat, df } of perPlace) {
        expect(df).toBeGreaterThanOrEqual(3);
        expect(chiSquareTail(stat, df)).toBeGreaterThan(0.001 / perPlace.length);
      }
    }
  });

  it('under Death by Rain deals the Rain cards to the pile and the rest uniformly', () => {
    const r = rules({ deathByRain: true });
    const { s, seat } = position(r, 'chi-rain', (st) => (downSeats(st, st.toAct).length >= 3 ? st.toAct : -1));
    // A face-down hand holds no Rain card, so the other cards fill the face-down hands
    // uniformly: card c lies in a hand with chance 2 / (unseen cards other than Rain).
    const rainless: HiddenInfo<WolnamState> = { ...info, hidden: (st, k) => places(st, k).filter((x, c) => x >= 0 && month(c) !== 12) };
    const { perPlace } = hiddenChiSquare({ game: wolnamppong, rules: r, s, seat, info: rainless, draws: 4000, seed: 'chi-rain' });
    expect(perPlace.length).toBeGreaterThan(30);
    for (const { stat, df } of perPlace) expect(chiSquareTail(stat, df)).toBeGreaterThan(0.001 / perPlace.length);
    const out = wolnamppong.create(r);
    for (let i = 0; i < 200; i++) {
      wolnamppong.determinize!(s, seat, new Rng(`rain/${i}`), out);
      for (let c = 44; c < CARDS; c++) if (places(s, seat)[c]! >= 0) expect(places(out, seat)[c]).toBe(s.n);
    }
  });

  it("a determinization that keeps an opponent's true hand fails the checks", () => {
    const r = rules({ cycles: 4 });
    // Deals the unseen cards anew, then puts a face-down opponent's true cards back.
    const leaky = {
      ...wolnamppong,
      determinize(s: WolnamState, seat: number, rng: Rng, out: WolnamState) {
        wolnamppong.determinize!(s, seat, rng, out);
        const q = downSeats(s, seat)[0];
        if (q === undefined) return;
        handOf(s, q).forEach((c, i) => swapCards(out, c, out.hand[2 * q + i]!));
      },
    };
    const names = Array.from({ length: r.players }, (_, k) => SEATS[k % SEATS.length]!);
    expect(() =>
      determinizeTest({ game: leaky, rules: r, strategies: strategies(r, names), info, games: 4, seed: 'leak', every: 2 }),
    ).toThrow(/reads what the seat cannot see \(.*from the twin\)/);
    const { s, seat } = position(r, 'leak-chi', (st) => (downSeats(st, st.toAct).length >= 3 ? st.toAct : -1));
    const { perPlace } = hiddenChiSquare({ game: leaky, rules: r, s, seat, info, draws: 2000, seed: 'leak-chi' });
    expect(perPlace.some(({ stat, df }) => chiSquareTail(stat, df) < 1e-9)).toBe(true);
  });

  it('round is the deal cycle', () => {
    const r = rules({ cycles: 3, players: 3 });
    const s = wolnamppong.create(r);
    wolnamppong.deal(s, new Rng('round'));
    const rounds: number[] = [];
    while (wolnamppong.toAct(s) !== TERMINAL) {
      const round = wolnamppong.round!(s);
      if (round !== rounds.at(-1)) expect(s.turn).toBe(0);
      rounds.push(round);
      wolnamppong.apply(s, legalOf(s)[0]!, 0);
    }
    expect(rounds).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2]);
  });
});
