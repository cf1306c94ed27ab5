// American action ids, after the table's (table/actions.ts TABLE_ACTIONS): discarding a flower
// or a joker (the table's discards cover the 34 play kinds), joker exchanges, exposures claimed
// on a discard, and the Charleston's choices.

import { TABLE_ACTIONS } from '../table/actions.js';
import type { GameEvent } from '../../../core/trace.js';
import type { TableState } from '../table/state.js';
import { FLOWER, JOKER, tileName } from '../tiles.js';

export const DISCARD_FLOWER = TABLE_ACTIONS;
export const DISCARD_JOKER = TABLE_ACTIONS + 1;
/** EXCHANGE + kind (0..FLOWER): swap a natural of that kind for a joker in an exposure. */
export const EXCHANGE = TABLE_ACTIONS + 2;
/** EXPOSE + (size - 3) * 8 + jokers: claim the discard into an exposure of `size` tiles. */
export const EXPOSE = EXCHANGE + FLOWER + 1;
/** PASS_TILE + kind (0..FLOWER): put one tile of that kind in the Charleston pass. */
export const PASS_TILE = EXPOSE + 32;
/** Pass the pass's remaining slots blind (first left, last right). */
export const BLIND = PASS_TILE + FLOWER + 1;
/** End the courtesy pass selection (0-3 tiles). */
export const COURTESY_DONE = BLIND + 1;
export const VOTE_YES = COURTESY_DONE + 1;
export const VOTE_NO = VOTE_YES + 1;
export const AMERICAN_ACTIONS = VOTE_NO + 1;

export const exposeAction = (size: number, jokers: number): number => EXPOSE + (size - 3) * 8 + jokers;
export const exposeSize = (a: number): number => 3 + ((a - EXPOSE) >> 3);
export const exposeJokers = (a: number): number => (a - EXPOSE) & 7;

const SIZE_NAMES = ['pung', 'kong', 'quint', 'sextet'];

/** An American turn or claim action as a record event, or undefined for the table's own and
 * the Charleston's (charleston.ts). */
export function americanActionEvent(s: TableState, a: number): GameEvent | undefined {
  const seat = s.cur;
  if (a === DISCARD_FLOWER) return { type: 'dahai', seat, pai: 'f1', tsumogiri: s.drawn === FLOWER };
  if (a === DISCARD_JOKER) return { type: 'dahai', seat, pai: 'j', tsumogiri: s.drawn === JOKER };
  if (a >= EXCHANGE && a < EXPOSE) return { type: 'exchange', seat, pai: tileName(a - EXCHANGE) };
  if (a >= EXPOSE && a < PASS_TILE)
    return { type: 'expose', seat, target: s.discarder, pai: tileName(s.claimTile), size: exposeSize(a), jokers: exposeJokers(a) };
  return undefined;
}

/** An American action in words, or undefined for the table's own (claimTile: the tile on offer). */
export function americanActionName(a: number, claimTile: number): string | undefined {
  if (a < TABLE_ACTIONS) return undefined;
  if (a === DISCARD_FLOWER) return 'discard f1';
  if (a === DISCARD_JOKER) return 'discard j';
  if (a < EXPOSE) return `exchange ${tileName(a - EXCHANGE)} for a joker`;
  if (a < PASS_TILE) {
    const j = exposeJokers(a);
    return `expose ${SIZE_NAMES[exposeSize(a) - 3]} of ${claimTile >= 0 ? tileName(claimTile) : '?'}${j ? ` with ${j} joker${j > 1 ? 's' : ''}` : ''}`;
  }
  if (a < BLIND) return `pass ${tileName(a - PASS_TILE)}`;
  if (a === BLIND) return 'pass the rest blind';
  if (a === COURTESY_DONE) return 'courtesy pass done';
  if (a === VOTE_YES) return 'vote for the second Charleston';
  if (a === VOTE_NO) return 'vote against the second Charleston';
  return `action ${a}`;
}
