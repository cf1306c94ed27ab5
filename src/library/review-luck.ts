import type { GameState } from '../core/game.js';
import { luckTaken } from '../core/luck.js';
import { checkEvents } from '../records/check.js';
import { FEW, meanInterval } from '../stats/intervals.js';
import { atPrecisionOf } from '../io/print.js';
import type { OpenRecord } from './records.js';

/** A seat's result in a record, and that result less the luck of the draws (luck null where
 * the game has no meter). */
export type SeatResult = { result: number; luck: null } | LuckAdjusted;

/** A seat's result in a record, and that result less the luck of the draws. */
export interface LuckAdjusted {
  /** The seat's result for the game, as its end event gives it. */
  result: number;
  /** The luck of the draws the game's meter measured, in the result's terms (for a game whose
   * lower results are better, luck that helped is below 0): the result less it is `adjusted`. */
  luck: number;
  adjusted: number;
  /** The rounds (hands) the game's decisions fell in, and the 95% interval of `adjusted` over
   * them (Student's t, each round's result less its luck counted as one independent draw of the
   * table's play); null with fewer than two. */
  rounds: number;
  low: number | null;
  high: number | null;
}

/**
 * The seat's result in the record less its luck of the draws, measured by the game's luck meter
 * (core/luck.ts, the variance-reduction layer) as `compare --luck` measures a seat's: each draw
 * metered is the value of the card or tile that came less its mean over every one that could
 * have, so the luck's mean is zero whatever the play, and the result less it keeps the result's
 * mean with less of its spread. The record is played again (and so checked) with the meter
 * reading every move; where the game has no meter, the result alone.
 */
export function luckAdjusted(open: OpenRecord, seat: number): SeatResult {
  const { def } = open.entry;
  const meter = def.luck?.(open.rules) ?? null;
  const luck = new Float64Array(meter?.terms ?? 0);
  const out = new Float64Array(def.seats(open.rules));
  // A meter counts luck higher better: a game whose lower results are better turns its sign.
  const sign = def.lowerIsBetter ? -1 : 1;
  // The result and the luck so far where each round's first decision is met, and at the end.
  const marks = [{ result: 0, luck: 0 }];
  const mark = (s: GameState): void => {
    def.returns(s, out);
    marks.push({ result: out[seat]!, luck: meter ? sign * luckTaken(meter.coef, luck) : 0 });
  };
  let round = -1;
  checkEvents(
    def,
    open.rules,
    open.events,
    open.file,
    open.table,
    (d) => {
      if (round < 0) meter?.start(d.state, seat);
      else meter?.after(d.state, luck);
      const r = def.round(d.state);
      if (round >= 0 && r !== round) mark(d.state);
      round = r;
      meter?.before(d.state, d.action, d.amount);
    },
    (s) => {
      if (round >= 0) meter?.after(s, luck);
      mark(s);
    },
  );
  const end = marks.at(-1)!;
  if (!meter) return { result: end.result, luck: null };
  const each = marks.slice(1).map((m, i) => m.result - m.luck - (marks[i]!.result - marks[i]!.luck));
  const n = each.length;
  const mean = end.result - end.luck;
  if (n < 2) return { result: end.result, luck: end.luck, adjusted: mean, rounds: n, low: null, high: null };
  const sd = Math.sqrt(each.reduce((s, x) => s + (x - mean / n) ** 2, 0) / (n - 1));
  // The interval of the mean round, scaled to the game's n rounds.
  const ci = meanInterval(mean / n, sd, n);
  return { result: end.result, luck: end.luck, adjusted: mean, rounds: n, low: n * ci.low, high: n * ci.high };
}

/** The luck-adjusted result in words: the result as the game scored it (`num`), the luck and the
 * result less it at the precision of that interval. */
export function luckWords(a: SeatResult, unit: string, round: string, num: (x: number) => string): string {
  if (a.luck === null) return `Result ${num(a.result)} ${unit} (the game has no luck meter to take the luck of the draws off it). `;
  const at = a.low === null ? num : atPrecisionOf(a.low, a.high!, num);
  const interval =
    a.low === null
      ? ` (no interval: the game's decisions fell in one ${round})`
      : ` [${at(a.low)}, ${at(a.high!)}] (95%, over its ${a.rounds} ${round}s, each counted as independent${a.rounds < FEW ? `; fewer than ${FEW}, so rough` : ''})`;
  return (
    `Result ${num(a.result)} ${unit}, of which the luck of the draws ${at(a.luck)} (as the game's luck meter measures it: each draw's ` +
    `value against its mean over what could have come; the deals are not measured); less that luck, ${at(a.adjusted)}${interval}, with the result's mean and less of its spread. `
  );
}
