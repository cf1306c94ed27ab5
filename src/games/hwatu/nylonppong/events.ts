// Nylon-ppong's record events (core/event-kind.ts): what its records hold, and how the viewer
// page draws them.
import { INDEX, SEAT, type EventKind } from '../../../core/event-kind.js';
import { CARD, DEAL, DRAW, MONTH, SETTLE } from '../events.js';
import { PASS } from '../../events.js';

export const RESHUFFLE: EventKind = {
  type: 'reshuffle',
  description: 'Nylon-ppong: the discards (all but the top one, where kept) become the new draw pile.',
  required: ['cards'],
  properties: { cards: { type: 'integer', minimum: 0, maximum: 48 } },
  words: `return e.cards + ' discards become the draw pile';`,
};

export const PLAY_ON: EventKind = {
  type: 'play_on',
  description: 'Nylon-ppong decision: draw rather than stop or ppong.',
  required: ['seat'],
  properties: { seat: SEAT },
  words: `return who + 'plays on';`,
};

export const STOP: EventKind = {
  type: 'stop',
  description: 'Nylon-ppong decision: stop with this hand sum.',
  required: ['seat', 'sum'],
  properties: { seat: SEAT, sum: INDEX },
  words: `return who + 'calls stop with ' + e.sum;`,
};

export const PPONG: EventKind = {
  type: 'ppong',
  description: 'Nylon-ppong decision: claim the top discard of this month with a pair.',
  required: ['seat', 'month'],
  properties: { seat: SEAT, month: MONTH },
  words: `return who + 'calls ppong on ' + MONTHS[e.month - 1];`,
};

export const JAYEON: EventKind = {
  type: 'jayeon',
  description: 'Nylon-ppong decision: go out with a concealed triplet.',
  required: ['seat'],
  properties: { seat: SEAT },
  words: `return who + 'goes out with a concealed triplet';`,
};

export const DECLARE: EventKind = {
  type: 'declare',
  description: 'Nylon-ppong decision: declare a combination.',
  required: ['seat', 'combo'],
  properties: { seat: SEAT, combo: { type: 'string' } },
  words: `return who + 'declares ' + e.combo;`,
};

export const DISCARD: EventKind = {
  type: 'discard',
  description: 'Nylon-ppong decision: discard a card.',
  required: ['seat'],
  properties: { seat: SEAT, card: CARD, month: MONTH },
  fold: `if (s && e.card) { take(s.hand, e.card); s.discards.push(e.card); }`,
  words: `return who + 'discards ' + (e.card || 'month ' + e.month);`,
};

export const LAY_DOWN: EventKind = {
  type: 'lay_down',
  description: 'Nylon-ppong decision: lay down three of a month from a six-card hand.',
  required: ['seat', 'month'],
  properties: { seat: SEAT, month: MONTH },
  words: `return who + 'lays down three of ' + MONTHS[e.month - 1];`,
};

/** Every event type of a Nylon-ppong record, beside start and end. */
export const NYLONPPONG_EVENTS: readonly EventKind[] = [
  DEAL,
  DRAW,
  RESHUFFLE,
  PLAY_ON,
  STOP,
  PPONG,
  JAYEON,
  DECLARE,
  DISCARD,
  LAY_DOWN,
  PASS,
  SETTLE,
];
