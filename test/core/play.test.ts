import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../../src/core/game.js';
import { IllegalMoveError } from '../../src/core/errors.js';
import { Table } from '../../src/core/play.js';
import { Rng } from '../../src/core/rng.js';
import { resolveRules } from '../../src/core/rules.js';
import { Rollouts } from '../../src/core/rollouts.js';
import { parseSpec, type Strategy, type StrategyDef } from '../../src/core/strategy.js';
import { koreanStrategies } from '../../strategies/korean/index.js';
import { nylonppong } from '../../src/games/hwatu/nylonppong/game.js';
import { nylonRulesSchema } from '../../src/games/hwatu/nylonppong/rules.js';
import { TABLE_ACTIONS as ACTIONS, DECLARE, DISCARD, PUNG, SELF_KONG, WIN } from '../../src/games/mahjong/table/actions.js';
import { BIT, WORD } from '../../src/games/mahjong/table/kinds.js';
import { chineseAmerican } from '../../src/games/mahjong/chinese-american/game.js';
import { chineseAmericanSchema, type ChineseAmericanRules } from '../../src/games/mahjong/chinese-american/rules.js';
import type { GameDef, GameState } from '../../src/core/game.js';
import type { TableView } from '../../src/games/mahjong/table/view.js';
import { korean } from '../../src/games/mahjong/korean/game.js';
import { koreanSchema, type KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import { tsumogiri } from '../../strategies/korean/tsumogiri.js';
import { uperAlways } from '../../strategies/korean/uper-always.js';

const koreanRules = resolveRules<KoreanRules>(koreanSchema, [{ where: 'test', values: { handsPerSession: 2 } }]);
const seatRngs = (tag: string) => [0, 1, 2, 3, 4, 5].map((k) => new Rng(`${tag}/seat${k}`));

describe('Table: view-only strategies', () => {
  it('isLegal agrees with the legal list at every decision of random Korean play', () => {
    const variants = [{}, { chowCalls: 'leftOnly', openUper: true, sevenPairsAllowQuad: true }];
    const list = new Int16Array(ACTIONS);
    let checked = 0;
    for (const values of variants) {
      const rules = resolveRules<KoreanRules>(koreanSchema, [{ where: 'test', values: { ...values, handsPerSession: 4 } }]);
      const s = korean.create(rules);
      for (let g = 0; g < 10; g++) {
        const pick = new Rng(`is-legal/${g}/pick`);
        korean.deal(s, new Rng(`is-legal/${g}/deal`));
        while (korean.toAct(s) !== TERMINAL) {
          const n = korean.legal(s, list);
          const legal = new Set(list.subarray(0, n));
          for (let a = -1; a <= ACTIONS; a++) {
            if (korean.isLegal!(s, a) !== legal.has(a)) throw new Error(`isLegal(${a}) disagrees with the list ${[...legal].join(',')}`);
          }
          checked++;
          korean.apply(s, list[pick.int(n)]!, 0);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('a mahjong view gives what the legal list holds of discards, self kongs and claims, at every decision of Korean uper play and random Chinese-American play', () => {
    const list = new Int16Array(ACTIONS);
    const claims = new Int16Array(ACTIONS);
    const kongs = new Int32Array(2);
    let turns = 0;
    let claimsSeen = 0;
    let kongsSeen = 0;
    // Korean with a bot that declares uper at every chance (locked seats: the drawn tile is the
    // only discard; their one kong is engine.test's TV1), and Chinese-American at random (bamboo:
    // the second mask word).
    const kRules = resolveRules<KoreanRules>(koreanSchema, [{ where: 'test', values: { handsPerSession: 4 } }]);
    const upers = uperAlways.make({ open: 0 }, kRules);
    const tables: [GameDef<GameState, unknown, TableView>, unknown, Strategy | null][] = [
      [korean as never, kRules, upers],
      [
        chineseAmerican as never,
        resolveRules<ChineseAmericanRules>(chineseAmericanSchema, [{ where: 'test', values: { handsLimit: 4 } }]),
        null,
      ],
    ];
    for (const [game, rules, bot] of tables) {
      const s = game.create(rules);
      for (let g = 0; g < 40; g++) {
        const pick = new Rng(`view-legal/${g}/pick`);
        game.deal(s, new Rng(`view-legal/${g}/deal`));
        for (let x = game.toAct(s); x !== TERMINAL; x = game.toAct(s)) {
          const n = game.legal(s, list);
          const listed = [...list.subarray(0, n)];
          const v = game.view(s, x);
          if (v.phase === 0) {
            v.selfKongs(kongs);
            const fromView: number[] = [];
            const discardable = [v.discardable0, v.discardable1];
            for (let k = 0; k < 34; k++) if ((discardable[WORD[k]!]! & BIT[k]!) !== 0) fromView.push(DISCARD + k);
            for (let k = 0; k < 34; k++) if ((kongs[WORD[k]!]! & BIT[k]!) !== 0) fromView.push(SELF_KONG + k);
            const fromList = listed.filter((a) => a < DECLARE || (a >= SELF_KONG && a < WIN));
            expect(fromView.sort((a, b) => a - b)).toEqual(fromList.sort((a, b) => a - b));
            kongsSeen += fromList.filter((a) => a >= SELF_KONG).length;
            turns++;
          } else {
            expect([...claims.subarray(0, v.claims(claims))]).toEqual(listed);
            claimsSeen++;
          }
          game.apply(s, bot ? bot.choose(v, list, n, pick) : list[pick.int(n)]!, 0);
        }
      }
    }
    expect(turns).toBeGreaterThan(1000);
    expect(claimsSeen).toBeGreaterThan(100);
    expect(kongsSeen).toBeGreaterThan(5);
  });

  it('an illegal move by a view-only strategy names the strategy, the move and every legal move', () => {
    const cheat: Strategy = { viewOnly: true, choose: () => PUNG };
    const table = new Table(korean, koreanRules, [cheat, cheat, cheat, cheat], ['cheat', 'b', 'c', 'd']);
    expect(() => table.play(new Rng('cheat/deal'), seatRngs('cheat'))).toThrow(IllegalMoveError);
    expect(() => table.play(new Rng('cheat/deal'), seatRngs('cheat'))).toThrow(
      /^strategy cheat at seat 0 made an illegal move: action 138 is not legal here \(legal: (discard \w\d, )*discard \w\d\)$/,
    );
  });

  it("in rollouts too: a view-only policy's illegal move names the policy, the move and every legal move", () => {
    const cheat: StrategyDef = {
      name: 'cheat',
      game: 'korean',
      doc: 'pungs at every decision',
      params: [],
      make: () => ({ viewOnly: true, choose: () => PUNG }),
    };
    const defs = [...koreanStrategies, cheat];
    const ro = new Rollouts(korean, koreanRules, parseSpec('cheat', defs, 'korean', koreanRules), defs);
    const s = korean.create(koreanRules);
    korean.deal(s, new Rng('rollout-cheat/deal'));
    const list = new Int16Array(ACTIONS);
    korean.legal(s, list);
    ro.set(0, list[0]!, 0);
    expect(() => ro.evaluate(s, s.cur, 1, 0, 1, new Rng('rollout-cheat'))).toThrow(
      /^cheat at seat \d of a rollout made an illegal move: action 138 is not legal here \(legal: (discard \w\d, )*discard \w\d\)$/,
    );
    // A legal view-only policy plays its rollouts without the list.
    const seen: number[] = [];
    const bot = tsumogiri.make({}, koreanRules);
    const lazy: StrategyDef = {
      name: 'lazy',
      game: 'korean',
      doc: 'tsumogiri, counting',
      params: [],
      make: () => ({ viewOnly: true, choose: (v, l, n, r) => (seen.push(n), bot.choose(v, l, n, r)) }),
    };
    const defs2 = [...koreanStrategies, lazy];
    const ro2 = new Rollouts(korean, koreanRules, parseSpec('lazy', defs2, 'korean', koreanRules), defs2);
    ro2.set(0, list[0]!, 0);
    ro2.evaluate(s, s.cur, 1, 0, 2, new Rng('rollout-lazy'));
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.every((n) => n === 0)).toBe(true);
  });

  it('lists the legal actions unless the strategy is view-only and the game has isLegal', () => {
    const first: Strategy['choose'] = (_v, legal) => legal[0]!;
    const counting = (viewOnly: boolean, seen: number[], choose: Strategy['choose']): Strategy => ({
      viewOnly,
      choose: (v, legal, n, rng) => {
        seen.push(n);
        return choose(v, legal, n, rng);
      },
    });
    const lazy: number[] = [];
    const listing: number[] = [];
    const bot = tsumogiri.make({}, koreanRules);
    const bots = [
      counting(true, lazy, bot.choose),
      counting(false, listing, first),
      counting(true, lazy, bot.choose),
      counting(false, listing, first),
    ];
    new Table(korean, koreanRules, bots, ['a', 'b', 'c', 'd']).play(new Rng('k/deal'), seatRngs('k'));
    expect(lazy.length).toBeGreaterThan(0);
    expect(lazy.every((n) => n === 0)).toBe(true);
    expect(listing.every((n) => n > 0)).toBe(true);
    // Nylon-ppong has no isLegal: a view-only strategy still gets the list.
    const nylon: number[] = [];
    const four = Array.from({ length: 4 }, () => counting(true, nylon, first));
    new Table(nylonppong, resolveRules(nylonRulesSchema, []), four, ['a', 'b', 'c', 'd']).play(new Rng('n/deal'), seatRngs('n'));
    expect(nylon.length).toBeGreaterThan(0);
    expect(nylon.every((n) => n > 0)).toBe(true);
  });
});
