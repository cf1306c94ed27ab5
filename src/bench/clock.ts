/** Seconds since an arbitrary start, for speed figures only (never inside a game). */
export const now = (): number => Number(process.hrtime.bigint()) / 1e9;

/** Calls `step` (which reports how much work it did) untimed for a quarter of `seconds`,
 * so that the JIT has compiled the hot paths, then until `seconds` have passed; returns
 * work per second of the timed part: the steady state that a long run sees. */
export function rate(seconds: number, step: () => number): number {
  for (const warm = now() + seconds / 4; now() < warm; ) step();
  const start = now();
  let work = 0;
  let t = start;
  do {
    work += step();
    t = now();
  } while (t - start < seconds);
  return work / (t - start);
}

/** `rate` for work done asynchronously (a step awaited before the next starts). */
export async function rateAsync(seconds: number, step: () => Promise<number>): Promise<number> {
  for (const warm = now() + seconds / 4; now() < warm; ) await step();
  const start = now();
  let work = 0;
  let t = start;
  do {
    work += await step();
    t = now();
  } while (t - start < seconds);
  return work / (t - start);
}

/** A game's speed figures, measured in a fresh worker thread, with the line `pongsim bench` prints for them. */
export interface BenchResult {
  figures: Record<string, number>;
  line: string;
}

/** A rate for people: 1.23M, 45.6k or 789. */
export const fmt = (x: number): string => (x >= 1e6 ? `${(x / 1e6).toFixed(2)}M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)}k` : x.toFixed(0));

/** A game id as a figure name (a JSON key): chinese-american -> chineseAmerican. */
export const figureName = (id: string): string => id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
