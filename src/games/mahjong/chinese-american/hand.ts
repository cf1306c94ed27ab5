// Scoring one Chinese-American hand outside a game (`pongsim hand chinese-american`, tests):
// the scorer's best row and extras, and what each payer pays.

import { addMelds, type Meld } from '../decompose.js';
import { FieldError, type Extra, type SituationField, type WinSituation } from '../situation.js';
import { isComplete, shantenQuadPairs } from '../shanten.js';
import { PLAY_KINDS, tileKind, tileName } from '../tiles.js';
import { ROWS } from './hands.js';
import { quadPairsOf, shapesOf } from './judge.js';
import { amountOwed } from './payments.js';
import type { ChineseAmericanRules } from './rules.js';
import { Scorer } from './scoring.js';

const WINDS = 'ESWN';

export interface ChineseAmericanHand {
  /** Concealed play tiles by kind (length >= 34), the winning tile included. */
  concealed: ArrayLike<number>;
  melds?: readonly Meld[];
  winTile: number;
  selfDraw: boolean;
  /** The winner's seat wind, 0..3 = E S W N; the dealer sits East. */
  seatWind?: number;
  /** On a discard win, the discarder's seat wind (the kong's declarer when robbing a kong). */
  discarder?: number;
  flowers?: number;
  /** Times in a row the dealer has kept the deal (R). */
  retains?: number;
  luckyFlower?: boolean;
  robKong?: boolean;
  /** The last drawable tile (doubles a self-draw). */
  lastTile?: boolean;
  fastWin?: boolean;
  /** The tile of the day, or -1. */
  tileOfDay?: number;
}

export interface ChineseAmericanScore {
  legal: boolean;
  reason: string | null;
  /** V: the row's start plus the extras (before dealer bonus and doubling). */
  total: number;
  /** The best row's id and name, or null. */
  row: string | null;
  rowName: string | null;
  breakdown: { name: string; points: number }[];
  /** What each payer pays, by the payer's seat wind. */
  payments: Record<string, number>;
}

/** Tile types completing the 13 tiles before the win, under the rules' shapes (seven pairs
 * holding four of a kind too, as the table offers them: quadPairsOf), leaving out types all
 * four of which the hand and melds hold. */
function waitTypes(h: ChineseAmericanHand, r: ChineseAmericanRules, melds: readonly Meld[]): number {
  const c = new Int8Array(PLAY_KINDS);
  for (let k = 0; k < PLAY_KINDS; k++) c[k] = h.concealed[k] ?? 0;
  c[h.winTile] = c[h.winTile]! - 1;
  const held = new Int8Array(PLAY_KINDS);
  held.set(c);
  addMelds(held, melds);
  const shapes = shapesOf(r);
  const quads = quadPairsOf(r) && melds.length === 0;
  let n = 0;
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (held[k]! >= 4) continue;
    c[k] = c[k]! + 1;
    if (isComplete(c, melds.length, shapes) || (quads && shantenQuadPairs(c) === -1)) n++;
    c[k] = c[k]! - 1;
  }
  return n;
}

/** Scores one hand; a situation that cannot happen throws a FieldError naming the field. */
export function scoreHand(h: ChineseAmericanHand, r: ChineseAmericanRules): ChineseAmericanScore {
  const melds = h.melds ?? [];
  const seat = h.seatWind ?? 0;
  if (h.selfDraw && h.discarder !== undefined) throw new FieldError('discarder', 'only a discard win has a discarder');
  if (!h.selfDraw && (h.discarder === undefined || h.discarder === seat))
    throw new FieldError('discarder', "the discarder is another seat than the winner's (seat wind)");
  if (h.robKong && h.selfDraw) throw new FieldError('robKong', "robbing a kong is a win on another player's tile, not a self-draw");
  if (h.luckyFlower && (!h.selfDraw || (h.flowers ?? 0) === 0))
    throw new FieldError('luckyFlower', 'the replacement for a flower is self-drawn and needs a flower');
  const sc = new Scorer(r);
  for (let k = 0; k < PLAY_KINDS; k++) sc.c[k] = h.concealed[k] ?? 0;
  sc.loadMelds(melds);
  sc.winTile = h.winTile;
  sc.selfDraw = h.selfDraw;
  sc.flowers = h.flowers ?? 0;
  sc.luckyFlower = h.luckyFlower ?? false;
  sc.robKong = h.robKong ?? false;
  sc.fastWin = h.fastWin ?? false;
  sc.tileOfDay = h.tileOfDay ?? -1;
  sc.waitTypes = waitTypes(h, r, melds);
  const v = sc.score();
  if (v < 0) {
    return {
      legal: false,
      reason: `no enabled row takes this hand (${tileName(h.winTile)} ${h.selfDraw ? 'self-drawn' : 'on a discard'})`,
      total: 0,
      row: null,
      rowName: null,
      breakdown: [],
      payments: {},
    };
  }
  const payers = h.selfDraw ? [0, 1, 2, 3].filter((y) => y !== seat) : [h.discarder!];
  const dealerPays = payers.includes(0);
  const payments: Record<string, number> = {};
  for (const y of payers)
    payments[WINDS[y]!] = amountOwed(r, v, h.retains ?? 0, seat === 0, y === 0, dealerPays, h.selfDraw && (h.lastTile ?? false));
  return { legal: true, reason: null, total: v, row: ROWS[sc.row]!.id, rowName: ROWS[sc.row]!.name, breakdown: sc.lines(), payments };
}

export const CHINESE_AMERICAN_FIELDS: readonly SituationField[] = [
  {
    name: 'discarder',
    flag: '--discarder',
    type: 'wind',
    doc: "the discarder's seat wind on a discard win (the dealer is East; default: the seat before the winner)",
  },
  { name: 'retains', flag: '--retains', type: 'count', max: 100, doc: 'times in a row the dealer has kept the deal' },
  { name: 'luckyFlower', flag: '--lucky-flower', type: 'bool', doc: "self-drawn on a flower's replacement tile" },
  { name: 'robKong', flag: '--rob-kong', type: 'bool', doc: 'won by robbing a kong' },
  { name: 'lastTile', flag: '--last', type: 'bool', doc: 'the last drawable tile (doubles a self-draw)' },
  { name: 'fastWin', flag: '--fast-win', type: 'bool', doc: "a fast win (within the rules' fast-win draws)" },
  { name: 'tileOfDay', flag: '--tile-of-day', type: 'tile', doc: 'the tile of the day' },
];

/** The situation fields read into a hand and scored. */
export function scoreChineseAmericanWin(
  w: { concealed: ArrayLike<number>; melds: readonly Meld[]; winTile: number; selfDraw: boolean; situation: WinSituation },
  x: Extra,
  r: ChineseAmericanRules,
): ChineseAmericanScore {
  const seat = w.situation.seatWind;
  let tileOfDay = -1;
  if (x.tileOfDay !== undefined) {
    try {
      tileOfDay = tileKind(x.tileOfDay as string);
    } catch {
      tileOfDay = -1;
    }
    if (tileOfDay < 0 || tileOfDay >= PLAY_KINDS)
      throw new FieldError('tileOfDay', `expected a suit or honour tile such as p5 (got ${JSON.stringify(x.tileOfDay)})`);
  }
  return scoreHand(
    {
      concealed: w.concealed,
      melds: w.melds,
      winTile: w.winTile,
      selfDraw: w.selfDraw,
      seatWind: seat,
      flowers: w.situation.flowers,
      discarder: w.selfDraw ? (x.discarder as number | undefined) : ((x.discarder as number | undefined) ?? (seat + 3) % 4),
      retains: x.retains as number | undefined,
      luckyFlower: x.luckyFlower === true,
      robKong: x.robKong === true,
      lastTile: x.lastTile === true,
      fastWin: x.fastWin === true,
      tileOfDay,
    },
    r,
  );
}
