// The hidden places of a table (table/hidden.ts) apart from any way of choosing their tiles: what
// hiddenPlaces describes for the seat to act, in states of play of each ruleset, and that
// dealPlaces deals a given assignment as given: the true tiles dealt back give the true hands,
// wall and ruleset places, and a fixed assignment (the pool in kind order, no chance at all)
// lays exactly those tiles and plays on to the end.
import { describe, expect, it } from 'vitest';
import { TERMINAL, type GameDef } from '../../../../src/core/game.js';
import { Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import type { Strategy } from '../../../../src/core/strategy.js';
import { american, type AmericanState } from '../../../../src/games/mahjong/american/game.js';
import { americanSchema } from '../../../../src/games/mahjong/american/rules.js';
import { chineseAmerican } from '../../../../src/games/mahjong/chinese-american/game.js';
import { chineseAmericanSchema } from '../../../../src/games/mahjong/chinese-american/rules.js';
import { korean } from '../../../../src/games/mahjong/korean/game.js';
import { koreanSchema } from '../../../../src/games/mahjong/korean/rules.js';
import { dealPlaces, HiddenDeal, HiddenPlaces, hiddenPlaces } from '../../../../src/games/mahjong/table/hidden.js';
import { CLAIM, PREPLAY, SEATS, STRIDE, type TableState } from '../../../../src/games/mahjong/table/state.js';
import { FLOWER, KINDS } from '../../../../src/games/mahjong/tiles.js';
import { americanStrategies } from '../../../../strategies/american/index.js';
import { chineseAmericanStrategies } from '../../../../strategies/chinese-american/index.js';
import { koreanStrategies } from '../../../../strategies/korean/index.js';
import { bots } from './search.js';

const sum = (a: ArrayLike<number>): number => Array.from(a).reduce((x, y) => x + y, 0);
const undrawn = (s: TableState): number[] => Array.from(s.wall.tiles).filter((_, i) => s.wall.undrawnAt(i));
/** The American Charleston slots a determinization for `seat` refills, in its order: the
 * others' chosen tiles (read for the test). */
function passSlots(s: TableState, seat: number): number[] {
  if (!('charleston' in s) || s.phase !== PREPLAY) return [];
  const { out, outN } = (s as AmericanState).charleston as unknown as { out: Int8Array; outN: Uint8Array };
  const tiles: number[] = [];
  for (let y = 0; y < SEATS; y++) if (y !== seat) for (let i = 0; i < outN[y]!; i++) tiles.push(out[y * 3 + i]!);
  return tiles;
}

/** The assignment that puts back the tiles `s` holds in its hidden places. */
function truth(s: TableState, p: HiddenPlaces): HiddenDeal {
  const d = new HiddenDeal();
  for (let y = 0; y < SEATS; y++) {
    if (p.handTiles[y]! < 0) continue;
    for (let k = 0; k < KINDS; k++) d.hands[y * STRIDE + k] = s.hand[y * STRIDE + k]! - p.known[y * STRIDE + k]!;
  }
  if (p.drawSeat >= 0) {
    d.drawn = s.drawn;
    d.hands[p.drawSeat * STRIDE + s.drawn]!--;
  }
  d.ruleset.set(passSlots(s, p.seat));
  d.wall.set(undrawn(s));
  return d;
}

/** A fixed assignment: the pool in kind order, the tiles every place accepts first, dealt to the
 * ruleset's places, the hands in seat order (the draw last) and the wall. */
function sorted(p: HiddenPlaces): { deal: HiddenDeal; tiles: number[] } {
  const tiles: number[] = [];
  for (const refused of [false, true])
    for (let k = 0; k < KINDS; k++)
      if ((k >= p.handsRefuseFrom || p.rulesetRefuses[k] === 1) === refused) for (let c = 0; c < p.pool[k]!; c++) tiles.push(k);
  const d = new HiddenDeal();
  let at = 0;
  for (let i = 0; i < p.rulesetTiles; i++) d.ruleset[i] = tiles[at++]!;
  for (let y = 0; y < SEATS; y++) {
    const n = p.handTiles[y]! - (p.drawSeat === y ? 1 : 0);
    for (let i = 0; i < n; i++) d.hands[y * STRIDE + tiles[at++]!]!++;
  }
  if (p.drawSeat >= 0) d.drawn = tiles[at++]!;
  for (let i = 0; i < p.wallTiles; i++) d.wall[i] = tiles[at++]!;
  return { deal: d, tiles };
}

function playOn<S extends TableState>(game: GameDef<S>, s: S, strategies: Strategy[], key: string): void {
  const legal = new Int16Array(game.maxActions(s.r as never));
  const rngs = strategies.map((_, k) => new Rng(`${key}/${k}`));
  for (let seat = game.toAct(s), moves = 0; seat !== TERMINAL; seat = game.toAct(s), moves++) {
    if (moves > 100000) throw new Error('a game played on from a dealt assignment did not end');
    const n = game.legal(s, legal);
    game.apply(s, strategies[seat]!.choose(game.view(s, seat), legal, n, rngs[seat]!), 0);
  }
}

/** Checks the states met every `every` decisions of `games` games, each for one seat; returns how often each kind of
 * place or constraint was met. */
function check<S extends TableState>(
  game: GameDef<S>,
  rules: unknown,
  strategies: Strategy[],
  seed: string,
  games: number,
  every: number,
): Record<string, number> {
  const s = game.create(rules as never);
  const [c, d] = [game.create(rules as never), game.create(rules as never)];
  const legal = new Int16Array(game.maxActions(rules as never));
  const p = new HiddenPlaces();
  const met: Record<string, number> = {
    states: 0,
    'ruleset places': 0,
    'hidden draw': 0,
    'ready hand': 0,
    'known tiles': 0,
    'claim window': 0,
  };
  for (let g = 0; g < games; g++) {
    game.deal(s, new Rng(`${seed}/${g}`));
    const rngs = strategies.map((_, k) => new Rng(`${seed}/${g}/${k}`));
    for (let step = 0, seat = game.toAct(s); seat !== TERMINAL; step++, seat = game.toAct(s)) {
      if (step % every === 0) {
        // The seats in turn, the one to act among them: another's hidden draw, a claim window seen from aside.
        const who = (step / every) % SEATS;
        const at = `game ${g}, decision ${step}, seat ${who}`;
        hiddenPlaces(s, who, p);
        // The places hold the pool, and what the seat sees stays.
        const dealt = Array.from(p.handTiles).filter((n) => n >= 0);
        expect(sum(p.pool), at).toBe(sum(dealt) + p.rulesetTiles + p.wallTiles);
        expect(p.handTiles[who], at).toBe(-1);
        if (s.phase === CLAIM) expect(p.handTiles[s.cur], at).toBe(-1);
        expect(p.wallTiles, at).toBe(undrawn(s).length);
        expect(p.rulesetTiles, at).toBe(passSlots(s, who).length);
        for (let y = 0; y < SEATS; y++)
          for (let k = 0; k < KINDS; k++) expect(p.known[y * STRIDE + k]!, at).toBeLessThanOrEqual(s.hand[y * STRIDE + k]!);

        // The true tiles dealt back.
        game.copy!(s, c);
        dealPlaces(c, p, truth(s, p), s.stats);
        expect(Array.from(c.hand), at).toEqual(Array.from(s.hand));
        expect(undrawn(c), at).toEqual(undrawn(s));
        // (A kong's tile on offer keeps no draw: the claim window's rebuild clears it.)
        if (s.phase !== CLAIM) expect(c.drawn, at).toBe(s.drawn);
        expect(passSlots(c, who), at).toEqual(passSlots(s, who));

        // A fixed assignment, laid as given.
        const { deal, tiles } = sorted(p);
        game.copy!(s, d);
        dealPlaces(d, p, deal, s.stats);
        for (let y = 0; y < SEATS; y++) {
          for (let k = 0; k < KINDS; k++) {
            const want =
              p.handTiles[y]! < 0
                ? s.hand[y * STRIDE + k]!
                : p.known[y * STRIDE + k]! + deal.hands[y * STRIDE + k]! + (p.drawSeat === y && deal.drawn === k ? 1 : 0);
            expect(d.hand[y * STRIDE + k], `${at}, seat ${y}, kind ${k}`).toBe(want);
            if (k < FLOWER && d.has(d.kinds, y, k) !== want > 0) throw new Error(`${at}: seat ${y}'s kinds mask disagrees on kind ${k}`);
          }
        }
        if (p.drawSeat >= 0) expect(d.drawn, at).toBe(deal.drawn);
        expect(undrawn(d), at).toEqual(Array.from(deal.wall.subarray(0, p.wallTiles)));
        expect(passSlots(d, who), at).toEqual(tiles.slice(0, p.rulesetTiles));
        d.rng = new Rng(`${seed}/${g}/${step}/on`);
        playOn(game, d, strategies, `${seed}/${g}/${step}/on`);
        met.states!++;
        if (p.rulesetTiles > 0) met['ruleset places']!++;
        if (p.drawSeat >= 0) met['hidden draw']!++;
        if (p.handTiles.some((n, y) => n >= 0 && p.ready[y] === 1)) met['ready hand']!++;
        if (sum(p.known) > 0) met['known tiles']!++;
        if (s.phase === CLAIM) met['claim window']!++;
      }
      const n = game.legal(s, legal);
      game.apply(s, strategies[seat]!.choose(game.view(s, seat), legal, n, rngs[seat]!), 0);
    }
  }
  return met;
}

/** Every named kind of state was met at least once, and more than `states` states in all. */
function expectMet(met: Record<string, number>, states: number, names: string[]): void {
  expect(met.states).toBeGreaterThan(states);
  for (const name of names) expect(met[name], name).toBeGreaterThan(0);
}

describe('table hidden places', () => {
  it('korean (upers, kongs, flowers): described, the truth dealt back, a fixed assignment dealt as given', () => {
    const rules = resolveRules(koreanSchema, [{ where: 'test', values: { handsPerSession: 2, openUper: true } }]);
    const specs = ['uper-always', 'efficiency', 'fold-vs-uper', 'uper-early(k=6)'];
    expectMet(check(korean, rules, bots(koreanStrategies, 'korean', rules, specs), 'hidden-kr', 3, 7), 40, [
      'hidden draw',
      'ready hand',
      'claim window',
    ]);
  });

  it('chinese-american (chows, kongs robbed, flowers, a reserve): the same', () => {
    const rules = resolveRules(chineseAmericanSchema, [{ where: 'test', values: { gameLengthDealerships: 1 } }]);
    const strategies = bots(chineseAmericanStrategies, 'chinese-american', rules, [
      'efficiency',
      'pong-hunter',
      'efficiency',
      'flush-seeker',
    ]);
    expectMet(check(chineseAmerican, rules, strategies, 'hidden-ca', 4, 5), 30, ['hidden draw', 'claim window']);
  });

  it('american (the Charleston, its hidden passes, exposures, jokers): the same', () => {
    const rules = resolveRules(americanSchema, [{ where: 'test', values: { handsPerSession: 1 } }]);
    const strategies = bots(americanStrategies, 'american', rules, ['line-chaser', 'defensive', 'random-line', 'line-chaser']);
    expectMet(check(american, rules, strategies, 'hidden-am', 2, 8), 20, ['ruleset places', 'hidden draw', 'known tiles', 'claim window']);
  });
});
