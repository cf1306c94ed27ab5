import seedrandom from 'seedrandom';

type AleaState = { c: number; s0: number; s1: number; s2: number };

/**
 * Three 32-bit words per (seed, cell, stream), hashed by seedrandom (Alea's Mash) once per
 * process: seedrandom's seeding costs about 3 µs, as much as a whole Wolnamppong session's
 * dealing, so it is paid once per cell, not once per game.
 */
const baseWords = new Map<string, [number, number, number]>();

function wordsOf(key: string): [number, number, number] {
  let w = baseWords.get(key);
  if (!w) {
    const g = seedrandom.alea(key);
    w = [g.int32() >>> 0, g.int32() >>> 0, g.int32() >>> 0];
    baseWords.set(key, w);
  }
  return w;
}

/** A 32-bit avalanche mix (the murmur3 finaliser) of a game index and one base word. */
function mix(lo: number, hi: number, word: number): number {
  let h = (lo ^ word) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ hi, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x27d4eb2f);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * A seeded random stream: seedrandom's Alea. Every random draw in pongsim goes through
 * one of these; nothing in src/ reads Math.random or the clock, so a run is a pure
 * function of its seed.
 *
 * A stream keyed by a string is seeded by seedrandom itself. The stream of game `index`
 * (`reuse`) takes Alea's three state words from the index mixed with its cell's base
 * words, so it depends on (seed, cell, index, stream) alone. `next` is seedrandom's Alea
 * step written inline, because a closure call per card was a large share of a
 * Wolnamppong decision; a test checks it against seedrandom from the same state.
 *
 * `next` returns a number computed one step ahead and then computes the following one.
 * The sequence is Alea's, unchanged; but Alea's step is a chain of dependent float
 * operations, and computing it ahead lets the processor run it beside the game's work
 * until the next draw instead of making each card wait for it (about 13% of a Korean
 * hand and 7% of a Wolnamppong decision).
 */
export class Rng {
  // Alea's state; c < 0 until seeded, because most strategies never draw.
  private c = -1;
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  /** The next number to return, computed ahead (valid once c >= 0). */
  private ahead = 0;

  private seedText: string | null = null;
  private cell = -1;
  private stream = '';
  private words: [number, number, number] = [0, 0, 0];
  private index = 0;

  constructor(private key: string | null) {}

  /** Points this object at stream `stream` of game `index` of (seed, cell), without
   * allocating in the common case of the same cell as the last game. */
  reuse(seed: string, cell: number, index: number, stream: string): this {
    if (seed !== this.seedText || cell !== this.cell || stream !== this.stream) {
      this.seedText = seed;
      this.cell = cell;
      this.stream = stream;
      this.words = wordsOf(`${seed}/${cell}/${stream}`);
    }
    this.key = null;
    this.index = index;
    this.c = -1;
    return this;
  }

  /** Starts this stream from three numbers in [0, 1) drawn from another stream: a search
   * bot's rollouts each get streams that are a pure function of the bot's own. */
  seedFrom(a: number, b: number, c: number): this {
    this.seedText = null;
    this.c = 1;
    this.s0 = a;
    this.s1 = b;
    this.s2 = c;
    this.step();
    return this;
  }

  /** Makes this stream draw what `from` would draw next (without drawing from `from`). */
  copyFrom(from: Rng): this {
    this.key = from.key;
    this.seedText = from.seedText;
    this.cell = from.cell;
    this.stream = from.stream;
    this.words = from.words;
    this.index = from.index;
    this.c = from.c;
    this.s0 = from.s0;
    this.s1 = from.s1;
    this.s2 = from.s2;
    this.ahead = from.ahead;
    return this;
  }

  /** Writes to out[0..3) the 32-bit words of the next three numbers this stream will draw,
   * without drawing them: the key of a family of streams (seedFamily) that depends on where
   * this stream is now, not on how much is drawn from it later. */
  familyKey(out: Uint32Array): void {
    const r = peek.copyFrom(this);
    for (let i = 0; i < 3; i++) out[i] = r.next() * 4294967296;
  }

  /** Starts this as member `n` of the family of streams keyed by `key` (familyKey): the key
   * mixed with n, as a game's stream is its cell's words mixed with the game's index. */
  seedFamily(key: Uint32Array, n: number): this {
    const f = 2.3283064365386963e-10; // 2^-32
    return this.seedFrom(mix(n, 0, key[0]!) * f, mix(n, 0, key[1]!) * f, mix(n, 0, key[2]!) * f);
  }

  /** Alea's state before the first draw. */
  private initial(): AleaState {
    if (this.key !== null) return seedrandom.alea(this.key, { state: true }).state() as AleaState;
    const lo = this.index >>> 0;
    const hi = Math.floor(this.index / 4294967296) >>> 0;
    const [a, b, c] = this.words;
    const f = 2.3283064365386963e-10; // 2^-32
    return { c: 1, s0: mix(lo, hi, a) * f, s1: mix(lo, hi, b) * f, s2: mix(lo, hi, c) * f };
  }

  private start(): void {
    const st = this.initial();
    this.c = st.c;
    this.s0 = st.s0;
    this.s1 = st.s1;
    this.s2 = st.s2;
    this.step();
  }

  /** The Alea state of a stream not yet drawn from (for tests against seedrandom); once
   * drawn from, the state runs a step ahead of the numbers returned. */
  state(): AleaState {
    if (this.c >= 0) throw new Error('Rng.state() is defined before the first draw only');
    return this.initial();
  }

  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number {
    if (this.c < 0) this.start();
    const u = this.ahead;
    this.step();
    return u;
  }

  private step(): void {
    const t = 2091639 * this.s0 + this.c * 2.3283064365386963e-10;
    this.s0 = this.s1;
    this.s1 = this.s2;
    this.ahead = this.s2 = t - (this.c = t | 0);
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

/** familyKey's scratch copy. */
const peek = new Rng(null);

export const DEAL = 'deal';
/** Stream names of seats, written once. */
export const SEATS = Array.from({ length: 16 }, (_, k) => `seat${k}`);

/** The deal stream of game `index` of cell `cell`: derived from (seed, cell, index) alone. */
export function dealRng(seed: string, cell: number, index: number): Rng {
  return new Rng(null).reuse(seed, cell, index, DEAL);
}
