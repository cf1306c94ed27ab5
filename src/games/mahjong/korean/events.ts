// Korean 2-point's record events (core/event-kind.ts), beside the table's.
import { SEAT, type EventKind } from '../../../core/event-kind.js';
import { DEAD_HAND, MELD_EVENTS, TABLE_EVENTS } from '../table/events.js';

export const UPER: EventKind = {
  type: 'uper',
  description: 'Korean: an uper declaration (open: open uper) and the tiles it waits on.',
  required: ['seat', 'open', 'waits'],
  properties: { seat: SEAT, open: { type: 'boolean' }, waits: { type: 'string' } },
  words: `return who + 'declares ' + (e.open ? 'open uper' : 'uper') + ' waiting on ' + e.waits;`,
};

export const NO_RON: EventKind = {
  type: 'no_ron',
  description: 'Korean: the seat may no longer win on a discard (why).',
  required: ['seat', 'why'],
  properties: { seat: SEAT, why: { type: 'string' } },
  words: `return who + 'may no longer win on a discard (' + e.why + ')';`,
};

/** Every event type of a Korean record, beside start and end. */
export const KOREAN_EVENTS: readonly EventKind[] = [...TABLE_EVENTS, ...MELD_EVENTS, UPER, DEAD_HAND, NO_RON];
