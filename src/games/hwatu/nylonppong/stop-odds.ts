import { bigFrac, bigFracAdd, bigFracText, bigFracValue, binomial, type BigFraction } from '../../../stats/fraction.js';
import type { Cellval, CsvTable } from '../../../core/table.js';
import { CARDS, cardName, month } from '../deck.js';
import type { NylonRules } from './rules.js';
import { DISCARDED, type NylonState } from './state.js';

/**
 * The exact probability that a stop fails (RULES.md, Scoring a round): the stopper's two cards
 * sum to s, and the stop fails when a compared opponent scores at most s (below s when
 * stopTieFails is off). The opponents' hands are dealt uniformly without replacement from the
 * unseen cards: the deck less the seen cards and, for a row that averages over the stopper's
 * hands of a sum, less her two cards (each pair of cards of that sum equally likely).
 *
 * P(some opponent low) comes by inclusion-exclusion from L(J), the probability that every hand
 * of a sub-multiset J of the opponents is low; by exchangeability L(J) depends only on the hand
 * sizes in J. L(J) is a count of deals, made month by month: per month, the cards of that month
 * are shared out among the hands (a multinomial count: the four cards of a month are distinct
 * cards), and each hand keeps its cards so far and its score so far. The hands of one kind are
 * interchangeable, so the states are their sorted multisets; every count is an exact integer.
 */

const FACT = [1, 1, 2, 6, 24];
const BIG: bigint[] = [];
/** Small multipliers as BigInt, made once each. */
const big = (n: number): bigint => BIG[n] ?? (BIG[n] = BigInt(n));
/** The code of a part that holds all its cards; a tallying part keeps its tally f (below) in
 * DONE - f. */
const DONE = 255;
const isDone = (code: number): boolean => code >= DONE - 2;

/** One kind of hand (or part of a hand) in a deal count. */
export interface Part {
  size: number;
  /** The part scores at most this, or exactly this when `exact` (the stopper's sum). */
  limit: number;
  exact: boolean;
  /** A month held exactly 3 times: scored in full (count), as 0 (zero), or not allowed (forbid). */
  triplets: 'count' | 'zero' | 'forbid';
  /** A 2-card part that may be the rest of a hand whose triplet is in the shared triplet count
   * (see lowDealWays): it tallies the fourth cards of triplet months it holds. */
  tally: boolean;
}

const part = (size: number, limit: number, triplets: Part['triplets'] = 'count', exact = false, tally = false): Part => ({
  size,
  limit,
  exact,
  triplets,
  tally,
});

/**
 * A part's moves at month m from `code`, as pairs (cards of month m taken, next code). A code is
 * k << 5 | v: k cards so far and score v <= 24; a tallying part (2 cards, so k <= 1) also keeps
 * f << 6, how many of its cards are the fourth card of a month taken as a triplet.
 * Moves that cannot end within the limit are left out, and a score so low that every
 * completion stays within the limit becomes one code, so such hands share a state.
 */
function moves(p: Part, m: number, code: number): number[] {
  if (isDone(code)) return [0, code];
  const out: number[] = [];
  const v = code & 31;
  const k = p.tally ? (code >> 5) & 1 : code >> 5;
  const f = p.tally ? code >> 6 : 0;
  for (let a = 0; a <= 4 && k + a <= p.size; a++) {
    if (a === 3 && p.triplets === 'forbid') continue;
    const nv = v + (a === 3 && p.triplets === 'zero' ? 0 : a * m);
    const left = p.size - k - a;
    if (nv > p.limit) continue;
    if (left === 0) {
      if (!p.exact || nv === p.limit) out.push(a, DONE - f);
      continue;
    }
    // With triplets scoring 0, every 3 of the cards still to come may score nothing.
    if (m === 12 || nv + (p.triplets === 'zero' ? left % 3 : left) * (m + 1) > p.limit) continue;
    const sure = p.limit - 12 * left;
    out.push(a, (f << 6) | ((k + a) << 5) | (!p.exact && nv <= sure ? sure : nv));
  }
  return out;
}

/** With each of the parts' tallies f_p counting triplets its hand may not take (the fourth card
 * of their month is in the part: with it, the hand holds four, not a triplet), the ways to give
 * `n` triplets to the n hands one each: n! less the placements on a forbidden pair, by
 * inclusion-exclusion (a triplet forbids at most one hand, so k forbidden pairs, distinct in
 * hand and triplet, are chosen in e_k(f) ways). */
function tripletOwners(n: number, f: readonly number[]): bigint {
  const e = [1n];
  for (const x of f) for (let i = e.push(0n) - 1; i > 0; i--) e[i]! += BigInt(x) * e[i - 1]!;
  let ways = 0n;
  for (let i = 0; i <= n && i < e.length; i++) ways += (i % 2 ? -1n : 1n) * e[i]! * BigInt(factorial(n - i));
  return ways;
}

/**
 * The number of ways to deal the parts (in this order, each a distinct hand) from a pool of
 * `pool[m]` cards of month m, every part within its limit, and `triplets` triplets of distinct
 * months, one to each of the last `triplets` tallying parts' hands, never to a hand whose part
 * holds the fourth card of the triplet's month (see lowDealWays). Parts of one kind must be
 * adjacent.
 */
export function dealWays(pool: ArrayLike<number>, parts: readonly Part[], triplets = 0): bigint {
  const j = parts.length;
  if (j > 6 || triplets > 7) throw new RangeError('dealWays: at most 6 parts and 7 triplets');
  // group[i]: part i is of the same kind as part i - 1, so the two sort as one multiset.
  const group = parts.map((p, i) => i > 0 && JSON.stringify(parts[i - 1]) === JSON.stringify(p));
  let keys = [0];
  let weights = [1n];
  const lists: number[][] = new Array(j);
  const took = new Uint8Array(j);
  const index = new KeyIndex();
  // Per part: its code at the start of the month, the index of its move in its list, and the
  // length of its run of twins (below) and of its streak of equal moves within that run.
  const code = new Uint8Array(j);
  const pick = new Int32Array(j);
  const run = new Uint8Array(j);
  const streak = new Uint8Array(j);
  const cur = new Uint8Array(j);
  const srt = new Uint8Array(j);
  // cheapest[m][n]: the least month sum of n cards of the months after m (Infinity: too few).
  const cheapest = Array.from({ length: 13 }, (_, m) => {
    const sums = [0];
    for (let later = m + 1; later <= 12; later++) for (let c = 0; c < pool[later]!; c++) sums.push(sums.at(-1)! + later);
    return sums;
  });
  for (let m = 1; m <= 12; m++) {
    const avail = pool[m]!;
    const tables = parts.map(() => new Map<number, number[]>());
    const movesOf = (i: number, code: number) => {
      let t = tables[i]!.get(code);
      if (!t) tables[i]!.set(code, (t = moves(parts[i]!, m, code)));
      return t;
    };
    index.clear();
    const nextKeys: number[] = [];
    const nextWeights: bigint[] = [];
    let w = 0n;
    let tt = 0;
    const emit = (used: number, den: number, perms: number, t: number, tripletNow: boolean) => {
      srt.set(cur);
      // The fourth card of a triplet's month, taken by a tallying part, is tallied.
      if (tripletNow) for (let i = 0; i < j; i++) if (parts[i]!.tally && took[i]) srt[i] = srt[i]! + (isDone(srt[i]!) ? -1 : 64);
      // The parts' cards still to come are distinct cards: together they cost at least the
      // cheapest cards of the later months, which must fit in the parts' room under their limits.
      // (Parts whose triplets score 0 may take cards that cost nothing: they are left out.)
      let need = 0,
        room = 0;
      for (let i = 0; i < j; i++) {
        const p = parts[i]!,
          code = srt[i]!;
        if (isDone(code) || p.triplets === 'zero') continue;
        need += p.size - (p.tally ? (code >> 5) & 1 : code >> 5);
        room += p.limit - (code & 31);
      }
      if (need && !((cheapest[m]![need] ?? Infinity) <= room)) return;
      for (let i = 1; i < j; i++) {
        const x = srt[i]!;
        let q = i;
        for (; q > 0 && group[q]! && srt[q - 1]! > x; q--) srt[q] = srt[q - 1]!;
        srt[q] = x;
      }
      let key = 0;
      for (let i = j - 1; i >= 0; i--) key = key * 256 + srt[i]!;
      key = key * 8 + t;
      // The month's cards go to the parts, the triplet and the rest: a multinomial count.
      const add = w * big((FACT[avail]! / (den * FACT[avail - used]!)) * perms);
      const at = index.find(key, nextKeys.length);
      if (at < 0) {
        nextKeys.push(key);
        nextWeights.push(add);
      } else nextWeights[at]! += add;
    };
    /** Part i onwards takes its cards of month m; `den`: the factorials of the parts' takes.
     * Twins, parts of one kind holding the same code, are interchangeable: their moves are taken
     * in non-decreasing order only, each choice counted `perms` times, the number of its distinct
     * orders (they all sort to the same state). */
    const walk = (i: number, used: number, den: number, perms: number) => {
      if (i === j) {
        emit(used, den, perms, tt, false);
        if (tt < triplets && avail - used >= 3) emit(used + 3, den * 6, perms, tt + 1, true);
        return;
      }
      const l = lists[i]!;
      const twin = group[i]! && code[i] === code[i - 1];
      // Takes are listed in increasing order.
      for (let p = twin ? pick[i - 1]! : 0; p < l.length && used + l[p]! <= avail; p += 2) {
        const a = l[p]!;
        took[i] = a;
        cur[i] = l[p + 1]!;
        pick[i] = p;
        run[i] = twin ? run[i - 1]! + 1 : 1;
        streak[i] = twin && p === pick[i - 1] ? streak[i - 1]! + 1 : 1;
        walk(i + 1, used + a, den * FACT[a]!, (perms * run[i]!) / streak[i]!);
      }
    };
    for (let s = 0; s < keys.length; s++) {
      let key = keys[s]!;
      tt = key % 8;
      key = (key - tt) / 8;
      let dead = false;
      for (let i = 0; i < j; i++) {
        code[i] = key % 256;
        lists[i] = movesOf(i, code[i]!);
        dead ||= lists[i]!.length === 0;
        key = Math.floor(key / 256);
      }
      w = weights[s]!;
      if (!dead) walk(0, 0, 1, 1);
    }
    keys = nextKeys;
    weights = nextWeights;
  }
  // The triplets go to `triplets` of the n tallying parts' hands. The parts are interchangeable,
  // so every choice of those hands is equally common among a state's labelled deals: each state
  // counts the average over the choices (all summed, divided once at the end).
  const n = parts.filter((p) => p.tally).length;
  let total = 0n;
  keys.forEach((key, s) => {
    if (key % 8 !== triplets) return;
    const f: number[] = [];
    key = (key - triplets) / 8;
    for (let i = 0; i < j; i++, key = Math.floor(key / 256)) if (parts[i]!.tally) f.push(DONE - (key % 256));
    let owners = 0n;
    if (f.every((x) => x === 0)) owners = binomial(n, triplets) * BigInt(factorial(triplets));
    else
      for (let set = 0; set < 1 << n; set++)
        if (bits(set) === triplets)
          owners += tripletOwners(
            triplets,
            f.filter((_, i) => (set >> i) & 1),
          );
    total += weights[s]! * owners;
  });
  return total / binomial(n, triplets);
}

/**
 * The month's states by key (an integer below 2^51), each to its place in the month's list: open
 * addressing over typed arrays. A Map held each key as a boxed number: an eighth of the time
 * of `odds --set stopLimit=24` went to it.
 */
class KeyIndex {
  private keys = new Float64Array(1024);
  /** Place + 1, 0 for an empty slot. */
  private at = new Int32Array(1024);
  private size = 0;

  clear(): void {
    this.at.fill(0);
    this.size = 0;
  }

  /** The place of `key`; -1 when it was not there, and it is now, at place `next`. */
  find(key: number, next: number): number {
    const mask = this.at.length - 1;
    for (let i = slot(key) & mask; ; i = (i + 1) & mask) {
      const a = this.at[i]!;
      if (a === 0) {
        this.keys[i] = key;
        this.at[i] = next + 1;
        if (++this.size * 2 > mask) this.grow();
        return -1;
      }
      if (this.keys[i] === key) return a - 1;
    }
  }

  private grow(): void {
    const { keys, at } = this;
    this.keys = new Float64Array(2 * keys.length);
    this.at = new Int32Array(2 * at.length);
    const mask = this.at.length - 1;
    for (let k = 0; k < at.length; k++) {
      if (at[k] === 0) continue;
      let i = slot(keys[k]!) & mask;
      while (this.at[i] !== 0) i = (i + 1) & mask;
      this.keys[i] = keys[k]!;
      this.at[i] = at[k]!;
    }
  }
}

/** A key's hash: its two 32-bit halves mixed (multiplicative hashing). */
function slot(key: number): number {
  const h = Math.imul((key >>> 0) ^ Math.imul(Math.floor(key / 4294967296), 0x85ebca6b), 0x9e3779b1);
  return h ^ (h >>> 15);
}

const bits = (x: number): number => (x ? (x & 1) + bits(x >> 1) : 0);

/**
 * The number of ways to deal the stopper's two cards summing to exactly `stopSum` (none when
 * null: her cards are already out of the pool) and, as distinct hands, `twos` 2-card, `fives`
 * 5-card and `eights` 8-card hands that all score at most x.
 *
 * With concealed triplets scoring 0, a 5-card hand scores at most x exactly when it holds no
 * month exactly 3 times and sums to at most x, or it holds a month exactly 3 times and its other
 * two cards sum to at most x. Keeping each such hand's triplet in its state makes millions of
 * states for five hands; instead the triplets are one shared count (one month's 3 cards, any
 * month), each hand keeps only its other two cards (a 2-card part, the same kind as a 2-card
 * opponent), and the triplets are given to the hands at the end. A hand may not get the
 * triplet whose month's fourth card is in its part (it would hold four of a kind, scored in
 * full), so the 2-card parts tally such cards. Summed over which hands are which kind.
 */
export function lowDealWays(
  pool: ArrayLike<number>,
  stopSum: number | null,
  x: number,
  twos: number,
  fives: number,
  eights: number,
  ignoreTriplets: boolean,
): bigint {
  const stopper = stopSum === null ? [] : [part(2, stopSum, 'count', true)];
  const rep = (p: Part, n: number) => Array.from({ length: n }, () => p);
  const eight = rep(part(8, x, ignoreTriplets ? 'zero' : 'count'), eights);
  if (!ignoreTriplets || fives === 0) return dealWays(pool, [...stopper, ...rep(part(2, x), twos), ...rep(part(5, x), fives), ...eight]);
  let total = 0n;
  for (let plain = 0; plain <= fives; plain++) {
    const tri = fives - plain;
    const parts = [...stopper, ...rep(part(2, x, 'count', false, true), twos + tri), ...rep(part(5, x, 'forbid'), plain), ...eight];
    total += binomial(fives, plain) * dealWays(pool, parts, tri);
  }
  return total;
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** The hand sizes an opponent a stop is compared with may hold: a hand rests at handSize less 3
 * per ppong, down to 2 (a ppong from 2 goes out and ends the round); with pongedPlayersOnly, only
 * players who have ppong'd count. */
export function comparedSizes(r: NylonRules): number[] {
  const sizes: number[] = [];
  for (let h = r.stopCompareWith === 'pongedPlayersOnly' ? r.handSize - 3 : r.handSize; h >= 2; h -= 3) sizes.unshift(h);
  return sizes;
}

/** The most opponents a table allows: 6 players, fewer when their hands leave no draw pile. */
const maxOpponents = (r: NylonRules): number => Math.min(6, Math.floor((CARDS - 1) / r.handSize)) - 1;

/**
 * The columns: every multiset of compared opponents' hand sizes, 1 to maxOpponents opponents,
 * whose cards fit in the `room` unseen cards. With stopRequiresOtherPong (and every player
 * compared) at least one of them has ppong'd, so holds fewer than handSize cards.
 */
export function opponentConfigs(r: NylonRules, room: number): number[][] {
  const sizes = comparedSizes(r);
  const out: number[][] = [];
  const grow = (from: number, cur: number[]) => {
    if (cur.length) {
      const fits = cur.reduce((a, b) => a + b, 0) <= room;
      const allowed = !r.stopRequiresOtherPong || cur.some((h) => h < r.handSize);
      if (fits && allowed) out.push([...cur]);
    }
    if (cur.length === maxOpponents(r)) return;
    for (let i = from; i < sizes.length; i++) grow(i, [...cur, sizes[i]!]);
  };
  grow(0, []);
  return out.sort((a, b) => a.length - b.length);
}

/** Month counts (index 1..12) of the cards not listed. */
export function unseenCounts(out: readonly number[]): number[] {
  const c = [0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4];
  for (const card of out) c[month(card)]!--;
  return c;
}

/** Two-card hands of the pool summing to s. */
function pairsOfSum(c: readonly number[], s: number): number {
  let n = 0;
  for (let a = 1; a <= 12; a++) {
    const b = s - a;
    if (b < a || b > 12) continue;
    n += a === b ? (c[a]! * (c[a]! - 1)) / 2 : c[a]! * c[b]!;
  }
  return n;
}

export interface StopOddsRow {
  sum: number;
  /** The stopper's two-card hands of this sum the row averages over (1 with her hand given). */
  hands: number;
  /** P(the stop fails), one per configuration. */
  fail: BigFraction[];
}

/**
 * The exact table: for every stop sum the unseen cards allow up to stopLimit (or the sum of
 * `hand`, the stopper's own two cards), the probability that the stop fails against each
 * configuration of compared opponents' hand sizes.
 */
export function stopOdds(
  r: NylonRules,
  seen: readonly number[],
  hand: readonly number[] | null,
): { configs: number[][]; rows: StopOddsRow[] } {
  const pool = unseenCounts([...seen, ...(hand ?? [])]);
  const unseen = CARDS - seen.length - (hand?.length ?? 0);
  // Cards left for the opponents once the stopper holds two.
  const room = hand ? unseen : unseen - 2;
  const configs = opponentConfigs(r, room);
  const ignore = r.concealedTriplet && r.concealedTripletScoring === 'ignore';
  const sums = hand ? [month(hand[0]!) + month(hand[1]!)] : Array.from({ length: Math.max(0, r.stopLimit - 1) }, (_, i) => i + 2);
  const rows: StopOddsRow[] = [];
  for (const s of sums) {
    const hands = hand ? 1 : pairsOfSum(pool, s);
    if (hands === 0) continue;
    const x = r.stopTieFails ? s : s - 1;
    const lows = new Map<string, BigFraction>();
    /** L(J): J holds twos, fives and eights hands, all scoring at most x. */
    const low = (twos: number, fives: number, eights: number): BigFraction => {
      const id = `${twos},${fives},${eights}`;
      let f = lows.get(id);
      if (!f) {
        const ways = lowDealWays(pool, hand ? null : s, x, twos, fives, eights, ignore);
        let deals = BigInt(hands);
        let left = room;
        for (const [size, n] of [
          [2, twos],
          [5, fives],
          [8, eights],
        ] as const) {
          for (let i = 0; i < n; i++) {
            deals *= binomial(left, size);
            left -= size;
          }
        }
        lows.set(id, (f = bigFrac(ways, deals)));
      }
      return f;
    };
    const fail = configs.map((k) => {
      const count = (h: number) => k.filter((size) => size === h).length;
      const [k2, k5, k8] = [count(2), count(5), count(8)];
      let p = bigFrac(0n, 1n);
      for (let a = 0; a <= k2; a++) {
        for (let b = 0; b <= k5; b++) {
          for (let c = 0; c <= k8; c++) {
            if (a + b + c === 0) continue;
            const l = low(a, b, c);
            const sign = (a + b + c) % 2 === 1 ? 1n : -1n;
            const choose = binomial(k2, a) * binomial(k5, b) * binomial(k8, c);
            p = bigFracAdd(p, { n: sign * choose * l.n, d: l.d });
          }
        }
      }
      return p;
    });
    rows.push({ sum: s, hands, fail });
  }
  return { configs, rows };
}

/** A configuration's column: p_fail_2_2_5 is the stop failing against opponents of 2, 2 and 5 cards. */
const failColumn = (config: readonly number[]): string => `p_fail_${config.join('_')}`;

/** The table as CSV rows: decimals first, then the same figures as exact fractions (`_exact`). */
export function stopOddsTable(
  r: NylonRules,
  seen: readonly number[],
  hand: readonly number[] | null,
): { table: CsvTable; configs: number[][] } {
  const { configs, rows } = stopOdds(r, seen, hand);
  const names = configs.map(failColumn);
  const table = {
    name: 'nylonppong-stop-odds',
    columns: ['stop_sum', 'stopper_hands', ...names, ...names.map((n) => `${n}_exact`)],
    rows: rows.map((row): Cellval[] => [row.sum, row.hands, ...row.fail.map(bigFracValue), ...row.fail.map(bigFracText)]),
  };
  return { table, configs };
}

/** Cards in notation, for JSON and provenance. */
export const cardNames = (cards: readonly number[]): string[] => cards.map(cardName);

/**
 * What a stop by `seat` at `s` scores, exactly, over the deals advice plays it out on (the
 * other hands dealt uniformly from the cards neither on the discard pile nor in the stopper's
 * hand, as determinize deals them): its expected penalty points this round and, where it is
 * the same thing as the stop holding, the chance that the stopper scores the least. Null under
 * money scoring (the payment depends on every place) or where the compared hands' sizes are not
 * a configuration of the stop odds.
 */
export function stopOutcome(s: NylonState, seat: number): { penalty: BigFraction; lowest: BigFraction | null } | null {
  const cfg = s.cfg;
  const r = cfg.rules;
  if (cfg.money) return null;
  const hand: number[] = [],
    seen: number[] = [];
  for (let c = 0; c < CARDS; c++) {
    if (s.owner[c] === seat) hand.push(c);
    else if (s.owner[c] === DISCARDED) seen.push(c);
  }
  if (hand.length !== 2) return null;
  const compared: number[] = [];
  for (let q = 0; q < s.n; q++) if (q !== seat && (cfg.compareAll || s.ponged[q])) compared.push(s.size[q]!);
  compared.sort((a, b) => a - b);
  const x = BigInt(month(hand[0]!) + month(hand[1]!));
  const held = cfg.stopBonus ? x - BigInt(cfg.stopLimit) : x;
  let fail = bigFrac(0n, 1n);
  if (compared.length) {
    const { configs, rows } = stopOdds(r, seen, hand);
    const at = configs.findIndex((k) => k.join() === compared.join());
    if (at < 0 || !rows[0]) return null;
    fail = rows[0].fail[at]!;
  }
  // Held: the hand's sum (or the bonus); failed: the sum and the penalty.
  const failed = x + BigInt(cfg.failedStopPenalty);
  const penalty = bigFrac(held * (fail.d - fail.n) + failed * fail.n, fail.d);
  // Every other hand compared and a failure costing something: the stop holds exactly when no
  // one scores less (ties counted as the least), and fails exactly when someone does.
  const lowest = cfg.compareAll && cfg.failedStopPenalty > 0 ? bigFrac(fail.d - fail.n, fail.d) : null;
  return { penalty, lowest };
}
