// The inference of American hidden hands (src/games/mahjong/table/infer.ts, the table's tracker
// after the Charleston): at decisions of a seeded hand of the reference bot the filter runs with
// finite weights, every particle keeps the table's public facts (the seat's own hand, every
// discard and exposure, the tiles the seat passed that it knows are still held, each hand's size)
// and the others' hands hold every tile they throw or expose later; the Charleston's own
// decisions fall back to uniform with why; and a swap of tiles the seat never saw changes no
// particle.
import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../../../../src/core/game.js';
import { inferDealing, InferredDealer, type RoundHistory } from '../../../../src/core/infer.js';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { makeStrategy, parseSpec } from '../../../../src/core/strategy.js';
import type { GameEvent } from '../../../../src/core/trace.js';
import { american, type AmericanState } from '../../../../src/games/mahjong/american/game.js';
import { americanSchema, type AmericanRules } from '../../../../src/games/mahjong/american/rules.js';
import { addTile, takeTiles } from '../../../../src/games/mahjong/table/flow.js';
import { PREPLAY, SEATS, STRIDE } from '../../../../src/games/mahjong/table/state.js';
import { KINDS, tileKind } from '../../../../src/games/mahjong/tiles.js';
import { americanStrategies } from '../../../../strategies/american/index.js';
import { botHand } from '../table/search.js';

const rules = resolveRules<AmericanRules>(americanSchema, [{ where: 'test', values: { handsPerSession: 1 } }]);
const policy = parseSpec('line-chaser', americanStrategies, 'american', rules);
const PARTICLES = 16;

interface Decision {
  s: AmericanState;
  seat: number;
  history: RoundHistory<AmericanState>;
  /** The hand's whole record (filled as the hand is played on). */
  rest: GameEvent[];
}

/** Hand `index` of four reference bots: every `every`-th decision with a choice, with its
 * history, and the record of the whole hand (filled as it is played). */
function hand(index: number, every: number): { found: Decision[]; events: GameEvent[] } {
  const found: Decision[] = [];
  let k = 0;
  const events = botHand(american, rules, policy, americanStrategies, 'am-infer', index, (s, x, m, events, start) => {
    if (m > 1 && k++ % every === every - 1) {
      const now = american.create(rules);
      american.copy(s, now);
      const first = american.create(rules);
      const h = start.history(events, events.length, x);
      american.copy(h.first, first);
      found.push({ s: now, seat: x, history: { ...h, first }, rest: events });
    }
  });
  return { found, events };
}

const infer = (h: RoundHistory<AmericanState>, seed: string) =>
  inferDealing(american, rules, h, policy, americanStrategies, new Rng(seed), PARTICLES);

const arr = (a: ArrayLike<number>): number[] => Array.from(a);
const size = (s: AmericanState, y: number) => s.hand.subarray(y * STRIDE, (y + 1) * STRIDE).reduce((a, b) => a + b, 0);
/** What every seat sees of a table (and the seat's own hand). */
const publicFacts = (s: AmericanState, seat: number) => [
  s.phase,
  american.toAct(s),
  arr(s.hand.subarray(seat * STRIDE, (seat + 1) * STRIDE)),
  arr(s.seen),
  arr(s.discards),
  arr(s.claimed),
  arr(s.dead),
  [s.expTile, s.expSize, s.expJokers, s.expN].map(arr),
  [0, 1, 2, 3].map((y) => size(s, y)),
  s.live(),
];

describe('American inference', () => {
  // A hand with exposures made with jokers (lines 101, 172, 279) and joker exchanges (115, 189).
  const { found } = hand(5, 12);
  const play = found.filter((d) => d.s.phase !== PREPLAY);
  // Three decisions in play, early, middle and late, each with its filter run once.
  const picked = [play[0]!, play.find((d) => d.history.events.length > 200)!, play.at(-1)!];
  const dealings = picked.map((d) => infer(d.history, 'am-p'));

  it('falls back to uniform in the Charleston, and runs with finite weights in play', () => {
    const charleston = found.filter((d) => d.s.phase === PREPLAY);
    expect(charleston.length).toBeGreaterThan(0);
    expect(play.length).toBeGreaterThanOrEqual(3);
    expect(infer(charleston[0]!.history, 'am-c').uniform).toBe(
      "the Charleston's passes are not followed by the inference: the dealing is uniform until play starts",
    );
    for (const r of dealings) {
      expect(r.uniform).toBeNull();
      expect(Number.isFinite(r.report!.ess)).toBe(true);
      expect(r.report!.ess).toBeGreaterThan(0);
    }
  });

  it("keeps the table's public facts in every particle and every rollout dealt from them", () => {
    const rng = new Rng('am-deal');
    const known = new Int8Array(STRIDE);
    picked.forEach((d, j) => {
      const r = dealings[j]!;
      const { filter } = r.dealer as InferredDealer<AmericanState>;
      const facts = JSON.stringify(publicFacts(d.s, d.seat));
      for (let i = 0; i < filter.count; i++) {
        const p = filter.particle(i);
        expect(JSON.stringify(publicFacts(p, d.seat))).toBe(facts);
        // The tiles the seat passed and knows are still held are held.
        for (let y = 0; y < SEATS; y++) {
          known.fill(0);
          d.s.knownTiles(d.seat, y, known);
          for (let k = 0; k < KINDS; k++) expect(p.hand[y * STRIDE + k]!).toBeGreaterThanOrEqual(known[k]!);
        }
      }
      const out = american.create(rules);
      r.dealer.determinize(d.s, d.seat, rng, out, 0);
      expect(JSON.stringify(publicFacts(out, d.seat))).toBe(facts);
      const bot = makeStrategy(policy, americanStrategies, rules);
      const legal = new Int16Array(american.maxActions(rules));
      for (let x = american.toAct(out); x !== TERMINAL; x = american.toAct(out)) {
        const m = american.legal(out, legal);
        american.apply(out, bot.choose(american.view(out, x), legal, m, rng), 0);
      }
    });
  });

  it('follows exposures made with jokers and joker exchanges by the others', () => {
    const others = (d: Decision, type: string) => d.history.events.filter((e) => e.type === type && e.seat !== d.seat);
    for (const d of picked.slice(1)) {
      expect(others(d, 'expose').some((e) => (e.jokers as number) > 0)).toBe(true);
      expect(others(d, 'exchange').length).toBeGreaterThan(0);
    }
  });
});

describe('American inference, from what the seat saw only', () => {
  it('deals the same particles whatever the hands the seat never saw held', () => {
    const { found, events } = hand(1, 40);
    const d = found.find((f) => f.s.phase !== PREPLAY && f.history.events.length > 120)!;
    const { history, seat } = d;
    // Two tiles of two other seats' deals that neither seat passes, throws, exposes or exchanges
    // before the decision trade places.
    const mentioned = (y: number) =>
      new Set(history.events.filter((e) => e.seat === y && typeof e.pai === 'string').map((e) => tileKind(e.pai as string)));
    const [y, z] = [0, 1, 2, 3].filter((q) => q !== seat);
    const used = new Set([...mentioned(y!), ...mentioned(z!)]);
    const first = history.first;
    let a = -1,
      b = -1;
    for (let k = 0; k < KINDS && a < 0; k++) if (first.hand[y! * STRIDE + k]! > 0 && !used.has(k)) a = k;
    for (let k = 0; k < KINDS && b < 0; k++) if (first.hand[z! * STRIDE + k]! > 0 && !used.has(k) && k !== a) b = k;
    expect(a >= 0 && b >= 0).toBe(true);
    const swapped = american.create(rules);
    american.copy(first, swapped);
    takeTiles(swapped, y!, a, 1);
    addTile(swapped, y!, b);
    takeTiles(swapped, z!, b, 1);
    addTile(swapped, z!, a);
    swapped.handRedealt(y!);
    swapped.handRedealt(z!);
    const particles = (h: RoundHistory<AmericanState>) => {
      const r = infer(h, 'am-blind');
      expect(r.uniform).toBeNull();
      const { filter } = r.dealer as InferredDealer<AmericanState>;
      return [...Array(filter.count).keys()].map((i) => arr(filter.particle(i).hand).join());
    };
    expect(particles({ ...history, first: swapped })).toEqual(particles(history));
    expect(events.length).toBeGreaterThan(history.events.length);
  });
});
