import { GAMES } from '../catalog.js';
import type { BenchResult } from './clock.js';
import { benchShanten } from './mahjong.js';

/** Every speed figure measured in a worker thread: each game's (from the catalog), then the shared shanten evaluator. */
export const BENCHES: Record<string, (seconds: number) => BenchResult> = {
  ...Object.fromEntries(GAMES.flatMap((g) => (g.bench ? [[g.def.id, g.bench]] : []))),
  mahjong: benchShanten,
};
