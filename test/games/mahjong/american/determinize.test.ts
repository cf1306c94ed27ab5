// Determinizations and copies of American states (table/determinize.ts with the American hooks):
// the shared driver over short sessions through the Charleston (blind passes, the vote, the
// courtesy pass) and play (exposures, joker exchanges, dead hands), the tiles a seat passed kept
// in the receiver's hand while it can tell they are there, the deal's uniformity at fixed
// states, and copies that readers' caches see as changed.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { CARD_KINDS } from '../../../../src/games/mahjong/american/card.js';
import { COURTESY, PASS, VOTE } from '../../../../src/games/mahjong/american/charleston.js';
import { american, type AmericanState } from '../../../../src/games/mahjong/american/game.js';
import { americanSchema, type AmericanRules } from '../../../../src/games/mahjong/american/rules.js';
import { CLAIM, PREPLAY, SEATS, STRIDE, TURN } from '../../../../src/games/mahjong/table/state.js';
import { JOKER } from '../../../../src/games/mahjong/tiles.js';
import { americanStrategies } from '../../../../strategies/american/index.js';
import { determinizeTest } from '../../../support/determinize.js';
import { bots, expectMet, expectUniform, stateWhere, tableInfo, tableTally, tallied } from '../table/search.js';

const rules = (...layers: Partial<AmericanRules>[]) =>
  resolveRules<AmericanRules>(
    americanSchema,
    [{ handsPerSession: 1 }, ...layers].map((values, i) => ({ where: `test ${i}`, values })),
  );

const arr = (a: ArrayLike<number>): number[] => Array.from(a);
/** The Charleston's own record, read for the tests (public facts: who has chosen, how many, blind, the votes). */
const ch = (s: AmericanState) =>
  s.charleston as unknown as { out: Int8Array; outN: Uint8Array; blind: Uint8Array; acted: number; yes: number };
const pins = (s: AmericanState, seat: number, y: number) =>
  s.passed.subarray((y * SEATS + seat) * CARD_KINDS, (y * SEATS + seat + 1) * CARD_KINDS);
/** Tiles in the passes being chosen, own included (one place each), or of the others only. */
const slots = (s: AmericanState, skip: number): number[] => {
  if (s.phase !== PREPLAY) return [];
  const c = ch(s);
  const out: number[] = [];
  for (let y = 0; y < SEATS; y++) if (y !== skip) for (let i = 0; i < c.outN[y]!; i++) out.push(c.out[y * 3 + i]!);
  return out;
};

const info = tableInfo<AmericanState>(american, {
  flowersAside: false,
  known: (s, seat, y) => pins(s, seat, y),
  places: (s, seat) => slots(s, seat),
  elsewhere: (s) => slots(s, -1),
  seen(s, seat) {
    const v = american.view(s, seat);
    const c = ch(s);
    const l = v.lines;
    return {
      exposures: [s.expTile, s.expSize, s.expJokers, s.expN].map(arr),
      // Not the hand's identity (serial, the view's handId): a determinization is another table,
      // given one of its own, so that no bot takes a plan made on one table for the other's.
      flags: [s.exchanged, s.ended, s.stats.exchanges],
      charleston:
        s.phase === PREPLAY
          ? [
              v.charleston!.name,
              s.charleston.stepIndex,
              c.acted,
              c.yes,
              arr(c.outN),
              arr(c.blind),
              arr(c.out.subarray(seat * 3, seat * 3 + c.outN[seat]!)),
            ]
          : null,
      view: [v.passChosen, v.blindAllowed, arr(v.dead)],
      lines: Array.from({ length: v.index.lines }, (_, line) => [l.lineAway(line), l.lineVariant(line)]),
      pins: Array.from({ length: SEATS }, (_, y) => arr(pins(s, seat, y))),
    };
  },
});

function americanTally(s: AmericanState, seat: number, add: (what: string) => void): void {
  tableTally(s, seat, add);
  if (s.phase === PREPLAY) {
    const kind = s.charleston.step.kind;
    add(kind === PASS ? 'pass' : kind === VOTE ? 'vote' : kind === COURTESY ? 'courtesy' : '?');
    if (slots(s, seat).length > 0) add("others' passes chosen");
    if (ch(s).blind.some((b) => b > 0)) add('blind pass');
  }
  for (let y = 0; y < SEATS; y++) {
    if (y !== seat && pins(s, seat, y).some((c) => c > 0))
      add(s.phase === PREPLAY ? 'passed tiles known while passing' : 'passed tiles known in play');
    if (s.expN[y]! > 0) add('exposure');
    if (s.dead[y] !== 0) add('dead hand');
  }
  if (s.stats.exchanges > 0) add('joker exchange');
}

const CHASERS = ['line-chaser', 'line-chaser', 'defensive', 'random-line'];

describe('american determinization', () => {
  it('default rules: the Charleston and play, every check of the shared driver', () => {
    const r = rules();
    const t = tallied(american, americanTally);
    const seats = () => bots(americanStrategies, 'american', r, CHASERS);
    const { checked } = determinizeTest({
      game: t.game,
      rules: r,
      info,
      games: 4,
      seed: 'am-det',
      every: 11,
      strategies: seats(),
      fresh: seats,
    });
    expect(checked).toBeGreaterThan(200);
    expectMet(t.counts, [
      'pass',
      'vote',
      'courtesy',
      "others' passes chosen",
      'blind pass',
      'passed tiles known while passing',
      'passed tiles known in play',
      'claim offered to the seat',
      'claim offered to another',
      "another's turn after a hidden draw",
      "another's turn after a claim",
      'exposure',
      'joker exchange',
    ]);
  });

  it('the second Charleston always, dead hands playing on, seat draws', () => {
    const r = rules({ 'charleston.second': 'always', deadHandStopsPlaying: false, pairing: 'seats' });
    const t = tallied(american, americanTally);
    const seats = () => bots(americanStrategies, 'american', r, CHASERS);
    determinizeTest({ game: t.game, rules: r, info, games: 3, seed: 'am-det-2', every: 11, strategies: seats(), fresh: seats });
    expectMet(t.counts, ['pass', 'courtesy', 'dead hand', 'passed tiles known in play']);
  });

  it('deals the unseen tiles uniformly beside the tiles the seat passed, which stay with their receiver', () => {
    const r = rules();
    const strategies = bots(americanStrategies, 'american', r, CHASERS);
    const s = stateWhere(
      american,
      r,
      strategies,
      'am-chi',
      0,
      (x) => x.phase === TURN && [1, 2, 3].some((d) => pins(x, x.cur, (x.cur + d) % SEATS).some((c) => c > 0)),
    );
    expect(expectUniform(american, r, s, s.cur, info, 'am-chi/a')).toBeGreaterThan(50);
    const out = american.create(r);
    const rng = new Rng('am-chi/b');
    for (let d = 0; d < 50; d++) {
      american.determinize(s, s.cur, rng, out);
      for (let y = 0; y < SEATS; y++) {
        const p = pins(s, s.cur, y);
        for (let t = 0; t < CARD_KINDS; t++) expect(out.hand[y * STRIDE + t]!).toBeGreaterThanOrEqual(p[t]!);
      }
    }
  });

  it('the passes others are choosing never hold a joker, and hold the rest uniformly', () => {
    const r = rules();
    const strategies = bots(americanStrategies, 'american', r, CHASERS);
    // The last seat to choose in a pass, with the other three passes chosen.
    const s = stateWhere(
      american,
      r,
      strategies,
      'am-slots',
      0,
      (x) => x.phase === PREPLAY && x.charleston.step.kind === PASS && ch(x).acted === 3 && slots(x, x.cur).length >= 6,
    );
    const unseenJokers = r.jokerCount - s.seen[JOKER]! - arr(s.hand.subarray(s.cur * STRIDE, s.cur * STRIDE + STRIDE))[JOKER]!;
    expect(unseenJokers).toBeGreaterThan(0);
    const out = american.create(r);
    const rng = new Rng('am-slots/d');
    const kinds = new Set<number>();
    for (let d = 0; d < 200; d++) {
      american.determinize(s, s.cur, rng, out);
      for (const t of slots(out, s.cur)) {
        expect(t).not.toBe(JOKER);
        kinds.add(t);
      }
    }
    expect(kinds.size).toBeGreaterThan(20);
  });

  it('a copy plays on as the original, and readers of the lines see it as a change', () => {
    const r = rules();
    const strategies = bots(americanStrategies, 'american', r, CHASERS);
    const s = stateWhere(american, r, strategies, 'am-copy', 20, (x) => x.phase === CLAIM);
    const to = american.create(r);
    american.deal(to, new Rng('am-copy/stale'));
    const versions = to.lines.map((l) => l.version);
    american.copy(s, to);
    to.lines.forEach((l, y) => expect(l.version).toBeGreaterThan(versions[y]!));
  });
});
