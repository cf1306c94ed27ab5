// American's record events (core/event-kind.ts), beside the table's: the Charleston, exposures
// and joker exchanges.
import { SEAT, type EventKind } from '../../../core/event-kind.js';
import { DEAD_HAND, TABLE_EVENTS, TILE, TILES } from '../table/events.js';
import { PASS } from '../../events.js';

export const PASS_BLIND: EventKind = {
  type: 'pass_blind',
  description: "American decision: pass the step's remaining slots blind.",
  required: ['seat'],
  properties: { seat: SEAT },
  words: `return who + 'passes the rest blind';`,
};

export const PASS_DONE: EventKind = {
  type: 'pass_done',
  description: 'American decision: end the courtesy pass selection.',
  required: ['seat'],
  properties: { seat: SEAT },
  words: `return who + 'ends its courtesy pass';`,
};

export const VOTE: EventKind = {
  type: 'vote',
  description: 'American decision: vote for (second: true) or against the second Charleston.',
  required: ['seat', 'second'],
  properties: { seat: SEAT, second: { type: 'boolean' } },
  words: `return who + 'votes ' + (e.second ? 'for' : 'against') + ' the second Charleston';`,
};

export const CHARLESTON: EventKind = {
  type: 'charleston',
  description: "American: a Charleston pass carried out: each seat's tiles (tiles[k] is seat k's) and blind slots.",
  required: ['pass', 'direction', 'tiles', 'blind'],
  properties: {
    pass: { type: 'string' },
    direction: { enum: ['right', 'across', 'left'] },
    tiles: { type: 'array', items: TILES },
    blind: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 14 } },
  },
  fold: `const n = st.seats.length;
const dir = { right: 1, across: 2, left: 3 }[e.direction] || 1;
const outN = e.tiles.map((t) => t.length);
const kept = outN.map(() => 0);
e.tiles.forEach((tiles, k) => tiles.forEach((t) => take(st.seats[k].hand, t)));
for (let d = 0; d < n; d++) {
  const from = ((st.dealer || 0) + d) % n;
  e.tiles[from].forEach((t) => {
    let to = (from + dir) % n;
    let hops = 0;
    while (kept[to] >= outN[to] && hops++ < n) to = (to + dir) % n;
    kept[to]++;
    st.seats[to].hand.push(t);
  });
}
st.seats.forEach((x) => { x.chosen = []; });`,
  words: `return 'Charleston ' + e.pass + ' (' + e.direction + ')';`,
};

export const CHARLESTON_VOTE: EventKind = {
  type: 'charleston_vote',
  description: 'American: whether the second Charleston is played.',
  required: ['second'],
  properties: { second: { type: 'boolean' } },
  words: `return e.second ? 'the second Charleston is played' : 'no second Charleston';`,
};

export const COURTESY: EventKind = {
  type: 'courtesy',
  description: 'American: the courtesy pass of two opposite seats and how many tiles they swap.',
  required: ['seats', 'tiles'],
  properties: { seats: { type: 'array', items: SEAT }, tiles: { type: 'integer', minimum: 0, maximum: 14 } },
  fold: `const [y, z] = e.seats;
const a = st.seats[y], b = st.seats[z];
const ya = a.chosen.slice(0, e.tiles), zb = b.chosen.slice(0, e.tiles);
ya.forEach((t) => take(a.hand, t)); zb.forEach((t) => take(b.hand, t));
zb.forEach((t) => a.hand.push(t)); ya.forEach((t) => b.hand.push(t));
a.chosen = []; b.chosen = [];`,
  words: `return 'courtesy pass: seats ' + e.seats.join(' and ') + ' swap ' + e.tiles;`,
};

export const EXPOSE: EventKind = {
  type: 'expose',
  description: 'American answer to a discard: claim it into an exposure of size tiles with jokers.',
  required: ['seat', 'target', 'pai', 'size', 'jokers'],
  properties: {
    seat: SEAT,
    target: SEAT,
    pai: TILE,
    size: { type: 'integer', minimum: 1, maximum: 14 },
    jokers: { type: 'integer', minimum: 0, maximum: 8 },
  },
  fold: `st.answers[e.seat] = e;`,
  words: `return who + 'claims ' + e.pai + ' from seat ' + e.target + ' for an exposure of ' + e.size + (e.jokers ? ' with ' + e.jokers + ' jokers' : '');`,
};

export const EXPOSURE: EventKind = {
  type: 'exposure',
  description: 'American: an exposure made.',
  required: ['seat', 'pai', 'size', 'jokers'],
  properties: {
    seat: SEAT,
    pai: TILE,
    size: { type: 'integer', minimum: 1, maximum: 14 },
    jokers: { type: 'integer', minimum: 0, maximum: 8 },
  },
  fold: `if (!s) return;
for (let i = 0; i < e.size - e.jokers - 1; i++) take(s.hand, e.pai);
for (let i = 0; i < e.jokers; i++) take(s.hand, 'j');
const meld = [];
for (let i = 0; i < e.size - e.jokers; i++) meld.push(e.pai);
for (let i = 0; i < e.jokers; i++) meld.push('j');
s.melds.push(meld);`,
  words: `return who + 'exposes ' + e.size + ' x ' + e.pai + (e.jokers ? ' with ' + e.jokers + ' jokers' : '');`,
};

export const EXCHANGE: EventKind = {
  type: 'exchange',
  description: 'American decision: exchange a natural tile for a joker in an exposure.',
  required: ['seat', 'pai'],
  properties: { seat: SEAT, pai: TILE },
  words: `return who + 'exchanges ' + e.pai + ' for an exposed joker';`,
};

export const JOKER_EXCHANGE: EventKind = {
  type: 'joker_exchange',
  description: 'American: a joker exchanged from the exposure of seat target.',
  required: ['seat', 'target', 'pai'],
  properties: { seat: SEAT, target: SEAT, pai: TILE },
  fold: `const owner = st.seats[e.target];
if (!s || !owner) return;
take(s.hand, e.pai);
s.hand.push('j');
const m = owner.melds.find((x) => x.includes('j') && x.includes(e.pai));
if (m) m[m.indexOf('j')] = e.pai;`,
  words: `return who + 'exchanges ' + e.pai + ' for a joker of seat ' + e.target;`,
};

export const HEAVENLY_HAND: EventKind = {
  type: 'heavenly_hand',
  description: "American: the dealer's dealt hand is complete.",
  required: ['seat'],
  properties: { seat: SEAT },
  words: `return who + 'has a heavenly hand';`,
};

/** Every event type of an American record, beside start and end. */
export const AMERICAN_EVENTS: readonly EventKind[] = [
  ...TABLE_EVENTS,
  PASS,
  PASS_BLIND,
  PASS_DONE,
  VOTE,
  CHARLESTON,
  CHARLESTON_VOTE,
  COURTESY,
  EXPOSE,
  EXPOSURE,
  EXCHANGE,
  JOKER_EXCHANGE,
  DEAD_HAND,
  HEAVENLY_HAND,
];
