/**
 * Exact floating-point summation (Shewchuk's non-overlapping partials, as in Python's
 * math.fsum). The partials represent the sum exactly, so the rounded result does not
 * depend on the order of additions: chunks merged in any grouping, any worker count or
 * any shard split give the same bits. That is what makes CSVs byte-identical.
 */
export type Partials = number[];

export function addTo(p: Partials, x: number): void {
  let i = 0;
  for (let j = 0; j < p.length; j++) {
    let y = p[j]!;
    if (Math.abs(x) < Math.abs(y)) {
      const t = x;
      x = y;
      y = t;
    }
    const hi = x + y;
    const lo = y - (hi - x);
    if (lo !== 0) p[i++] = lo;
    x = hi;
  }
  p.length = i;
  p.push(x);
}

export function mergeInto(p: Partials, q: Partials): void {
  for (const x of q) addTo(p, x);
}

/** The correctly rounded value of the exact sum. */
export function value(p: Partials): number {
  let n = p.length;
  if (n === 0) return 0;
  let hi = p[--n]!;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = p[--n]!;
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  // Round half-even correctly when the remaining partials push past a tie.
  if (n > 0 && ((lo < 0 && p[n - 1]! < 0) || (lo > 0 && p[n - 1]! > 0))) {
    const y = lo * 2;
    const x = hi + y;
    if (y === x - hi) hi = x;
  }
  return hi;
}
