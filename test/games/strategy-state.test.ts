// Results may not depend on how games are grouped into chunks: a strategy object plays game
// after game in a worker, so any state it carries from one game into the next would make a
// run's bytes depend on the worker count. For every strategy of every game in the catalog,
// games played one after another by one set of strategy objects must equal the same games
// each played by fresh objects.
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog/index.js';
import { resolveRules } from '../../src/core/rules.js';
import { parseSpec } from '../../src/core/strategy.js';
import { Arm } from '../../src/experiment/arm.js';

// Short games where a game is a long session, so the test stays quick (an American hand, with
// its Charleston, costs a search bot most: one a game).
const SHORT: Record<string, Record<string, unknown>> = {
  'chinese-american': { gameLengthDealerships: 1, handsLimit: 3 },
  korean: { handsPerSession: 3 },
  wolnamppong: { cycles: 4 },
  nylonppong: { rounds: 2 },
  american: { handsPerSession: 1 },
};

describe('strategies carry nothing from one game into the next', () => {
  for (const g of GAMES) {
    const rules = resolveRules(g.def.schema, [{ where: 'test', values: SHORT[g.def.id] ?? {} }]);
    for (const def of g.strategies) {
      it(`${g.def.id}: ${def.name}`, () => {
        const n = g.def.seats(rules);
        // As the studies seat it: one copy against the reference bot, rotated through the
        // seats, so it also meets decisions (a claim) before its first turn of a game, where a
        // choice left over from the last game would show.
        // A search bot at its fewest rollouts, once through every seat: what it carries is the
        // same, its games far quicker.
        const focal = def.searches ? `${def.name}(n=1)` : def.name;
        const games = def.searches ? n : 24;
        const specs = [focal, ...Array.from({ length: n - 1 }, () => g.defaultSeat)].map((t) =>
          parseSpec(t, g.strategies, g.def.id, rules),
        );
        const shared = new Arm(g.def, rules, specs, g.strategies);
        for (let i = 0; i < games; i++) {
          shared.play('state', 0, i, i % n);
          const together = Array.from(shared.returns);
          const fresh = new Arm(g.def, rules, specs, g.strategies);
          fresh.play('state', 0, i, i % n);
          expect(together, `game ${i}`).toEqual(Array.from(fresh.returns));
        }
      });
    }
  }
});
