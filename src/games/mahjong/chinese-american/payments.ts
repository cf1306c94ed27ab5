// Paying a Chinese-American win (RULES.md, "Payments"): the discarder alone pays a discard win
// (the kong's declarer when the kong is robbed), every other player pays a self-draw. Each
// payer pays V plus the dealer bonus D where it applies, doubled on a last-tile self-draw,
// capped by `limit`.

import * as tilesModule from '../tiles.js';
import * as tableStateModule from '../table/state.js';
import * as writesModule from '../table/writes.js';
import * as judgeModule from './judge.js';
import type { ChineseAmericanRules } from './rules.js';
import type { ChineseAmericanState } from './state.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { formatTiles, tileName } = tilesModule;
const { SEATS, selfDrawShare } = tableStateModule;
const { addNet } = writesModule;
const { loadScorer, scoreWin } = judgeModule;

/**
 * What one payer owes for a win worth `v`: V plus the dealer bonus D = 1 + retainBonusPer x R
 * where it applies (dealerTransactionOnly: the dealer wins or is this payer; allPayers: the
 * dealer wins or is among the payers), doubled on a last-tile self-draw, capped by `limit`.
 */
export function amountOwed(
  r: ChineseAmericanRules,
  v: number,
  retains: number,
  dealerWins: boolean,
  payerIsDealer: boolean,
  dealerPays: boolean,
  double: boolean,
): number {
  const applies = dealerWins || (r.dealerBonusScope === 'allPayers' ? dealerPays : payerIsDealer);
  let pay = (v + (applies ? 1 + r.retainBonusPer * retains : 0)) * (double ? 2 : 1);
  if (r.limit !== null && pay > r.limit) pay = r.limit;
  return pay;
}

/** D where it applies (no doubling, no limit), for Seven Flowers under sevenFlowersFlat = false. */
export function dealerBonus(s: ChineseAmericanState, winner: number, payer: number): number {
  return amountOwed(
    { ...s.r, limit: null },
    0,
    s.dealerStreak,
    winner === s.dealer,
    payer === s.dealer,
    (s.paying & (1 << s.dealer)) !== 0,
    false,
  );
}

/** What `payer` owes for a win of `winner`'s worth `v`, `paying` the bits of the seats that pay. */
function owed(s: ChineseAmericanState, v: number, winner: number, payer: number, double: boolean, paying = s.paying): number {
  const d = s.dealer;
  return amountOwed(s.r, v, s.dealerStreak, winner === d, payer === d, (paying & (1 << d)) !== 0, double);
}

/** What `seat`'s self-draw of `tile` would pay `reader` now (ChineseAmericanState.selfDrawWorth):
 * the hand it holds and `tile` scored and paid as paySelfDraw pays it, nothing written but the scorer. */
export function selfDrawWorth(s: ChineseAmericanState, seat: number, tile: number, reader: number): number {
  if (s.dead[seat] !== 0) return 0;
  const v = loadScorer(s, seat, tile, tile, true).score();
  if (v < 0 && !s.allShapesWin) return 0;
  const paying = ((1 << SEATS) - 1) & ~(1 << seat);
  const double = s.live() <= 0;
  return selfDrawShare(seat, reader, (y) => owed(s, v, seat, y, double, paying));
}

/** Counts the scored row and extras, and traces the win. */
function record(s: ChineseAmericanState, seat: number, v: number, selfDraw: boolean): void {
  const sc = s.scorer;
  s.stats.rows[sc.row]!++;
  for (let i = 0; i < sc.extras.length; i++) if (sc.extras[i]! > 0) s.stats.extras[i]!++;
  if (s.log) {
    s.log.push(
      `seat ${seat} wins ${selfDraw ? 'by self-draw' : `on seat ${s.discarder}'s ${s.robbing ? 'kong' : 'discard'}`} with ${tileName(sc.winTile)}: ${formatTiles(sc.c)}`,
    );
    s.log.push(
      `  ${sc
        .lines()
        .map((l) => `${l.name} ${l.points}`)
        .join(', ')}; V = ${v}`,
    );
    s.log.event({
      type: 'win',
      seat,
      target: selfDraw ? seat : s.discarder,
      robbed: s.robbing || undefined,
      pai: tileName(sc.winTile),
      hand: formatTiles(sc.c),
      fan: sc.lines().map((l) => ({ name: l.name, points: l.points })),
      value: v,
    });
  }
}

export function paySelfDraw(s: ChineseAmericanState, x: number): void {
  const v = scoreWin(s, x, -1, true);
  record(s, x, v, true);
  s.paying = 0;
  for (let y = 0; y < SEATS; y++) if (y !== x) s.paying |= 1 << y;
  const double = s.live() <= 0;
  for (let y = 0; y < SEATS; y++) {
    if (y === x) continue;
    const pay = owed(s, v, x, y, double);
    addNet(s, y, -pay);
    addNet(s, x, pay);
    s.stats.winPoints[x]! += pay;
  }
}

/** Every winner on the tile on offer, in turn order from the discarder, paid by the discarder. */
export function payDiscardWins(s: ChineseAmericanState): void {
  const x = s.discarder;
  s.paying = 1 << x;
  for (let i = 1; i < SEATS; i++) {
    const y = (x + i) % SEATS;
    if ((s.winners & (1 << y)) === 0) continue;
    const v = scoreWin(s, y, s.claimTile, false);
    record(s, y, v, false);
    const pay = owed(s, v, y, x, false);
    addNet(s, x, -pay);
    addNet(s, y, pay);
    s.stats.winPoints[y]! += pay;
  }
}
