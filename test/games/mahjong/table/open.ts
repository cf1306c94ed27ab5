import type { Writable } from '../../../../src/games/mahjong/table/state.js';

/** The state with the table's read-only marks off, for a test that lays a table out by hand
 * (counts that no play could make, a phase set directly). */
export function open<S>(s: S): Writable<S> {
  return s as unknown as Writable<S>;
}
