// The inference of Nylon-ppong's hidden hands (src/games/hwatu/nylonppong/infer.ts): at decisions
// of seeded games of the reference bot, the filter runs with finite weights, every particle holds
// only what the play allows (no card seen elsewhere, the cards each seat put on the discard pile
// in its hand when it did), and the inferred dealing keeps every public fact of the table.
import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../../../../src/core/game.js';
import {
  EPSILON,
  inferDealing,
  InferredDealer,
  ParticleFilter,
  RoundStart,
  STEP_MOVES,
  type RoundHistory,
  type Tracker,
} from '../../../../src/core/infer.js';
import { Rng } from '../../../../src/core/rng.js';
import { makeStrategy, parseSpec } from '../../../../src/core/strategy.js';
import { Trace, type GameEvent } from '../../../../src/core/trace.js';
import { CARDS, parseCard } from '../../../../src/games/hwatu/deck.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import { DISCARDED, IN_PILE, type NylonState } from '../../../../src/games/hwatu/nylonppong/state.js';
import { nylonppongStrategies } from '../../../../strategies/nylonppong/index.js';
import { clearHand } from '../../../../src/games/hwatu/nylonppong/determinize.js';
import { comboAfterDraw } from '../../../../src/games/hwatu/nylonppong/round.js';
import { SoftPolicy } from '../../../../src/core/infer.js';
import { studentTailInverse } from '../../../../src/stats/distributions.js';
import { conservationError } from './conservation.js';
import { rig, rules as rulesOf, ZeroRng } from './rig.js';

const rules = rulesOf({ rounds: 2 });
const policy = parseSpec('basic', nylonppongStrategies, 'nylonppong', rules);

interface Decision {
  s: NylonState;
  seat: number;
  dealer: InferredDealer<NylonState>;
  ess: number;
}

/** Game `index` of four reference bots, the filter (48 particles) run at every `every`-th
 * decision with a choice; the decisions it ran at. */
function decisions(index: number, every: number): Decision[] {
  const game = nylonppong;
  const s = game.create(rules);
  const events: GameEvent[] = [];
  s.log = new Trace(null, events);
  game.deal(s, new Rng(`nyl-infer/${index}`));
  const bots = Array.from({ length: s.n }, () => makeStrategy(policy, nylonppongStrategies, rules));
  const rng = new Rng(`nyl-infer/${index}/bots`);
  const start = new RoundStart(game, rules);
  const legal = new Int16Array(game.maxActions(rules));
  const out: Decision[] = [];
  let k = 0;
  for (let x = game.toAct(s); x !== TERMINAL; x = game.toAct(s)) {
    start.see(s, events.length);
    const m = game.legal(s, legal);
    if (m > 1 && k++ % every === every - 1) {
      const d = inferDealing(
        game,
        rules,
        start.history(events, events.length, x),
        policy,
        nylonppongStrategies,
        new Rng(`nyl-infer/${index}/f`),
        48,
      );
      expect(d.uniform).toBeNull();
      const now = game.create(rules);
      game.copy(s, now);
      out.push({ s: now, seat: x, dealer: d.dealer as InferredDealer<NylonState>, ess: d.report!.ess });
    }
    const a = bots[x]!.choose(game.view(s, x), legal, m, rng);
    events.push(game.actionEvent(s, a, 0));
    game.apply(s, a, 0);
  }
  return out;
}

const cards = (s: NylonState, owner: number): number[] => [...Array(CARDS).keys()].filter((c) => s.owner[c] === owner);

describe('Nylon-ppong inference', () => {
  const found = [0, 1, 2].flatMap((i) => decisions(i, 5));

  it('runs with finite weights at decisions of the reference bot', () => {
    expect(found.length).toBeGreaterThan(10);
    for (const d of found) {
      expect(Number.isFinite(d.ess)).toBe(true);
      expect(d.ess).toBeGreaterThan(0);
    }
  });

  it('holds in every particle only what the play allows', () => {
    for (const { s, seat, dealer } of found) {
      const { filter } = dealer;
      for (let i = 0; i < filter.count; i++) {
        const p = filter.particle(i);
        expect(conservationError(p)).toBeNull();
        // The discard pile card by card, the seat's own hand, every hand's size and the pile's.
        expect(Array.from(p.discards.subarray(0, p.discardLen))).toEqual(Array.from(s.discards.subarray(0, s.discardLen)));
        expect(cards(p, seat)).toEqual(cards(s, seat));
        expect(Array.from(p.size)).toEqual(Array.from(s.size));
        expect(p.deck.left).toBe(s.deck.left);
        expect(nylonppong.toAct(p)).toBe(seat);
        expect(p.phase).toBe(s.phase);
      }
    }
  });

  it("deals rollouts that keep the table's public facts and play to the end", () => {
    const rng = new Rng('nyl-infer/deal');
    const legal = new Int16Array(nylonppong.maxActions(rules));
    for (const [i, { s, seat, dealer }] of found.entries()) {
      const out = nylonppong.create(rules);
      dealer.determinize(s, seat, rng, out, i);
      expect(conservationError(out)).toBeNull();
      expect(cards(out, DISCARDED)).toEqual(cards(s, DISCARDED));
      expect(cards(out, seat)).toEqual(cards(s, seat));
      expect(Array.from(out.size)).toEqual(Array.from(s.size));
      expect(cards(out, IN_PILE).length).toBe(s.deck.left);
      expect([out.phase, out.cur, out.topMonth, out.topOwner, out.turns]).toEqual([s.phase, s.cur, s.topMonth, s.topOwner, s.turns]);
      expect(Array.from(out.total)).toEqual(Array.from(s.total));
      // The hidden hands are a particle's.
      const held = (q: number) => cards(out, q).join();
      const fromParticle = [...Array(dealer.filter.count).keys()].some((i) =>
        [...Array(s.n).keys()].every((q) => held(q) === cards(dealer.filter.particle(i), q).join()),
      );
      expect(fromParticle).toBe(true);
      const bot = makeStrategy(policy, nylonppongStrategies, rules);
      for (let x = nylonppong.toAct(out); x !== TERMINAL; x = nylonppong.toAct(out)) {
        const m = nylonppong.legal(out, legal);
        nylonppong.apply(out, bot.choose(nylonppong.view(out, x), legal, m, rng), 0);
      }
    }
  });
});

// A small position where the posterior can be summed exactly: three players, two cards each, a
// pile of seven. Seat 1 has drawn; the bots play a turn round until seat 0 decides again.
const small = { players: 3 };
const smallRules = rulesOf(small);
const smallPolicy = parseSpec('basic', nylonppongStrategies, 'nylonppong', smallRules);

/** What seat 0 sees of an event: another seat's draw without its card, and nothing of a draw
 * chosen over a stop or a ppong (every turn starts with that choice at a real table). */
const publicOf = (events: readonly GameEvent[]): string[] =>
  events
    .filter((e) => e.type !== 'play_on')
    .map((e) => JSON.stringify(e.type === 'draw' && e.seat !== 0 ? { type: 'draw', seat: e.seat } : e));

function smallHistory() {
  const s = rig(small, { hands: ['9a 11a', '10a 10b', '7a 12a'], draws: '5a 8a 1a 11b 2a 6a', rest: 'discards', turn: 1 });
  const events: GameEvent[] = [];
  s.log = new Trace(null, events);
  const start = new RoundStart(nylonppong, smallRules);
  const bot = makeStrategy(smallPolicy, nylonppongStrategies, smallRules);
  const legal = new Int16Array(nylonppong.maxActions(smallRules));
  for (let x = nylonppong.toAct(s); ; x = nylonppong.toAct(s)) {
    if (x === TERMINAL) throw new Error(`the round ended: ${events.map((e) => JSON.stringify(e)).join(' ')}`);
    start.see(s, events.length);
    if (x === 0) break;
    const a = bot.choose(nylonppong.view(s, x), legal, nylonppong.legal(s, legal), new Rng('unused'));
    events.push(nylonppong.actionEvent(s, a, 0));
    nylonppong.apply(s, a, 0);
  }
  return { s, history: start.history(events, events.length, 0) };
}

/**
 * The exact posterior of where each card lies at seat 0's decision, seat 1 and seat 2: every deal
 * of the cards seat 0 cannot see (their hands at the first decision, the order of their draws)
 * alike a priori, each weighed by the softened policy's probability of the play it saw. The play
 * of a deal is found by trying every legal action at each decision and keeping the one whose
 * events seat 0 would see as the record shows them.
 */
function exactPosterior(first: NylonState, events: readonly GameEvent[]): Float64Array {
  const game = nylonppong;
  const soft = new SoftPolicy(game, smallRules, smallPolicy, nylonppongStrategies);
  const record = publicOf(events);
  const draws = events.filter((e) => e.type === 'draw');
  const own = new Set(draws.filter((e) => e.seat === 0).map((e) => parseCard(e.card as string)));
  const unseen = [...Array(CARDS).keys()].filter((c) => first.owner[c] !== DISCARDED && first.owner[c] !== 0 && !own.has(c));
  const h1 = first.size[1]!,
    h2 = first.size[2]!,
    d = draws.filter((e) => e.seat !== 0).length;
  const out = new Float64Array(3 * CARDS);
  let total = 0;
  const st = game.create(smallRules),
    tmp = game.create(smallRules);
  const legal = new Int16Array(game.maxActions(smallRules));
  const rng = new Rng('exact');
  const one = Int16Array.of(0);
  const play = (hand1: number[], hand2: number[], order: number[], spare: number[]) => {
    game.copy(first, st);
    for (const c of [...hand1, ...hand2, ...order, ...spare]) st.owner[c] = IN_PILE;
    clearHand(st, 1);
    clearHand(st, 2);
    for (const c of hand1) st.addCard(1, c);
    for (const c of hand2) st.addCard(2, c);
    let k = 0;
    const pile = draws.map((e) => (e.seat === 0 ? parseCard(e.card as string) : order[k++]!));
    st.deck.cards.set([...pile, ...spare], st.deck.drawn);
    st.drawn = hand1[0]!;
    st.combo = comboAfterDraw(st, 1);
    st.rng = new ZeroRng();
    let w = 1,
      at = 0;
    while (at < record.length) {
      const x = game.toAct(st);
      const m = game.legal(st, legal);
      let next = -1;
      for (let i = 0; i < m && next < 0; i++) {
        game.copy(st, tmp);
        const seen: GameEvent[] = [game.actionEvent(tmp, legal[i]!, 0)];
        tmp.log = new Trace(null, seen);
        tmp.rng = new ZeroRng();
        tmp.deck.cards.set(st.deck.cards);
        game.apply(tmp, legal[i]!, 0);
        const got = publicOf(seen);
        if (got.every((e, j) => record[at + j] === e)) next = legal[i]!;
      }
      if (next < 0) return;
      if (x !== 0) {
        one[0] = next;
        w *= soft.probability(st, x, one, 1, 0, rng);
      }
      const seen: GameEvent[] = [game.actionEvent(st, next, 0)];
      st.log = new Trace(null, seen);
      game.apply(st, next, 0);
      at += publicOf(seen).length;
    }
    if (game.toAct(st) !== 0) return;
    total += w;
    for (let c = 0; c < CARDS; c++) if (st.owner[c]! >= 0 && st.owner[c]! < 3) out[st.owner[c]! * CARDS + c]! += w;
  };
  const subsets = (from: number[], k: number): number[][] =>
    k === 0 ? [[]] : from.flatMap((c, i) => subsets(from.slice(i + 1), k - 1).map((r) => [c, ...r]));
  const orders = (from: number[], k: number): number[][] =>
    k === 0
      ? [[]]
      : from.flatMap((c) =>
          orders(
            from.filter((x) => x !== c),
            k - 1,
          ).map((r) => [c, ...r]),
        );
  for (const a of subsets(unseen, h1)) {
    const r1 = unseen.filter((c) => !a.includes(c));
    for (const b of subsets(r1, h2)) {
      const r2 = r1.filter((c) => !b.includes(c));
      for (const o of orders(r2, d))
        play(
          a,
          b,
          o,
          r2.filter((c) => !o.includes(c)),
        );
    }
  }
  return out.map((x) => x / total);
}

describe('Nylon-ppong inference, the order of copies', () => {
  it('follows a seat that put a higher copy of a month down before a lower one', () => {
    // The engine discards a month's lowest copy held, so the lower one came to that seat after.
    // At the 46th decision with a choice of this seeded game of the reference bot, every one of
    // 256 particles died of it (they held the lower copy too early) before the proposal knew.
    const game = nylonppong;
    const full = rulesOf({ rounds: 5 });
    const legal = new Int16Array(game.maxActions(full));
    const s = game.create(full);
    const events: GameEvent[] = [];
    s.log = new Trace(null, events);
    game.deal(s, new Rng('time/2'));
    const bots = Array.from({ length: s.n }, () => makeStrategy(policy, nylonppongStrategies, full));
    const rng = new Rng('time/2/b');
    const start = new RoundStart(game, full);
    let k = 0;
    for (let x = game.toAct(s); ; x = game.toAct(s)) {
      start.see(s, events.length);
      const m = game.legal(s, legal);
      if (m > 1 && ++k === 46) {
        const h = start.history(events, events.length, x);
        // Seat 1 discards 9b and 9a later; seat 2 8b and 8a.
        const shown = (q: number) => h.events.filter((e) => e.type === 'discard' && e.seat === q).map((e) => e.card);
        expect(shown(1).indexOf('9a')).toBeGreaterThan(shown(1).indexOf('9b'));
        expect(shown(1).indexOf('9b')).toBeGreaterThanOrEqual(0);
        expect(shown(2).indexOf('8a')).toBeGreaterThan(shown(2).indexOf('8b'));
        expect(shown(2).indexOf('8b')).toBeGreaterThanOrEqual(0);
        const d = inferDealing(game, full, h, policy, nylonppongStrategies, new Rng('time/2/46'));
        expect(d.uniform).toBeNull();
        break;
      }
      const a = bots[x]!.choose(game.view(s, x), legal, m, rng);
      events.push(game.actionEvent(s, a, 0));
      game.apply(s, a, 0);
    }
  });
});

describe('Nylon-ppong inference, where it cannot follow', () => {
  it('falls back to uniform with why across a reshuffle', () => {
    const { history } = smallHistory();
    const events = [...history.events, { type: 'reshuffle', cards: 30 }];
    const d = inferDealing(nylonppong, smallRules, { ...history, events }, smallPolicy, nylonppongStrategies, new Rng('nyl-reshuffle'), 16);
    expect(d.uniform).toBe('a reshuffle puts discards back into the pile, which the inference does not follow: the dealing stays uniform');
  });
});

describe('Nylon-ppong inference, from what the seat saw only', () => {
  it('deals the same particles whatever the hands the seat never saw held', () => {
    const { history } = smallHistory();
    const particles = (first: NylonState) => {
      const d = inferDealing(nylonppong, smallRules, { ...history, first }, smallPolicy, nylonppongStrategies, new Rng('nyl-blind'), 32);
      const { filter } = d.dealer as InferredDealer<NylonState>;
      return [...Array(filter.count).keys()].map((i) => Array.from(filter.particle(i).owner).join());
    };
    // Seat 1's 10a and seat 2's 7a trade places: neither is ever shown.
    const swapped = nylonppong.create(smallRules);
    nylonppong.copy(history.first, swapped);
    const [a, b] = [parseCard('10a'), parseCard('7a')];
    expect([swapped.owner[a], swapped.owner[b]]).toEqual([1, 2]);
    swapped.owner[a] = 2;
    swapped.owner[b] = 1;
    for (const q of [1, 2]) {
      const held = cards(swapped, q);
      clearHand(swapped, q);
      for (const c of held) swapped.addCard(q, c);
    }
    expect(particles(swapped)).toEqual(particles(history.first));
  });
});

describe('Nylon-ppong inference, exactly', () => {
  it('matches the exact posterior of a small position, where the uniform dealing does not', () => {
    const { s, history } = smallHistory();
    const exact = exactPosterior(history.first, history.events);
    // Independent runs of the filter: each card's share of the particles that hold it in seat 1's
    // or seat 2's hand, its mean over the runs against the exact posterior by a t test, the
    // family of cards held with a probability strictly between 0 and 1 at level 0.01 together
    // (Bonferroni). A card the exact posterior rules out is never held.
    const runs = 12,
      particles = 384;
    const shares = Array.from({ length: runs }, (_, r) => {
      // 8 moves a particle at the decision rather than 24: a kernel that moved the posterior
      // would show at 8 too, at a third of the cost. One filter of 384, not advice's groups
      // (GROUPS), whose few particles each bias a share by their own finite count (at 8 groups
      // of 48 here, card 4 in seat 1: 0.038 against 0.032), which this test's power would show.
      const d = inferDealing(
        nylonppong,
        smallRules,
        history,
        smallPolicy,
        nylonppongStrategies,
        new Rng(`nyl-exact/${r}`),
        particles,
        EPSILON,
        8,
        STEP_MOVES,
        1,
      );
      expect(d.uniform).toBeNull();
      const { filter } = d.dealer as InferredDealer<NylonState>;
      const share = new Float64Array(3 * CARDS);
      for (let i = 0; i < particles; i++) {
        const p = filter.particle(i);
        for (let c = 0; c < CARDS; c++) if (p.owner[c] === 1 || p.owner[c] === 2) share[p.owner[c]! * CARDS + c]! += 1 / particles;
      }
      return share;
    });
    const open = [...Array(3 * CARDS).keys()].filter((j) => j >= CARDS && exact[j]! > 1e-12 && exact[j]! < 1 - 1e-12);
    const critical = studentTailInverse(0.01 / open.length, runs - 1);
    for (let j = CARDS; j < 3 * CARDS; j++) {
      const xs = shares.map((sh) => sh[j]!);
      const mean = xs.reduce((a, b) => a + b, 0) / runs;
      if (!open.includes(j)) {
        expect(mean).toBe(exact[j]! > 0.5 ? 1 : 0);
        continue;
      }
      const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (runs - 1));
      expect(Math.abs(mean - exact[j]!), `card ${j % CARDS} in seat ${Math.floor(j / CARDS)}`).toBeLessThanOrEqual(
        (critical * sd) / Math.sqrt(runs),
      );
    }
    // The play says much: a uniform dealing (each card unseen at the decision alike in a hand)
    // is far from the exact posterior.
    const unseen = [...Array(CARDS).keys()].filter((c) => s.owner[c] !== DISCARDED && s.owner[c] !== 0);
    const far = Math.max(...[1, 2].flatMap((q) => unseen.map((c) => Math.abs(exact[q * CARDS + c]! - s.size[q]! / unseen.length))));
    expect(far).toBeGreaterThan(0.3);
  });
});

/** The softened policy, counting the others' decisions it weighs and those where its own choice
 * departs from the one the record shows, while `counting`. */
class Counting extends SoftPolicy {
  counting = false;
  made = 0;
  departed = 0;

  override probability(s: NylonState, x: number, allowed: ArrayLike<number>, k: number, amount: number, rng: Rng): number {
    const p = super.probability(s, x, allowed, k, amount, rng);
    if (this.counting) {
      this.made++;
      if (!Array.from(allowed).slice(0, k).includes(this.choice)) this.departed++;
    }
    return p;
  }
}

describe('Nylon-ppong inference, moved', () => {
  it("moves the particles to hands that explain the others' play", () => {
    const game = nylonppong;
    const rules = rulesOf({ rounds: 5 });
    const legal = new Int16Array(game.maxActions(rules));
    /** A late decision (the round's 30th event or later) of a seeded game of the reference bot. */
    const late = (seed: string): RoundHistory<NylonState> => {
      const s = game.create(rules);
      const events: GameEvent[] = [];
      s.log = new Trace(null, events);
      game.deal(s, new Rng(seed));
      const bot = makeStrategy(policy, nylonppongStrategies, rules);
      const rng = new Rng(`${seed}/bots`);
      const start = new RoundStart(game, rules);
      for (let x = game.toAct(s); x !== TERMINAL; x = game.toAct(s)) {
        start.see(s, events.length);
        const m = game.legal(s, legal);
        if (m > 1 && events.length - start.at >= 30) return start.history(events, events.length, x);
        const a = bot.choose(game.view(s, x), legal, m, rng);
        events.push(game.actionEvent(s, a, 0));
        game.apply(s, a, 0);
      }
      throw new Error(`no late decision in game ${seed}`);
    };
    // Each particle's round played again (a move of none): the share of the others' decisions its
    // hands explain only by the softened policy's departure (the true hands: none).
    const departed = (h: RoundHistory<NylonState>, moves: number, seed: string): number => {
      const soft = new Counting(game, rules, policy, nylonppongStrategies);
      const tracker = game.infer!.tracker(h, rules, soft) as Tracker<NylonState>;
      const filter = new ParticleFilter(game, rules, 64, moves, moves ? STEP_MOVES : 0);
      expect(filter.run(h, tracker, new Rng(`nyl-moved/filter${seed}`))).toBe(true);
      soft.counting = true;
      for (let i = 0; i < filter.count; i++) tracker.rejuvenate!(filter.particle(i), i, 0, new Rng('nyl-moved/replay'));
      return soft.departed / soft.made;
    };
    // Three games; moved, four filter seeds each: a chain of moves may stay stuck (here 0.01 to
    // 0.25 a run, the first seed's the highest at all three). Unmoved the particles departed at
    // 36% of the others' decisions on average, moved at 9%.
    const found = ['nyl-moved', 'nyl-moved/2', 'nyl-moved/3'].map(late);
    const still = found.reduce((a, h) => a + departed(h, 0, ''), 0) / found.length;
    const seeds = ['', 'a', 'b', 'c'];
    const moved = found.reduce((a, h) => a + seeds.reduce((b, seed) => b + departed(h, 24, seed), 0), 0) / (found.length * seeds.length);
    expect(still).toBeGreaterThan(0.2);
    expect(moved).toBeLessThan(still / 2);
  });
});
