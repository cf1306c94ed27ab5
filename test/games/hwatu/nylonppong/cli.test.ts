import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARDS, cardName, parseCard } from '../../../../src/games/hwatu/deck.js';
import { tempDir, pongsimIn } from '../../../support/cli.js';

describe('pongsim with nylonppong (the built CLI)', () => {
  it('sim --json reports the mean penalty per game and the end-reason rates', async () => {
    const r = await pongsimIn(['sim', 'nylonppong', '--seats', 'basic,basic,basic,basic', '--games', '200', '--seed', '1', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { seats: { mean: number }[]; rates: Record<string, { rate: number; rate_ci_low: number }> };
    expect(out.seats).toHaveLength(4);
    for (const s of out.seats) expect(s.mean).toBeGreaterThan(0);
    const ends = ['endStop', 'endStopFailed', 'endGoOut', 'endCombo', 'endExhausted'].map((k) => out.rates[k]!.rate);
    for (const k of ['endStop', 'endCombo']) expect(out.rates[k]!.rate_ci_low).toBeLessThan(out.rates[k]!.rate);
    expect(ends.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  const bad: [string, string[], string][] = [
    ['a bad --set value', ['--set', 'stopLimit=ten'], 'option "stopLimit" must be an integer from 0 to 24 (got "ten")'],
    ['an impossible hand size', ['--set', 'handSize=4'], 'option "handSize" must be 2, 5 or 8'],
    ['a sub-option without its rule', ['--set', 'concealedTripletAloneEnds=true'], 'needs "concealedTriplet": true'],
    ['an unknown preset', ['--rules', 'nope'], 'nope'],
  ];
  for (const [name, args, msg] of bad) {
    it(`exits 2 with one line on ${name}`, async () => {
      const r = await pongsimIn(['sim', 'nylonppong', '--games', '10', ...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(msg);
    });
  }

  it('exits 2 on a bad nested rules file, naming the file', async () => {
    const file = path.join(tempDir(), 'rules.json');
    fs.writeFileSync(file, JSON.stringify({ combos: { enabled: ['straight', 'flush'] } }));
    const r = await pongsimIn(['sim', 'nylonppong', '--games', '10', '--rules', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('rules.json');
    expect(r.stderr).toContain('"combos.enabled"');
  });
});

it('card notation round-trips for all 48 cards', async () => {
  for (let c = 0; c < CARDS; c++) expect(parseCard(cardName(c))).toBe(c);
});
