import { GAMES } from '../catalog/index.js';
import { advise } from '../library/advise.js';
import { figureName, fmt, rate, type BenchResult } from './clock.js';

/**
 * `pongsim advise` at the table, per game: the game's example situation (AdviseQuery.example)
 * advised again and again at its default budget, each time on new deals (a new seed). Two
 * figures a game: decisions advised per minute on one core, and the playouts per second they
 * rest on (a decision that is settled early makes fewer than its budget).
 */
export function benchAdvise(seconds: number): BenchResult {
  const figures: Record<string, number> = {};
  const offering = GAMES.filter((g) => g.advise);
  for (const g of offering) {
    const name = figureName(g.def.id);
    let decisions = 0,
      playouts = 0;
    const perSec = rate(seconds / offering.length, () => {
      const r = advise({ game: g.def.id, ...g.advise!.example, seed: `bench${decisions++}` });
      playouts += r.playouts;
      return r.playouts;
    });
    figures[`${name}PlayoutsPerSec`] = perSec;
    figures[`${name}AdvisedPerMin`] = (60 * perSec) / (playouts / decisions);
  }
  return {
    figures,
    line:
      'advise: decisions advised per minute per core at the default budget (playouts/s): ' +
      offering
        .map(
          (g) =>
            `${g.def.id} ${fmt(figures[`${figureName(g.def.id)}AdvisedPerMin`]!)} (${fmt(figures[`${figureName(g.def.id)}PlayoutsPerSec`]!)})`,
        )
        .join(', '),
  };
}
