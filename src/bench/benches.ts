import { GAMES } from '../catalog.js';
import type { BenchResult } from './clock.js';
import { benchShanten } from './mahjong.js';

/** A game id as a figure name (a JSON key): chinese-american -> chineseAmerican. */
const figureName = (id: string): string => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Every speed figure measured in a worker thread: each game's (from the catalog), then the
 * shared shanten evaluator. */
export const BENCHES: Record<string, (seconds: number) => BenchResult> = {
  ...Object.fromEntries(GAMES.flatMap((g) => (g.bench ? [[figureName(g.def.id), g.bench]] : []))),
  mahjong: benchShanten,
};
