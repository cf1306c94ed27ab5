// The inference of Nylon-ppong's hidden hands (src/games/hwatu/nylonppong/infer.ts): at decisions
// of seeded games of the reference bot, the filter runs with finite weights, every particle holds
// only what the play allows (no card seen elsewhere, the cards each seat put on the discard pile
// in its hand when it did), and the inferred dealing keeps every public fact of the table.
import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../../../../src/core/game.js';
import { inferDealing, InferredDealer, RoundStart } from '../../../../src/core/infer.js';
import { Rng } from '../../../../src/core/rng.js';
import { makeStrategy, parseSpec } from '../../../../src/core/strategy.js';
import { Trace, type GameEvent } from '../../../../src/core/trace.js';
import { CARDS } from '../../../../src/games/hwatu/deck.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import { DISCARDED, IN_PILE, type NylonState } from '../../../../src/games/hwatu/nylonppong/state.js';
import { nylonppongStrategies } from '../../../../strategies/nylonppong/index.js';
import { conservationError } from './conservation.js';
import { rules as rulesOf } from './rig.js';

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
      const d = inferDealing(game, rules, start.history(events, events.length, x), policy, nylonppongStrategies, new Rng(`nyl-infer/${index}/f`), 48);
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
    for (const { s, seat, dealer } of found) {
      const out = nylonppong.create(rules);
      dealer.determinize(s, seat, rng, out);
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
