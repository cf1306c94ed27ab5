// Chinese-American bots: the table's tsumogiri and efficiency, and four that depart from
// efficiency through its hooks (strategies/mahjong/efficiency.ts): hunting four pongs, a
// flush or the most valuable special row, and folding against a visible threat.

import type { StrategyDef } from '../../src/core/strategy.js';
import { shapesOf } from '../../src/games/mahjong/chinese-american/judge.js';
import type { ChineseAmericanRules } from '../../src/games/mahjong/chinese-american/rules.js';
import type { ChineseAmericanView } from '../../src/games/mahjong/chinese-american/view.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import * as tilesModule from '../../src/games/mahjong/tiles.js';
import { EfficiencyPlayer, lowestKinds, type EfficiencyHooks } from '../mahjong/efficiency.js';
import { tsumogiri as tableTsumogiri } from '../mahjong/tsumogiri.js';
import { flushSuit, inFlush, isOrphan, orphansDistance, pongDistance, sevenPairsDistance } from './targets.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { CHOW_HIGH, CHOW_LOW, CHOW_MID, KONG, PUNG } = actionsModule;
const { HONOR, PLAY_KINDS } = tilesModule;

type V = ChineseAmericanView;
type Def = StrategyDef<V, ChineseAmericanRules>;

const player = (rules: ChineseAmericanRules, hooks: EfficiencyHooks<V> = {}) => new EfficiencyPlayer<V>(shapesOf(rules), true, hooks);

const scratch = new Int8Array(PLAY_KINDS);

/** The distance `f` after discarding one `k` from the hand (on a copy: the view is read-only). */
function after(v: V, k: number, f: (c: Int8Array, v: V) => number): number {
  for (let j = 0; j < PLAY_KINDS; j++) scratch[j] = v.hand[j]!;
  scratch[k] = scratch[k]! - 1;
  return f(scratch, v);
}

const isChow = (a: number) => a === CHOW_LOW || a === CHOW_MID || a === CHOW_HIGH;
const chowLow = (a: number, t: number) => (a === CHOW_LOW ? t : a === CHOW_MID ? t - 1 : t - 2);

export const tsumogiri = tableTsumogiri<V, ChineseAmericanRules>(
  'chinese-american',
  'discards what it draws (else its lowest kind), never calls, wins when legal',
);

export const efficiency: Def = {
  name: 'efficiency',
  game: 'chinese-american',
  doc: 'minimises shanten, then maximises live tiles that improve it; calls when a call lowers shanten; wins when legal',
  params: [],
  make: (_p, rules) => player(rules),
};

/** Hooks that play for four pongs: discards that keep the pong distance lowest, pongs only. */
const pongHooks: EfficiencyHooks<V> = {
  discards(v, _best, _p, out) {
    lowestKinds(v.hand, (k) => after(v, k, pongDistance), out);
  },
  call: (v, a, helps) => (a === PUNG || a === KONG ? pongDistance(v.hand, v) < Infinity : !isChow(a) && helps),
};

export const pongHunter: Def = {
  name: 'pong-hunter',
  game: 'chinese-american',
  doc: 'efficiency until its hand holds p pairs or pongs, then plays for 4 Pongs (and concealed pongs): keeps pairs, pongs any pair it can, never chows',
  params: [{ name: 'p', doc: 'pairs and pongs in hand that commit it to four pongs', default: 4, min: 0, max: 7, integer: true }],
  make: (p, rules) => {
    const committed = (v: V) => {
      let pairs = 0;
      for (let k = 0; k < PLAY_KINDS; k++) if (v.hand[k]! >= 2) pairs++;
      return pongDistance(v.hand, v) < Infinity && pairs + v.meldN >= p.p!;
    };
    return player(rules, {
      discards: (v, best, q, out) => {
        if (committed(v)) pongHooks.discards!(v, best, q, out);
      },
      call: (v, a, helps) => (committed(v) ? pongHooks.call!(v, a, helps) : helps),
    });
  },
};

export const flushSeeker: Def = {
  name: 'flush-seeker',
  game: 'chinese-american',
  doc: 'efficiency until n of its tiles (melds included) are of one suit or honours, then discards the other suits first and calls only within the flush',
  params: [
    { name: 'n', doc: 'tiles of its best suit and honours that commit it to the flush', default: 9, min: 0, max: 14, integer: true },
  ],
  make: (p, rules) =>
    player(rules, {
      discards(v, _best, _q, out) {
        const f = flushSuit(v.hand, v);
        if (f.inSuit < p.n! || f.off === 0) return;
        lowestKinds(v.hand, (k) => (inFlush(k, f.suit) ? 1 : 0), out);
      },
      call(v, a, helps) {
        const f = flushSuit(v.hand, v);
        if (f.inSuit < p.n!) return helps;
        const t = v.claimTile;
        return helps && inFlush(isChow(a) ? chowLow(a, t) : t, f.suit);
      },
    }),
};

/** The targets special-seeker weighs: each row's name, start and distance. */
interface Target {
  name: string;
  value: number;
  distance(v: V, best: number): number;
  /** The discard restriction chasing it, or none (efficiency). */
  hooks: EfficiencyHooks<V> | null;
}

const TARGETS: Target[] = [
  { name: 'a normal win', value: 2, distance: (_v, best) => best, hooks: null },
  { name: 'four pongs', value: 6, distance: (v) => pongDistance(v.hand, v) - 1, hooks: pongHooks },
  {
    name: 'seven pairs',
    value: 12,
    distance: (v) => sevenPairsDistance(v.hand, v) - 1,
    hooks: { discards: (v, _b, _p, out) => lowestKinds(v.hand, (k) => after(v, k, sevenPairsDistance), out), call: () => false },
  },
  {
    name: 'thirteen orphans',
    value: 18,
    distance: (v) => orphansDistance(v.hand, v) - 1,
    hooks: {
      discards: (v, _b, _p, out) => lowestKinds(v.hand, (k) => (isOrphan(k) ? after(v, k, orphansDistance) : -1), out),
      call: () => false,
    },
  },
  {
    name: 'one suit',
    value: 12,
    distance: (v, best) => best + flushSuit(v.hand, v).off,
    hooks: {
      discards(v, _b, _p, out) {
        const f = flushSuit(v.hand, v);
        if (f.off > 0) lowestKinds(v.hand, (k) => (inFlush(k, f.suit) ? 1 : 0), out);
      },
      call: (v, a, helps) => helps && inFlush(isChow(a) ? chowLow(a, v.claimTile) : v.claimTile, flushSuit(v.hand, v).suit),
    },
  },
];

export const specialSeeker: Def = {
  name: 'special-seeker',
  game: 'chinese-american',
  doc: 'each turn weighs every target (normal win 2, four pongs 6, seven pairs 12, thirteen orphans 18, one suit 12) by its start value x q^(tiles away) and plays for the best',
  params: [{ name: 'q', doc: 'chance per tile still needed (the discount on distance)', default: 0.3, min: 0.01, max: 1 }],
  make: (p, rules) => {
    let chosen: Target = TARGETS[0]!;
    const pick = (v: V, best: number): Target => {
      let top = -1;
      for (const t of TARGETS) {
        const d = t.distance(v, best);
        const ev = t.value * p.q! ** Math.max(0, d + 1);
        if (ev > top) {
          top = ev;
          chosen = t;
        }
      }
      return chosen;
    };
    const bot = player(rules, {
      discards(v, best, q, out) {
        pick(v, best).hooks?.discards?.(v, best, q, out);
      },
      // Calls follow the target chosen at the seat's last turn of this hand; before its first
      // discard of a hand there is none yet, so the normal win (not a target left over from
      // the last hand, or the last game this object played: results would then depend on how
      // games are grouped into a worker's chunks).
      call(v, a, helps) {
        if (v.turn === 1) chosen = TARGETS[0]!;
        return chosen.hooks?.call ? chosen.hooks.call(v, a, helps) : helps;
      },
    });
    return Object.assign(bot, { goal: () => chosen.name });
  },
};

/** special-seeker as its `make` gives it: `goal` names the target its last discard chased
 * (advice names a plan by it). */
export type Seeker = ReturnType<typeof specialSeeker.make> & { goal(): string };

/** Lower is safer: the ways a discard can deal in against a player with open melds. */
function danger(v: V, threats: number, k: number): number {
  const unseen = 4 - v.seen[k]! - v.hand[k]!;
  if (k >= HONOR && unseen === 0) return 0;
  let discardedByAll = true;
  for (let y = 0; y < 4; y++) if ((threats & (1 << y)) !== 0 && !v.discarded(y, k)) discardedByAll = false;
  if (discardedByAll) return 1;
  if (k >= HONOR && unseen <= 1) return 2;
  if (k < HONOR && (k % 9 === 0 || k % 9 === 8)) return 3;
  return 4;
}

export const defensive: Def = {
  name: 'defensive',
  game: 'chinese-american',
  doc: "efficiency, but while another seat has at least m open melds and its own shanten is at least s, discards only the safest tiles (honours all seen, the threat's own discards, then honours nearly all seen, terminals) and makes no calls",
  params: [
    { name: 'm', doc: 'open melds that make a seat a threat', default: 2, min: 1, max: 4, integer: true },
    { name: 's', doc: 'own shanten at or above which it folds', default: 1, min: 0, max: 8, integer: true },
  ],
  make: (p, rules) => {
    const threats = (v: V) => {
      let t = 0;
      for (let y = 0; y < 4; y++) if (y !== v.seat && v.openMeldsOf(y) >= p.m!) t |= 1 << y;
      return t;
    };
    return player(rules, {
      discards(v, best, _q, out) {
        const t = threats(v);
        if (t !== 0 && best >= p.s!) lowestKinds(v.hand, (k) => danger(v, t, k), out);
      },
      call: (v, _a, helps) => helps && threats(v) === 0,
    });
  },
};

export const chineseAmericanStrategies: Def[] = [tsumogiri, efficiency, pongHunter, flushSeeker, specialSeeker, defensive];
