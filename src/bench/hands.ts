import { dealRng } from '../core/rng.js';

/** `n` random 14-tile hands (counts by kind, `kinds` long) drawn from `wall`, dealt before timing from stream `tag`. */
export function randomHands(tag: string, n: number, wall: Uint8Array, kinds: number): Int8Array[] {
  return Array.from({ length: n }, (_, i) => {
    const rng = dealRng(tag, 0, i);
    const pool = Uint8Array.from(wall);
    const counts = new Int8Array(kinds);
    for (let k = 0; k < 14; k++) {
      const j = k + rng.int(pool.length - k);
      const t = pool[j]!;
      pool[j] = pool[k]!;
      pool[k] = t;
      counts[t]!++;
    }
    return counts;
  });
}
