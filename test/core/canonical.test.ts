// Canonical JSON (core/trace.ts): the form two events are compared in, whatever order their
// fields were written in. Read back, it is the value less its undefined fields.
import { describe, expect, it } from 'vitest';
import { canonical } from '../../src/core/trace.js';

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
});
