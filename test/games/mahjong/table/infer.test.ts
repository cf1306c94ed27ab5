// The inference of hidden hands at the mahjong table (src/games/mahjong/table/infer.ts): late in
// a Chinese-American hand the particles hold hands about as near ready as the true ones. Without
// the Metropolis-Hastings moves (Tracker.rejuvenate) they stay near the blind deal's hands, a
// shanten higher than the true hands' by about one. And late in a Korean hand, the first-turn
// deal's lean toward tiles near the hand (START_TILT) brings them about as near ready as the
// true hands, where dealt without it they lie half a tile further.
import { describe, expect, it } from 'vitest';
import { MOVES, ParticleFilter, SoftPolicy, STEP_MOVES } from '../../../../src/core/infer.js';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { parseSpec, type StrategyDef, type StrategySpec } from '../../../../src/core/strategy.js';
import type { GameDef } from '../../../../src/core/game.js';
import { chineseAmerican } from '../../../../src/games/mahjong/chinese-american/game.js';
import { chineseAmericanSchema } from '../../../../src/games/mahjong/chinese-american/rules.js';
import { korean } from '../../../../src/games/mahjong/korean/game.js';
import { koreanSchema } from '../../../../src/games/mahjong/korean/rules.js';
import { shantenStandard } from '../../../../src/games/mahjong/shanten.js';
import { START_TILT, tableTracker } from '../../../../src/games/mahjong/table/infer.js';
import { SEATS, STRIDE, TURN, type TableState } from '../../../../src/games/mahjong/table/state.js';
import { PLAY_KINDS } from '../../../../src/games/mahjong/tiles.js';
import { chineseAmericanStrategies } from '../../../../strategies/chinese-american/index.js';
import { koreanStrategies } from '../../../../strategies/korean/index.js';
import { botHand } from './search.js';

const rules = resolveRules(chineseAmericanSchema, [{ where: 'test', values: { handsLimit: 1 } }]);
const policy = parseSpec('efficiency', chineseAmericanStrategies, 'chinese-american', rules);
const shanten = (s: TableState, y: number) => shantenStandard(s.hand.subarray(y * STRIDE, y * STRIDE + PLAY_KINDS), s.meldN[y]!);

const koreanRules = resolveRules(koreanSchema, []);

/** A ruleset's table as the tests play it: four `efficiency` bots, each hand seeded from `tag`. */
interface Table {
  game: GameDef<TableState>;
  rules: unknown;
  policy: StrategySpec;
  strategies: StrategyDef[];
  tag: string;
}
const CA: Table = { game: chineseAmerican, rules, policy, strategies: chineseAmericanStrategies, tag: 'diag' };
const KOREAN: Table = {
  game: korean,
  rules: koreanRules,
  policy: parseSpec('efficiency', koreanStrategies, 'korean', koreanRules),
  strategies: koreanStrategies,
  tag: 'kgap',
};

/**
 * Hand `index` of table `t`, at its first turn decision from decision `at` on: the others' mean
 * shanten (standard shape) in 64 particles less the true one, per other seat, with `moves` and
 * `stepMoves` (Tracker.rejuvenate) and the first-turn deal leaning `tilt` toward tiles near the
 * hand (START_TILT; 0: a blind deal).
 */
function gaps(t: Table, index: number, at: number, tilt: number, moves = MOVES, stepMoves = STEP_MOVES): number[] {
  let out: number[] | null = null;
  let turn = 0;
  botHand(t.game, t.rules, t.policy, t.strategies, t.tag, index, (s, x, m, events, start) => {
    if (turn++ < at || m <= 1 || s.phase !== TURN) return false;
    const history = start.history(events, events.length, x);
    const tracker = tableTracker(history, new SoftPolicy(t.game, t.rules, t.policy, t.strategies), tilt);
    if (typeof tracker === 'string') throw new Error(tracker);
    // One filter of 64: what the moves and the lean do, not the groups advice splits 256 into.
    const filter = new ParticleFilter(t.game, t.rules, 64, moves, stepMoves, 1);
    expect(filter.run(history, tracker, new Rng(`infer-test/${index}`))).toBe(true);
    out = [];
    for (let y = 0; y < SEATS; y++) {
      if (y === x) continue;
      let sum = 0;
      for (let i = 0; i < filter.count; i++) sum += shanten(filter.particle(i), y);
      out.push(sum / filter.count - shanten(s, y));
    }
    return true;
  });
  if (out === null) throw new Error(`hand ${index} ended before decision ${at}`);
  return out;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('mahjong inference', () => {
  it("holds the others' hands about as near ready as the true ones, late in the hand", () => {
    // The six other hands of two games: without the moves -1.3, 1.0, 1.8, 2.0, 2.0 and 2.2
    // (mean 1.28); with them mean 0.24 (0.25 with blind trades only, before the aimed ones and
    // the moves after strained steps). One game's three hands alone moved too much with the
    // stream the filter draws (its unmoved mean went from 1.06 to 0.49 with the deal's weights
    // corrected, over 16 games 1.2 both times). Six hands at 64 particles cannot tell the
    // moves' versions apart: the README's figures come from 32 hands at 256.
    const moved = [...gaps(CA, 0, 32, 0), ...gaps(CA, 1, 32, 0)];
    const still = [...gaps(CA, 0, 32, 0, 0, 0), ...gaps(CA, 1, 32, 0, 0, 0)];
    expect(mean(still)).toBeGreaterThan(0.6);
    expect(mean(moved)).toBeLessThan(0.5);
    expect(mean(moved)).toBeLessThan(mean(still) - 0.5);
  });

  it("deals the others' Korean start hands so that late in the hand they are as near ready as the true ones", () => {
    // The 24 other hands of 8 hands at their 60th decision or just after: leaning, the particles'
    // mean shanten less the true one is -0.11 (standard error 0.19); dealt blind (the tilt 0,
    // which fails here), +0.48 (0.23). The same at the next 8 hands: -0.02 against +0.51
    // (2026-12-07). The blind deal is not played here: the suite's time.
    const hands = Array.from({ length: 8 }, (_, i) => i);
    const leaning = mean(hands.flatMap((i) => gaps(KOREAN, i, 60, START_TILT)));
    expect(Math.abs(leaning)).toBeLessThan(0.3);
  });
});
