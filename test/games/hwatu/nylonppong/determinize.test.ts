import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../../../../src/core/game.js';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { parseSpec, type Strategy } from '../../../../src/core/strategy.js';
import { CARDS } from '../../../../src/games/hwatu/deck.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import { JAYEON, LAY_DOWN } from '../../../../src/games/hwatu/nylonppong/actions.js';
import type { NylonRules } from '../../../../src/games/hwatu/nylonppong/rules.js';
import {
  DISCARDED,
  IN_PILE,
  PHASE_AFTER_DRAW,
  PHASE_OFFER,
  STRIDE,
  type NylonState,
} from '../../../../src/games/hwatu/nylonppong/state.js';
import { nylonppongStrategies } from '../../../../strategies/nylonppong/index.js';
import { chiSquareTail, determinizeTest, hiddenChiSquare, type HiddenInfo } from '../../../support/determinize.js';
import { conservationError } from './conservation.js';

const resolve = (preset: string, over: Record<string, unknown> = {}): NylonRules =>
  resolveRules(nylonppong.schema, [
    { where: 'preset', values: nylonppong.schema.presets[preset]!.set },
    { where: 'test', values: over },
  ]);

const strategies = (r: NylonRules, names: string[]): Strategy[] =>
  names.map((name) =>
    nylonppongStrategies.find((d) => d.name === name)!.make(parseSpec(name, nylonppongStrategies, 'nylonppong', r).params, r),
  );

const plain = (x: unknown): unknown => (ArrayBuffer.isView(x) ? Array.from(x as Uint8Array) : x);
const cardsOf = (s: NylonState, owner: number): number[] => [...Array(CARDS).keys()].filter((c) => s.owner[c] === owner);

/** The seat whose hand a determinization for `seat` must not deal freely: the one deciding an
 * offer (it holds two of the top month) or that has just drawn (its drawn card). */
const pinned = (s: NylonState, seat: number): number =>
  (s.phase === PHASE_OFFER || s.phase === PHASE_AFTER_DRAW) && s.cur !== seat ? s.cur : -2;

/** Puts seat `q`'s tallies back in step with `owner`. */
function retally(s: NylonState, q: number): void {
  s.counts.fill(0, q * STRIDE, (q + 1) * STRIDE);
  s.shape.fill(0, q * 5, (q + 1) * 5);
  s.shape[q * 5] = 12;
  s.held[q] = s.singles[q] = s.sum[q] = s.size[q] = 0;
  for (const c of cardsOf(s, q)) s.addCard(q, c);
}

/** Swaps the places of two cards, each in a hand or the draw pile. */
function swapCards(s: NylonState, a: number, b: number): void {
  const oa = s.owner[a]!,
    ob = s.owner[b]!;
  const { cards, drawn } = s.deck;
  const pa = cards.indexOf(a, drawn),
    pb = cards.indexOf(b, drawn);
  if (oa === IN_PILE) cards[pa] = b;
  if (ob === IN_PILE) cards[pb] = a;
  s.owner[a] = ob;
  s.owner[b] = oa;
  for (const q of [oa, ob]) if (q !== IN_PILE) retally(s, q);
}

/** What a seat knows (see determinize.ts), as plain data: its view, its cards, the discards
 * card by card, the table's public state and the records. */
const info: HiddenInfo<NylonState> = {
  seen(s, k) {
    const v = nylonppong.view(s, k);
    const view = Object.fromEntries(
      Object.entries(v)
        .filter(([key]) => key !== 'cfg')
        .map(([key, x]) => [key, plain(x)]),
    );
    return {
      view,
      hand: cardsOf(s, k),
      discards: Array.from(s.discards.subarray(0, s.discardLen)),
      table: [s.phase, s.cur, s.topOwner, s.turns, s.reshuffles, s.round, s.starter, s.deck.left, s.end, s.ender, s.dealIn, s.outKind],
      drawn: s.phase === PHASE_AFTER_DRAW && s.cur === k ? s.drawn : null,
      records: [
        s.recEnd,
        s.recEnder,
        s.recDealIn,
        s.recCombo,
        s.recOutKind,
        s.recStarter,
        s.recTurns,
        s.recReshuffles,
        s.recScore,
        s.score,
        s.pay,
        s.total,
      ].map(plain),
    };
  },
  inventory: (s) => conservationError(s) ?? 'every card in one place, every tally in step',
  // Hands are sets, so a place is an unseen card (in id order) and its kind where it lies: a
  // seat, or n for the draw pile. Under a uniform deal card c lies in a place of h cards
  // with chance h / unseen: the chi-square's expectation.
  hidden(s, k) {
    const out: number[] = [];
    for (let c = 0; c < CARDS; c++) {
      const o = s.owner[c]!;
      if (o !== DISCARDED && o !== k) out.push(o === IN_PILE ? s.n : o);
    }
    return out;
  },
  twin(s, k, rng, out) {
    nylonppong.copy!(s, out);
    const free = [...Array(CARDS).keys()].filter((c) => s.owner[c] !== DISCARDED && s.owner[c] !== k && s.owner[c] !== pinned(s, k));
    const a = free[rng.int(free.length)]!;
    const elsewhere = free.filter((c) => s.owner[c] !== s.owner[a]);
    if (elsewhere.length) swapCards(out, a, elsewhere[rng.int(elsewhere.length)]!);
    // What play no longer reads may hold anything: the round's deal so far, the deal's scratch.
    out.deck.cards.subarray(0, out.deck.drawn).reverse();
    out.pair.reverse();
  },
};

const legalBuf = new Int16Array(64);
const legalOf = (s: NylonState): number[] => Array.from(legalBuf.subarray(0, nylonppong.legal(s, legalBuf)));

/** The game with its determinize checked for what the driver cannot know (the seat to act
 * keeps its legal actions; an offered seat holds its pair; a drawn card is in the drawer's
 * hand), and the situations it is called in counted. */
function watched() {
  const seen = { calls: 0, reshuffled: 0, offersToOthers: 0, othersAfterDraw: 0, layDown: 0, jayeon: 0, laterRounds: 0 };
  const game = {
    ...nylonppong,
    determinize(s: NylonState, seat: number, rng: Rng, out: NylonState) {
      nylonppong.determinize!(s, seat, rng, out);
      seen.calls++;
      const legal = legalOf(s);
      if (seat === s.cur) expect(legalOf(out)).toEqual(legal);
      if (s.reshuffles > 0) seen.reshuffled++;
      if (s.round > 0) seen.laterRounds++;
      if (legal.includes(JAYEON)) seen.jayeon++;
      if (legal.some((a) => a >= LAY_DOWN)) seen.layDown++;
      if (seat !== s.cur && s.phase === PHASE_OFFER) {
        seen.offersToOthers++;
        expect(out.counts[s.cur * STRIDE + s.topMonth]).toBeGreaterThanOrEqual(2);
      }
      if (seat !== s.cur && s.phase === PHASE_AFTER_DRAW) {
        seen.othersAfterDraw++;
        expect(out.owner[out.drawn]).toBe(s.cur);
      }
    },
  };
  return { game, seen };
}

describe('Nylon-ppong determinization', () => {
  it('agrees with what each seat has seen and reads nothing else (the defaults)', () => {
    const r = resolve('fudawiki', { rounds: 3 });
    const { game, seen } = watched();
    const { checked } = determinizeTest({
      game,
      rules: r,
      strategies: strategies(r, ['basic', 'random', 'seeker', 'careful']),
      info,
      games: 24,
      seed: 'det-default',
      every: 3,
    });
    expect(checked).toBeGreaterThan(1500);
    expect(seen.othersAfterDraw).toBeGreaterThan(100);
    expect(seen.laterRounds).toBeGreaterThan(500);
  });

  it('keeps out-of-turn offers, reshuffles, lay-downs and concealed triplets consistent (bbong, bbong-v2)', () => {
    for (const preset of ['bbong', 'bbong-v2']) {
      const r = resolve(preset, { rounds: 3 });
      const { game, seen } = watched();
      const { checked } = determinizeTest({
        game,
        rules: r,
        strategies: strategies(r, ['random', 'basic', 'random', 'seeker']),
        info,
        games: 24,
        seed: `det-${preset}`,
        every: 2,
      });
      expect(checked).toBeGreaterThan(1500);
      expect(seen.offersToOthers).toBeGreaterThan(20);
      expect(seen.reshuffled).toBeGreaterThan(100);
      expect(seen.layDown).toBeGreaterThan(10);
    }
  });

  it('deals a lone drawn triplet consistently (concealed triplets going out alone)', () => {
    const r = resolve('fudawiki-optional', { rounds: 3 });
    const { game, seen } = watched();
    determinizeTest({
      game,
      rules: r,
      strategies: strategies(r, ['random', 'basic', 'random', 'basic']),
      info,
      games: 24,
      seed: 'det-optional',
      every: 2,
    });
    expect(seen.jayeon).toBeGreaterThan(0);
  });

  /** The first decision of seeded games at which `pick` gives a seat to determinize for. */
  function position(r: NylonRules, seed: string, pick: (s: NylonState) => number): { s: NylonState; seat: number } {
    const s = nylonppong.create(r);
    const strats = strategies(r, ['random', 'basic', 'random', 'seeker']);
    for (let g = 0; g < 20; g++) {
      nylonppong.deal(s, new Rng(`${seed}/${g}/deal`));
      const rng = new Rng(`${seed}/${g}/play`);
      while (nylonppong.toAct(s) !== TERMINAL) {
        const seat = pick(s);
        if (seat >= 0) return { s, seat };
        const legal = legalOf(s);
        nylonppong.apply(s, strats[s.cur]!.choose(nylonppong.view(s, s.cur), Int16Array.from(legal), legal.length, rng), 0);
      }
    }
    throw new Error(`no position found in ${seed}`);
  }

  it('deals every unseen card to every hidden place in proportion to its size', () => {
    const cases = [
      // The seat to act, a few turns in.
      position(resolve('fudawiki'), 'chi-a', (s) => (s.turns >= 6 ? s.cur : -1)),
      // Another seat while the seat to act holds six cards after its draw.
      position(resolve('fudawiki'), 'chi-b', (s) => (s.turns >= 4 && s.phase === PHASE_AFTER_DRAW ? s.next(s.cur) : -1)),
      // After a reshuffle of the discards into the draw pile.
      position(resolve('bbong'), 'chi-c', (s) => (s.reshuffles > 0 && s.deck.left >= 4 && s.phase !== PHASE_OFFER ? s.cur : -1)),
    ];
    for (const [i, { s, seat }] of cases.entries()) {
      const { perPlace } = hiddenChiSquare({ game: nylonppong, rules: s.cfg.rules, s, seat, info, draws: 4000, seed: `chi-${i}` });
      expect(perPlace.length).toBeGreaterThan(20);
      for (const { stat, df } of perPlace) {
        expect(df).toBeGreaterThanOrEqual(3);
        expect(chiSquareTail(stat, df)).toBeGreaterThan(0.001 / perPlace.length);
      }
    }
  });

  it("a determinization that keeps an opponent's true hand fails the checks", () => {
    const r = resolve('fudawiki', { rounds: 2 });
    // Deals the unseen cards anew, then puts an opponent's true cards back in its hand.
    const leaky = {
      ...nylonppong,
      determinize(s: NylonState, seat: number, rng: Rng, out: NylonState) {
        nylonppong.determinize!(s, seat, rng, out);
        let x = s.next(seat);
        if (x === pinned(s, seat)) x = s.next(x);
        if (x === seat) return;
        for (const c of cardsOf(s, x)) {
          if (out.owner[c] !== x) swapCards(out, c, cardsOf(out, x).find((d) => s.owner[d] !== x)!);
        }
      },
    };
    expect(() =>
      determinizeTest({
        game: leaky,
        rules: r,
        strategies: strategies(r, ['basic', 'basic', 'basic', 'basic']),
        info,
        games: 4,
        seed: 'leak',
        every: 3,
      }),
    ).toThrow(/reads what the seat cannot see \(.*from the twin\)/);
    const { s, seat } = position(r, 'leak-chi', (st) => (st.turns >= 6 && st.phase !== PHASE_OFFER ? st.cur : -1));
    const { perPlace } = hiddenChiSquare({ game: leaky, rules: r, s, seat, info, draws: 2000, seed: 'leak-chi' });
    expect(perPlace.some(({ stat, df }) => chiSquareTail(stat, df) < 1e-9)).toBe(true);
  });

  it('round counts the rounds from 0, one step at each new deal', () => {
    const r = resolve('bbong', { rounds: 3 });
    const s = nylonppong.create(r);
    nylonppong.deal(s, new Rng('round'));
    const strats = strategies(r, ['basic', 'random', 'seeker', 'random']);
    const rng = new Rng('round/play');
    const rounds: number[] = [];
    while (nylonppong.toAct(s) !== TERMINAL) {
      const round = nylonppong.round!(s);
      // A new round's first decision is its starter's first turn, with no discard yet.
      if (round !== rounds.at(-1)) expect([s.turns, s.discardLen]).toEqual([1, 0]);
      rounds.push(round);
      const legal = legalOf(s);
      nylonppong.apply(s, strats[s.cur]!.choose(nylonppong.view(s, s.cur), Int16Array.from(legal), legal.length, rng), 0);
    }
    expect([...new Set(rounds)]).toEqual([0, 1, 2]);
    expect(rounds.every((x, i) => i === 0 || x === rounds[i - 1] || x === rounds[i - 1]! + 1)).toBe(true);
  });
});
