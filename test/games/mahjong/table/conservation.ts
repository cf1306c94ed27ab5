import { expect } from 'vitest';
import { CHOW, PUNG } from '../../../../src/games/mahjong/table/melds.js';
import { STRIDE, TURN, type TableState } from '../../../../src/games/mahjong/table/state.js';

/** Every physical tile is in a hand, a meld, a river, a flower row or the wall. */
export function tilesConserved(s: TableState): void {
  let n = s.wall.tail - s.wall.head;
  // The places left hold as many tiles as the wall's counts say (they are scattered under seat draws).
  let places = 0;
  for (let i = 0; i < s.wall.size; i++) if (s.wall.undrawnAt(i)) places++;
  expect(places).toBe(n);
  for (let seat = 0; seat < 4; seat++) {
    for (let k = 0; k < 34; k++) n += s.hand[seat * STRIDE + k]!;
    for (let i = 0; i < s.meldN[seat]!; i++) {
      const t = s.meldType[seat * 4 + i]!;
      n += t === CHOW || t === PUNG ? 3 : 4;
    }
    n += s.discards[seat]! - s.claimed[seat]!;
    n += s.flowers[seat]!;
  }
  expect(n).toBe(s.wall.size);
  if (s.phase === TURN) {
    let held = 0;
    for (let k = 0; k < 34; k++) held += s.hand[s.cur * STRIDE + k]!;
    expect(held + 3 * s.meldN[s.cur]!).toBe(14);
  }
}
