// Wolnamppong's record events (core/event-kind.ts): what its records hold, and how the viewer
// page draws them.
import { AMOUNT, INDEX, SEAT, type EventKind } from '../../../core/event-kind.js';
import { DEAL, DRAW, SETTLE } from '../events.js';

export const ANTE: EventKind = {
  type: 'ante',
  description: 'Wolnamppong: every seat antes.',
  required: ['amount', 'pot'],
  properties: { amount: AMOUNT, pot: AMOUNT },
  fold: `st.pot = e.pot;`,
  words: `return 'everyone antes ' + e.amount + ': pot ' + e.pot;`,
};

export const CYCLE: EventKind = {
  type: 'cycle',
  description: 'Wolnamppong: a deal cycle starts.',
  required: ['cycle', 'dealer', 'pot'],
  properties: { cycle: INDEX, dealer: SEAT, pot: AMOUNT },
  fold: `st.pot = e.pot;`,
  words: `return 'cycle ' + (e.cycle + 1) + ', dealer seat ' + e.dealer + ', pot ' + e.pot;`,
  mark: `'cycle ' + (e.cycle + 1)`,
};

export const NO_BET: EventKind = {
  type: 'no_bet',
  description: 'Wolnamppong: the seat has no bet to make (why: potEmpty, cannotCover).',
  required: ['seat', 'why'],
  properties: { seat: SEAT, why: { type: 'string' } },
  words: `return who + 'makes no bet (' + e.why + ')';`,
};

export const LAY_ASIDE: EventKind = {
  type: 'lay_aside',
  description: 'Wolnamppong: the seat lays its two cards aside face up and is dealt two more.',
  required: ['seat'],
  properties: { seat: SEAT },
  words: `return who + 'lays its cards aside and is dealt two more';`,
};

export const FOLD: EventKind = {
  type: 'fold',
  description: 'Wolnamppong decision: no bet.',
  required: ['seat'],
  properties: { seat: SEAT },
  words: `return who + 'folds';`,
};

export const BET: EventKind = {
  type: 'bet',
  description:
    'Wolnamppong decision: bet this amount that the third card falls between (call: between) or, on a pair, above or below (higher, lower).',
  required: ['seat', 'call', 'amount'],
  properties: { seat: SEAT, call: { enum: ['between', 'higher', 'lower'] }, amount: AMOUNT },
  words: `return who + 'bets ' + e.amount + ' (' + e.call + ')';`,
};

export const POT_EMPTY: EventKind = {
  type: 'pot_empty',
  description: 'Wolnamppong: the pot is empty.',
  required: [],
  properties: {},
  words: `return 'the pot is empty';`,
};

/** Every event type of a Wolnamppong record, beside start and end. */
export const WOLNAMPPONG_EVENTS: readonly EventKind[] = [ANTE, CYCLE, DEAL, NO_BET, LAY_ASIDE, FOLD, BET, DRAW, SETTLE, POT_EMPTY];
