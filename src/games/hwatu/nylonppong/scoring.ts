import { comboMask, comboValue, DAEPPANG, FOUR_AND_PAIR, FOUR_OF_A_KIND, STRAIGHT, TEN_OR_LESS } from './combos.js';
import { NEXT_ENDER_OR_PENALISED, NEXT_LOSER } from './rules.js';
import { END_COMBO, END_EXHAUSTED, END_GO_OUT, END_STOP, END_STOP_FAILED, OUT_PPONG, STRIDE, type NylonState } from './state.js';

/** Hand score at the end of a round: the month sum, less any concealed triplet when ignored (rule 20). */
export function handScore(s: NylonState, seat: number): number {
  let v = s.sum[seat]!;
  if (s.cfg.ignoreTriplets && s.size[seat]! >= 3) {
    const off = seat * STRIDE;
    for (let m = 1; m <= 12; m++) if (s.counts[off + m] === 3) v -= 3 * m;
  }
  return v;
}

/** Whether a stop by `p` with score `x` fails against the scores in `score` (rule 13). */
function stopFails(s: NylonState, p: number, x: number): boolean {
  const { cfg, score } = s;
  for (let q = 0; q < s.n; q++) {
    if (q === p || (!cfg.compareAll && !s.ponged[q])) continue;
    if (score[q]! < x || (cfg.stopTieFails && score[q] === x)) return true;
  }
  return false;
}

/** failedStopVictimScoresZero: the lowest of the players the stop was compared with scores 0 (all of them if tied). */
function zeroVictims(s: NylonState, p: number): void {
  const { cfg, score } = s;
  let low = Infinity;
  for (let q = 0; q < s.n; q++) if (q !== p && (cfg.compareAll || s.ponged[q])) low = Math.min(low, score[q]!);
  for (let q = 0; q < s.n; q++) if (q !== p && (cfg.compareAll || s.ponged[q]) && score[q] === low) score[q] = 0;
}

/**
 * Scores the round that just ended (rules 12-16) into `s.score`, and under money scoring
 * `s.pay` (rules 21-23). A stop's end reason becomes END_STOP_FAILED here when it fails.
 */
export function scoreRound(s: NylonState): void {
  const { cfg, score, n } = s;
  const p = s.ender;
  for (let k = 0; k < n; k++) score[k] = handScore(s, k);
  switch (s.end) {
    case END_STOP: {
      const x = score[p]!;
      if (stopFails(s, p, x)) {
        s.end = END_STOP_FAILED;
        if (cfg.victimZero) zeroVictims(s, p);
        score[p] = x + cfg.failedStopPenalty;
      } else if (cfg.stopBonus) score[p] = -(cfg.stopLimit - x);
      break;
    }
    case END_GO_OUT:
      score[p] = 0;
      if (s.dealIn >= 0) score[s.dealIn]! += s.outKind === OUT_PPONG ? cfg.dealInPenalty : cfg.dealInPenaltyConcealed;
      break;
    case END_COMBO:
      score[p] = comboValue(cfg.comboValue, cfg.straightMinusSum, s.combo, s.sum[p]!);
      break;
    case END_EXHAUSTED:
      break;
  }
  if (cfg.money) payByPlace(s);
}

const BIG = (1 << FOUR_AND_PAIR) | (1 << FOUR_OF_A_KIND) | (1 << TEN_OR_LESS) | (1 << DAEPPANG);
/** Months 7-12 as a 12-bit set. */
const SEVEN_TO_TWELVE = 0b111111000000;

/** Rule 22: the declarer's hand is a 7-12 straight, any four of a kind, 10 or less, or 60+. */
function bigCombination(s: NylonState, p: number): boolean {
  const { cfg } = s;
  const formed = comboMask(s.counts, p * STRIDE, s.sum[p]!, cfg.straightWrap, cfg.daeppangThreshold) & cfg.comboMask;
  if (formed & BIG) return true;
  if ((formed & (1 << STRAIGHT)) === 0) return false;
  let bits = 0;
  for (let m = 1; m <= 12; m++) if (s.counts[p * STRIDE + m]) bits |= 1 << (m - 1);
  return bits === SEVEN_TO_TWELVE;
}

// Scratch for the ranking (at most 6 seats).
const order = new Int8Array(6);

/** Position of `seat` in turn order from the round's starter. */
const turnPos = (s: NylonState, seat: number): number => ((((seat - s.starter) * s.cfg.step) % s.n) + s.n) % s.n;

/**
 * Money scoring (rules 21-23): places 1st to last get the payment vector; a big combination
 * collects the 1st-place amount from everyone; a go-out or failed stop doubles last-to-1st.
 */
function payByPlace(s: NylonState): void {
  const { cfg, n, pay, score } = s;
  const v = cfg.payVector;
  const p = s.ender;
  pay.fill(0);
  if (s.end === END_COMBO && bigCombination(s, p)) {
    for (let k = 0; k < n; k++) pay[k] = k === p ? v[0]! * (n - 1) : -v[0]!;
    return;
  }
  const first = s.end === END_COMBO || s.end === END_GO_OUT ? p : -1;
  // A lone-triplet go-out has no deal-in (dealIn = -1): 1st place, no last, nothing doubled.
  const last = s.end === END_GO_OUT ? s.dealIn : s.end === END_STOP_FAILED ? p : -1;
  // The rest by ascending score, ties by turn order from the starter (insertion sort, n <= 6).
  let len = 0;
  for (let k = 0; k < n; k++) {
    if (k === first || k === last) continue;
    let i = len++;
    while (i > 0) {
      const o = order[i - 1]!;
      if (score[o]! < score[k]! || (score[o] === score[k] && turnPos(s, o) < turnPos(s, k))) break;
      order[i] = o;
      i--;
    }
    order[i] = k;
  }
  const start = first >= 0 ? 1 : 0;
  if (first >= 0) pay[first] = v[0]!;
  for (let i = 0; i < len; i++) pay[order[i]!] = v[start + i]!;
  if (last >= 0) {
    pay[last] = v[n - 1]!;
    // The payment from last to 1st is doubled.
    const winner = first >= 0 ? first : order[0]!;
    pay[last]! += v[n - 1]!;
    pay[winner]! -= v[n - 1]!;
  }
}

/** Seat with the highest score; a tie is broken at random from the game stream (starterTieBreak). */
function mostPenalty(s: NylonState): number {
  const { score, n } = s;
  let best = 0;
  let ties = 1;
  for (let k = 1; k < n; k++) {
    if (score[k]! > score[best]!) {
      best = k;
      ties = 1;
    } else if (score[k] === score[best]) ties++;
  }
  if (ties === 1) return best;
  let pick = s.rng.int(ties);
  for (let k = 0; k < n; k++) if (score[k] === score[best] && pick-- === 0) return k;
  return best;
}

/** The draw that makes `seat` the next starter: at a game's start its seat (a draw among
 * all), and on a tie for the most penalty (mostPenalty) its place among the seats tied, in seat
 * order; 0 for a seat not tied (the record's starter is then refused as the game deals). */
export function starterPick(s: NylonState, seat: number, n: number): number {
  if (n === s.n) return seat;
  const { score } = s;
  let top = score[0]!;
  for (let k = 1; k < s.n; k++) top = Math.max(top, score[k]!);
  let place = 0;
  for (let k = 0; k < seat; k++) if (score[k] === top) place++;
  return score[seat] === top ? place : 0;
}

/** Last place as rule 23 ranks it: the penalised player, else the highest score, later in turn order on a tie. */
function roundLoser(s: NylonState): number {
  if (s.end === END_GO_OUT && s.dealIn >= 0) return s.dealIn;
  if (s.end === END_STOP_FAILED) return s.ender;
  const { score, n } = s;
  let loser = s.starter;
  for (let i = 1, k = s.next(s.starter); i < n; i++, k = s.next(k)) if (score[k]! >= score[loser]!) loser = k;
  return loser;
}

/** The starter of the next round (rule 3 and its variants). */
export function nextStarter(s: NylonState): number {
  switch (s.cfg.nextStarter) {
    case NEXT_LOSER:
      return roundLoser(s);
    case NEXT_ENDER_OR_PENALISED:
      if (s.end === END_GO_OUT && s.dealIn >= 0) return s.dealIn;
      if (s.end !== END_EXHAUSTED) return s.ender;
      return mostPenalty(s);
    default:
      return mostPenalty(s);
  }
}
