// Chinese-American's record events (core/event-kind.ts), beside the table's.
import type { EventKind } from '../../../core/event-kind.js';
import { MELD_EVENTS, TABLE_EVENTS } from '../table/events.js';

export const TILE_OF_THE_DAY: EventKind = {
  type: 'tile_of_the_day',
  description: "Chinese-American: the session's tile of the day, or null.",
  required: ['pai'],
  properties: {
    pai: {
      anyOf: [
        {
          type: 'string',
          pattern: '^([mps][1-9]|z[1-7]|f[1-8]|j)$',
          description: 'a mahjong tile: m1-m9, p1-p9, s1-s9, z1-z7 (E S W N, white, green, red), f1-f8 (flowers), j (joker)',
        },
        { type: 'null' },
      ],
    },
  },
  words: `return e.pai ? 'the tile of the day is ' + e.pai : 'no tile of the day';`,
};

export const TRIPLE_SIX: EventKind = {
  type: 'triple_six',
  description: 'Chinese-American: the dealer rolls three sixes and is paid by each other seat.',
  required: ['seat', 'fromEach'],
  properties: {
    seat: { type: 'integer', minimum: 0, maximum: 15 },
    fromEach: { type: 'number', minimum: -1000000000000000, maximum: 1000000000000000 },
  },
  words: `return who + 'rolls three sixes: ' + e.fromEach + ' from each other seat';`,
};

export const DECLINED_WIN: EventKind = {
  type: 'declined_win',
  description: 'Chinese-American: a self-drawn win declined, paid to each other seat.',
  required: ['seat', 'toEach'],
  properties: {
    seat: { type: 'integer', minimum: 0, maximum: 15 },
    toEach: { type: 'number', minimum: -1000000000000000, maximum: 1000000000000000 },
  },
  words: `return who + 'declines a self-drawn win and pays ' + e.toEach + ' to each other seat';`,
};

/** Every event type of a Chinese-American record, beside start and end. */
export const CHINESE_AMERICAN_EVENTS: readonly EventKind[] = [...TABLE_EVENTS, ...MELD_EVENTS, TILE_OF_THE_DAY, TRIPLE_SIX, DECLINED_WIN];
