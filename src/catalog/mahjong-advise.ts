import type { GameDef } from '../core/game.js';
import { tableSituation, wonHand } from '../games/mahjong/table/situation.js';
import type { TableState } from '../games/mahjong/table/state.js';
import type { AdviseQuery } from './entry.js';

/** Advice at a Korean or Chinese-American table: every discard (and declaration) on your turn,
 * or every call on the tile on offer, played out to the end of the hand. */
export function tableAdvise(game: GameDef, doc: string, example: Record<string, string>): AdviseQuery {
  const id = game.id;
  return {
    doc: `${id}: ${doc}`,
    options: [
      {
        flag: '--hand',
        value: '<tiles>',
        doc: `${id}: your concealed tiles, 14 on your turn (e.g. "${example.hand}") or 13 with --offered`,
      },
      { flag: '--drawn', value: '<tile>', doc: `${id}: on your turn, the tile you drew (default: the last one written in --hand)` },
      { flag: '--offered', value: '<tile>', doc: `${id}: the tile the player on your left has just discarded: win on it, call it or pass` },
      { flag: '--discards', value: '<tiles>', doc: `${id}: your own discards so far` },
      { flag: '--right', value: '<tiles>', doc: `${id}: the discards of the player on your right` },
      { flag: '--across', value: '<tiles>', doc: `${id}: the discards of the player across` },
      { flag: '--left', value: '<tiles>', doc: `${id}: the discards of the player on your left (--offered apart)` },
      { flag: '--seat-wind', value: '<E|S|W|N>', doc: `${id}: your seat wind (E: you deal; default E)` },
      { flag: '--round-wind', value: '<E|S|W|N>', doc: `${id}: the round wind (default E)` },
    ],
    situation: (rules, given, name) => tableSituation(game, rules, given, name) as unknown as ReturnType<AdviseQuery['situation']>,
    example,
    budget: 3000,
    value: 'points won this hand (your net change)',
    round: 'hand',
    unit: 'points',
    won: { doc: 'you won the hand', test: (end, seat) => wonHand(end as TableState, seat) },
  };
}
