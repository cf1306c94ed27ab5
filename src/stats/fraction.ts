/** Exact rationals of small integers, for odds tables that must print as fractions. */
export interface Fraction { n: number; d: number }

function gcd(a: number, b: number): number {
  a = Math.abs(a); b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

export function frac(n: number, d: number): Fraction {
  if (d === 0) throw new RangeError('zero denominator');
  if (d < 0) { n = -n; d = -d; }
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
}

export const fracText = (f: Fraction): string => (f.d === 1 ? String(f.n) : `${f.n}/${f.d}`);
export const fracValue = (f: Fraction): number => f.n / f.d;
