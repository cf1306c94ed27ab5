// The record events more than one family of games writes (core/event-kind.ts): a pass,
// Nylon-ppong's declined ppong and American's Charleston tile alike.
import type { EventKind } from '../core/event-kind.js';

export const PASS: EventKind = {
  type: 'pass',
  description: "A pass. Nylon-ppong: decline an out-of-turn ppong (seat only). American: put one tile (pai) in the Charleston step's pass.",
  required: ['seat'],
  properties: {
    seat: { type: 'integer', minimum: 0, maximum: 15 },
    pai: {
      type: 'string',
      pattern: '^([mps][1-9]|z[1-7]|f[1-8]|j)$',
      description: 'a mahjong tile: m1-m9, p1-p9, s1-s9, z1-z7 (E S W N, white, green, red), f1-f8 (flowers), j (joker)',
    },
    step: { type: 'string' },
  },
  fold: `if (s && e.pai) s.chosen.push(e.pai);`,
  words: `return e.pai ? who + 'passes ' + e.pai + ' (' + e.step + ')' : who + 'passes';`,
};
