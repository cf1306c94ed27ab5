/** A place in a JSON document: object keys and list indices from the top. */
export type JsonPath = (string | number)[];

/**
 * Where two JSON documents (run identities, partials' parameters) first differ: object keys
 * in sorted order and list entries by index, so that the answer names the one rule, seat or
 * option that differs rather than the whole document. Null when they are equal.
 */
export function firstDifference(a: unknown, b: unknown, at: JsonPath = []): { at: JsonPath; a: unknown; b: unknown } | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], [...at, i]);
      if (d) return d;
    }
  } else if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort()) {
      const d = firstDifference(x[k], y[k], [...at, k]);
      if (d) return d;
    }
  }
  return { at, a, b };
}
