// Korean 2-point mahjong as a GameDef: a game is a session of `handsPerSession` hands with
// dealer rotation; returns are each seat's net points (they sum to zero).

import * as gameModule from '../../../core/game.js';
import type { GameDef } from '../../../core/game.js';
import * as tilesModule from '../tiles.js';
import * as actionsModule from './actions.js';
import * as flowModule from './flow.js';
import * as kindsModule from './kinds.js';
import { koreanSchema, type KoreanRules } from './rules.js';
import * as stateModule from './state.js';
import { KoreanState } from './state.js';
import * as uperModule from './uper.js';
import { KoreanView } from './view.js';

// Imports as module-local consts, read once: see flow.ts.
const { TERMINAL } = gameModule;
const { PLAY_KINDS, formatTiles, tileName } = tilesModule;
const {
  ACTIONS, CAN_CHOW_HIGH, CAN_CHOW_LOW, CAN_CHOW_MID, CAN_KONG, CAN_PUNG, CAN_WIN, CHOW_HIGH,
  CHOW_LOW, CHOW_MID, DISCARD, KONG, OPEN_UPER, PASS, PUNG, SELF_KONG, UPER, WIN, actionName,
} = actionsModule;
const { claimAction, discard, selfDrawWin, selfKong, startSession } = flowModule;
const { BIT, lowKind } = kindsModule;
const { CLAIM, OVER, SEATS, TURN } = stateModule;
const { kongKeepsWaits, OPEN_UPER_OK, UPER_OK, uperCheck } = uperModule;

export { KoreanState } from './state.js';
export { KoreanView } from './view.js';

function legalClaim(s: KoreanState, out: Int16Array): number {
  const o = s.claimOpts[s.cur]!;
  let n = 0;
  out[n++] = PASS;
  if (o & CAN_WIN) out[n++] = WIN;
  if (o & CAN_PUNG) out[n++] = PUNG;
  if (o & CAN_KONG) out[n++] = KONG;
  if (o & CAN_CHOW_LOW) out[n++] = CHOW_LOW;
  if (o & CAN_CHOW_MID) out[n++] = CHOW_MID;
  if (o & CAN_CHOW_HIGH) out[n++] = CHOW_HIGH;
  return n;
}

function legalTurn(s: KoreanState, out: Int16Array): number {
  const x = s.cur;
  let n = 0;
  if (s.turnWinShape && s.dead[x] === 0) out[n++] = WIN;
  const allowed = s.allowed;
  for (let m = allowed; m !== 0; m &= m - 1) out[n++] = DISCARD + lowKind(m);
  if (s.locked(x)) {
    const d = s.drawn;
    if (d >= 0 && s.uper[x] !== 0 && s.dead[x] === 0 && s.hand[x * PLAY_KINDS + d] === 4 && s.r.uperAllowConcealedKong && s.live() >= 1 && kongKeepsWaits(s, x, d)) {
      out[n++] = SELF_KONG + d;
    }
    return n;
  }
  if (s.openMelds[x] === 0 && s.live() >= s.r.uperMinWall) {
    for (let m = readyDiscards(s, x, allowed); m !== 0; m &= m - 1) {
      const k = lowKind(m);
      const c = uperCheck(s, x, k);
      if (c & UPER_OK) out[n++] = UPER + k;
      if (c & OPEN_UPER_OK) out[n++] = OPEN_UPER + k;
    }
  }
  const kongs = s.quads[x]! | (s.pungs[x]! & s.kinds[x]!);
  if (kongs !== 0 && !s.fromClaim && s.live() >= 1) {
    for (let m = kongs; m !== 0; m &= m - 1) out[n++] = SELF_KONG + lowKind(m);
  }
  return n;
}

/**
 * Mask of the `allowed` discards that leave the hand ready (with the quad seven-pairs reading,
 * every one: uperCheck decides). A draw lowers shanten by one at most, so most turns are
 * settled by the shanten of the 13 tiles before it.
 */
function readyDiscards(s: KoreanState, x: number, allowed: number): number {
  const melds = s.meldN[x]!;
  if (s.r.sevenPairsAllowQuad && melds === 0) return allowed;
  if (s.shanten13[x]! > 1) return 0;
  const ev = s.ev;
  ev.setIndices(s.gi[x * 3]!, s.gi[x * 3 + 1]!, s.gi[x * 3 + 2]!);
  if (ev.shanten(melds) > 0) return 0;
  let ready = 0;
  for (let m = allowed; m !== 0; m &= m - 1) {
    const k = lowKind(m);
    if (ev.shantenWith(k, -1, melds) === 0) ready |= BIT[k]!;
  }
  return ready;
}

/** isLegal's list of the rarer actions. */
const scratch = new Int16Array(ACTIONS);

const MELD_NAMES = ['', 'pung', 'kong', 'concealed kong', 'added kong', 'chow'];

function seatLine(s: KoreanState, x: number): string {
  const off = x * PLAY_KINDS;
  let melds = '';
  for (let i = x * 4; i < x * 4 + s.meldN[x]!; i++) melds += ` [${MELD_NAMES[s.meldType[i]!]} ${tileName(s.meldKind[i]!)}]`;
  const flags = `${s.uper[x] ? (s.uper[x] === 2 ? ' open-uper' : ' uper') : ''}${s.dead[x] ? ' dead' : ''}`;
  return `seat ${x}: ${formatTiles(s.hand.subarray(off, off + PLAY_KINDS))}${melds}${flags}`;
}

export const korean: GameDef<KoreanState, KoreanRules, KoreanView> = {
  id: 'korean',
  title: 'Korean 2-point mahjong (한국 2점 마작)',
  schema: koreanSchema,
  seats: () => SEATS,
  maxActions: () => ACTIONS,
  create(r) {
    const s = new KoreanState(r);
    for (let seat = 0; seat < SEATS; seat++) s.views.push(new KoreanView(s, seat));
    s.phase = OVER;
    return s;
  },
  deal(s, rng) {
    startSession(s, rng);
  },
  toAct: (s) => (s.phase === OVER ? TERMINAL : s.cur),
  legal(s, out) {
    return s.phase === CLAIM ? legalClaim(s, out) : legalTurn(s, out);
  },
  isLegal(s, a) {
    // Discards and passes, most decisions, are settled at once; the rest are looked up in the list.
    if (s.phase === TURN) {
      if (a >= DISCARD && a < UPER) return (s.allowed & BIT[a]!) !== 0;
    } else if (a === PASS) return true;
    const n = korean.legal(s, scratch);
    for (let i = 0; i < n; i++) if (scratch[i] === a) return true;
    return false;
  },
  apply(s, a) {
    if (s.phase === CLAIM) {
      if (a < WIN) throw new Error(`korean: ${actionName(a, -1)} while a discard is being claimed`);
      return claimAction(s, a, a === WIN);
    }
    if (s.phase !== TURN || a === PASS || a > WIN) throw new Error(`korean: ${actionName(a, -1)} outside a claim`);
    if (a === WIN) return selfDrawWin(s);
    if (a >= SELF_KONG) return selfKong(s, s.cur, a - SELF_KONG);
    const declare = a >= OPEN_UPER ? 2 : a >= UPER ? 1 : 0;
    const k = a - (declare === 2 ? OPEN_UPER : declare === 1 ? UPER : DISCARD);
    if (s.hand[s.cur * PLAY_KINDS + k]! <= 0) throw new Error(`korean: seat ${s.cur} holds no ${tileName(k)}`);
    discard(s, s.cur, k, declare);
  },
  returns(s, out) {
    out.set(s.net);
  },
  lowerIsBetter: false,
  view: (s, seat) => s.views[seat]!,
  actionName: (s, a) => actionName(a, s.phase === CLAIM ? s.claimTile : -1),
  describe(s) {
    const x = s.cur;
    const head = s.phase === CLAIM
      ? `seat ${x} offered ${tileName(s.claimTile)} from seat ${s.discarder}`
      : `seat ${x} to act${s.drawn >= 0 ? `, drew ${tileName(s.drawn)}` : ''}`;
    return `  [${head}; wall ${s.live()}] ${seatLine(s, x)}`;
  },
  rates(s, add) {
    const st = s.stats;
    let wins = 0, selfDraws = 0, upers = 0, openUpers = 0, jumps = 0, dealIns = 0;
    for (let k = 0; k < SEATS; k++) {
      wins += st.wins[k]!;
      selfDraws += st.selfDraws[k]!;
      upers += st.upers[k]!;
      openUpers += st.openUpers[k]!;
      jumps += st.jumps[k]!;
      dealIns += st.dealIns[k]!;
    }
    const seatHands = st.hands * SEATS;
    add('win', st.handsWon, st.hands);
    add('selfDraw', selfDraws, wins);
    add('dealIn', dealIns, seatHands);
    add('multiWin', st.multiWin, st.hands);
    add('exhaustiveDraw', st.exhaustive, st.hands);
    add('uper', upers, seatHands);
    add('openUper', openUpers, seatHands);
    add('jump', jumps, seatHands);
  },
};
