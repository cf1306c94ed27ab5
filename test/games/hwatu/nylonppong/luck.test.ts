// Nylon-ppong's luck meter (src/games/hwatu/nylonppong/luck.ts): each term of a draw is its
// value for the card that came less the value's mean over the pile, so that over every card the
// pile could have given, the terms sum to zero exactly. The values read the table before the
// draw, rebuilt from the table after it; a slip there (reading the card that came where the
// rebuilt hand is meant) would leave a mean off zero, which this finds draw by draw.
import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../../../../src/core/game.js';
import { dealRng, Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { parseSpec } from '../../../../src/core/strategy.js';
import { CARDS, month } from '../../../../src/games/hwatu/deck.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import { DEAL_AT, dealFeatures, dealMeanOf, NYLON_LUCK_TERMS } from '../../../../src/games/hwatu/nylonppong/luck.js';
import type { NylonRules } from '../../../../src/games/hwatu/nylonppong/rules.js';
import { PHASE_START } from '../../../../src/games/hwatu/nylonppong/state.js';
import { fitLuckOnGames } from '../../../../src/library/bench/precision.js';
import { nylonppongStrategies } from '../../../../strategies/nylonppong/index.js';

/** A chance stream whose first integer is `first` (Deck.draw takes cards[drawn + int(n)]). */
class FirstRng extends Rng {
  private used = false;
  constructor(private readonly first: number) {
    super('first');
  }
  override int(n: number): number {
    if (this.used) return super.int(n);
    this.used = true;
    return this.first;
  }
}

const resolve = (preset: string, set: Record<string, unknown> = {}): NylonRules =>
  resolveRules(nylonppong.schema, [
    { where: 'preset', values: nylonppong.schema.presets[preset]!.set },
    { where: 'test', values: { rounds: 5, ...set } },
  ]);

/** The rules the draws' terms read: the defaults; out-of-turn ppong with a 20-point deal-in (the
 * README's house-rule example); a 50-point deal-in (strict); bbong's concealed triplets and their
 * own deal-in; money. */
const RULE_SETS: [string, NylonRules][] = [
  ['fudawiki', resolve('fudawiki')],
  ['anyTime, deal-in 20', resolve('fudawiki', { pongTiming: 'anyTime', dealInPenalty: 20 })],
  ['strict', resolve('strict')],
  ['bbong', resolve('bbong')],
  ['money', resolve('money')],
];

describe("Nylon-ppong's luck meter", () => {
  it('gives every term of every draw, for every seat, a mean of exactly zero over the cards the pile held', () => {
    let draws = 0;
    const moved = new Set<number>();
    for (const [preset, r] of RULE_SETS) {
      const seats = nylonppong.seats(r);
      const bots = Array.from({ length: seats }, () => {
        const d = nylonppongStrategies.find((x) => x.name === 'basic')!;
        return d.make(parseSpec('basic', nylonppongStrategies, 'nylonppong', r).params, r);
      });
      const meters = Array.from({ length: seats }, () => nylonppong.luck!(r));
      const s = nylonppong.create(r);
      const trial = nylonppong.create(r);
      const legal = new Int16Array(nylonppong.maxActions(r));
      const luck = new Float64Array(NYLON_LUCK_TERMS.length);
      const sum = new Float64Array(NYLON_LUCK_TERMS.length);
      for (let g = 0; g < 3; g++) {
        nylonppong.deal(s, dealRng(`luck-${preset}`, 0, g));
        for (let x = nylonppong.toAct(s); x !== TERMINAL; x = nylonppong.toAct(s)) {
          const m = nylonppong.legal(s, legal);
          const a = bots[x]!.choose(nylonppong.view(s, x), legal, m, new Rng(null));
          // The move played with the draw it holds (if any) forced to each card of the pile.
          const drawn = s.deck.drawn;
          const n = CARDS - drawn;
          nylonppong.copy(s, trial);
          trial.rng = new FirstRng(0);
          nylonppong.apply(trial, a, 0);
          if (trial.deck.drawn === drawn + 1 && trial.reshuffles === s.reshuffles && trial.drawn >= 0) {
            draws++;
            for (let seat = 0; seat < seats; seat++) {
              sum.fill(0);
              for (let j = 0; j < n; j++) {
                nylonppong.copy(s, trial);
                trial.rng = new FirstRng(j);
                const meter = meters[seat]!;
                luck.fill(0);
                meter.start(trial, seat);
                meter.before(trial, a, 0);
                nylonppong.apply(trial, a, 0);
                meter.after(trial, luck);
                luck.forEach((v, t) => {
                  sum[t]! += v;
                  if (v !== 0) moved.add(t);
                });
              }
              sum.forEach((v, t) =>
                expect(Math.abs(v / n), `${preset} game ${g}, seat ${seat}, ${NYLON_LUCK_TERMS[t]}`).toBeLessThan(1e-9),
              );
            }
          }
          nylonppong.apply(s, a, 0);
        }
      }
    }
    // Draws were met, and every draw's term was read nonzero on some card (a deal's never is: it
    // is counted at its round's first move, and these meters start at the draw).
    expect(draws).toBeGreaterThan(100);
    expect([...moved].sort((a, b) => a - b)).toEqual(NYLON_LUCK_TERMS.slice(0, DEAL_AT).map((_, t) => t));
  });

  it("gives a deal's features their exact mean over every hand of five cards", () => {
    const counts = new Int32Array(13);
    const f = new Float64Array(NYLON_LUCK_TERMS.length - DEAL_AT);
    const sum = new Float64Array(f.length / 2);
    let hands = 0;
    for (let a = 0; a < CARDS; a++)
      for (let b = a + 1; b < CARDS; b++)
        for (let c = b + 1; c < CARDS; c++)
          for (let d = c + 1; d < CARDS; d++)
            for (let e = d + 1; e < CARDS; e++) {
              counts.fill(0);
              for (const x of [a, b, c, d, e]) counts[month(x)]!++;
              dealFeatures(counts, f);
              for (let i = 0; i < sum.length; i++) sum[i]! += f[i]!;
              hands++;
            }
    expect(hands).toBe(1712304);
    const mean = dealMeanOf(5);
    sum.forEach((v, i) => expect(Math.abs(v / hands - mean[i]!), `deal feature ${i}`).toBeLessThan(1e-12));
  });

  it("counts each round's deal after the first at the round's first move: the dealt hands' features less their means", () => {
    for (const [name, r] of RULE_SETS) {
      const seats = nylonppong.seats(r);
      const bots = Array.from({ length: seats }, () =>
        nylonppongStrategies.find((x) => x.name === 'basic')!.make(parseSpec('basic', nylonppongStrategies, 'nylonppong', r).params, r),
      );
      const meters = Array.from({ length: seats }, () => nylonppong.luck!(r));
      const lucks = meters.map(() => new Float64Array(NYLON_LUCK_TERMS.length));
      const want = meters.map(() => new Float64Array(NYLON_LUCK_TERMS.length - DEAL_AT));
      const s = nylonppong.create(r);
      const legal = new Int16Array(nylonppong.maxActions(r));
      const counts = new Int32Array(13);
      const f = new Float64Array(want[0]!.length / 2);
      const mean = dealMeanOf(r.handSize);
      nylonppong.deal(s, dealRng(`deal-${name}`, 0, 0));
      meters.forEach((m, k) => m.start(s, k));
      let round = s.round;
      for (let x = nylonppong.toAct(s); x !== TERMINAL; x = nylonppong.toAct(s)) {
        if (s.round !== round) {
          round = s.round;
          // The deal's hands: the pile's first cards, handSize to each seat in seat order.
          for (let q = 0; q < seats; q++) {
            counts.fill(0);
            for (let i = q * r.handSize; i < (q + 1) * r.handSize; i++) counts[month(s.deck.cards[i]!)]!++;
            dealFeatures(counts, f);
            for (let k = 0; k < seats; k++) f.forEach((v, i) => (want[k]![(q === k ? 0 : f.length) + i]! += v - mean[i]!));
          }
        }
        const a = bots[x]!.choose(nylonppong.view(s, x), legal, nylonppong.legal(s, legal), new Rng(null));
        for (const m of meters) m.before(s, a, 0);
        nylonppong.apply(s, a, 0);
        meters.forEach((m, k) => m.after(s, lucks[k]!));
      }
      expect(round, name).toBe(r.rounds - 1);
      // The same sums, added in another order.
      lucks.forEach((l, k) =>
        want[k]!.forEach((v, i) => expect(Math.abs(l[DEAL_AT + i]! - v), `${name} seat ${k} term ${i}`).toBeLessThan(1e-9)),
      );
      expect(want.some((w) => w.some((v) => v !== 0))).toBe(true);
    }
  });

  it("ships the deal's multiples that fitLuckOnGames gives, within its standard errors (the first 4,000 of the 20,000 games of seed fit-nylonppong-games they were fitted on)", () => {
    // A fifth of the fitting games: each shipped multiple (the whole fit's, rounded) lies within
    // 3 of this fit's standard errors of it, where a meter or engine changed since would move the
    // best multiples (at 4,000 games every one of them is within 0.6 of its standard error).
    const { coef, se, explained } = fitLuckOnGames('nylonppong', 4000, 'fit-nylonppong-games', DEAL_AT);
    const shipped = Array.from(nylonppong.luck!(resolve('fudawiki')).coef.subarray(DEAL_AT));
    expect(coef).toHaveLength(shipped.length);
    for (const [j, c] of coef.entries()) expect(Math.abs(c - shipped[j]!), `term ${j}`).toBeLessThan(3 * se[j]!);
    expect(explained).toBeGreaterThan(0.1);
  });

  it("reads the rules' deal-in and out-of-turn claims: a shed the seat across holds two of", () => {
    // Seat 0 draws to six and sheds its highest single; seat 2 (across, not the next seat) holds
    // two of that month with two cards, so it may go out on it only out of turn.
    const termOf = (name: string) => NYLON_LUCK_TERMS.indexOf(name);
    const dealtIn = termOf('own-dealt-in-early');
    const values: Record<string, number> = {};
    for (const [name, set] of [
      ['own turn', {}],
      ['any time, 30', { pongTiming: 'anyTime' }],
      ['any time, 20', { pongTiming: 'anyTime', dealInPenalty: 20 }],
    ] as const) {
      const r = resolve('fudawiki', set);
      const s = nylonppong.create(r);
      nylonppong.deal(s, dealRng('claim', 0, 0));
      // Lay the hands by hand: seat 0 holds 1,2,3,4 and 11 (sheds 11 whatever it draws but an 11
      // or a 12), seat 2 holds two 11s, seats 1 and 3 five low cards of their own.
      const hands = [
        [0, 4, 8, 12, 40],
        [1, 5, 9, 13, 17],
        [41, 42],
        [2, 6, 10, 14, 18],
      ];
      for (let q = 0; q < 4; q++) {
        for (let c = 0; c < CARDS; c++) if (s.owner[c] === q) s.removeMonth(q, month(c));
        for (const c of hands[q]!) s.addCard(q, c);
      }
      const meter = nylonppong.luck!(r);
      meter.start(s, 0);
      // Every card of the pile but month 11's and 12's leaves seat 0 shedding the 11: the term's
      // value for those is the deal-in in multiples of 30, and 0 for the rest.
      const pile: number[] = [];
      for (let c = 0; c < CARDS; c++) if (!hands.flat().includes(c)) pile.push(c);
      const luck = new Float64Array(NYLON_LUCK_TERMS.length);
      const trial = nylonppong.create(r);
      const seen = new Set<number>();
      for (const card of pile) {
        nylonppong.copy(s, trial);
        // Put the card on top of the pile and let seat 0 draw it.
        const i = trial.deck.cards.indexOf(card, trial.deck.drawn);
        trial.deck.cards[i] = trial.deck.cards[trial.deck.drawn]!;
        trial.deck.cards[trial.deck.drawn] = card;
        trial.cur = 0;
        trial.phase = PHASE_START;
        trial.rng = new FirstRng(0);
        luck.fill(0);
        meter.before(trial, 0, 0);
        nylonppong.apply(trial, 0, 0);
        meter.after(trial, luck);
        if (month(card) < 11) seen.add(Math.round(luck[dealtIn]! * 1e12) / 1e12);
      }
      // One value for every card that leaves the shed at 11: the deal-in's value less the mean
      // (to float noise).
      expect(seen.size, `${name}: ${[...seen]}`).toBe(1);
      values[name] = [...seen][0]!;
    }
    expect(values['own turn']).toBe(0);
    expect(values['any time, 30']).toBeGreaterThan(0);
    expect(values['any time, 20']! / values['any time, 30']!).toBeCloseTo(2 / 3, 9);
  });
});
