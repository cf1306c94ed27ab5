import { describe, expect, it } from 'vitest';
import { gameEntry } from '../../../../src/catalog/index.js';
import { TERMINAL, type GameDef } from '../../../../src/core/game.js';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { makeStrategy, parseSpec } from '../../../../src/core/strategy.js';
import { SEATS, STRIDE, TURN, type TableState } from '../../../../src/games/mahjong/table/state.js';

// The rules option pairing (table/pairing.ts). With hand streams a later hand's wall comes from
// a stream of its own and the deal goes round from seat 0, so two arms that played the first
// hand differently are dealt the same tiles in the second, seat by seat; only the dealer's
// fourteenth goes to each arm's dealer. With seat draws, each seat's in-turn draws within a
// hand are the same tiles too, whatever the other seats did.

interface Deal {
  /** Each seat's concealed tiles by kind, right after the second hand's deal. */
  hands: number[][];
  flowers: number[];
  dealer: number;
  /** Tiles drawn in the first hand. */
  firstHandDraws: number;
}

/**
 * A session dealt at `seed`, and a function that makes the next move: every seat plays the
 * game's reference bot (`bot`) or random legal moves.
 */
function session(
  id: string,
  set: Record<string, unknown>,
  seed: string,
  bot: boolean,
): { s: TableState; game: GameDef<TableState, unknown>; move(): void } {
  const entry = gameEntry(id);
  const game = entry.def as GameDef<TableState, unknown>;
  const rules = resolveRules(entry.def.schema, [{ where: 'test', values: set }]);
  const strategy = makeStrategy(parseSpec(entry.defaultSeat, entry.strategies, id, rules), entry.strategies, rules);
  const s = game.create(rules);
  const legal = new Int16Array(game.maxActions(rules));
  const moves = new Rng(`${seed}/moves`);
  game.deal(s, new Rng(seed));
  return {
    s,
    game,
    move() {
      const n = game.legal(s, legal);
      const seat = game.toAct(s);
      game.apply(s, bot ? strategy.choose(game.view(s, seat), legal, n, moves) : legal[moves.int(n)]!, 0);
    },
  };
}

/**
 * Plays a session's first hand and returns the second hand's deal. The bots win early, random
 * play seldom: the two draw different numbers of tiles in the first hand.
 */
function secondDeal(id: string, set: Record<string, unknown>, seed: string, bot: boolean): Deal {
  const { s, move } = session(id, set, seed, bot);
  let drawn = 0;
  while (s.handNo === 0) {
    drawn = s.wall.size - (s.wall.tail - s.wall.head);
    move();
  }
  const hands = Array.from({ length: SEATS }, (_, y) => Array.from(s.hand.subarray(y * STRIDE, (y + 1) * STRIDE)));
  return { hands, flowers: Array.from(s.flowers), dealer: s.dealer, firstHandDraws: drawn };
}

/** The one tile by which `a` holds more than `b` (an array of counts by kind), or -1 if they are equal. */
function extraTile(a: number[], b: number[]): number {
  const d = a.map((n, k) => n - b[k]!);
  if (d.every((x) => x === 0)) return -1;
  expect(d.filter((x) => x !== 0)).toEqual([1]);
  return d.indexOf(1);
}

// American passes the deal after every hand by default, so its dealers never differ.
const CASES = [
  { id: 'chinese-american', set: { handsLimit: 2 }, dealersMayDiffer: true },
  { id: 'american', set: { handsPerSession: 2 }, dealersMayDiffer: false },
];

describe('hand streams: later hands are paired across arms', () => {
  for (const { id, set, dealersMayDiffer } of CASES) {
    it(`${id}: the second hand deals each seat the same tiles, whatever the first hand did`, () => {
      let dealersDiffered = 0,
        drawsDiffered = 0;
      for (let g = 0; g < 12; g++) {
        const a = secondDeal(id, set, `hs/${g}`, true);
        const b = secondDeal(id, set, `hs/${g}`, false);
        if (a.firstHandDraws !== b.firstHandDraws) drawsDiffered++;
        for (let y = 0; y < SEATS; y++) {
          if (y !== a.dealer && y !== b.dealer) {
            expect(a.hands[y]).toEqual(b.hands[y]);
            expect(a.flowers[y]).toBe(b.flowers[y]);
          }
        }
        if (a.dealer === b.dealer) {
          expect(a.hands[a.dealer]).toEqual(b.hands[b.dealer]);
        } else {
          dealersDiffered++;
          // The fourteenth tile went to each arm's own dealer; the thirteen before it match.
          const t = extraTile(a.hands[a.dealer]!, b.hands[a.dealer]!);
          expect(t).toBeGreaterThanOrEqual(0);
          expect(extraTile(b.hands[b.dealer]!, a.hands[b.dealer]!)).toBe(t);
        }
      }
      if (dealersMayDiffer) expect(dealersDiffered).toBeGreaterThan(0);
      expect(drawsDiffered).toBeGreaterThan(0);
    });
  }

  it('korean keeps one stream a session (its results predate the shared table): the second hands differ', () => {
    let differ = 0;
    for (let g = 0; g < 12; g++) {
      const a = secondDeal('korean', { handsPerSession: 2 }, `hs/${g}`, true);
      const b = secondDeal('korean', { handsPerSession: 2 }, `hs/${g}`, false);
      if (a.dealer === b.dealer && a.hands.some((h, y) => h.join() !== b.hands[y]!.join())) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });
});

/**
 * Plays one hand, every seat the game's reference bot or random legal moves, and returns each
 * seat's in-turn draws, as the seat sees them at its turn (replacements for kongs and flowers
 * left out). Random play calls and passes at random, so its turns come in another order.
 */
function inTurnDraws(id: string, set: Record<string, unknown>, seed: string, bot: boolean): number[][] {
  const { s, game, move } = session(id, set, seed, bot);
  const draws: number[][] = Array.from({ length: SEATS }, () => []);
  let turn = -1;
  for (let seat = game.toAct(s); seat !== TERMINAL; seat = game.toAct(s)) {
    // A seat's first decision of a turn that began with a draw.
    if (s.phase === TURN && s.drawn >= 0 && !s.afterKong && !s.afterFlower && turn !== s.draws[seat]! * SEATS + seat) {
      turn = s.draws[seat]! * SEATS + seat;
      draws[seat]!.push(s.drawn);
    }
    move();
  }
  return draws;
}

describe('seat draws (pairing = seats): a seat draws the same tiles whatever the others did', () => {
  const ONE_HAND = [
    { id: 'chinese-american', set: { handsLimit: 1 } },
    { id: 'american', set: { handsPerSession: 1 } },
    { id: 'korean', set: { handsPerSession: 1 } },
  ];
  for (const { id, set } of ONE_HAND) {
    it(`${id}: each seat's first eight in-turn draws match across arms; with a wall per hand they do not`, () => {
      let compared = 0,
        unpaired = 0;
      for (let g = 0; g < 12; g++) {
        const seats = [
          inTurnDraws(id, { ...set, pairing: 'seats' }, `sd/${g}`, true),
          inTurnDraws(id, { ...set, pairing: 'seats' }, `sd/${g}`, false),
        ];
        const hands = [
          inTurnDraws(id, { ...set, pairing: 'hands' }, `sd/${g}`, true),
          inTurnDraws(id, { ...set, pairing: 'hands' }, `sd/${g}`, false),
        ];
        for (let y = 0; y < SEATS; y++) {
          const k = Math.min(8, seats[0]![y]!.length, seats[1]![y]!.length);
          expect(seats[0]![y]!.slice(0, k)).toEqual(seats[1]![y]!.slice(0, k));
          compared += k;
          const h = Math.min(8, hands[0]![y]!.length, hands[1]![y]!.length);
          if (hands[0]![y]!.slice(0, h).join() !== hands[1]![y]!.slice(0, h).join()) unpaired++;
        }
      }
      expect(compared).toBeGreaterThan(100);
      expect(unpaired).toBeGreaterThan(0);
    });
  }
});
