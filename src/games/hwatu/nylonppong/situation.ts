import { InputError } from '../../../core/errors.js';
import { intField, listField } from '../../../core/situation.js';
import { Rng } from '../../../core/rng.js';
import { CARDS, cardList, cardName } from '../deck.js';
import { comboAfterDraw } from './round.js';
import { compileRules, type NylonRules } from './rules.js';
import { IN_PILE, NylonState, PHASE_AFTER_DRAW, PHASE_DISCARD, PHASE_START } from './state.js';

/** A turn as its player knows it (`pongsim advise nylonppong`). */
export interface NylonSituation {
  hand: string[];
  /** The discard pile, bottom to top (ppong'd cards lie there too). */
  discards: string[];
  /** The other players' hand sizes, in turn order from the one after you. */
  others: number[];
  /** start: before the draw (stop, ppong or draw); drawn: after it; ponged: after your ppong. */
  phase: 'start' | 'drawn' | 'ponged';
  /** Cards left in the draw pile. */
  pile: number;
}

const PHASES = ['start', 'drawn', 'ponged'] as const;

/** Reads the situation's fields (`name` names one in errors) against the rules. */
export function readSituation(
  r: NylonRules,
  given: Record<string, unknown>,
  name: (key: string) => string,
): { sit: NylonSituation; hand: number[]; discards: number[] } {
  if (given.hand === undefined) throw new InputError(`${name('hand')}: required: your cards, e.g. 1a,9c`);
  const hand = cardList(name('hand'), given.hand, r.handSize + 1);
  const discards = given.discards === undefined ? [] : cardList(name('discards'), given.discards, CARDS);
  const both = hand.find((c) => discards.includes(c));
  if (both !== undefined) throw new InputError(`${name('discards')}: card ${cardName(both)} is also in your hand; a card is in one place`);
  const others =
    given.others === undefined
      ? Array<number>(r.players - 1).fill(r.handSize)
      : listField(given.others, name('others'), 16).map((x) => intField(x, name('others'), 0, r.handSize));
  if (others.length !== r.players - 1)
    throw new InputError(
      `${name('others')}: expected the hand sizes of the ${r.players - 1} other players in turn order after you, e.g. ${Array(r.players - 1)
        .fill(r.handSize)
        .join(',')} (got ${others.length})`,
    );
  const wrong = others.find((k) => k % 3 !== r.handSize % 3);
  if (wrong !== undefined)
    throw new InputError(`${name('others')}: a hand between turns holds ${r.handSize} cards less 3 per ppong (got ${wrong})`);
  const phaseText = given.phase === undefined ? (hand.length % 3 === r.handSize % 3 ? 'start' : 'drawn') : String(given.phase);
  const phase = PHASES.find((p) => p === phaseText);
  if (!phase) throw new InputError(`${name('phase')}: expected one of ${PHASES.join(', ')} (got ${JSON.stringify(phaseText)})`);
  const want = phase === 'start' ? r.handSize % 3 : 0;
  if (
    hand.length % 3 !== want ||
    hand.length > (phase === 'start' ? r.handSize : r.handSize + 1) ||
    (phase === 'ponged' && hand.length > r.handSize - 2)
  ) {
    throw new InputError(
      `${name('hand')}: ${hand.length} cards cannot be held ${phase === 'start' ? 'at the start of a turn' : phase === 'drawn' ? 'after the draw' : 'after a ppong'} with handSize ${r.handSize}`,
    );
  }
  if (phase === 'ponged' && discards.length === 0)
    throw new InputError(`${name('discards')}: a ppong claims a discard, so the pile cannot be empty`);
  const pile = CARDS - hand.length - discards.length - others.reduce((a, b) => a + b, 0);
  if (pile < 0)
    throw new InputError(
      `${name('discards')}: your ${hand.length} cards, ${discards.length} discards and the other hands' ${CARDS - hand.length - discards.length - pile} cards are more than the 48 of the deck`,
    );
  return { sit: { hand: hand.map(cardName), discards: discards.map(cardName), others, phase, pile }, hand, discards };
}

/**
 * A table at her decision consistent with the situation: she is seat 0, the others follow in
 * turn order, the top discard came from the player before her. The others' hands and the pile
 * hold the cards she has not seen, in any order: a determinization (determinize.ts) deals them
 * anew. A hand smaller than the deal has called ppong. After the draw, the card drawn is the
 * last one of her hand as listed. No reshuffle has been made.
 */
export function situationState(
  r: NylonRules,
  read: { sit: NylonSituation; hand: number[]; discards: number[] },
): { state: NylonState; seat: number } {
  const s = new NylonState(compileRules(r));
  const { sit, hand, discards } = read;
  s.rng = new Rng('situation');
  s.roundBytes.set(s.freshBytes);
  s.starter = 0;
  s.turns = 1;
  for (const c of hand) s.addCard(0, c);
  let prev = 0;
  for (let q = s.next(0); q !== 0; q = s.next(q)) prev = q;
  for (const c of discards) s.pushDiscard(c, prev);
  const seenCard = new Uint8Array(CARDS);
  for (const c of [...hand, ...discards]) seenCard[c] = 1;
  let next = 0;
  const unseen = (): number => {
    while (seenCard[next]) next++;
    return next++;
  };
  let q = 0;
  for (const size of sit.others) {
    q = s.next(q);
    for (let i = 0; i < size; i++) s.addCard(q, unseen());
    if (size < r.handSize) s.ponged[q] = 1;
  }
  if (hand.length < r.handSize) s.ponged[0] = 1;
  s.deck.drawn = CARDS - sit.pile;
  let k = 0;
  for (let c = 0; c < CARDS; c++) if (s.owner[c] !== IN_PILE) s.deck.cards[k++] = c;
  for (let c = 0; c < CARDS; c++) if (s.owner[c] === IN_PILE) s.deck.cards[k++] = c;
  s.cur = 0;
  if (sit.phase === 'start') s.phase = PHASE_START;
  else if (sit.phase === 'ponged') s.phase = PHASE_DISCARD;
  else {
    s.phase = PHASE_AFTER_DRAW;
    s.drawn = hand[hand.length - 1]!;
    s.combo = comboAfterDraw(s, 0);
  }
  return { state: s, seat: 0 };
}

/** Whether `seat` scored the least of the table (ties included) in round `round` of `end`. */
export function lowestInRound(end: NylonState, seat: number, round: number): boolean {
  const { n, recScore } = end;
  const mine = recScore[round * n + seat]!;
  for (let q = 0; q < n; q++) if (recScore[round * n + q]! < mine) return false;
  return true;
}
