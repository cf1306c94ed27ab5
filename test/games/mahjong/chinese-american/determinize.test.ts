// Determinizations and copies of Chinese-American states (table/determinize.ts; the ruleset
// adds no hook: its missed-win locks are kept with the table's facts): the shared driver over
// short games under the presets and the rules that change the flow (every winner paid, robbing
// concealed kongs, replacements into the reserve), and the deal's uniformity at fixed states.
import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../../../../src/core/game.js';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import type { Strategy } from '../../../../src/core/strategy.js';
import { WIN } from '../../../../src/games/mahjong/table/actions.js';
import { chineseAmerican, type ChineseAmericanState } from '../../../../src/games/mahjong/chinese-american/game.js';
import { chineseAmericanSchema, type ChineseAmericanRules } from '../../../../src/games/mahjong/chinese-american/rules.js';
import { CLAIM, SEATS, TURN } from '../../../../src/games/mahjong/table/state.js';
import { chineseAmericanStrategies } from '../../../../strategies/chinese-american/index.js';
import { checkDeterminize, determinizeTest, diffState } from '../../../support/determinize.js';
import { bots, expectMet, expectUniform, stateWhere, tableInfo, tableTally, tallied } from '../table/search.js';

const rules = (...layers: Partial<ChineseAmericanRules>[]) =>
  resolveRules<ChineseAmericanRules>(
    chineseAmericanSchema,
    [{ gameLengthDealerships: 1, handsLimit: 2 }, ...layers].map((values, i) => ({ where: `test ${i}`, values })),
  );

const info = tableInfo<ChineseAmericanState>(chineseAmerican, {
  flowersAside: true,
  known: () => null,
  seen(s, seat) {
    const v = chineseAmerican.view(s, seat);
    return [s.tileOfDay, v.retains, v.locked, Array.from(v.waits)];
  },
});

/** Efficiency play that lets every win go: a discard win is passed, a self-drawn one discarded. */
function winPasser(r: ChineseAmericanRules): Strategy {
  const [inner] = bots(chineseAmericanStrategies, 'chinese-american', r, ['efficiency']);
  return {
    choose(v, legal, n, rng) {
      const a = inner!.choose(v, legal, n, rng);
      if (a !== WIN) return a;
      for (let i = 0; i < n; i++) if (legal[i] !== WIN) return legal[i]!;
      return a;
    },
  };
}

const SEAT_BOTS = ['efficiency', 'pong-hunter', 'flush-seeker', 'special-seeker', 'defensive'];

function caTally(s: ChineseAmericanState, seat: number, add: (what: string) => void): void {
  tableTally(s, seat, add);
  for (let y = 0; y < SEATS; y++) if (y !== seat && s.temp[y] !== 0) add('missed-win lock');
}

describe('chinese-american determinization', () => {
  for (const preset of Object.keys(chineseAmericanSchema.presets)) {
    it(`preset ${preset}: every check of the shared driver`, () => {
      const r = rules(chineseAmericanSchema.presets[preset]!.set as Partial<ChineseAmericanRules>);
      const t = tallied(chineseAmerican, caTally);
      determinizeTest({
        game: t.game,
        rules: r,
        info,
        games: 5,
        seed: `ca-det-${preset}`,
        every: 5,
        strategies: bots(chineseAmericanStrategies, 'chinese-american', r, SEAT_BOTS.slice(0, 4)),
        fresh: () => bots(chineseAmericanStrategies, 'chinese-american', r, SEAT_BOTS.slice(0, 4)),
      });
      expectMet(t.counts, [
        'claim offered to the seat',
        'claim offered to another',
        "another's turn after a hidden draw",
        "another's turn after a claim",
        'chow',
        'pung',
        'flowers',
      ]);
    });
  }

  it('every winner paid, robbing concealed kongs, replacements into the reserve, a tile of the day, missed-win locks, seat draws', () => {
    const r = rules({
      multiWin: 'all',
      robConcealedKong: true,
      reserveBlocksReplacement: false,
      tileOfTheDay: 'randomPerSession',
      pairing: 'seats',
    });
    const t = tallied(chineseAmerican, caTally);
    // The reference bots take every win: one seat lets them go, for the locks.
    const seats = () => [...bots(chineseAmericanStrategies, 'chinese-american', r, SEAT_BOTS.slice(1, 4)), winPasser(r)];
    determinizeTest({ game: t.game, rules: r, info, games: 10, seed: 'ca-det-all', every: 4, strategies: seats(), fresh: seats });
    expectMet(t.counts, ['kong', 'missed-win lock']);
  });

  it("a robbed kong's tile on offer (about one hand in a hundred): the driver's checks for every seat, and a copy", () => {
    const r = rules({ handsLimit: 1, robConcealedKong: true });
    const strategies = bots(chineseAmericanStrategies, 'chinese-american', r, ['pong-hunter', 'pong-hunter', 'efficiency', 'efficiency']);
    const s = stateWhere(chineseAmerican, r, strategies, 'ca-rob-3', 0, (x) => x.phase === CLAIM && x.robbing, 400);
    const scratch = [0, 1, 2, 3, 4].map(() => chineseAmerican.create(r)) as [
      ChineseAmericanState,
      ChineseAmericanState,
      ChineseAmericanState,
      ChineseAmericanState,
      ChineseAmericanState,
    ];
    for (let seat = 0; seat < SEATS; seat++) checkDeterminize(chineseAmerican, s, seat, info, `ca-rob/${seat}`, scratch, `seat ${seat}`);
    chineseAmerican.copy(s, scratch[0]);
    expect(diffState(s, scratch[0])).toBeNull();
  });

  it('deals the unseen tiles uniformly: on a turn and in a claim window', () => {
    const r = rules();
    const s = chineseAmerican.create(r);
    const strategies = bots(chineseAmericanStrategies, 'chinese-american', r, SEAT_BOTS.slice(0, 4));
    const legal = new Int16Array(chineseAmerican.maxActions(r));
    chineseAmerican.deal(s, new Rng('ca-chi'));
    const rngs = strategies.map((_, k) => new Rng(`ca-chi/${k}`));
    let tested = 0;
    for (let step = 0, seat = chineseAmerican.toAct(s); seat !== TERMINAL && tested < 2; step++, seat = chineseAmerican.toAct(s)) {
      if (step >= 20 && s.phase === (tested === 0 ? TURN : CLAIM)) {
        expect(expectUniform(chineseAmerican, r, s, seat, info, `ca-chi/${tested}`)).toBeGreaterThan(3);
        tested++;
      }
      const n = chineseAmerican.legal(s, legal);
      chineseAmerican.apply(s, strategies[seat]!.choose(chineseAmerican.view(s, seat), legal, n, rngs[seat]!), 0);
    }
    expect(tested).toBe(2);
  });
});
