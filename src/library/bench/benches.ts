import { GAMES } from '../../catalog/index.js';
import { figureName, type BenchResult } from '../../bench/clock.js';
import { benchShanten } from '../../bench/mahjong.js';
import { benchDistilled, benchSearch } from './search.js';
import { benchAdvise } from './advise.js';

/** Every speed figure measured in a worker thread: each game's (from the catalog), the shared
 * shanten evaluator, the search bot in every game, the distilled policies, then advice at the table. */
export const BENCHES: Record<string, (seconds: number) => BenchResult | Promise<BenchResult>> = {
  ...Object.fromEntries(GAMES.flatMap((g) => (g.bench ? [[figureName(g.def.id), g.bench]] : []))),
  mahjong: benchShanten,
  search: benchSearch,
  distilled: benchDistilled,
  advise: benchAdvise,
};
