import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from 'pongsim';
import { GAMES, gameEntry } from '../../src/catalog/index.js';
import { TERMINAL, type GameDef, type GameState } from '../../src/core/game.js';
import { decisionLog, Table } from '../../src/core/play.js';
import { Trace, type GameEvent } from '../../src/core/trace.js';
import { Rng } from '../../src/core/rng.js';
import { resolveRules } from '../../src/core/rules.js';
import { makeStrategy, parseSpec, type Strategy, type StrategyDef } from '../../src/core/strategy.js';
import { rolloutStrategy } from '../../strategies/rollout.js';
import { Arm } from '../../src/experiment/arm.js';
import { exactBestBet, FOLD, unseen } from '../../src/games/hwatu/wolnamppong/odds.js';
import type { WolnamView } from '../../src/games/hwatu/wolnamppong/game.js';
import { tempDir } from '../support/cli.js';

/** Short games of each game, so a search bot plays a few of them in seconds. */
const SHORT: Record<string, Record<string, unknown>> = {
  wolnamppong: { cycles: 2 },
  nylonppong: { rounds: 1 },
  korean: { handsPerSession: 1 },
  'chinese-american': { gameLengthDealerships: 1, handsLimit: 1 },
  american: { handsPerSession: 1 },
};

function setup(id: string, set: Record<string, unknown> = SHORT[id] ?? {}) {
  const entry = gameEntry(id);
  const rules = resolveRules(entry.def.schema, [{ where: 'test', values: set }]);
  const spec = (text: string) => parseSpec(text, entry.strategies, id, rules);
  const make = (text: string): Strategy => makeStrategy(spec(text), entry.strategies, rules);
  return { entry, game: entry.def as GameDef<GameState>, rules, spec, make };
}

describe('rollout', () => {
  it('bets exactly when the exact odds of the cards it has not seen favour the bet (Wolnamppong, clear cases)', () => {
    // Searching from a policy that always folds, with z = 0: the bot's choice is its own
    // estimate. A bet's result over the cycle is the bet's own settlement, so its mean per chip
    // is the exact EV given the cards seen this cycle; 300 rollouts put it within about 0.07.
    const { game, rules, make } = setup('wolnamppong', { cycles: 3 });
    const bot = make('rollout(n=300,z=0,policy=fold)');
    const checked = { bet: 0, fold: 0 };
    const judge: Strategy = {
      choose: () => {
        throw new Error('unused');
      },
      amount: (...a) => bot.amount!(...a),
      search(s, seat, legal, n, rng) {
        const a = bot.search!(s, seat, legal, n, rng);
        const v = game.view(s, seat) as WolnamView;
        const seen: number[] = [];
        for (let m = 1; m <= 12; m++) for (let c = 0; c < v.seen[m]!; c++) seen.push(m);
        const rem = unseen(v.lo, v.hi, seen) as number[];
        const ev = exactBestBet(v.rules, v.lo, v.hi, rem).ev;
        const x = ev.n / ev.d;
        if (x > 0.25) {
          expect(a, `EV ${x.toFixed(3)}`).not.toBe(FOLD);
          checked.bet++;
        }
        if (x < -0.25) {
          expect(a, `EV ${x.toFixed(3)}`).toBe(FOLD);
          checked.fold++;
        }
        return a;
      },
    };
    const others = Array.from({ length: game.seats(rules) - 1 }, () => make('ev-threshold'));
    const table = new Table(game, rules, [judge, ...others], ['judge', ...others.map(() => 'ev-threshold')]);
    for (let g = 0; g < 60; g++)
      table.play(
        new Rng(`known/${g}`),
        Array.from({ length: others.length + 1 }, (_, k) => new Rng(`known/${g}/${k}`)),
      );
    expect(checked.bet).toBeGreaterThan(5);
    expect(checked.fold).toBeGreaterThan(20);
  });

  it('declares every win its policy declares (Chinese-American: a sure gain is not passed up for a self-draw)', () => {
    // Without the rule, n = 16 passed up about one discard win in eight hands: rollouts deal the
    // opponents' tiles at random, so waiting for a self-draw looks better than it is.
    const { game, rules, make } = setup('chinese-american');
    const bot = make('rollout(n=16,policy=efficiency)');
    const policy = make('efficiency');
    let wins = 0;
    const judge: Strategy = {
      choose: () => {
        throw new Error('unused');
      },
      search(s, seat, legal, m, rng) {
        // The seat plays its policy, and the search is asked only where that declares a discard
        // win (passing is the alternative): the decision the bug gave up.
        const p = policy.choose(game.view(s, seat), legal, m, new Rng('policy'));
        if (!game.actionName(s, p, 0).startsWith('win on')) return p;
        const a = bot.search!(s, seat, legal, m, rng);
        expect(game.actionName(s, a, 0)).toBe(game.actionName(s, p, 0));
        wins++;
        return a;
      },
    };
    const others = Array.from({ length: game.seats(rules) - 1 }, () => make('efficiency'));
    const table = new Table(game, rules, [judge, ...others], ['judge', ...others.map(() => 'efficiency')]);
    for (let g = 0; g < 200 && wins < 10; g++)
      table.play(
        new Rng(`wins/${g}`),
        Array.from({ length: 4 }, (_, k) => new Rng(`wins/${g}/${k}`)),
      );
    expect(wins).toBeGreaterThanOrEqual(10);
  });

  it("searches only the decisions of at most `most` actions, playing its policy's choice at wider ones (Chinese-American)", () => {
    // With z = 0 the search departs from its policy wherever a mean looks better, so a bot that
    // searched the wide decisions (a discard among a dozen kinds) would leave efficiency's
    // discard there in most hands.
    const { game, rules, make } = setup('chinese-american');
    const bot = make('rollout(n=8,z=0,most=5,policy=efficiency)');
    const policy = make('efficiency');
    const seen = { wide: 0, departed: 0 };
    const judge: Strategy = {
      choose: () => {
        throw new Error('unused');
      },
      search(s, seat, legal, m, rng) {
        const p = policy.choose(game.view(s, seat), legal, m, new Rng('policy'));
        const a = bot.search!(s, seat, legal, m, rng);
        if (m > 5) {
          expect(game.actionName(s, a, 0)).toBe(game.actionName(s, p, 0));
          seen.wide++;
        } else if (a !== p) {
          seen.departed++;
        }
        return a;
      },
    };
    const others = Array.from({ length: game.seats(rules) - 1 }, () => make('efficiency'));
    const table = new Table(game, rules, [judge, ...others], ['judge', ...others.map(() => 'efficiency')]);
    for (let g = 0; g < 60 && (seen.departed < 3 || seen.wide <= 50); g++)
      table.play(
        new Rng(`most/${g}`),
        Array.from({ length: 4 }, (_, k) => new Rng(`most/${g}/${k}`)),
      );
    expect(seen.wide).toBeGreaterThan(50);
    expect(seen.departed).toBeGreaterThanOrEqual(3);
  });

  it('checks a departure from its policy on fresh rollouts (a lottery where every action is worth the same)', () => {
    // One decision: twelve tickets, a number drawn from ten, a ticket pays 10 when its number
    // (ticket mod 10) comes up. Every ticket is worth 1, and the paired difference of two
    // tickets is mostly 0 with a few +-10, where a standard error from 16 rollouts misleads: the
    // best of eleven estimates still clears its corrected threshold now and then. Each such
    // departure must then win fresh rollouts of the two tickets alone at the threshold for one
    // alternative, which a ticket no better than the policy's does with probability about
    // 1 - Phi(1) = 0.16, independently of the first stage. So with the check, departures are
    // at most 0.16 of those without it, give or take three binomial standard deviations.
    const decisions = 400;
    const unchecked = lotteryDepartures(decisions, 0);
    const checked = lotteryDepartures(decisions, 4);
    expect(unchecked).toBeGreaterThanOrEqual(8);
    expect(checked).toBeLessThanOrEqual(Math.ceil(0.16 * unchecked + 3 * Math.sqrt(unchecked * 0.16 * 0.84)));
  });

  it('decides from what its seat has seen: the real table and a determinization of it give one choice', () => {
    for (const g of GAMES) {
      const { game, rules, make } = setup(g.def.id);
      const bot = make('rollout(n=3)');
      const policy = make(g.defaultSeat);
      const s = game.create(rules),
        twin = game.create(rules);
      const legal = new Int16Array(game.maxActions(rules));
      game.deal(s, new Rng(`twin/${g.def.id}`));
      const rng = new Rng(`twin/${g.def.id}/play`);
      let searched = 0;
      for (let step = 0; game.toAct(s) !== TERMINAL && searched < 6; step++) {
        const seat = game.toAct(s);
        const n = game.legal(s, legal);
        if (n > 1 && step % 3 === 0) {
          game.determinize!(s, seat, new Rng(`twin/${step}`), twin);
          const a = bot.search!(s, seat, legal, n, new Rng(`search/${step}`));
          const b = bot.search!(twin, seat, legal, n, new Rng(`search/${step}`));
          expect(b, `${g.def.id} decision ${step}`).toBe(a);
          searched++;
        }
        const a = policy.choose(game.view(s, seat), legal, n, rng);
        const bounds = new Float64Array(2);
        const amount = game.amountBounds?.(s, a, bounds) ? policy.amount!(game.view(s, seat), a, bounds[0]!, bounds[1]!, rng) : 0;
        game.apply(s, a, amount);
      }
      expect(searched, g.def.id).toBeGreaterThan(0);
    }
  });

  it('plays every game in the catalog to the end, seeded: the same game twice gives the same result', () => {
    for (const g of GAMES) {
      const { entry, game, rules, spec } = setup(g.def.id);
      const seats = game.seats(rules);
      const specs = [spec('rollout(n=2)'), ...Array.from({ length: seats - 1 }, () => spec(g.defaultSeat))];
      const results = [0, 1].map(() => {
        const arm = new Arm(game, rules, specs, entry.strategies);
        arm.play('every', 0, 5, 1);
        return Array.from(arm.returns);
      });
      expect(results[0]!.every(Number.isFinite), g.def.id).toBe(true);
      expect(results[1], g.def.id).toEqual(results[0]);
    }
  });

  it('gives the same bytes on 1 and 2 workers', async () => {
    const dir = tempDir();
    const sim = async (workers: number) => {
      const out = path.join(dir, `w${workers}.csv`);
      await simulate({ game: 'nylonppong', set: 'rounds=2', seats: 'rollout(n=3),basic*3', games: 24, seed: '5', workers, chunk: 5, out });
      return fs.readFileSync(out, 'utf8');
    };
    const one = await sim(1);
    expect(one).toMatch(/rollout\(n=3,z=1,confirm=4,most=0,policy=basic\(t=10\)\)/);
    expect(await sim(2)).toBe(one);
  });

  it("deal=inferred deals its rollouts from the particle filter over the round's play (Wolnamppong), and is refused elsewhere with one line", async () => {
    const { entry, game, rules, spec } = setup('wolnamppong');
    const best = 'ev-threshold(t=0,f=0.5)';
    // At its default the choice is left out of the text: the same spec as before it existed.
    expect(spec(`rollout(n=4,deal=uniform,policy=${best})`).text).toBe(spec(`rollout(n=4,policy=${best})`).text);
    expect(spec(`rollout(n=4,deal=inferred,policy=${best})`).text).toBe(`rollout(n=4,z=1,confirm=4,most=0,policy=${best},deal=inferred)`);
    const seats = game.seats(rules);
    const play = (deal: string) => {
      const arm = new Arm(
        game,
        rules,
        [spec(`rollout(n=4,deal=${deal},policy=${best})`), ...Array(seats - 1).fill(spec(best))],
        entry.strategies,
      );
      // Every decision of the game, named: the strategy, its seat and the action taken.
      const log: (string | number)[] = [];
      decisionLog.list = log;
      try {
        arm.play('inferred', 0, 3);
      } finally {
        decisionLog.list = null;
      }
      return { returns: Array.from(arm.returns), log };
    };
    const inferred = play('inferred');
    // Seeded: the same games twice give the same play.
    expect(play('inferred')).toEqual(inferred);
    // The dealing acts: the searching seat plays otherwise somewhere in these games.
    expect(play('uniform').log).not.toEqual(inferred.log);
    expect(() => setup('american').spec('rollout(deal=inferred)')).toThrow(
      /^strategy rollout: deal=inferred is not offered in american, only where advice infers by default: [^\n]*; allowed: deal=uniform$/,
    );
    expect(() => spec('rollout(deal=guess)')).toThrow(
      /^strategy rollout: parameter deal must be one of uniform, inferred \(got "guess"\)$/,
    );
  });

  it('hands a watching strategy the events of the game so far at every decision, traced or not', () => {
    const { game, rules, make } = setup('wolnamppong');
    const seen: number[][] = [[], []];
    let run = 0;
    const policy = make('ev-threshold(t=0,f=0.5)');
    const watcher: Strategy = {
      ...policy,
      choose: (...a) => policy.choose(...a),
      amount: (...a) => policy.amount!(...a),
      watch: (_s, ev) => seen[run]!.push(ev.length),
    };
    const seats = game.seats(rules);
    const table = new Table(game, rules, [watcher, ...Array.from({ length: seats - 1 }, () => make('ev-threshold(t=0,f=0.5)'))], []);
    table.playSeeded('watch', 0, 0);
    run = 1;
    const events: GameEvent[] = [];
    table.playSeeded('watch', 0, 0, new Trace(null, events));
    // One call a decision, anyone's, with as many events as a traced game had written by then.
    expect(seen[0]!.length).toBe(table.decisions);
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]!.at(-1)!).toBeGreaterThan(table.decisions);
    expect(events.length).toBeGreaterThan(seen[0]!.at(-1)!);
  });

  it("refuses to be another search bot's policy, with one line", async () => {
    await expect(simulate({ game: 'nylonppong', seats: 'rollout(policy=rollout(n=2)),basic*3', games: 2 })).rejects.toThrow(
      /^[^\n]*policy=rollout: a search bot cannot be another's policy; allowed: random, basic[^\n]*$/,
    );
  });
});

interface Lottery extends GameState {
  done: boolean;
  pay: number;
}

/** How often rollout(n=16, z=1, confirm) leaves its policy (always ticket 0) in `decisions` lotteries. */
function lotteryDepartures(decisions: number, confirm: number): number {
  const game: GameDef<Lottery> = {
    id: 'lottery',
    title: 'lottery',
    schema: { fields: [] } as unknown as GameDef<Lottery>['schema'],
    seats: () => 1,
    maxActions: () => 12,
    create: () => ({ done: true, pay: 0, rng: new Rng(null), log: null }),
    deal(s, rng) {
      s.done = false;
      s.pay = 0;
      s.rng = rng;
    },
    toAct: (s) => (s.done ? TERMINAL : 0),
    legal(_s, out) {
      for (let a = 0; a < 12; a++) out[a] = a;
      return 12;
    },
    apply(s, a) {
      s.pay = s.rng.int(10) === a % 10 ? 10 : 0;
      s.done = true;
    },
    copy(from, to) {
      to.done = from.done;
      to.pay = from.pay;
    },
    determinize(s, _seat, rng, out) {
      game.copy(s, out);
      out.rng = rng;
    },
    round: () => 0,
    returns(s, out) {
      out[0] = s.pay;
    },
    lowerIsBetter: false,
    view: (s) => s,
    actionName: (_s, a) => `ticket ${a}`,
    actionEvent: (_s, a) => ({ type: 'ticket', seat: 0, ticket: a }),
    describe: () => 'lottery',
    rates: () => {},
  };
  const first: StrategyDef = { name: 'first', game: 'lottery', doc: 'ticket 0', params: [], make: () => ({ choose: () => 0 }) };
  const bot = rolloutStrategy(game as unknown as GameDef, [first], 16, 1, parseSpec('first', [first], 'lottery', {}), {}, confirm);
  const s = game.create({});
  const legal = new Int16Array(12);
  let departures = 0;
  for (let i = 0; i < decisions; i++) {
    game.deal(s, new Rng(null).reuse('lottery', 0, i, 'deal'));
    const n = game.legal(s, legal);
    if (bot.search!(s, 0, legal, n, new Rng(null).reuse('lottery', 0, i, 'bot')) !== 0) departures++;
  }
  return departures;
}
