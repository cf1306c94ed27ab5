import { verdictOf } from '../io/verdict-table.js';
import { value } from '../stats/exact-sum.js';
import { addRatio, type Tally } from '../stats/tally.js';
import { ALPHA } from '../stats/family.js';
import type { Cellval, CsvTable } from '../core/table.js';
import { diffColumns, family, pAgainst, ratio, type Figure } from './columns.js';

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
  return Object.keys(t.means)
    .filter((k) => k.endsWith('/x'))
    .map((k) => Number(k.slice(0, -2)));
}

/** The columns gainRows fills, after the bucket's own: decisions, games, the gain with its
 * interval and p-values, and the verdict. */
export const gainColumns = (gain: string): string[] => ['decisions', 'games', ...diffColumns(gain), 'verdict'];

/**
 * Per bucket (in the order of `keys`): its decisions, games, gain (a Figure, for figureTable)
 * and its verdict's name. A verdict is the bucket's own (its interval against 0), as a bot plays
 * it: a decision must be made in every bucket, and the gain of each is its own decisions'. The
 * gains' p-values are also adjusted as one family (Holm), which says which verdicts hold for the
 * table as a whole: of many buckets with no real gain, about 5% get a verdict by chance.
 */
export function gainRows(t: Tally, keys: number[], verdicts: readonly string[]): (Cellval | Figure)[][] {
  const gains = keys.map((key) => {
    const gain = ratio(t, String(key));
    return { ...gain, p: pAgainst(gain, 0) };
  });
  family(gains);
  return keys.map((key, i) => {
    const x = t.means[`${key}/x`]!;
    const gain = gains[i]!;
    return [Math.round(value(x.s)), x.n, gain, verdicts[verdictOf(gain.low, gain.high)]!];
  });
}

/** How many of the given rows' verdicts (other than unsure) hold for the table as one family, in words. */
export function familyWords(t: CsvTable, gain: string, unsure: string): string {
  const c = (name: string) => t.columns.indexOf(name);
  const sure = t.rows.filter((r) => r[c('verdict')] !== unsure);
  const hold = sure.filter((r) => (r[c(`${gain}_p_holm`)] as number) < ALPHA);
  return `each verdict on its bucket's own interval, as a bot plays it; as one family of ${t.rows.length} (Holm), ${hold.length} of those ${sure.length} verdicts hold`;
}
