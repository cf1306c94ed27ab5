import type { Choice } from '../core/advise.js';
import type { GameDef } from '../core/game.js';
import type { Ruleset } from '../games/mahjong/rulesets.js';
import { tableSituation, wonHand } from '../games/mahjong/table/situation.js';
import { WIN } from '../games/mahjong/table/actions.js';
import { CLAIM, TURN, type TableState } from '../games/mahjong/table/state.js';
import type { AdviseQuery } from './entry.js';

/** Whether `action` is a win the rules pay at the decision of `seat` on a mahjong table: on the
 * tile on offer, or by self-draw on the seat's turn (AdviseQuery.wins). */
export const tableWin = (s: TableState, seat: number, action: number): boolean =>
  action === WIN && (s.phase === CLAIM ? s.ronOk[seat] === 1 : s.phase === TURN && s.turnWinOk);

/** Advice at a Korean or Chinese-American table: every discard (and declaration) on your turn,
 * or every call on the tile on offer, played out to the end of the hand; hands with calls and
 * flowers, anyone's. `letGo` says what letting a legal win go costs under the rules. */
export function tableAdvise<S extends TableState, R>(
  game: GameDef<S, R>,
  ruleset: Ruleset,
  doc: string,
  example: Record<string, string>,
  choices: ((state: S, seat: number) => Choice[] | undefined) | undefined,
  letGo: (state: S, seat: number) => string | undefined,
  about?: AdviseQuery<S, R>['about'],
): AdviseQuery<S, R> {
  const id = game.id;
  return {
    doc: `${id}: ${doc}`,
    options: [
      {
        flag: '--hand',
        value: '<tiles>',
        doc: `${id}: your concealed tiles, 14 on your turn (e.g. "${example.hand}") or 13 with --offered, less 3 per meld`,
      },
      {
        flag: '--melds',
        value: '<list>',
        doc: `${id}: your melds, comma-separated: pung p555, kong p5555, concealed kong p5555*, chow m123 (where the rules call chows)`,
      },
      { flag: '--right-melds', value: '<list>', doc: `${id}: the melds of the player on your right` },
      { flag: '--across-melds', value: '<list>', doc: `${id}: the melds of the player across` },
      { flag: '--left-melds', value: '<list>', doc: `${id}: the melds of the player on your left` },
      { flag: '--flowers', value: '<tiles>', doc: `${id}: your flowers set aside (e.g. "f1 f5")` },
      { flag: '--right-flowers', value: '<tiles>', doc: `${id}: the flowers of the player on your right` },
      { flag: '--across-flowers', value: '<tiles>', doc: `${id}: the flowers of the player across` },
      { flag: '--left-flowers', value: '<tiles>', doc: `${id}: the flowers of the player on your left` },
      { flag: '--drawn', value: '<tile>', doc: `${id}: on your turn, the tile you drew (default: the last one written in --hand)` },
      { flag: '--offered', value: '<tile>', doc: `${id}: the tile the player on your left has just discarded: win on it, call it or pass` },
      { flag: '--discards', value: '<tiles>', doc: `${id}: your own discards so far` },
      { flag: '--right', value: '<tiles>', doc: `${id}: the discards of the player on your right` },
      { flag: '--across', value: '<tiles>', doc: `${id}: the discards of the player across` },
      { flag: '--left', value: '<tiles>', doc: `${id}: the discards of the player on your left (--offered apart)` },
      { flag: '--seat-wind', value: '<E|S|W|N>', doc: `${id}: your seat wind (E: you deal; default E)` },
      { flag: '--round-wind', value: '<E|S|W|N>', doc: `${id}: the round wind (default E)` },
    ],
    situation(rules, given, name) {
      const { state, seat, read } = tableSituation(game, ruleset, rules, given, name);
      return { state, seat, read: { ...read } };
    },
    ...(choices ? { choices } : {}),
    ...(about ? { about } : {}),
    wins: { legal: tableWin, letGo },
    example,
    budget: 3000,
    poolFrom: 32000,
    value: 'points won this hand (your net change)',
    round: 'hand',
    unit: 'points',
    won: { doc: 'you won the hand', test: (start, end, seat) => wonHand(start, end, seat) },
  };
}
