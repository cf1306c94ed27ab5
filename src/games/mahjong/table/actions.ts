// Dense action ids of the mahjong table. Tile-carrying actions are a base plus the tile kind
// (0..33); two blocks of 34 are left to the ruleset for turn declarations that come with a
// discard (Korean: uper and open uper).

import { tileName } from '../tiles.js';

export const DISCARD = 0;
/** Ruleset declarations: DECLARE + 34 * block + kind, block 0 or 1. */
export const DECLARE = 34;
export const SELF_KONG = 102; // concealed kong, or add the drawn/held fourth tile to a pung
export const WIN = 136;
export const PASS = 137;
export const PUNG = 138;
export const KONG = 139; // kong on the discard
export const CHOW_LOW = 140; // the discard is the lowest tile of the chow
export const CHOW_MID = 141;
export const CHOW_HIGH = 142;
/** Ids below this are the table's; a ruleset may add its own from here. */
export const TABLE_ACTIONS = 143;

// Claim option bits.
export const CAN_WIN = 1;
export const CAN_PUNG = 2;
export const CAN_KONG = 4;
export const CAN_CHOW_LOW = 8;
export const CAN_CHOW_MID = 16;
export const CAN_CHOW_HIGH = 32;
/** The ruleset offers melds of its own (American exposures): its win model lists them. */
export const CAN_MELD = 64;
/** The claim options above. */
export const CAN_ANY = 127;
/** Beside the options, as a ruleset answers them (TableLegality.discardWin, WinModel.claims):
 * the win offered is legal, and letting the tile go is passing a winning tile. */
export const WIN_LEGAL = 128;
export const WIN_PASSABLE = 256;

/**
 * An action in words; `claimTile` is the discard on offer (-1 on a turn), `declarations` the
 * ruleset's names of its two declaration blocks.
 */
export function actionName(a: number, claimTile: number, declarations: readonly [string, string] = ['declare', 'declare']): string {
  if (a < DECLARE) return `discard ${tileName(a)}`;
  if (a < SELF_KONG) {
    const block = a < DECLARE + 34 ? 0 : 1;
    return `${declarations[block]}, discard ${tileName(a - DECLARE - 34 * block)}`;
  }
  if (a < WIN) return `kong ${tileName(a - SELF_KONG)}`;
  const t = claimTile >= 0 ? ` ${tileName(claimTile)}` : '';
  switch (a) {
    case WIN:
      return claimTile >= 0 ? `win on${t}` : 'win (self-draw)';
    case PASS:
      return 'pass';
    case PUNG:
      return `pung${t}`;
    case KONG:
      return `kong${t}`;
    case CHOW_LOW:
      return `chow${t} (low)`;
    case CHOW_MID:
      return `chow${t} (middle)`;
    case CHOW_HIGH:
      return `chow${t} (high)`;
    default:
      return `action ${a}`;
  }
}
