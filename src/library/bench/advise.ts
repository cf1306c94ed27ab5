import { GAMES } from '../../catalog/index.js';
import { advise } from '../advise.js';
import { figureName, fmt, rateAsync, type BenchResult } from '../../bench/clock.js';

/**
 * `pongsim advise` at the table, per game: the game's example situation (AdviseQuery.example,
 * and any moreExamples, each a figure of its own) advised again and again at its default
 * budget, each time on new deals (a new seed). Two figures a situation: decisions advised per
 * minute on one core (one worker: this thread), and the playouts per second they rest on (a decision that is settled
 * early makes fewer than its budget).
 */
export async function benchAdvise(seconds: number): Promise<BenchResult> {
  const figures: Record<string, number> = {};
  const timed = GAMES.filter((g) => g.advise).flatMap((g) => [
    { game: g.def.id, id: g.def.id, name: figureName(g.def.id), situation: g.advise!.example },
    ...(g.advise!.moreExamples ?? []).map((x) => ({
      game: g.def.id,
      id: `${g.def.id} ${x.name}`,
      name: `${figureName(g.def.id)}${x.name[0]!.toUpperCase()}${x.name.slice(1)}`,
      situation: x.situation,
    })),
  ]);
  for (const t of timed) {
    let decisions = 0,
      playouts = 0;
    const perSec = await rateAsync(seconds / timed.length, async () => {
      const r = await advise({ game: t.game, ...t.situation, seed: `bench${decisions++}`, workers: 1 });
      playouts += r.playouts;
      return r.playouts;
    });
    figures[`${t.name}PlayoutsPerSec`] = perSec;
    figures[`${t.name}AdvisedPerMin`] = (60 * perSec) / (playouts / decisions);
  }
  return {
    figures,
    line:
      'advise: decisions advised per minute per core at the default budget (playouts/s): ' +
      timed.map((t) => `${t.id} ${fmt(figures[`${t.name}AdvisedPerMin`]!)} (${fmt(figures[`${t.name}PlayoutsPerSec`]!)})`).join(', '),
  };
}
