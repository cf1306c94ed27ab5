// The legal actions of the seat to act on the mahjong table (GameDef.legal), and the parts of
// them a view hands to a strategy that never asks for the list (Strategy.viewOnly): listing a
// turn asks the ruleset for its declarations, which in Korean means testing every uper discard
// (an eighth of a Korean efficiency game's time), work a bot that never declares need not buy.

import * as actionsModule from './actions.js';
import * as kindsModule from './kinds.js';
import type { TableState } from './state.js';

// Imports as module-local consts, read once: see flow.ts.
const {
  CAN_CHOW_HIGH,
  CAN_CHOW_LOW,
  CAN_CHOW_MID,
  CAN_KONG,
  CAN_MELD,
  CAN_PUNG,
  CAN_WIN,
  CHOW_HIGH,
  CHOW_LOW,
  CHOW_MID,
  DISCARD,
  KONG,
  PASS,
  PUNG,
  SELF_KONG,
  WIN,
} = actionsModule;
const { BIT, WORD, lowBamboo, lowKind } = kindsModule;

/** In CLAIM: the legal actions of the seat asked. */
export function legalClaim(s: TableState, out: Int16Array): number {
  const o = s.claimOpts[s.cur]!;
  let n = 0;
  out[n++] = PASS;
  if (o & CAN_WIN) out[n++] = WIN;
  if (o & CAN_PUNG) out[n++] = PUNG;
  if (o & CAN_KONG) out[n++] = KONG;
  if (o & CAN_CHOW_LOW) out[n++] = CHOW_LOW;
  if (o & CAN_CHOW_MID) out[n++] = CHOW_MID;
  if (o & CAN_CHOW_HIGH) out[n++] = CHOW_HIGH;
  if (o & CAN_MELD) n = s.wins!.claimMelds(s, s.cur, out, n);
  return n;
}

/** In TURN: the legal actions of the seat to act. */
export function legalTurn(s: TableState, out: Int16Array): number {
  const x = s.cur;
  let n = 0;
  if (s.turnWinShape && s.dead[x] === 0) out[n++] = WIN;
  for (let m = s.allowed0; m !== 0; m &= m - 1) out[n++] = DISCARD + lowKind(m);
  for (let m = s.allowed1; m !== 0; m &= m - 1) out[n++] = DISCARD + lowBamboo(m);
  if (s.locked(x)) return s.lockedActions(x, out, n);
  n = s.addDeclarations(x, out, n);
  if (kongsAllowed(s)) {
    for (let m = kongKinds(s, x, 0); m !== 0; m &= m - 1) out[n++] = SELF_KONG + lowKind(m);
    for (let m = kongKinds(s, x, 1); m !== 0; m &= m - 1) out[n++] = SELF_KONG + lowBamboo(m);
  }
  return n;
}

/** In TURN, the kinds of the legal self kongs (SELF_KONG + kind) of the seat to act, as a
 * two-word mask (kinds.ts) written to out[0], out[1]: what legalTurn lists, in its order. */
export function selfKongKinds(s: TableState, out: Int32Array): void {
  const x = s.cur;
  out[0] = 0;
  out[1] = 0;
  if (s.locked(x)) {
    const n = s.lockedActions(x, scratch, 0);
    for (let i = 0; i < n; i++) {
      const k = scratch[i]! - SELF_KONG;
      if (k >= 0 && k < WIN - SELF_KONG) out[WORD[k]!] = out[WORD[k]!]! | BIT[k]!;
    }
    return;
  }
  if (!kongsAllowed(s)) return;
  out[0] = kongKinds(s, x, 0);
  out[1] = kongKinds(s, x, 1);
}

/** A locked seat's actions (a ruleset lists a few at most). */
const scratch = new Int16Array(64);

/** Not on a turn that follows a claim (nor where a win model judges wins), and a replacement tile left. */
function kongsAllowed(s: TableState): boolean {
  return !s.fromClaim && s.wins === null && s.replacementLeft();
}

/** Word `w` of the kinds seat x could kong: four held, or the fourth of a pung it holds. */
function kongKinds(s: TableState, x: number, w: number): number {
  return s.quads[x * 2 + w]! | (s.pungs[x * 2 + w]! & s.kinds[x * 2 + w]!);
}
