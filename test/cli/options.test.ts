// The readers of --seats and --set, in-process: each mistake gets its own line, before
// any game is played (test/cli/bad-input.test.ts checks the same through the CLI).
import { describe, expect, it } from 'vitest';
import { simParams } from '../../src/cli/sim.js';
import { parseSets } from '../../src/core/rules.js';

describe('--seats', () => {
  const seats = (text: string) => simParams('wolnamppong', { seats: text }, 5);

  it('reports a single malformed spec\'s own mistake, not the seat count it also gets wrong', async () => {
    await expect(seats('kelly(z=1)')).rejects.toThrow(/^strategy kelly: unknown parameter "z"; allowed parameters: c$/);
    await expect(seats('kelly*x')).rejects.toThrow(/^strategy spec "kelly\*x": expected name or name\(param=value,\.\.\.\)$/);
    await expect(seats('kelly(c=abc)')).rejects.toThrow(/^strategy kelly: parameter c must be a number from 0 to 2 \(got "abc"\)$/);
    // Well-formed specs of the wrong count still get the count's line.
    await expect(seats('kelly')).rejects.toThrow(/^--seats: wolnamppong with these rules has 6 seats; got 1 strategy specs/);
  });

  it('refuses an empty list rather than seating the reference bot', async () => {
    for (const text of ['', '  ']) await expect(seats(text)).rejects.toThrow(/^--seats: empty; expected one strategy spec per seat, SPEC,SPEC,\.\.\. \(SPEC\*k repeats a spec\)$/);
  });
});

describe('--set', () => {
  it('refuses a rule key given twice, whatever its values, and takes different keys', () => {
    expect(() => parseSets(['players=4', 'ante=2', ' players =6'])).toThrow(/^--set: "players" given twice \("4" and "6"\); give it once$/);
    expect(() => parseSets(['ante=2', 'ante=2'])).toThrow(/"ante" given twice/);
    // A key that is a name every object has is no exception.
    expect(() => parseSets(['constructor=1', 'constructor=2'])).toThrow(/"constructor" given twice/);
    expect(parseSets(['players=4', 'ante=2'])).toEqual({ players: '4', ante: '2' });
  });
});

