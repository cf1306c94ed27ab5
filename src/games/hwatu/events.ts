// The record events both Hwatu games write (core/event-kind.ts): deals, draws and settlements.
import { AMOUNT, AMOUNTS, INDEX, SEAT, type EventKind, type JsonSchema } from '../../core/event-kind.js';

/** A Hwatu card, as records write it. */
export const CARD: JsonSchema = {
  type: 'string',
  pattern: '^(1[0-2]|[1-9])[abcd]$',
  description: 'a Hwatu card: month 1-12 and copy letter a-d, e.g. 12c',
};
export const CARDS: JsonSchema = { type: 'array', items: CARD };
/** A month, 1 to 12. */
export const MONTH: JsonSchema = { type: 'integer', minimum: 1, maximum: 12 };

export const DEAL: EventKind = {
  type: 'deal',
  description:
    "Cards dealt. Nylon-ppong: a round's hands (hands[k] is seat k's) and the seat to start; Wolnamppong: the two cards of the seat whose turn it is.",
  required: [],
  properties: { round: INDEX, starter: SEAT, hands: { type: 'array', items: CARDS }, seat: SEAT, cards: CARDS },
  fold: `if (Array.isArray(e.hands)) e.hands.forEach((h, k) => { if (st.seats[k]) { st.seats[k].hand = h.slice(); st.seats[k].discards = []; } });
else if (s) { s.hand = e.cards.slice(); st.third = null; }`,
  words: `return Array.isArray(e.hands) ? 'round ' + (e.round + 1) + ' is dealt; seat ' + e.starter + ' starts' : who + 'is dealt ' + e.cards.join(' ');`,
  mark: `Array.isArray(e.hands) ? 'round ' + (e.round + 1) : null`,
};

export const DRAW: EventKind = {
  type: 'draw',
  description: "A card drawn from the pile: Nylon-ppong's draw, Wolnamppong's third card.",
  required: ['seat', 'card'],
  properties: { seat: SEAT, card: CARD },
  fold: `// A table with a pot (Wolnamppong) turns the third card face up; elsewhere a draw joins the hand.
if (s && st.pot === null) s.hand.push(e.card); else st.third = e.card;`,
  words: `return who + 'draws ' + e.card;`,
};

export const SETTLE: EventKind = {
  type: 'settle',
  description:
    "A settlement. Nylon-ppong: a round's end (end: stop, stopFailed, goOut, combo, exhausted), the seat that ended it, the seat that dealt in, the hands left, each seat's payment for the round (penalty points or money lost) and the totals. Wolnamppong: a seat settles with the pot under a rule (win, loss, push, rain, doubleRain, pair, consecutive): paid into the pot (negative: taken from it), the pot and every bankroll after.",
  required: [],
  properties: {
    round: INDEX,
    end: { type: 'string' },
    seat: SEAT,
    dealIn: SEAT,
    combo: { type: 'string' },
    hands: { type: 'array', items: CARDS },
    payments: AMOUNTS,
    totals: AMOUNTS,
    rule: { type: 'string' },
    paid: AMOUNT,
    pot: AMOUNT,
    bankrolls: AMOUNTS,
  },
  fold: `if (Array.isArray(e.bankrolls)) { e.bankrolls.forEach((x, k) => { st.seats[k].score = x; }); st.pot = e.pot; }
if (Array.isArray(e.totals)) e.totals.forEach((x, k) => { st.seats[k].score = x; });`,
  words: `if (e.end !== undefined) return 'round ' + (e.round + 1) + ' ends (' + e.end + '): payments ' + e.payments.join(' ');
return who + 'settles (' + e.rule + '): pays ' + e.paid + ', pot ' + e.pot;`,
};
