// Determinizations and copies of Korean states (table/determinize.ts with the Korean hooks):
// the shared driver over short sessions with upers, open upers, kongs, chows and flowers, the
// deal's uniformity at fixed states, and two deliberate leaks that the checks catch.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/rng.js';
import { korean, KoreanState } from '../../../../src/games/mahjong/korean/game.js';
import type { KoreanRules } from '../../../../src/games/mahjong/korean/rules.js';
import { KoreanView } from '../../../../src/games/mahjong/korean/view.js';
import { SEATS, STRIDE, TURN } from '../../../../src/games/mahjong/table/state.js';
import { KINDS } from '../../../../src/games/mahjong/tiles.js';
import { koreanStrategies } from '../../../../strategies/korean/index.js';
import { chiSquareTail, determinizeTest, hiddenChiSquare } from '../../../support/determinize.js';
import { bots, expectMet, expectUniform, stateWhere as searchState, tableInfo, tableTally, tallied } from '../table/search.js';
import { koreanRules } from './rig.js';

const arr = (a: ArrayLike<number>): number[] => Array.from(a);

const info = tableInfo<KoreanState>(korean, {
  flowersAside: true,
  known: (s, _seat, y) => (s.uper[y] === 2 ? s.hand.subarray(y * STRIDE, y * STRIDE + KINDS) : null),
  seen(s, seat) {
    const v = korean.view(s, seat);
    return {
      uper: [arr(s.uper), arr(s.uperTile), arr(s.noRon), s.openUpers],
      dCount: arr(s.dCount),
      // An open uper's waits are shown; a closed uper's hand is ready.
      openWaits: Array.from({ length: SEATS }, (_, y) => (s.uper[y] === 2 ? s.waits[y * 2] : null)),
      ready: Array.from({ length: SEATS }, (_, y) => (s.uper[y] === 1 ? s.waits[y * 2] !== 0 : null)),
      view: [arr(v.discardMask), v.waits, v.locked, s.phase === TURN && s.cur === seat ? v.discardable : null],
    };
  },
});

/** Korean situations: upers (closed and open) and the locks they bring. */
function koreanTally(s: KoreanState, seat: number, add: (what: string) => void): void {
  tableTally(s, seat, add);
  for (let y = 0; y < SEATS; y++) {
    if (y === seat) continue;
    if (s.uper[y] === 1) add('closed uper');
    if (s.uper[y] === 2) add('open uper');
    if (s.temp[y] !== 0 || s.noRon[y] !== 0) add('lock');
  }
}

const stateWhere = (rules: KoreanRules, specs: string[], seed: string, from: number, pick: (s: KoreanState) => boolean): KoreanState =>
  searchState(korean, rules, bots(koreanStrategies, 'korean', rules, specs), seed, from, pick);

describe('korean determinization', () => {
  it('default rules: upers, kongs, flowers, claims; every check of the shared driver', () => {
    const rules = koreanRules({ handsPerSession: 2 });
    const t = tallied(korean, koreanTally);
    const { checked } = determinizeTest({
      game: t.game,
      rules,
      info,
      games: 10,
      seed: 'kr-det',
      every: 5,
      strategies: bots(koreanStrategies, 'korean', rules, ['uper-always', 'efficiency', 'fold-vs-uper', 'uper-early(k=6)']),
    });
    expect(checked).toBeGreaterThan(500);
    expectMet(t.counts, [
      'claim offered to the seat',
      'claim offered to another',
      "another's turn after a hidden draw",
      'pung',
      'kong',
      'flowers',
      'closed uper',
      'lock',
    ]);
  });

  it('open uper, chow calls, every winner paid, a dead wall', () => {
    const rules = koreanRules({ handsPerSession: 2, openUper: true, chowCalls: 'leftOnly', multiRon: 'all', deadWall: 14 });
    const t = tallied(korean, koreanTally);
    // Open upers come in about one hand in fifty: a seed whose first games hold some.
    determinizeTest({
      game: t.game,
      rules,
      info,
      games: 12,
      seed: 'kr-det-open-10',
      every: 4,
      strategies: bots(koreanStrategies, 'korean', rules, ['uper-always', 'uper-always', 'uper-early(k=6)', 'uper-wait(w=4)']),
    });
    expectMet(t.counts, ['open uper', 'closed uper', 'chow', "another's turn after a claim", 'claim offered to another']);
  });

  it('deals the unseen tiles uniformly: mid-hand, and beside an open uper kept whole', () => {
    const rules = koreanRules({ handsPerSession: 1 });
    const plain = stateWhere(
      rules,
      ['efficiency', 'efficiency', 'efficiency', 'efficiency'],
      'kr-chi',
      30,
      (s) => s.phase === TURN && s.uper.every((u) => u === 0),
    );
    expect(expectUniform(korean, rules, plain, plain.cur, info, 'kr-chi/a')).toBeGreaterThan(3);
    const open = koreanRules({ handsPerSession: 1, openUper: true });
    const s = stateWhere(
      open,
      ['uper-always', 'efficiency', 'efficiency', 'efficiency'],
      'kr-chi-open',
      0,
      (x) => x.uper[0] === 2 && x.cur !== 0 && x.uper.every((u, y) => y === 0 || u === 0),
    );
    expectUniform(korean, open, s, s.cur, info, 'kr-chi/b');
    // The open uper's hand is kept.
    const out = korean.create(open);
    korean.determinize(s, s.cur, new Rng('kr-chi/c'), out);
    expect(arr(out.hand.subarray(0, STRIDE))).toEqual(arr(s.hand.subarray(0, STRIDE)));
  });

  it('deals a closed uper only ready hands, and varies them', () => {
    const rules = koreanRules({ handsPerSession: 1 });
    const s = stateWhere(
      rules,
      ['uper-always', 'efficiency', 'efficiency', 'efficiency'],
      'kr-ready',
      0,
      (x) => x.uper[0] === 1 && x.cur !== 0,
    );
    const out = korean.create(rules);
    const rng = new Rng('kr-ready/d');
    const hands = new Set<string>();
    for (let d = 0; d < 40; d++) {
      korean.determinize(s, s.cur, rng, out);
      expect(out.waits[0]).not.toBe(0);
      hands.add(arr(out.hand.subarray(0, STRIDE)).join());
    }
    expect(hands.size).toBeGreaterThan(30);
  });

  it('catches a determinization that reads what the seat cannot see', () => {
    const rules = koreanRules({ handsPerSession: 1 });
    // Its stream advances by the next seat's count of its first held kind: a leak the invariance check sees.
    const leaky = {
      ...korean,
      determinize(s: KoreanState, seat: number, rng: Rng, out: KoreanState) {
        const y = (seat + 1) % SEATS;
        let k = 0;
        while (s.hand[y * STRIDE + k] === 0) k++;
        for (let i = 0; i < s.hand[y * STRIDE + k]!; i++) rng.next();
        korean.determinize(s, seat, rng, out);
      },
    };
    expect(() =>
      determinizeTest({
        game: leaky,
        rules,
        info,
        games: 2,
        seed: 'kr-leak',
        every: 5,
        strategies: bots(koreanStrategies, 'korean', rules, ['efficiency', 'efficiency', 'efficiency', 'efficiency']),
      }),
    ).toThrow(/reads what the seat cannot see/);
  });

  it("catches a determinization that keeps an opponent's true hand (the chi-square of its places)", () => {
    const rules = koreanRules({ handsPerSession: 1 });
    // States whose determinizations keep the next seat's hand, as if the seat knew it.
    class Peeking extends KoreanState {
      override knownTiles(seat: number, y: number, out: Int8Array): void {
        if (y === (seat + 1) % SEATS) for (let k = 0; k < KINDS; k++) out[k]! += this.hand[y * STRIDE + k]!;
      }
    }
    const peeking = {
      ...korean,
      create(r: KoreanRules) {
        const s = new Peeking(r);
        for (let seat = 0; seat < SEATS; seat++) s.views.push(new KoreanView(s, seat));
        return s;
      },
    };
    const s = stateWhere(rules, ['efficiency', 'efficiency', 'efficiency', 'efficiency'], 'kr-peek', 20, (x) => x.phase === TURN);
    const { perPlace } = hiddenChiSquare({ game: peeking, rules, s, seat: s.cur, info, draws: 400, seed: 'kr-peek/d' });
    const worst = Math.min(...perPlace.map(({ stat, df }) => chiSquareTail(stat, df)));
    expect(worst).toBeLessThan(1e-12);
  });
});
