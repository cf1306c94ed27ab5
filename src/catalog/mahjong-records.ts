import type { GameState } from '../core/game.js';
import { dueTiles, WallChance } from '../games/mahjong/table/record-chance.js';
import type { TableState } from '../games/mahjong/table/state.js';
import type { GameEvent } from '../core/trace.js';
import type { RecordsOffer } from './entry.js';

/**
 * How every mahjong ruleset checks a record without a seed: its wall gives the tiles the record
 * deals and draws (WallChance). Seat draws (pairing=seats) lay each seat's draws out in the
 * wall in advance, keyed by the seed; a record's draws are its own, so it is played under
 * pairing=hands, which deals the same and draws from the wall as it comes.
 */
export const WALL_RECORDS: Pick<RecordsOffer, 'tableChance' | 'tableRules'> = {
  tableChance: (events: readonly GameEvent[], state: GameState) =>
    new WallChance(dueTiles(events, state as unknown as TableState), () => state as unknown as TableState, events.length),
  tableRules: (rules) => (rules.pairing === 'seats' ? { ...rules, pairing: 'hands' } : rules),
};
