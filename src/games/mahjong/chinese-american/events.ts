// Chinese-American's record events (core/event-kind.ts), beside the table's.
import { AMOUNT, SEAT, type EventKind } from '../../../core/event-kind.js';
import { MELD_EVENTS, TABLE_EVENTS, TILE } from '../table/events.js';

export const TILE_OF_THE_DAY: EventKind = {
  type: 'tile_of_the_day',
  description: "Chinese-American: the session's tile of the day, or null.",
  required: ['pai'],
  properties: { pai: { anyOf: [TILE, { type: 'null' }] } },
  words: `return e.pai ? 'the tile of the day is ' + e.pai : 'no tile of the day';`,
};

export const TRIPLE_SIX: EventKind = {
  type: 'triple_six',
  description: 'Chinese-American: the dealer rolls three sixes and is paid by each other seat.',
  required: ['seat', 'fromEach'],
  properties: { seat: SEAT, fromEach: AMOUNT },
  words: `return who + 'rolls three sixes: ' + e.fromEach + ' from each other seat';`,
};

export const DECLINED_WIN: EventKind = {
  type: 'declined_win',
  description: 'Chinese-American: a self-drawn win declined, paid to each other seat.',
  required: ['seat', 'toEach'],
  properties: { seat: SEAT, toEach: AMOUNT },
  words: `return who + 'declines a self-drawn win and pays ' + e.toEach + ' to each other seat';`,
};

/** Every event type of a Chinese-American record, beside start and end. */
export const CHINESE_AMERICAN_EVENTS: readonly EventKind[] = [...TABLE_EVENTS, ...MELD_EVENTS, TILE_OF_THE_DAY, TRIPLE_SIX, DECLINED_WIN];
