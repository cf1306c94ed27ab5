/** Seconds since an arbitrary start, for speed figures only (never inside a game). */
export const now = (): number => Number(process.hrtime.bigint()) / 1e9;

/** Calls `step` (which reports how much work it did) until `seconds` have passed; returns work per second. */
export function rate(seconds: number, step: () => number): number {
  const start = now();
  let work = 0;
  let t = start;
  do {
    work += step();
    t = now();
  } while (t - start < seconds);
  return work / (t - start);
}
