// What the Korean hooks do at the table's events: uper declarations and what they lock, false
// wins ("jump"), and the payments of a win (RULES.md, Payments).

import * as tilesModule from '../tiles.js';
import * as flowModule from '../table/flow.js';
import * as tableStateModule from '../table/state.js';
import * as writesModule from '../table/writes.js';
import * as codesModule from './codes.js';
import * as judgeModule from './judge.js';
import * as scoringModule from './scoring.js';
import type { BonusInput } from './scoring.js';
import type { KoreanState } from './state.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { formatTiles, tileName } = tilesModule;
const { maskName } = flowModule;
const { SEATS, selfDrawShare } = tableStateModule;
const { addNet, declareDead, restrictDiscards } = writesModule;
const { DEAD_DISCARDED_WAIT, DEAD_JUMP, DEAD_UPER_FURITEN, NO_RON_DISCARDED_WAIT, NO_RON_UPER_FURITEN } = codesModule;
const { loadScorer, MIN_BASIC, tsumoBasic } = judgeModule;
const { basicLines, scoreParts } = scoringModule;

/** ➌(2): an uper hand discarded `k`; if it was one of its winning tiles (and the hand still plays), it let one go. */
export function uperDiscard(s: KoreanState, x: number, k: number): void {
  if (!s.has(s.waits, x, k) || s.dead[x] !== 0) return;
  // Locked or dead hands discard only what the Korean rules leave them (KoreanState.restrict).
  restrictDiscards(s);
  if (s.r.afterUperDiscardWinningTile === 'dead') declareDead(s, x, DEAD_DISCARDED_WAIT);
  else s.noRon[x] = NO_RON_DISCARDED_WAIT;
  s.log?.push(`  seat ${x} let a winning tile go after uper: ${s.dead[x] ? 'dead hand' : 'no discard wins'}`);
  s.log?.event(
    s.dead[x] ? { type: 'dead_hand', seat: x, why: 'uperDiscardedWait' } : { type: 'no_ron', seat: x, why: 'uperDiscardedWait' },
  );
}

export function declareUper(s: KoreanState, x: number, k: number, declare: number): void {
  s.uper[x] = declare;
  restrictDiscards(s);
  s.uperTile[x] = k;
  s.stats.upers[x]!++;
  if (declare === 2) {
    s.stats.openUpers[x]!++;
    s.openUpers++;
  }
  s.log?.push(`  seat ${x} declares ${declare === 2 ? 'open uper' : 'uper'} waiting on ${maskName(s.waits[x * 2]!, 0)}`);
  s.log?.event({ type: 'uper', seat: x, open: declare === 2, waits: maskName(s.waits[x * 2]!, 0) });
  if ((s.waits[x * 2]! & s.dMask[x * 2]!) !== 0) {
    // A7: declared while a wait is among the own discards.
    if (s.r.uperWhileFuriten === 'dead') declareDead(s, x, DEAD_UPER_FURITEN);
    else s.noRon[x] = NO_RON_UPER_FURITEN;
  }
}

/** A false win: the declaration is cancelled and the offender's hand is dead (RULES.md, False win). */
export function jump(s: KoreanState, seat: number): void {
  declareDead(s, seat, DEAD_JUMP);
  restrictDiscards(s);
  s.stats.jumps[seat]!++;
  const p = s.r.jumpPenalty;
  if (p !== 'deadHand') {
    for (let y = 0; y < SEATS; y++) {
      if (y === seat) continue;
      addNet(s, y, p.payEach);
      addNet(s, seat, -p.payEach);
    }
  }
  s.log?.push(`  seat ${seat} declared a false win (jump): dead hand`);
  s.log?.event({ type: 'dead_hand', seat, why: 'falseWin' });
}

/** The self-draw of the seat to act: each other seat pays the sum (times the dealer factor). */
export function paySelfDraw(s: KoreanState, x: number): void {
  tsumoBasic(s, x);
  const total = payWin(s, x, true);
  for (let y = 0; y < SEATS; y++) {
    if (y === x) continue;
    const pay = total * dealerFactor(s, x, y);
    addNet(s, y, -pay);
    addNet(s, x, pay);
    s.stats.winPoints[x]! += pay;
  }
}

/** Every winner on the discard, in turn order from the discarder, paid by the discarder alone. */
export function payDiscardWins(s: KoreanState): void {
  const x = s.discarder;
  const t = s.claimTile;
  for (let i = 1; i < SEATS; i++) {
    const y = (x + i) % SEATS;
    if ((s.winners & (1 << y)) === 0) continue;
    loadScorer(s, y, t, t, false);
    const total = payWin(s, y, false);
    const mult = s.uper[y] === 2 ? s.r.openUperRonMultiplier : s.r.ronMultiplier;
    const pay = total * mult * dealerFactor(s, x, y);
    addNet(s, x, -pay);
    addNet(s, y, pay);
    s.stats.winPoints[y]! += pay;
  }
}

/** What `seat`'s self-draw of `tile` would pay `reader` now (KoreanState.selfDrawWorth): the
 * hand it holds and `tile` scored as paySelfDraw scores it, nothing written but the scorer. */
export function selfDrawWorth(s: KoreanState, seat: number, tile: number, reader: number): number {
  if (s.dead[seat] !== 0) return 0;
  const sc = loadScorer(s, seat, tile, tile, true);
  const basic = sc.basic();
  if (basic < MIN_BASIC) return 0;
  const total = scoreParts(sc, basic, bonusInput(s, seat, true), null).total;
  return selfDrawShare(seat, reader, (y) => total * dealerFactor(s, seat, y));
}

/** The bonuses of `seat`'s win as the table stands. */
function bonusInput(s: KoreanState, seat: number, selfDraw: boolean): BonusInput {
  return {
    flowers: s.flowers[seat]!,
    uper: s.uper[seat]!,
    kongReplacement: selfDraw && s.afterKong,
    afterKongDiscard: !selfDraw && s.discardAfterKong,
    last: selfDraw ? s.live() <= 0 : s.lastDiscard,
  };
}

/** Scores the hand loaded in the scorer for `seat`; returns the sum each payer owes before multipliers. */
function payWin(s: KoreanState, seat: number, selfDraw: boolean): number {
  const sc = s.scorer;
  const basic = sc.basic();
  const b = bonusInput(s, seat, selfDraw);
  const lines: [string, number][] | null = s.log ? [] : null;
  if (lines) basicLines(sc, lines);
  const parts = scoreParts(sc, basic, b, lines);
  if (lines) {
    s.log?.push(
      `seat ${seat} wins ${selfDraw ? 'by self-draw' : `on seat ${s.discarder}'s discard`} with ${tileName(sc.winTile)}: ${formatTiles(sc.c)}`,
    );
    s.log?.push(
      `  ${lines.map(([n, p]) => `${n} ${p}`).join(', ')}; basic ${parts.basic} + bonus ${parts.bonus} + dora ${parts.dora} + ante ${parts.ante} = ${parts.total}`,
    );
    s.log?.event({
      type: 'win',
      seat,
      target: selfDraw ? seat : s.discarder,
      pai: tileName(sc.winTile),
      hand: formatTiles(sc.c),
      yaku: lines.map(([name, points]) => ({ name, points })),
      basic: parts.basic,
      bonus: parts.bonus,
      dora: parts.dora,
      ante: parts.ante,
      points: parts.total,
    });
  }
  return parts.total;
}

function dealerFactor(s: KoreanState, a: number, b: number): number {
  return a === s.dealer || b === s.dealer ? s.r.dealerMultiplier : 1;
}
