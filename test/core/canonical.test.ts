// Canonical JSON (core/trace.ts): the form two events are compared in, whatever order their
// fields were written in. Read back, it is the value less its undefined fields. sameEvent
// tells whether two values' canonical forms are equal without writing them.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.js';
import { canonical, sameEvent } from '../../src/core/trace.js';

/** A small JSON-like value, from so few atoms and keys that many pairs print alike. */
function value(rng: Rng, depth: number): unknown {
  const atoms = [0, -0, 1, Number.NaN, Number.POSITIVE_INFINITY, 'a', '1', null, undefined, true];
  const r = rng.int(depth > 0 ? 14 : atoms.length);
  if (r < atoms.length) return atoms[r];
  if (r < 12) return Array.from({ length: rng.int(3) }, () => value(rng, depth - 1));
  const o: Record<string, unknown> = {};
  for (const k of ['b', 'a', 'c']) if (rng.int(2) === 1) o[k] = value(rng, depth - 1);
  return o;
}

describe('canonical', () => {
  it('sorts keys at every depth, keeps array order, and leaves out undefined fields', () => {
    const v = { type: 'dahai', pai: '5m', actor: 2, extra: undefined, melds: [{ b: [3, 1], a: null }, 'x'] };
    expect(canonical(v)).toBe('{"actor":2,"melds":[{"a":null,"b":[3,1]},"x"],"pai":"5m","type":"dahai"}');
    expect(JSON.parse(canonical(v))).toEqual(JSON.parse(JSON.stringify(v)));
  });

  it('gives the same text for the same event written in another order, and other text for another event', () => {
    expect(canonical({ a: 1, b: { c: [1, 2], d: 'e' } })).toBe(canonical({ b: { d: 'e', c: [1, 2] }, a: 1 }));
    expect(canonical({ a: 1, b: [1, 2] })).not.toBe(canonical({ a: 1, b: [2, 1] }));
  });

  it('quotes keys and strings as JSON does, however many distinct keys it has seen', () => {
    const many = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`k"${i}\n`, i]));
    expect(JSON.parse(canonical(many))).toEqual(many);
    expect(canonical({ 'é"': 'a\u202e' })).toBe(JSON.stringify({ 'é"': 'a\u202e' }));
  });

  it('sameEvent says what comparing the canonical forms says, on every pair of 400 values', () => {
    const rng = new Rng('same-event');
    const vs = Array.from({ length: 400 }, () => value(rng, 3));
    // Another order of the same fields, a field inherited rather than own, a non-finite number.
    vs.push({ c: 1, a: 'a' }, { a: 'a', c: 1 }, Object.create({ a: 'a' }), [Number.NEGATIVE_INFINITY], [Number.NaN]);
    let alike = 0;
    for (const a of vs)
      for (const b of vs) {
        const want = canonical(a) === canonical(b);
        if (sameEvent(a, b) !== want) expect.fail(`${canonical(a)} against ${canonical(b)}`);
        if (want && a !== b) alike++;
      }
    // Pairs that are different objects yet print alike: the comparison is tested where it matters.
    expect(alike).toBeGreaterThan(1000);
  });
});
