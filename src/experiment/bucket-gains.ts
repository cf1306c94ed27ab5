import { verdictOf } from '../io/verdict-table.js';
import { value } from '../stats/exact-sum.js';
import { addRatio, type Tally } from '../stats/tally.js';
import type { Cellval } from './experiment.js';
import { meanColumns, ratio, type Figure } from './columns.js';

/**
 * The tally of a table learned by rollouts (src/io/verdict-table.ts): per state bucket, the
 * mean estimated gain of a candidate over its reference with a 95% interval over games. A seat
 * meets the same bucket turn after turn, so the decisions of one game are not independent:
 * each game adds one observation per bucket it met (the sum of its gains and their number),
 * and a bucket's gain is the ratio of the two sums over games (delta method, Student's t).
 */
export class BucketGains {
  /** This game's decisions: per bucket, the sum of the gains and their number. */
  private readonly game = new Map<number, { y: number; x: number }>();

  /** Starts a game. */
  clear(): void {
    this.game.clear();
  }

  /** One decision of the game under way. */
  add(key: number, gain: number): void {
    const g = this.game.get(key);
    if (g) {
      g.y += gain;
      g.x++;
    } else this.game.set(key, { y: gain, x: 1 });
  }

  /** Adds the game's buckets to the tally (mergeable: sums only). */
  flush(tally: Tally): void {
    for (const [key, { y, x }] of this.game) addRatio(tally, String(key), y, x);
  }
}

/** The bucket keys of a BucketGains tally (in no set order). */
export function bucketKeys(t: Tally): number[] {
  return Object.keys(t.means).filter((k) => k.endsWith('/x')).map((k) => Number(k.slice(0, -2)));
}

/** The columns gainCells fills, after the bucket's own: decisions, games, the gain with its
 * interval, and the verdict. */
export const gainColumns = (gain: string): string[] => ['decisions', 'games', ...meanColumns(gain), 'verdict'];

/** A bucket's decisions, games, gain (a Figure, for figureTable), and its verdict's name. */
export function gainCells(t: Tally, key: number, verdicts: readonly string[]): (Cellval | Figure)[] {
  const x = t.means[`${key}/x`]!;
  const gain = ratio(t, String(key));
  return [Math.round(value(x.s)), x.n, gain, verdicts[verdictOf(gain.low, gain.high)]!];
}
