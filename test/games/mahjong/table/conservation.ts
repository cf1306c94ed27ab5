import { CHOW, PUNG } from '../../../../src/games/mahjong/table/melds.js';
import { STRIDE, TURN, type TableState } from '../../../../src/games/mahjong/table/state.js';

/** Every physical tile is in a hand, a meld, a river, a flower row or the wall. Plain checks,
 * not expect(): this runs at every step of thousands of hands, where expect() cost most of the
 * tests' time. */
export function tilesConserved(s: TableState): void {
  let n = s.wall.tail - s.wall.head;
  // The places left hold as many tiles as the wall's counts say (they are scattered under seat draws).
  let places = 0;
  for (let i = 0; i < s.wall.size; i++) if (s.wall.undrawnAt(i)) places++;
  if (places !== n) throw new Error(`the wall has ${places} undrawn places for ${n} tiles`);
  for (let seat = 0; seat < 4; seat++) {
    for (let k = 0; k < 34; k++) n += s.hand[seat * STRIDE + k]!;
    for (let i = 0; i < s.meldN[seat]!; i++) {
      const t = s.meldType[seat * 4 + i]!;
      n += t === CHOW || t === PUNG ? 3 : 4;
    }
    n += s.discards[seat]! - s.claimed[seat]!;
    n += s.flowers[seat]!;
  }
  if (n !== s.wall.size) throw new Error(`${n} tiles in play instead of ${s.wall.size}`);
  if (s.phase === TURN) {
    let held = 0;
    for (let k = 0; k < 34; k++) held += s.hand[s.cur * STRIDE + k]!;
    if (held + 3 * s.meldN[s.cur]! !== 14) throw new Error(`seat ${s.cur} holds ${held} tiles and ${s.meldN[s.cur]} melds in its turn`);
  }
}
