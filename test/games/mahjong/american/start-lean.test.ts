// The Charleston's shape as the start of an inferred particle (src/games/mahjong/american/start-lean.ts):
// each other hand at the first turn is dealt toward a card variant its later exposures fit and its
// discards mostly avoid, so at a decision late in a hand the particles' others lie about as near a
// line as the true hands do. Dealt uniformly at the first turn, as if no Charleston had been
// played, they lay 2.5 tiles farther (issue 49: 5.96 against 3.46 at the calibration study's
// American situations in play), the others won too seldom in the rollouts and the seat's value
// read high.
import { describe, expect, it } from 'vitest';
import { inferDealing, InferredDealer, type RoundHistory } from '../../../../src/core/infer.js';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { parseSpec } from '../../../../src/core/strategy.js';
import { american, type AmericanState } from '../../../../src/games/mahjong/american/game.js';
import { americanSchema, type AmericanRules } from '../../../../src/games/mahjong/american/rules.js';
import { startLean } from '../../../../src/games/mahjong/american/start-lean.js';
import { PREPLAY, SEATS, STRIDE } from '../../../../src/games/mahjong/table/state.js';
import { KINDS } from '../../../../src/games/mahjong/tiles.js';
import { americanStrategies } from '../../../../strategies/american/index.js';
import { botHand } from '../table/search.js';

const rules = resolveRules<AmericanRules>(americanSchema, [{ where: 'test', values: { handsPerSession: 1 } }]);
const policy = parseSpec('line-chaser', americanStrategies, 'american', rules);
const HANDS = 8;
const PARTICLES = 16;

/** Tiles from seat y's nearest line. */
function away(s: AmericanState, y: number): number {
  const l = s.seatLines(y);
  let best = 99;
  for (let line = 0; line < s.index.lines; line++) best = Math.min(best, l.lineAway(line));
  return best;
}

/** Hand `index` of four reference bots, at its decision with a choice in play two thirds of the
 * way through those decisions: its table, seat and history. */
function lateDecision(index: number): { s: AmericanState; seat: number; history: RoundHistory<AmericanState> } {
  const found: { s: AmericanState; seat: number; history: RoundHistory<AmericanState> }[] = [];
  botHand(american, rules, policy, americanStrategies, 'am-start', index, (s, x, m, events, start) => {
    if (m > 1 && s.phase !== PREPLAY) {
      const now = american.create(rules);
      american.copy(s, now);
      const first = american.create(rules);
      const h = start.history(events, events.length, x);
      american.copy(h.first, first);
      found.push({ s: now, seat: x, history: { ...h, events: events.slice(), first } });
    }
  });
  return found[Math.floor((found.length * 2) / 3)]!;
}

describe("the Charleston's shape as the particles' start", () => {
  it('draws targets its later exposures fit, and fewer that use what it discarded', () => {
    const s = american.create(rules);
    const { index } = s;
    const none = new Int16Array(KINDS);
    // An exposed pung of 5 bams (kind 22) with a joker: every target holds a set of it of three.
    const lean = startLean(index, none, [{ kind: 22, size: 3, jokers: 1 }])!;
    const want = new Int8Array(STRIDE);
    const rng = new Rng('am-start-pick');
    for (let i = 0; i < 200; i++) {
      lean.pick(rng, want, 0);
      expect(want[22]).toBeGreaterThanOrEqual(3);
    }
    // No variant holds a set of seven: no target.
    expect(startLean(index, none, [{ kind: 22, size: 7, jokers: 0 }])).toBeNull();
    // A seat that discarded four white dragons (kind 31) aims at lines using them a quarter as often
    // as a seat that discarded none, or less.
    const discarded = new Int16Array(KINDS);
    discarded[31] = 4;
    const uses = (l: NonNullable<ReturnType<typeof startLean>>): number => {
      let n = 0;
      for (let i = 0; i < 400; i++) {
        l.pick(rng, want, 0);
        if (want[31]! > 0) n++;
      }
      return n;
    };
    expect(uses(startLean(index, discarded, [])!)).toBeLessThan(uses(startLean(index, none, [])!) / 4);
  });

  it("deals the others' hands late in a hand as near a line as the true ones", () => {
    // Per hand: the particles' others' mean tiles from a line at the decision, less the true ones'.
    const gaps: number[] = [];
    for (let index = 0; index < HANDS; index++) {
      const d = lateDecision(index);
      const r = inferDealing(american, rules, d.history, policy, americanStrategies, new Rng(`am-start/${index}`), PARTICLES);
      expect(r.uniform).toBeNull();
      const { filter } = r.dealer as InferredDealer<AmericanState>;
      let dealt = 0;
      let truly = 0;
      for (let y = 0; y < SEATS; y++) {
        if (y === d.seat) continue;
        truly += away(d.s, y) / (SEATS - 1);
        for (let i = 0; i < filter.count; i++) dealt += away(filter.particle(i), y) / (SEATS - 1) / filter.count;
      }
      gaps.push(dealt - truly);
    }
    const mean = gaps.reduce((a, b) => a + b, 0) / HANDS;
    const sd = Math.sqrt(gaps.reduce((a, b) => a + (b - mean) ** 2, 0) / (HANDS - 1));
    // The upper end of the mean gap's 95% interval (t with 7 degrees of freedom: 2.365 standard
    // errors) lies below the 2.5 tiles a uniform start left at the calibration study's American
    // situations (5.96 against 3.46). Measured (2026-12-07, 16 particles): 1.11 tiles (sd 1.26
    // over the 8 hands: up to 2.16); with the tilt at 1 (a uniform start) 2.89 (sd 0.52: up to
    // 3.32), which fails. Over 12 hands: 1.30 (up to 2.00) and 2.83 (up to 3.30); with 32
    // particles too: 1.25 (up to 2.18) and 2.86 (up to 3.38). Eight hands, for the suite's time.
    expect(mean + (2.365 * sd) / Math.sqrt(HANDS)).toBeLessThan(2.5);
  });
});
