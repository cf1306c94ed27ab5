// Lookup tables for shanten, built once per process on first use (about 0.15 s).
//
// A group is one suit (9 kinds, sequences allowed) or the honours (7 kinds, no sequences). Its
// tiles are encoded base 5, kind j of the group weighing 5^j (a hand never holds more than 4).
// For every pattern we find, for m = 0..4 sets and p = 0..1 pairs, the most of the pattern's
// tiles that fit in one complete target of m sets + p pairs in that group (at most 4 copies of
// a kind). Summed over the four groups this gives shanten exactly as "tiles to exchange - 1",
// with no special cases for isolated tiles or kinds held four times.
//
// Only 126 distinct suit vectors and 55 honour vectors exist, and folding two groups together
// again yields few distinct vectors, so a whole hand is four pattern lookups and three lookups
// in small fold tables that stay in cache.

/** Vector entries: index m * 2 + p. */
const VEC = 10;
/** A concealed hand holds at most 14 tiles, so no larger group pattern is ever looked up. */
const MAX_TILES = 14;
/** Most sets a hand needs. */
const SETS = 4;

export interface ShantenTables {
  /** Per base-5 suit pattern: class | singles << 8 | pairs << 12 (kinds held once / twice or more). */
  readonly suit: Uint16Array;
  /** The same for the 7 honours. */
  readonly honor: Uint16Array;
  readonly suitClasses: number;
  readonly honorClasses: number;
  /** [man class * suitClasses + pin class]: class of the two suits folded together. */
  readonly mp: Uint16Array;
  /** [folded m+p class * suitClasses + sou class]: class of the three suits folded together. */
  readonly mps: Uint16Array;
  /** [(folded m+p+s class * honorClasses + honour class) * 5 + sets]: most concealed tiles kept in sets + a pair. */
  readonly kept: Uint8Array;
}

interface GroupTable {
  readonly info: Uint16Array;
  readonly vectors: number[][];
}

/** A vector's ten entries (each at most 14) are the bytes of three 32-bit words, the last two
 * bytes unused, so that the max over a pattern's sub-patterns is three word operations, not ten
 * byte ones (the tables build in about two-thirds of the time). */
const WORDS = 3;

/** Entry c of the vector held in words w0, w1, w2. */
const entry = (w0: number, w1: number, w2: number, c: number): number => ((c < 4 ? w0 : c < 8 ? w1 : w2) >>> (8 * (c & 3))) & 255;

/** Bytewise max of two words whose bytes are all below 128: each byte of (a | 0x80..) - b keeps
 * its high bit exactly when a's byte is not the smaller (the 0x80 stops every borrow). */
function byteMax(a: number, b: number): number {
  const m = Math.imul((((a | 0x80808080) - b) & 0x80808080) >>> 7, 255);
  return (a & m) | (b & ~m);
}

/** Per marks value f (bit c: the pattern lies inside a target of class c), the three words'
 * byte masks with 0xff at those classes. */
function insideMasks(): Int32Array {
  const masks = new Int32Array((1 << VEC) * WORDS);
  for (let f = 0; f < 1 << VEC; f++) {
    for (let c = 0; c < VEC; c++) if (f & (1 << c)) masks[f * WORDS + (c >> 2)]! |= 255 << (8 * (c & 3));
  }
  return masks;
}

function buildGroup(digits: number, sequences: boolean): GroupTable {
  const pow = new Int32Array(digits + 1);
  pow[0] = 1;
  for (let j = 1; j <= digits; j++) pow[j] = pow[j - 1]! * 5;
  const size = pow[digits]!;

  const tiles = new Uint8Array(size);
  for (let i = 1; i < size; i++) tiles[i] = tiles[(i / 5) | 0]! + (i % 5);

  // Bit m*2+p set: the pattern is a sub-multiset of some complete m sets + p pairs.
  const flags = new Uint16Array(size);
  markTargets(flags, pow, digits, sequences);
  // Supersets have larger indices, so a descending sweep closes the marks downward.
  for (let i = size - 1; i >= 0; i--) {
    if (tiles[i]! >= MAX_TILES) continue;
    let f = flags[i]!;
    let rest = i;
    for (let j = 0; j < digits; j++) {
      if (rest % 5 < 4) f |= flags[i + pow[j]!]!;
      rest = (rest / 5) | 0;
    }
    flags[i] = f;
  }

  // best[i * WORDS ..]: for each class c, the most tiles of pattern i inside one target of
  // class c (a vector, its ten entries as bytes). A pattern inside a target keeps all its tiles;
  // otherwise the best drops at least one tile, so it is the best over patterns with one tile
  // fewer (smaller indices, already filled).
  const best = new Uint32Array(size * WORDS);
  const inside = insideMasks();
  const info = new Uint16Array(size);
  const classes = new Map<number, number>();
  const vectors: number[][] = [];
  for (let i = 0; i < size; i++) {
    const n = tiles[i]!;
    if (n > MAX_TILES) continue;
    let singles = 0;
    let pairs = 0;
    let rest = i;
    let w0 = 0;
    let w1 = 0;
    let w2 = 0;
    for (let j = 0; j < digits; j++) {
      const d = rest % 5;
      if (d > 0) {
        if (d === 1) singles++;
        else pairs++;
        const sub = (i - pow[j]!) * WORDS;
        w0 = byteMax(w0, best[sub]!);
        w1 = byteMax(w1, best[sub + 1]!);
        w2 = byteMax(w2, best[sub + 2]!);
      }
      rest = (rest / 5) | 0;
    }
    const all = Math.imul(n, 0x01010101);
    const m = flags[i]! * WORDS;
    w0 = (w0 & ~inside[m]!) | (all & inside[m]!);
    w1 = (w1 & ~inside[m + 1]!) | (all & inside[m + 1]!);
    w2 = (w2 & ~inside[m + 2]!) | (all & inside[m + 2]!);
    best[i * WORDS] = w0;
    best[i * WORDS + 1] = w1;
    best[i * WORDS + 2] = w2;
    let key = 0;
    for (let c = VEC - 1; c >= 0; c--) key = key * 16 + entry(w0, w1, w2, c);
    let id = classes.get(key);
    if (id === undefined) {
      id = vectors.length;
      classes.set(key, id);
      vectors.push(Array.from({ length: VEC }, (_, c) => entry(w0, w1, w2, c)));
    }
    info[i] = id | (singles << 8) | (pairs << 12);
  }
  if (vectors.length > 0xff) throw new Error('shanten tables: more group classes than 8 bits hold');
  return { info, vectors };
}

/** Marks every complete target (0..4 sets, 0..1 pair, at most 4 of a kind) of one group. */
function markTargets(flags: Uint16Array, pow: Int32Array, digits: number, sequences: boolean): void {
  // Blocks 0..digits-1 are pungs at j; blocks digits.. are sequences starting at j.
  const blocks = sequences ? digits + digits - 2 : digits;
  const held = new Uint8Array(digits);
  const change = (b: number, d: number): number => {
    if (b < digits) {
      held[b] = held[b]! + 3 * d;
      return 3 * pow[b]!;
    }
    const j = b - digits;
    held[j] = held[j]! + d;
    held[j + 1] = held[j + 1]! + d;
    held[j + 2] = held[j + 2]! + d;
    return pow[j]! + pow[j + 1]! + pow[j + 2]!;
  };
  const fits = (b: number): boolean => {
    if (b < digits) return held[b]! <= 1;
    const j = b - digits;
    return held[j]! <= 3 && held[j + 1]! <= 3 && held[j + 2]! <= 3;
  };
  const visit = (from: number, sets: number, index: number): void => {
    flags[index] = flags[index]! | (1 << (sets * 2));
    for (let j = 0; j < digits; j++) {
      if (held[j]! <= 2) {
        const withPair = index + 2 * pow[j]!;
        flags[withPair] = flags[withPair]! | (1 << (sets * 2 + 1));
      }
    }
    if (sets === SETS) return;
    for (let b = from; b < blocks; b++) {
      if (!fits(b)) continue;
      const w = change(b, 1);
      visit(b, sets + 1, index + w);
      change(b, -1);
    }
  };
  visit(0, 0, 0);
}

/** Best split of up to `sets` sets and at most one pair between two groups' vectors. */
function fold(x: readonly number[], y: readonly number[]): number[] {
  const out: number[] = [];
  for (let n = 0; n <= SETS; n++) {
    let b0 = 0;
    let b1 = 0;
    for (let i = 0; i <= n; i++) {
      const x0 = x[2 * i]!;
      const y0 = y[2 * (n - i)]!;
      b0 = Math.max(b0, x0 + y0);
      b1 = Math.max(b1, x[2 * i + 1]! + y0, x0 + y[2 * (n - i) + 1]!);
    }
    out.push(b0, b1);
  }
  return out;
}

/** Folds every pair of classes; returns the table of folded class ids and the folded vectors. */
function foldTable(xs: readonly number[][], ys: readonly number[][]): { ids: Uint16Array; vectors: number[][] } {
  const ids = new Uint16Array(xs.length * ys.length);
  const seen = new Map<string, number>();
  const vectors: number[][] = [];
  for (let a = 0; a < xs.length; a++) {
    for (let b = 0; b < ys.length; b++) {
      const v = fold(xs[a]!, ys[b]!);
      const key = v.join(',');
      let id = seen.get(key);
      if (id === undefined) {
        id = vectors.length;
        seen.set(key, id);
        vectors.push(v);
      }
      ids[a * ys.length + b] = id;
    }
  }
  return { ids, vectors };
}

function build(): ShantenTables {
  const suit = buildGroup(9, true);
  const honor = buildGroup(7, false);
  const mp = foldTable(suit.vectors, suit.vectors);
  const mps = foldTable(mp.vectors, suit.vectors);
  const hs = honor.vectors.length;
  const kept = new Uint8Array(mps.vectors.length * hs * (SETS + 1));
  for (let a = 0; a < mps.vectors.length; a++) {
    for (let z = 0; z < hs; z++) {
      const v = fold(mps.vectors[a]!, honor.vectors[z]!);
      for (let sets = 0; sets <= SETS; sets++) kept[(a * hs + z) * (SETS + 1) + sets] = v[2 * sets + 1]!;
    }
  }
  return {
    suit: suit.info,
    honor: honor.info,
    suitClasses: suit.vectors.length,
    honorClasses: hs,
    mp: mp.ids,
    mps: mps.ids,
    kept,
  };
}

let tables: ShantenTables | undefined;

/** The tables, built on the first call. */
export function shantenTables(): ShantenTables {
  tables ??= build();
  return tables;
}
