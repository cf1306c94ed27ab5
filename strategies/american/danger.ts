// What the defensive line chaser keeps back: every kind that some line still open to a
// threatening player (one with e or more exposures) needs beyond those exposures. Only public
// facts are used: the card, the player's exposures, and whether its hand is dead.

import { CARD_KINDS } from '../../src/games/mahjong/american/card.js';
import { placeExposures, type Exposure } from '../../src/games/mahjong/american/match.js';
import { MAX_EXPOSURES } from '../../src/games/mahjong/american/slots.js';
import type { AmericanView } from '../../src/games/mahjong/american/view.js';

const SEATS = 4;

/** A function of the view giving the kinds to keep back (1 = needed by a threat), or null when no player is a threat. */
export function dangerKinds(e: number): (v: AmericanView) => Uint8Array | null {
  const out = new Uint8Array(CARD_KINDS);
  const nat = new Int8Array(CARD_KINDS);
  const jok = new Int8Array(CARD_KINDS);
  const used: boolean[] = [];
  // The union depends only on the card and the threats' exposures: recomputed when they change.
  // The exposures themselves are the key, not how many there are, so that one function may
  // serve the views of many tables (a distilled policy's features are one for all of them).
  let key = '';
  let keyCard: unknown = null;
  let any = false;
  return (v) => {
    let k = '';
    for (let y = 0; y < SEATS; y++) {
      if (y === v.seat || v.expN[y]! < e || v.dead[y] !== 0) continue;
      k += `|${y}`;
      for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + v.expN[y]!; i++) k += `:${v.expTile[i]},${v.expSize[i]},${v.expJokers[i]}`;
    }
    if (k === key && v.index.card === keyCard) return any ? out : null;
    key = k;
    keyCard = v.index.card;
    out.fill(0);
    any = false;
    const card = v.index.card;
    for (let y = 0; y < SEATS; y++) {
      if (y === v.seat || v.expN[y]! < e || v.dead[y] !== 0) continue;
      const exposures: Exposure[] = [];
      for (let i = y * MAX_EXPOSURES; i < y * MAX_EXPOSURES + v.expN[y]!; i++) {
        exposures.push({ tile: v.expTile[i]!, size: v.expSize[i]!, jokers: v.expJokers[i]! });
      }
      for (const variant of card.variants) {
        if (card.lines[variant.line]!.concealed || !placeExposures(variant, exposures, nat, jok, used)) continue;
        for (let t = 0; t < CARD_KINDS; t++) {
          if (nat[t]! + jok[t]! > 0) {
            out[t] = 1;
            any = true;
          }
        }
      }
    }
    return any ? out : null;
  };
}
