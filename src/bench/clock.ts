/** Seconds since an arbitrary start, for speed figures only (never inside a game). */
export const now = (): number => Number(process.hrtime.bigint()) / 1e9;

/** Calls `step` (which reports how much work it did) untimed for a quarter of `seconds`,
 * so that the JIT has compiled the hot paths, then until `seconds` have passed; returns
 * work per second of the timed part: the steady state that a long run sees. */
export function rate(seconds: number, step: () => number): number {
  for (const warm = now() + seconds / 4; now() < warm;) step();
  const start = now();
  let work = 0;
  let t = start;
  do {
    work += step();
    t = now();
  } while (t - start < seconds);
  return work / (t - start);
}
