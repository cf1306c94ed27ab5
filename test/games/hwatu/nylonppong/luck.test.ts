// Nylon-ppong's luck meter (src/games/hwatu/nylonppong/luck.ts): each term of a draw is its
// value for the card that came less the value's mean over the pile, so that over every card the
// pile could have given, the terms sum to zero exactly. The values read the table before the
// draw, rebuilt from the table after it; a slip there (reading the card that came where the
// rebuilt hand is meant) would leave a mean off zero, which this finds draw by draw.
import { describe, expect, it } from 'vitest';
import { TERMINAL } from '../../../../src/core/game.js';
import { dealRng, Rng } from '../../../../src/core/rng.js';
import { resolveRules } from '../../../../src/core/rules.js';
import { parseSpec } from '../../../../src/core/strategy.js';
import { CARDS } from '../../../../src/games/hwatu/deck.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import { NYLON_LUCK_TERMS } from '../../../../src/games/hwatu/nylonppong/luck.js';
import type { NylonRules } from '../../../../src/games/hwatu/nylonppong/rules.js';
import { nylonppongStrategies } from '../../../../strategies/nylonppong/index.js';

/** A chance stream whose first integer is `first` (Deck.draw takes cards[drawn + int(n)]). */
class FirstRng extends Rng {
  private used = false;
  constructor(private readonly first: number) {
    super('first');
  }
  override int(n: number): number {
    if (this.used) return super.int(n);
    this.used = true;
    return this.first;
  }
}

const resolve = (preset: string): NylonRules =>
  resolveRules(nylonppong.schema, [
    { where: 'preset', values: nylonppong.schema.presets[preset]!.set },
    { where: 'test', values: { rounds: 5 } },
  ]);

describe("Nylon-ppong's luck meter", () => {
  it('gives every term of every draw, for every seat, a mean of exactly zero over the cards the pile held', () => {
    let draws = 0;
    const moved = new Set<number>();
    for (const preset of ['fudawiki', 'bbong', 'money']) {
      const r = resolve(preset);
      const seats = nylonppong.seats(r);
      const bots = Array.from({ length: seats }, () => {
        const d = nylonppongStrategies.find((x) => x.name === 'basic')!;
        return d.make(parseSpec('basic', nylonppongStrategies, 'nylonppong', r).params, r);
      });
      const meters = Array.from({ length: seats }, () => nylonppong.luck!(r));
      const s = nylonppong.create(r);
      const trial = nylonppong.create(r);
      const legal = new Int16Array(nylonppong.maxActions(r));
      const luck = new Float64Array(NYLON_LUCK_TERMS.length);
      const sum = new Float64Array(NYLON_LUCK_TERMS.length);
      for (let g = 0; g < 8; g++) {
        nylonppong.deal(s, dealRng(`luck-${preset}`, 0, g));
        for (let x = nylonppong.toAct(s); x !== TERMINAL; x = nylonppong.toAct(s)) {
          const m = nylonppong.legal(s, legal);
          const a = bots[x]!.choose(nylonppong.view(s, x), legal, m, new Rng(null));
          // The move played with the draw it holds (if any) forced to each card of the pile.
          const drawn = s.deck.drawn;
          const n = CARDS - drawn;
          nylonppong.copy(s, trial);
          trial.rng = new FirstRng(0);
          nylonppong.apply(trial, a, 0);
          if (trial.deck.drawn === drawn + 1 && trial.reshuffles === s.reshuffles && trial.drawn >= 0) {
            draws++;
            for (let seat = 0; seat < seats; seat++) {
              sum.fill(0);
              for (let j = 0; j < n; j++) {
                nylonppong.copy(s, trial);
                trial.rng = new FirstRng(j);
                const meter = meters[seat]!;
                luck.fill(0);
                meter.start(trial, seat);
                meter.before(trial, a, 0);
                nylonppong.apply(trial, a, 0);
                meter.after(trial, luck);
                luck.forEach((v, t) => {
                  sum[t]! += v;
                  if (v !== 0) moved.add(t);
                });
              }
              sum.forEach((v, t) =>
                expect(Math.abs(v / n), `${preset} game ${g}, seat ${seat}, ${NYLON_LUCK_TERMS[t]}`).toBeLessThan(1e-9),
              );
            }
          }
          nylonppong.apply(s, a, 0);
        }
      }
    }
    // Draws were met, and every term was read nonzero on some card.
    expect(draws).toBeGreaterThan(100);
    expect([...moved].sort((a, b) => a - b)).toEqual(NYLON_LUCK_TERMS.map((_, t) => t));
  });
});
