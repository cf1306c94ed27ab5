// Dense action ids. Tile-carrying actions are a base plus the tile kind (0..33).

import { tileName } from '../tiles.js';

export const DISCARD = 0;
export const UPER = 34; // declare uper and discard the kind
export const OPEN_UPER = 68; // declare open uper (불러) and discard the kind
export const SELF_KONG = 102; // concealed kong, or add the drawn/held fourth tile to a pung
export const WIN = 136;
export const PASS = 137;
export const PUNG = 138;
export const KONG = 139; // kong on the discard
export const CHOW_LOW = 140; // the discard is the lowest tile of the chow
export const CHOW_MID = 141;
export const CHOW_HIGH = 142;
export const ACTIONS = 143;

// Claim option bits.
export const CAN_WIN = 1;
export const CAN_PUNG = 2;
export const CAN_KONG = 4;
export const CAN_CHOW_LOW = 8;
export const CAN_CHOW_MID = 16;
export const CAN_CHOW_HIGH = 32;

export function actionName(a: number, claimTile: number): string {
  if (a < UPER) return `discard ${tileName(a)}`;
  if (a < OPEN_UPER) return `uper, discard ${tileName(a - UPER)}`;
  if (a < SELF_KONG) return `open uper, discard ${tileName(a - OPEN_UPER)}`;
  if (a < WIN) return `kong ${tileName(a - SELF_KONG)}`;
  const t = claimTile >= 0 ? ` ${tileName(claimTile)}` : '';
  switch (a) {
    case WIN: return claimTile >= 0 ? `win on${t}` : 'win (self-draw)';
    case PASS: return 'pass';
    case PUNG: return `pung${t}`;
    case KONG: return `kong${t}`;
    case CHOW_LOW: return `chow${t} (low)`;
    case CHOW_MID: return `chow${t} (middle)`;
    case CHOW_HIGH: return `chow${t} (high)`;
    default: return `action ${a}`;
  }
}
