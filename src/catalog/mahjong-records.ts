import { dueTiles, WallChance } from '../games/mahjong/table/record-chance.js';
import type { Pairing } from '../games/mahjong/table/pairing.js';
import type { TableState } from '../games/mahjong/table/state.js';
import type { RecordsOffer } from './entry.js';

const HANDS: Pairing = 'hands';

/**
 * How every mahjong ruleset checks a record without a seed: its wall gives the tiles the record
 * deals and draws (WallChance). Seat draws (pairing=seats) lay each seat's draws out in the
 * wall in advance, keyed by the seed; a record's draws are its own, so it is played under
 * pairing=hands, which deals the same and draws from the wall as it comes.
 */
export function wallRecords<S extends TableState, R extends { pairing: Pairing }>(): Pick<
  RecordsOffer<S, R>,
  'tableChance' | 'tableRules'
> {
  return {
    tableChance: (events, state) => new WallChance(dueTiles(events, state), () => state, events.length),
    tableRules: (rules) => (rules.pairing === 'seats' ? { ...rules, pairing: HANDS } : rules),
  };
}
