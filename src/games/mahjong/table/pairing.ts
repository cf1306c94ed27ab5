// How a session's chance is keyed, so that the arms of a comparison are dealt the same tiles.
// Every ruleset on the table has it as its rules option `pairing`; the game's odds are the same
// under each, only what two arms share differs (README, Reproducibility).
// - session: one stream for the whole session, each hand dealt round from its dealer. Once two
//   arms play a hand differently, every later wall differs.
// - hands: each later hand draws from a stream of its own, dealt round from seat 0 whoever
//   deals (TableRules.handStreams): every hand starts paired.
// - seats: as hands, and once the deal is done each seat draws in turn from places of the
//   wall of its own (Wall.startSeatDraws): a seat's draws stay paired when another seat's
//   call skips a turn in one arm and not in the other, or when the arms' dealers differ.

import { oneOf, type Option } from '../../../core/rules.js';

export type Pairing = 'session' | 'hands' | 'seats';

export function pairingOption(def: Pairing): Option<Pairing> {
  return oneOf(
    'pairing',
    def,
    ['session', 'hands', 'seats'] as const,
    'how chance is keyed for paired comparisons (the odds are the same): one stream a session, a wall per hand, or a wall per hand and each seat drawing from places of its own',
  );
}

/** The TableRules fields of a pairing. */
export function pairingRules(p: Pairing): { handStreams: boolean; seatDraws: boolean } {
  return { handStreams: p !== 'session', seatDraws: p === 'seats' };
}
