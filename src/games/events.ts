// The record events more than one family of games writes (core/event-kind.ts): a pass,
// Nylon-ppong's declined ppong and American's Charleston tile alike.
import { SEAT, type EventKind } from '../core/event-kind.js';
import { TILE } from './mahjong/table/events.js';

export const PASS: EventKind = {
  type: 'pass',
  description: "A pass. Nylon-ppong: decline an out-of-turn ppong (seat only). American: put one tile (pai) in the Charleston step's pass.",
  required: ['seat'],
  properties: { seat: SEAT, pai: TILE, step: { type: 'string' } },
  fold: `if (s && e.pai) s.chosen.push(e.pai);`,
  words: `return e.pai ? who + 'passes ' + e.pai + ' (' + e.step + ')' : who + 'passes';`,
};
