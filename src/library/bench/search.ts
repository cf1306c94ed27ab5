import { SEARCHED } from '../../catalog/index.js';
import { Table } from '../../core/play.js';
import { Rng } from '../../core/rng.js';
import { resolveRules } from '../../core/rules.js';
import { makeStrategy, parseSpec, type Strategy } from '../../core/strategy.js';
import { figureName, fmt, rate, type BenchResult } from '../../bench/clock.js';

/** Rollouts per action in the figure: the search bot's default. */
const N = 16;

/**
 * The search bot's decisions per second on one core, per game: `rollout(n=16)` with the game's
 * best hand-written bot as policy, in one seat against copies of that bot, under the short
 * rules of the search-strength study. A decision counts when it had more than one legal action
 * (the others are answered without a rollout).
 */
export function benchSearch(seconds: number): BenchResult {
  const figures: Record<string, number> = {};
  for (const entry of SEARCHED) {
    const f = { game: entry.def.id, ...entry.search };
    // The figure is per decision, so a field whose games are many hands (one plays 128,
    // there to measure a small gain) plays one hand a game here, to keep a game within the seconds.
    const rules = resolveRules(entry.def.schema, [{ where: 'bench', values: f.hands ? { ...f.rules, handsLimit: 1 } : f.rules }]);
    const spec = (text: string) => parseSpec(text, entry.strategies, f.game, rules);
    const best = spec(f.best);
    const bot = makeStrategy(spec(`rollout(n=${N},policy=${best.text})`), entry.strategies, rules);
    let searched = 0;
    const counting: Strategy = {
      ...bot,
      search(s, seat, legal, n, rng) {
        if (n > 1) searched++;
        return bot.search!(s, seat, legal, n, rng);
      },
    };
    const seats = entry.def.seats(rules);
    const others = Array.from({ length: seats - 1 }, () => makeStrategy(best, entry.strategies, rules));
    const table = new Table(entry.def, rules, [counting, ...others], ['rollout', ...others.map(() => best.text)]);
    const rngs = Array.from({ length: seats }, () => new Rng(null));
    let games = 0;
    figures[`${figureName(f.game)}DecisionsPerSec`] = rate(seconds, () => {
      const before = searched;
      for (let k = 0; k < seats; k++) rngs[k]!.reuse('bench', 0, games, `seat${k}`);
      table.play(new Rng(null).reuse('bench', 0, games++, 'deal'), rngs);
      return searched - before;
    });
  }
  return {
    figures,
    line:
      `search: rollout(n=${N}) decisions/s per core against the best hand-written bot: ` +
      SEARCHED.map((g) => `${g.def.id} ${fmt(figures[`${figureName(g.def.id)}DecisionsPerSec`]!)}`).join(', '),
  };
}
