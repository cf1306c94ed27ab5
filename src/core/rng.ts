import seedrandom from 'seedrandom';

/**
 * A seeded random stream. Every random draw in pongsim goes through one of these;
 * nothing in src/ reads Math.random or the clock, so a run is a pure function of its seed.
 */
export class Rng {
  // Alea's state, c < 0 until seeded. seedrandom seeds it; `next` is seedrandom's Alea
  // step written inline, because a closure call per card cost a large share of a
  // Wolnamppong decision. A test checks both give the same sequence.
  private c = -1;
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;

  private seedText = '';
  private cell = 0;
  private index = 0;
  private stream = '';

  /** `key` names the stream; the generator is only seeded on first use, because most
   * strategies never draw and seeding costs more than a whole Wolnamppong decision. */
  constructor(private key: string | null) {}

  /** Points this object at stream (seed, cell, index, stream) without allocating: the
   * key is only written out if the stream is used. */
  reuse(seed: string, cell: number, index: number, stream: string): this {
    this.key = null;
    this.seedText = seed;
    this.cell = cell;
    this.index = index;
    this.stream = stream;
    this.c = -1;
    return this;
  }

  private seed(): void {
    this.key ??= streamKey(this.seedText, this.cell, this.index, this.stream);
    const st = seedrandom.alea(this.key, { state: true }).state() as { c: number; s0: number; s1: number; s2: number };
    this.c = st.c;
    this.s0 = st.s0;
    this.s1 = st.s1;
    this.s2 = st.s2;
  }

  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number {
    if (this.c < 0) this.seed();
    const t = 2091639 * this.s0 + this.c * 2.3283064365386963e-10;
    this.s0 = this.s1;
    this.s1 = this.s2;
    return (this.s2 = t - (this.c = t | 0));
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

const streamKey = (seed: string, cell: number, index: number, stream: string) => `${seed}/${cell}/${index}/${stream}`;

/** The deal stream of game `index` of cell `cell`: derived from (seed, cell, index) alone. */
export function dealRng(seed: string, cell: number, index: number): Rng {
  return new Rng(streamKey(seed, cell, index, DEAL));
}

/** The strategy stream of one seat in one game, apart from the deal stream so a strategy's
 * draws never shift the cards. */
export function seatRng(seed: string, cell: number, index: number, seat: number): Rng {
  return new Rng(streamKey(seed, cell, index, SEATS[seat] ?? `seat${seat}`));
}

export const DEAL = 'deal';
/** Stream names of seats, written once. */
export const SEATS = Array.from({ length: 16 }, (_, k) => `seat${k}`);
