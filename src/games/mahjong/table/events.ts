// The record events of the mahjong table (core/event-kind.ts), mjai's where they mean the same:
// those every ruleset writes, those of a ruleset that melds pungs, kongs and chows, and a dead
// hand, which some rulesets have.
import { AMOUNT, AMOUNTS, INDEX, SEAT, type EventKind, type JsonSchema } from '../../../core/event-kind.js';

/** A mahjong tile, as records write it. */
export const TILE: JsonSchema = {
  type: 'string',
  pattern: '^([mps][1-9]|z[1-7]|f[1-8]|j)$',
  description: 'a mahjong tile: m1-m9, p1-p9, s1-s9, z1-z7 (E S W N, white, green, red), f1-f8 (flowers), j (joker)',
};
export const TILES: JsonSchema = { type: 'array', items: TILE };

export const START_KYOKU: EventKind = {
  type: 'start_kyoku',
  description:
    "Mahjong (mjai): a hand starts, after the deal: its number from 0, the round wind, the dealer (oya), the scores and each seat's concealed tiles (tehais). Flowers set aside in the deal come just before it.",
  required: ['hand', 'bakaze', 'oya', 'scores', 'tehais'],
  properties: { hand: INDEX, bakaze: { enum: ['E', 'S', 'W', 'N'] }, oya: SEAT, scores: AMOUNTS, tehais: { type: 'array', items: TILES } },
  fold: `st.seats.forEach((x, k) => { x.hand = (e.tehais[k] || []).slice(); x.discards = []; x.melds = []; x.flowers = []; x.score = e.scores[k]; });
st.dealer = e.oya;`,
  words: `return 'hand ' + (e.hand + 1) + ': dealer seat ' + e.oya + ', round wind ' + e.bakaze;`,
  mark: `'hand ' + (e.hand + 1)`,
};

export const TSUMO: EventKind = {
  type: 'tsumo',
  description: "Mahjong (mjai): a tile drawn, from the wall's end when a replacement (for a kong or a flower).",
  required: ['seat', 'pai'],
  properties: { seat: SEAT, pai: TILE, replacement: { type: 'boolean' } },
  fold: `if (s) s.hand.push(e.pai);`,
  words: `return who + 'draws ' + e.pai + (e.replacement ? ' (replacement)' : '');`,
};

export const DAHAI: EventKind = {
  type: 'dahai',
  description:
    'Mahjong (mjai) decision: a discard; tsumogiri when it is the tile just drawn; declare names a declaration made with it (Korean: uper, open uper).',
  required: ['seat', 'pai', 'tsumogiri'],
  properties: { seat: SEAT, pai: TILE, tsumogiri: { type: 'boolean' }, declare: { type: 'string' } },
  fold: `if (s) { take(s.hand, e.pai); s.discards.push(e.pai); }`,
  words: `return who + 'discards ' + e.pai + (e.declare ? ', declaring ' + e.declare : '');`,
};

export const HORA: EventKind = {
  type: 'hora',
  description: 'Mahjong (mjai) decision: declare a win, on a discard (target: the discarder) or self-drawn (target: the seat itself).',
  required: ['seat', 'target'],
  properties: { seat: SEAT, target: SEAT, pai: { anyOf: [TILE, { type: 'null' }] } },
  words: `return who + 'declares a win' + (e.target === e.seat ? ' (self-drawn)' : ' on seat ' + e.target + "'s discard");`,
};

export const NONE: EventKind = {
  type: 'none',
  description: 'Mahjong (mjai) answer to a discard: pass.',
  required: ['seat'],
  properties: { seat: SEAT },
  words: `return who + 'passes';`,
};

export const CALL: EventKind = {
  type: 'call',
  description: 'Mahjong: the claim that took the discard (meld: pon, chi, daiminkan, exposure).',
  required: ['seat', 'target', 'pai', 'meld'],
  properties: { seat: SEAT, target: SEAT, pai: TILE, meld: { type: 'string' } },
  fold: `if (!s) return;
const from = st.seats[e.target];
if (from && from.discards[from.discards.length - 1] === e.pai) from.discards.pop();
const a = st.answers[e.seat];
if (e.meld !== 'exposure' && a && Array.isArray(a.consumed)) { a.consumed.forEach((t) => take(s.hand, t)); s.melds.push(a.consumed.concat([e.pai]).sort()); }`,
  words: `return who + 'takes ' + e.pai + ' from seat ' + e.target + ' (' + e.meld + ')';`,
};

export const WIN: EventKind = {
  type: 'win',
  description:
    'Mahjong: a win paid: the hand, its scoring lines and value (Korean yaku, basic, bonus, dora, ante, points; Chinese-American fan and value; American card line, value, jokerless, points).',
  required: ['seat', 'target'],
  properties: {
    seat: SEAT,
    target: SEAT,
    pai: TILE,
    hand: { type: 'string' },
    robbed: { type: 'boolean' },
    yaku: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, points: AMOUNT }, additionalProperties: false },
    },
    fan: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, points: AMOUNT }, additionalProperties: false },
    },
    basic: AMOUNT,
    bonus: AMOUNT,
    dora: AMOUNT,
    ante: AMOUNT,
    points: AMOUNT,
    value: AMOUNT,
    line: { type: 'string' },
    jokerless: { type: 'boolean' },
  },
  words: `return who + 'wins' + (e.hand ? ' with ' + e.hand : '') + (e.points !== undefined ? ': ' + e.points : e.value !== undefined ? ': ' + e.value : '');`,
};

export const RYUKYOKU: EventKind = {
  type: 'ryukyoku',
  description: 'Mahjong (mjai): the hand ends without a win (reason: exhausted, threeDeadHands).',
  required: ['reason'],
  properties: { reason: { type: 'string' } },
  words: `return 'the hand ends without a win (' + e.reason + ')';`,
};

export const END_KYOKU: EventKind = {
  type: 'end_kyoku',
  description: "Mahjong (mjai): the hand is settled: each seat's payment for it (deltas) and the scores after.",
  required: ['hand', 'deltas', 'scores'],
  properties: { hand: INDEX, deltas: AMOUNTS, scores: AMOUNTS },
  fold: `e.scores.forEach((x, k) => { st.seats[k].score = x; });`,
  words: `return 'hand ' + (e.hand + 1) + ' settled: ' + e.deltas.join(' ');`,
};

export const FLOWER: EventKind = {
  type: 'flower',
  description: 'Mahjong: a flower drawn and set aside (a replacement tsumo follows).',
  required: ['seat', 'pai'],
  properties: { seat: SEAT, pai: TILE },
  fold: `if (s) s.flowers.push(e.pai);`,
  words: `return who + 'sets aside flower ' + e.pai;`,
};

/** An answer to a discard that claims it for a meld of the consumed tiles: the call that
 * follows (if nothing beats it) makes the meld. */
const claim = (type: string, description: string): EventKind => ({
  type,
  description,
  required: ['seat', 'target', 'pai', 'consumed'],
  properties: { seat: SEAT, target: SEAT, pai: TILE, consumed: TILES },
  fold: `st.answers[e.seat] = e;`,
  words: `return who + 'calls ' + e.type + ' on ' + e.pai + ' from seat ' + e.target;`,
});

export const PON = claim('pon', 'Mahjong (mjai) answer to a discard: claim it for a pung.');
export const CHI = claim('chi', 'Mahjong (mjai) answer to a discard: claim it for a chow with the consumed tiles.');
export const DAIMINKAN = claim('daiminkan', 'Mahjong (mjai) answer to a discard: claim it for a kong.');

export const ANKAN: EventKind = {
  type: 'ankan',
  description: 'Mahjong (mjai) decision: a concealed kong.',
  required: ['seat', 'consumed'],
  properties: { seat: SEAT, consumed: TILES },
  fold: `if (s) { e.consumed.forEach((t) => take(s.hand, t)); s.melds.push(e.consumed.slice()); }`,
  words: `return who + 'declares a concealed kong of ' + e.consumed[0];`,
};

export const KAKAN: EventKind = {
  type: 'kakan',
  description: 'Mahjong (mjai) decision: add the fourth tile to a pung.',
  required: ['seat', 'pai'],
  properties: { seat: SEAT, pai: TILE },
  fold: `if (s) { take(s.hand, e.pai); const m = s.melds.find((x) => x.length === 3 && x.every((t) => t === e.pai)); if (m) m.push(e.pai); }`,
  words: `return who + 'adds ' + e.pai + ' to its pung';`,
};

export const DEAD_HAND: EventKind = {
  type: 'dead_hand',
  description: 'Mahjong: the hand is dead (why: falseWin, uperDiscardedWait, noLinePossible).',
  required: ['seat', 'why'],
  properties: { seat: SEAT, why: { type: 'string' } },
  words: `return who + 'has a dead hand (' + e.why + ')';`,
};

/** The record events every ruleset on the table writes. */
export const TABLE_EVENTS: readonly EventKind[] = [START_KYOKU, TSUMO, DAHAI, HORA, NONE, CALL, WIN, RYUKYOKU, END_KYOKU];
/** Those of a ruleset that sets flowers aside and melds pungs, kongs and chows (not American's exposures). */
export const MELD_EVENTS: readonly EventKind[] = [FLOWER, PON, CHI, DAIMINKAN, ANKAN, KAKAN];
