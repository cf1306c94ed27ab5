/** Exact rationals of small integers, for odds tables that must print as fractions. */
export interface Fraction {
  n: number;
  d: number;
}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

export function frac(n: number, d: number): Fraction {
  if (d === 0) throw new RangeError('zero denominator');
  if (d < 0) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
}

export const fracText = (f: Fraction): string => (f.d === 1 ? String(f.n) : `${f.n}/${f.d}`);
export const fracValue = (f: Fraction): number => f.n / f.d;

/** Exact rationals of big integers, for probabilities whose denominators count deals of many cards. */
export interface BigFraction {
  n: bigint;
  d: bigint;
}

function bigGcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b) [a, b] = [b, a % b];
  return a;
}

export function bigFrac(n: bigint, d: bigint): BigFraction {
  if (d === 0n) throw new RangeError('zero denominator');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = bigGcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

export const bigFracAdd = (a: BigFraction, b: BigFraction): BigFraction => bigFrac(a.n * b.d + b.n * a.d, a.d * b.d);
export const bigFracText = (f: BigFraction): string => (f.d === 1n ? String(f.n) : `${f.n}/${f.d}`);
/** As a double: each part rounded to the nearest double (both are far below 2^1023), then divided. */
export const bigFracValue = (f: BigFraction): number => Number(f.n) / Number(f.d);

/** The binomial coefficient C(n, k), exactly (0 where k < 0 or k > n). */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}
