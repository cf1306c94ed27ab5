// What an error line shows of the input it quotes: one line, of bounded length, with nothing in
// it that acts on a terminal.
import { describe, expect, it } from 'vitest';
import { MAX_LINE, oneLine, visible } from '../../src/core/errors.js';

describe('an error line', () => {
  it('shows control characters and bidirectional overrides as their codes', () => {
    expect(visible('key \u001b[2J\u001b]0;pwned\u0007 and\nmore\u202e')).toBe('key \\u001b[2J\\u001b]0;pwned\\u0007 and\\u000amore\\u202e');
    expect(visible('plain, é and 漢字')).toBe('plain, é and 漢字');
  });

  it('keeps a short message whole, and cuts a long one in its middle, keeping its start and end', () => {
    expect(oneLine('--seats: bad')).toBe('--seats: bad');
    const long = `unknown key "${'k'.repeat(50_000_000)}"; allowed: game, arms`;
    const line = oneLine(long);
    expect(line.length).toBeLessThan(MAX_LINE + 60);
    expect(line.startsWith('unknown key "kkk')).toBe(true);
    expect(line.endsWith('kkk"; allowed: game, arms')).toBe(true);
    expect(line).toMatch(/ … \(\d+ characters cut\) … /);
    expect(line).not.toContain('\n');
  });
});
