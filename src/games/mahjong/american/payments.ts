// Paying an American win (RULES.md, "Payments"): the line's value, doubled for a jokerless hand
// where its section pays the bonus; a self-pick is paid by all three others, a discard win by
// the discarder at its multiplier and the others at theirs. The statistics by line and by
// jokers dealt are kept here too.

import * as tilesModule from '../tiles.js';
import * as flowModule from '../table/flow.js';
import * as tableStateModule from '../table/state.js';
import * as writesModule from '../table/writes.js';
import * as slotsModule from './slots.js';
import { SeatLines, type CardIndex } from './lines.js';
import type { AmericanState } from './state.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { JOKER } = tilesModule;
const { addTile } = flowModule;
const { SEATS, STRIDE, selfDrawShare } = tableStateModule;
const { addNet } = writesModule;
const { MAX_EXPOSURES } = slotsModule;

/** Jokers dealt to one seat are tallied up to this many (more count here). */
export const JOKER_ROWS = 4;

/** The self-pick of `seat`, the seat to act. */
export function paySelfDraw(s: AmericanState, seat: number): void {
  netBefore.set(s.net);
  settle(s, seat, -1);
  noteNet(s, netBefore);
}

/** Every winner on the discard, in turn order from the discarder. */
export function payDiscardWins(s: AmericanState): void {
  const x = s.discarder;
  netBefore.set(s.net);
  for (let i = 1; i < SEATS; i++) {
    const y = (x + i) % SEATS;
    if ((s.winners & (1 << y)) === 0) continue;
    // The winning tile joins the hand before the tiles are judged jokerless.
    addTile(s, y, s.claimTile);
    settle(s, y, x);
  }
  noteNet(s, netBefore);
}

/** The nets before the win being paid (noteNet). */
const netBefore = new Float64Array(SEATS);

/** What `seat`'s win with `line` is worth before the multipliers: the line's value, doubled when
 * the winning tiles hold no joker and its section pays the jokerless bonus. `drawn`: a tile the
 * win adds that the hand does not hold yet (selfDrawWorth asks before the draw; a drawn joker
 * forfeits the bonus as a held one does), or -1. */
function winValue(s: AmericanState, seat: number, line: number, drawn: number): number {
  return s.index.value[line]! * (jokerless(s, seat, line, drawn) ? 2 : 1);
}

/** Whether `seat`'s winning tiles (its own, with `drawn`) hold no joker and `line`'s section pays the jokerless bonus. */
function jokerless(s: AmericanState, seat: number, line: number, drawn: number): boolean {
  if (!s.r.jokerlessBonus || s.index.jokerless[line] === 0 || drawn === JOKER || s.hand[seat * STRIDE + JOKER]! > 0) return false;
  for (let i = seat * MAX_EXPOSURES; i < seat * MAX_EXPOSURES + s.expN[seat]!; i++) if (s.expJokers[i]! > 0) return false;
  return true;
}

/** Per card, lines apart from the table's for each seat, for selfDrawWorth (SeatLines.holdSeat):
 * brought to the hand asked about at each use. */
const worthLines = new WeakMap<CardIndex, SeatLines[]>();

/** What `seat`'s self-pick of `tile` would pay `reader` now (AmericanState.selfDrawWorth): the
 * line the hand and `tile` complete as the win test picks it (the highest value, the first of
 * equals), paid as settle pays a self-pick; 0 when they complete none or the hand is dead. */
export function selfDrawWorth(s: AmericanState, seat: number, tile: number, reader: number): number {
  if (s.dead[seat] !== 0) return 0;
  let all = worthLines.get(s.index);
  if (all === undefined) worthLines.set(s.index, (all = Array.from({ length: SEATS }, () => new SeatLines(s.index))));
  const l = all[seat]!;
  l.holdSeat(s, seat, s.hand, seat * STRIDE, tile, 1);
  const value = s.index.value;
  let best = -1;
  for (let line = 0; line < value.length; line++) if (l.lineAway(line) === 0 && (best < 0 || value[line]! > value[best]!)) best = line;
  if (best < 0) return 0;
  const each = winValue(s, seat, best, tile) * s.r.selfPickMultiplier;
  return selfDrawShare(seat, reader, () => each);
}

/** Pays `winner`'s win with the variant its last win test found, self-picked when `discarder` < 0. */
function settle(s: AmericanState, winner: number, discarder: number): void {
  const line = s.index.vLine[s.winVariant[winner]!]!;
  const v = winValue(s, winner, line, -1);
  // Doubled or not (a line's value is above 0).
  const free = v > s.index.value[line]!;
  const r = s.r;
  let got = 0;
  for (let y = 0; y < SEATS; y++) {
    if (y === winner) continue;
    const pay = v * (discarder < 0 ? r.selfPickMultiplier : y === discarder ? r.discarderMultiplier : r.othersMultiplier);
    addNet(s, y, -pay);
    got += pay;
  }
  addNet(s, winner, got);
  const st = s.stats;
  st.winPoints[winner]! += got;
  st.lineWins[line]!++;
  if (s.chasedLine[winner] === line) st.lineConverted[line]!++;
  st.linePaid[line]! += got;
  let jokers = s.hand[winner * STRIDE + JOKER]!;
  for (let i = winner * MAX_EXPOSURES; i < winner * MAX_EXPOSURES + s.expN[winner]!; i++) jokers += s.expJokers[i]!;
  st.lineJokers[line]! += jokers;
  if (jokers === 0) st.lineJokerless[line]!++;
  st.jokerWins[Math.min(s.jokersDealt[winner]!, JOKER_ROWS)]!++;
  if (winner === s.dealer) st.dealerWins++;
  s.log?.push(
    `seat ${winner} wins with ${s.card.lines[line]!.id} (value ${s.index.value[line]}${free ? ', jokerless x2' : ''}${discarder < 0 ? ', self-picked' : `, on seat ${discarder}'s discard`}): +${got}`,
  );
  s.log?.event({
    type: 'win',
    seat: winner,
    target: discarder < 0 ? winner : discarder,
    line: s.card.lines[line]!.id,
    value: s.index.value[line],
    jokerless: free,
    points: got,
  });
}

/** Adds each seat's net for the hand to the row of the jokers it was dealt. */
function noteNet(s: AmericanState, before: Float64Array): void {
  for (let y = 0; y < SEATS; y++) s.stats.jokerNet[Math.min(s.jokersDealt[y]!, JOKER_ROWS)]! += s.net[y]! - before[y]!;
}
