import seedrandom from 'seedrandom';

/**
 * A seeded random stream. Every random draw in pongsim goes through one of these;
 * nothing in src/ reads Math.random or the clock, so a run is a pure function of its seed.
 */
export class Rng {
  private gen: (() => number) | null = null;

  /** `key` names the stream; the generator is only seeded on first use, because most
   * strategies never draw and seeding costs more than a whole Wolnamppong decision. */
  constructor(private readonly key: string) {}

  /** Uniform in [0, 1). */
  next(): number {
    if (this.gen === null) this.gen = seedrandom.alea(this.key);
    return this.gen();
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Fisher-Yates over the first `len` entries, in place. */
  shuffle(a: { [i: number]: number }, len: number): void {
    for (let i = len - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
  }
}

/** The deal stream of game `index` of cell `cell`: derived from (seed, cell, index) alone. */
export function dealRng(seed: string, cell: number, index: number): Rng {
  return new Rng(`${seed}/${cell}/${index}/deal`);
}

/** The strategy stream of one seat in one game, apart from the deal stream so a strategy's
 * draws never shift the cards. */
export function seatRng(seed: string, cell: number, index: number, seat: number): Rng {
  return new Rng(`${seed}/${cell}/${index}/seat${seat}`);
}
