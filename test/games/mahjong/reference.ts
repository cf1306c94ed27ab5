// Slow, obviously-correct shanten straight from the definition, to check the tables against.
//
// Shanten = concealed tiles - 1 - (most concealed tiles that can stay in one complete hand),
// i.e. tiles to exchange - 1. The search below walks kinds 0..33 and at each kind tries every
// number of chows starting there, a pung or not, the pair or not, so it visits every complete
// target (at most 4 copies of a kind); memo only shares identical suffix searches.

const KINDS = 34;

// Memo over (kind, a, b, sets, pair); NONE = not computed yet.
const NONE = -1000;
const memo = new Int16Array(KINDS * 5 * 5 * 5 * 2);

export function refStandard(h: ArrayLike<number>, melds: number): number {
  memo.fill(NONE);
  const go = (k: number, a: number, b: number, sets: number, pair: number): number => {
    // a chows started at k-2 and b at k-1 still need tile k.
    if (k === KINDS) return a === 0 && b === 0 && sets === 0 && pair === 0 ? 0 : -100;
    const key = (((k * 5 + a) * 5 + b) * 5 + sets) * 2 + pair;
    const hit = memo[key]!;
    if (hit !== NONE) return hit;
    const canStart = k < 27 && k % 9 <= 6;
    let best = -100;
    for (let c = 0; c <= (canStart ? sets : 0); c++) {
      for (let pung = 0; pung <= 1 && c + pung <= sets; pung++) {
        for (let p = 0; p <= pair; p++) {
          const t = a + b + c + 3 * pung + 2 * p;
          if (t > 4) continue;
          // Chows running off the end of a suit were excluded by canStart.
          const v = Math.min(h[k]!, t) + go(k + 1, b, c, sets - c - pung, pair - p);
          if (v > best) best = v;
        }
      }
    }
    memo[key] = best;
    return best;
  };
  return 13 - 3 * melds - go(0, 0, 0, 4 - melds, 1);
}

/** Seven distinct pairs: keep up to 2 of each of the 7 best kinds. */
export function refSevenPairs(h: ArrayLike<number>): number {
  const keep: number[] = [];
  for (let k = 0; k < KINDS; k++) keep.push(Math.min(h[k]!, 2));
  keep.sort((x, y) => y - x);
  return 13 - keep.slice(0, 7).reduce((s, x) => s + x, 0);
}

const ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/** Thirteen orphans: one of each orphan, two of the one chosen as the pair. */
export function refThirteenOrphans(h: ArrayLike<number>): number {
  let best = 0;
  for (const pair of ORPHANS) {
    let kept = 0;
    for (const o of ORPHANS) kept += Math.min(h[o]!, o === pair ? 2 : 1);
    best = Math.max(best, kept);
  }
  return 13 - best;
}
