import type { WolnamView } from '../../src/games/hwatu/wolnamppong/game.js';

/** A stake of `chips`, made legal: whole chips within [min, max], or the maximum itself. */
export function stake(v: WolnamView, chips: number, min: number, max: number): number {
  if (chips >= max) return max;
  return Math.max(min, Math.floor(chips));
}
