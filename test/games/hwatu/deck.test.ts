import { describe, expect, it } from 'vitest';
import { dealRng } from '../../../src/core/rng.js';
import { CARDS, Deck, cardName, month, parseCard } from '../../../src/games/hwatu/deck.js';

describe('Hwatu deck', () => {
  it('numbers months in the Korean order and round-trips the notation', () => {
    expect(month(0)).toBe(1);
    expect(month(47)).toBe(12);
    for (let c = 0; c < CARDS; c++) expect(parseCard(cardName(c))).toBe(c);
    expect(() => parseCard('13a')).toThrow(/expected a month 1-12/);
  });

  it('drawTwo deals a uniform ordered pair (chi-square over all 48 x 47 pairs)', () => {
    const deck = new Deck();
    const out = new Uint8Array(2);
    const counts = new Float64Array(CARDS * CARDS);
    const n = 225600;
    for (let i = 0; i < n; i++) {
      deck.reset();
      deck.drawTwo(dealRng('pairs', 0, i), out, 0);
      counts[out[0]! * CARDS + out[1]!]!++;
    }
    const e = n / (CARDS * (CARDS - 1));
    let chi2 = 0;
    for (let a = 0; a < CARDS; a++) {
      for (let b = 0; b < CARDS; b++) {
        if (a === b) expect(counts[a * CARDS + b]).toBe(0);
        else chi2 += (counts[a * CARDS + b]! - e) ** 2 / e;
      }
    }
    // 2255 degrees of freedom: mean 2255, sd 67; 99.9% upper quantile about 2468.
    expect(chi2).toBeLessThan(2468);
  });

  it('draws every card once per shuffle', () => {
    const deck = new Deck();
    const rng = dealRng('all', 0, 0);
    const seen = new Set<number>();
    const out = new Uint8Array(2);
    while (deck.left >= 2) {
      deck.drawTwo(rng, out, 0);
      seen.add(out[0]!).add(out[1]!);
    }
    expect(seen.size).toBe(CARDS);
  });
});
