import { GAMES, SEARCHED } from '../../catalog/index.js';
import type { GameEntry } from '../../catalog/entry.js';
import type { SearchedGame } from '../../../experiments/search-strength.js';
import { Table } from '../../core/play.js';
import { Rng } from '../../core/rng.js';
import { resolveRules } from '../../core/rules.js';
import { makeStrategy, parseSpec, type Strategy } from '../../core/strategy.js';
import { figureName, fmt, rate, type BenchResult } from '../../bench/clock.js';
import { packagePath } from '../../io/package.js';
import { distilledReference } from '../../../strategies/distilled.js';
import fs from 'node:fs';

/** Rollouts per action in the figure: the search bot's default. */
const N = 16;

/**
 * Decisions per second on one core of the bot `bot` (a spec, `<best>` standing for the game's
 * best hand-written bot) in one seat against copies of the best bot, under the short rules of
 * the search-strength study. A decision counts when it had more than one legal action (the
 * others are answered without a search).
 */
function decisionsPerSec(entry: SearchedGame, bot: string, seconds: number): number {
  const f = { game: entry.def.id, ...entry.search };
  // The figure is per decision, so a field whose games are many hands (one plays 128,
  // there to measure a small gain) plays one hand a game here, to keep a game within the seconds.
  const rules = resolveRules(entry.def.schema, [{ where: 'bench', values: f.hands ? { ...f.rules, handsLimit: 1 } : f.rules }]);
  const spec = (text: string) => parseSpec(text, entry.strategies, f.game, rules);
  const best = spec(f.best);
  const made = makeStrategy(spec(bot.replace('<best>', best.text)), entry.strategies, rules);
  let decided = 0;
  const counting: Strategy = made.search
    ? {
        ...made,
        search(s, seat, legal, n, rng) {
          if (n > 1) decided++;
          return made.search!(s, seat, legal, n, rng);
        },
      }
    : {
        ...made,
        choose(v, legal, n, rng) {
          if (n > 1) decided++;
          return made.choose(v, legal, n, rng);
        },
      };
  const seats = entry.def.seats(rules);
  const others = Array.from({ length: seats - 1 }, () => makeStrategy(best, entry.strategies, rules));
  const table = new Table(entry.def, rules, [counting, ...others], [bot, ...others.map(() => best.text)]);
  const rngs = Array.from({ length: seats }, () => new Rng(null));
  let games = 0;
  return rate(seconds, () => {
    const before = decided;
    for (let k = 0; k < seats; k++) rngs[k]!.reuse('bench', 0, games, `seat${k}`);
    table.play(new Rng(null).reuse('bench', 0, games++, 'deal'), rngs);
    return decided - before;
  });
}

/** The search bot's decisions per second on one core, per game: `rollout(n=16)` with the game's
 * best hand-written bot as policy. */
export function benchSearch(seconds: number): BenchResult {
  const figures: Record<string, number> = {};
  for (const entry of SEARCHED)
    figures[`${figureName(entry.def.id)}DecisionsPerSec`] = decisionsPerSec(entry, `rollout(n=${N},policy=<best>)`, seconds);
  return {
    figures,
    line:
      `search: rollout(n=${N}) decisions/s per core against the best hand-written bot: ` +
      SEARCHED.map((g) => `${g.def.id} ${fmt(figures[`${figureName(g.def.id)}DecisionsPerSec`]!)}`).join(', '),
  };
}

/** The distilled policy's decisions per second on one core, in each game that ships one
 * (strategies/distilled.ts), as the search bot's are measured; and how many times the search
 * bot's rate that is, the search bot timed here too, so that both share the machine's state. */
export function benchDistilled(seconds: number): BenchResult {
  const figures: Record<string, number> = {};
  const shipped = GAMES.filter(
    (g): g is GameEntry & SearchedGame =>
      g.search !== undefined && g.features !== undefined && fs.existsSync(packagePath(distilledReference(g.def.id))),
  );
  const parts: string[] = [];
  for (const entry of shipped) {
    const name = figureName(entry.def.id);
    const fast = decisionsPerSec(entry, 'distilled', seconds / 2);
    const slow = decisionsPerSec(entry, `rollout(n=${N},policy=<best>)`, seconds / 2);
    figures[`${name}DistilledDecisionsPerSec`] = fast;
    figures[`${name}DistilledSpeedup`] = fast / slow;
    parts.push(`${entry.def.id} ${fmt(fast)} (${fmt(fast / slow)} times rollout(n=${N}))`);
  }
  return { figures, line: `distilled: decisions/s per core against the best hand-written bot: ${parts.join(', ') || 'no game ships one'}` };
}
