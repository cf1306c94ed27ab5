// Korean 2-point scoring: the best reading of a winning hand (basic points), then bonus
// points, Korean dora and the ante (RULES.md: Scoring, and the readings pongsim chose).
//
// `Scorer` is the engine's allocation-free path: the caller fills its typed arrays and asks for
// the basic points, which is what legality needs (a win, an uper's discard-win check).
// `scoreHand` is the entry point for `pongsim hand korean` and tests.

import { InputError } from '../../../core/errors.js';
import { meldType, type Meld } from '../decompose.js';
import * as tilesModule from '../tiles.js';
import * as kindsModule from '../table/kinds.js';
import * as meldsModule from '../table/melds.js';
import { WinningHand } from '../table/winning-hand.js';
import type { KoreanRules } from './rules.js';
import * as Y from './yaku.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { EAST, HONOR, PIN, PLAY_KINDS, WHITE, tileName } = tilesModule;
const { isHonor, isSimple, isTerminal } = kindsModule;
const { CHOW, CONCEALED_KONG, PUNG, addMeldTiles } = meldsModule;

/** How the win came about, for the first-turn yaku. */
export const FIRST_NONE = 0;
export const FIRST_HEAVENLY = 1;
export const FIRST_EARTHLY = 2;
export const FIRST_HUMAN = 3;

export interface ScoreParts {
  basic: number;
  bonus: number;
  dora: number;
  ante: number;
  /** ante + basic + bonus + dora, capped. */
  total: number;
}

export class Scorer extends WinningHand {
  /** 0..3 = E S W N. */
  seatWind = 0;
  roundWind = 0;
  first = FIRST_NONE;

  /** Standard readings the last `basic()` scored (tests compare it with decompose()). */
  readings = 0;
  /** Yaku counts of the best reading found by the last `basic()`. */
  readonly best = new Int8Array(Y.BASIC_YAKU);
  private readonly cur = new Int8Array(Y.BASIC_YAKU);
  private readonly values: Int16Array;
  private bestPoints = -1;
  // Per-hand facts shared by every reading.
  private open = false;
  private readonly tileYaku = new Int8Array(Y.BASIC_YAKU);
  private readonly all = new Int8Array(PLAY_KINDS);

  constructor(readonly r: KoreanRules) {
    super();
    this.values = Y.basicValues(r);
  }

  /**
   * The most basic points any reading of the hand scores, or -1 when the tiles are no
   * winning shape. `best` then holds that reading's yaku counts.
   */
  basic(): number {
    this.bestPoints = -1;
    this.readings = 0;
    this.best.fill(0);
    if (!this.rightSize()) return -1;
    this.open = false;
    for (let i = 0; i < this.melds; i++) if (this.meldType[i] !== CONCEALED_KONG) this.open = true;
    this.tileBased();
    this.walk();
    if (this.melds === 0) this.sevenPairs();
    return this.bestPoints;
  }

  /** Yaku that depend only on the tiles, not on how they are read. */
  private tileBased(): void {
    const t = this.tileYaku;
    const c = this.c;
    const r = this.r;
    t.fill(0);
    // Every tile of the hand, melds included: concealed counts plus each meld's tiles.
    const all = this.all;
    all.set(c);
    for (let i = 0; i < this.melds; i++) {
      addMeldTiles(all, this.meldType[i]!, this.meldKind[i]!);
    }
    let simples = true;
    let termHonour = true;
    let terminals = 0;
    let honours = 0;
    let suits = 0;
    for (let k = 0; k < PLAY_KINDS; k++) {
      if (all[k] === 0) continue;
      if (isSimple(k)) termHonour = false;
      else simples = false;
      if (isTerminal(k)) terminals++;
      if (isHonor(k)) honours++;
      else suits |= k < PIN ? 1 : 2;
    }
    if (!this.open) {
      t[Y.CONCEALED] = 1;
      if (this.selfDraw) t[Y.SELF_DRAWN] = 1;
    }
    if (simples && (!this.open || r.allSimplesOpenAllowed)) t[Y.ALL_SIMPLES] = 1;
    const oneSuit = suits === 1 || suits === 2;
    if (oneSuit && honours === 0) {
      t[Y.FULL_FLUSH] = 1;
      if (r.gradedYakuStack) t[Y.HALF_FLUSH] = 1;
    } else if (oneSuit) t[Y.HALF_FLUSH] = 1;
    if (suits === 0) {
      t[Y.ALL_HONOURS] = 1;
      if (r.gradedYakuStack) t[Y.TERMINALS_HONOURS] = 1;
    } else if (termHonour && terminals > 0) t[Y.TERMINALS_HONOURS] = 1;
    if (this.first === FIRST_HEAVENLY) t[Y.HEAVENLY] = 1;
    else if (this.first === FIRST_EARTHLY) t[Y.EARTHLY] = 1;
    else if (this.first === FIRST_HUMAN) t[Y.HUMAN] = 1;
    if (this.melds === 0 && oneSuit && honours === 0) {
      // Pure nine gates: the 13 tiles besides the winning tile are exactly 1112345678999.
      const base = suits === 1 ? 0 : PIN;
      let ok = true;
      for (let j = 0; j < 9 && ok; j++) {
        const want = j === 0 || j === 8 ? 3 : 1;
        ok = c[base + j]! - (base + j === this.winTile ? 1 : 0) === want;
      }
      if (ok) t[Y.NINE_GATES] = 1;
    }
  }

  /** Scores the current standard reading (concealed sets + pair + melds). */
  protected reading(): void {
    const y = this.cur;
    const r = this.r;
    this.readings++;
    y.set(this.tileYaku);
    const w = this.winTile;
    const sw = EAST + this.seatWind;
    const rw = EAST + this.roundWind;
    let pungs = 0;
    let concealedPungs = 0;
    let chows = 0;
    let dragonPungs = 0;
    let windPungs = 0;
    let seatPung = false;
    let roundPung = false;
    let chowMask = 0; // bit (suit * 3 + start / 3) for chows starting at 1, 4, 7
    // On a discard win the winning tile completes a pung only if no chow or the pair can take it.
    let winInOther = this.pair === w;
    let twoSided = false;
    const n = this.nSets + this.melds;
    for (let i = 0; i < n; i++) {
      const concealed = i < this.nSets;
      const type = this.setTypeAt(i);
      const k = this.setKindAt(i);
      if (type === CHOW) {
        chows++;
        if (k % 3 === 0) chowMask |= 1 << (((k / 9) | 0) * 3 + (k % 9) / 3);
        if (concealed) {
          if (w >= k && w <= k + 2) winInOther = true;
          if ((w === k && k % 9 !== 6) || (w === k + 2 && k % 9 !== 0)) twoSided = true;
        }
        continue;
      }
      pungs++;
      if (concealed || type === CONCEALED_KONG) concealedPungs++;
      if (k >= WHITE) dragonPungs++;
      else if (k >= HONOR) windPungs++;
      if (k === sw) seatPung = true;
      if (k === rw) roundPung = true;
    }
    if (!this.selfDraw && !winInOther && concealedPungs > 0) concealedPungs--;
    if (seatPung && roundPung && sw === rw && r.prevalentWindYaku) y[Y.DOUBLE_WIND] = 1;
    else {
      if (seatPung) y[Y.SEAT_WIND] = 1;
      if (roundPung && r.prevalentWindYaku) y[Y.PREVALENT_WIND] = 1;
    }
    y[Y.DRAGON] = dragonPungs;
    const p = this.pair;
    if (chows === 4 && !this.open && (!this.selfDraw || !r.pinfuOnlyOnRon) && (twoSided || !r.pinfuRequiresTwoSidedWait)) {
      const banned = p === sw || (r.pinfuPairBan === 'seatPrevalentDragon' && (p === rw || p >= WHITE));
      if (!banned) y[Y.ALL_SEQUENCES] = 1;
    }
    if (pungs === 4) y[Y.ALL_PUNGS] = 1;
    if ((chowMask & 7) === 7 || (chowMask & 56) === 56) y[Y.STRAIGHT] = 1;
    if (concealedPungs === 4) {
      y[Y.FOUR_CONCEALED] = 1;
      if (r.gradedYakuStack) y[Y.THREE_CONCEALED] = 1;
    } else if (concealedPungs === 3) y[Y.THREE_CONCEALED] = 1;
    if (dragonPungs === 3) y[Y.BIG_DRAGONS] = 1;
    else if (dragonPungs === 2 && p >= WHITE) y[Y.LITTLE_DRAGONS] = 1;
    if (windPungs === 4) y[Y.BIG_WINDS] = 1;
    else if (windPungs === 3 && p >= HONOR && p < WHITE) y[Y.LITTLE_WINDS] = 1;
    this.keep();
  }

  /** Seven pairs: B13 plus the tile-based yaku only (RULES.md, readings). */
  private sevenPairs(): void {
    if (!this.sevenPairsShape(this.r.sevenPairsAllowQuad)) return;
    const y = this.cur;
    y.set(this.tileYaku);
    y[Y.NINE_GATES] = 0;
    y[Y.SEVEN_PAIRS] = 1;
    this.keep();
  }

  private keep(): void {
    let pts = 0;
    for (let i = 0; i < Y.BASIC_YAKU; i++) pts += this.cur[i]! * this.values[i]!;
    if (pts > this.bestPoints) {
      this.bestPoints = pts;
      this.best.set(this.cur);
    }
  }

  /** Korean dora: copies of the winning tile in the final hand (melds per doraCountsMelds). */
  dora(): number {
    const w = this.winTile;
    let n = this.c[w]!;
    if (this.r.doraCountsMelds) {
      for (let i = 0; i < this.melds; i++) {
        const k = this.meldKind[i]!;
        const t = this.meldType[i]!;
        if (t === CHOW) n += w >= k && w <= k + 2 ? 1 : 0;
        else if (k === w) n += t === PUNG ? 3 : 4;
      }
    }
    return n;
  }

  /** Whether the hand has melds other than concealed kongs (call after `basic`). */
  isOpen(): boolean {
    return this.open;
  }
}

/** Bonus inputs beyond the hand itself. */
export interface BonusInput {
  flowers: number;
  /** 0 none, 1 uper, 2 open uper. */
  uper: number;
  /** Self-drawn on a kong replacement tile. */
  kongReplacement: boolean;
  /** Won on the discard that followed a kong. */
  afterKongDiscard: boolean;
  /** Self-drawn the last wall tile, or won on the last discard. */
  last: boolean;
}

/** Bonus points (never toward the minimum), in RULES.md's order; `out` gets [name, points] lines when given. */
function bonusPoints(s: Scorer, b: BonusInput, out: [string, number][] | null): number {
  const r = s.r;
  let total = 0;
  const add = (name: string, pts: number): void => {
    if (pts === 0) return;
    total += pts;
    out?.push([name, pts]);
  };
  if (b.uper === 2) add('open uper', Y.BONUS_OPEN_UPER);
  else if (b.uper === 1) add('uper', Y.BONUS_UPER);
  const allFour = b.flowers === 4 && r.allFlowersBonus > 0;
  if (!allFour || r.allFlowersAdditive) add('flowers', b.flowers * r.flowersScore);
  if (allFour) add('all four flowers', r.allFlowersBonus);
  const w = s.winTile;
  if (s.selfDraw && b.kongReplacement) {
    if (w === PIN + 4) add('win on kong with 5p', Y.BONUS_KONG_5P);
    else add('win on kong', Y.BONUS_KONG);
  }
  if (!s.selfDraw && b.afterKongDiscard) add('win on the discard after a kong', Y.BONUS_AFTER_KONG);
  if (b.last && s.selfDraw) {
    if (w === PIN) add('last tile self-draw with 1p', Y.BONUS_LAST_TILE_1P);
    else add('last tile self-draw', Y.BONUS_LAST_TILE);
  }
  if (b.last && !s.selfDraw) {
    if (w === PIN + 8) add('last discard win with 9p', Y.BONUS_LAST_DISCARD_9P);
    else add('last discard win', Y.BONUS_LAST_DISCARD);
  }
  return total;
}

/** Ante (the "1-5-10" scheme) of the hand just scored. */
export function ante(s: Scorer): number {
  const r = s.r;
  if (!s.selfDraw) return r['ante.ron'];
  return s.isOpen() ? r['ante.openTsumo'] : r['ante.concealedTsumo'];
}

/** The whole sum of a hand whose `basic()` was just computed (>= 0). */
export function scoreParts(s: Scorer, basic: number, b: BonusInput, lines: [string, number][] | null): ScoreParts {
  const bonus = bonusPoints(s, b, lines);
  const dora = s.dora();
  const a = ante(s);
  let total = a + basic + bonus + dora;
  if (s.r.cap !== null && total > s.r.cap) total = s.r.cap;
  return { basic, bonus, dora, ante: a, total };
}

/** Lines of the basic yaku of the best reading (call after `basic`). */
export function basicLines(s: Scorer, out: [string, number][]): void {
  const v = Y.basicValues(s.r);
  for (let i = 0; i < Y.BASIC_YAKU; i++) {
    const n = s.best[i]!;
    if (n > 0) out.push([n > 1 ? `${Y.BASIC_NAMES[i]} x${n}` : Y.BASIC_NAMES[i]!, n * v[i]!]);
  }
}

// ---- The `pongsim hand korean` entry point ------------------------------------------------

export interface HandInput {
  /** Concealed tiles with the winning tile, as counts by kind (flowers are ignored here). */
  concealed: ArrayLike<number>;
  melds?: readonly Meld[];
  winTile: number;
  selfDraw: boolean;
  /** 0..3 = E S W N; default East. */
  seatWind?: number;
  roundWind?: number;
  flowers?: number;
  uper?: 'none' | 'uper' | 'open';
  kongReplacement?: boolean;
  afterKongDiscard?: boolean;
  last?: boolean;
  first?: 'none' | 'heavenly' | 'earthly' | 'human';
}

export interface HandScore extends ScoreParts {
  /** A shape with at least 2 basic points. */
  legal: boolean;
  /** Why it is not legal, or null. */
  reason: string | null;
  breakdown: { name: string; points: number }[];
}

/** Scores one Korean hand; throws InputError on tiles the Korean set cannot hold. */
export function scoreHand(h: HandInput, r: KoreanRules): HandScore {
  const s = new Scorer(r);
  const melds = h.melds ?? [];
  if (melds.length > 4) throw new InputError(`a hand has at most 4 melds (got ${melds.length})`);
  const all = new Int8Array(PLAY_KINDS);
  for (let k = 0; k < PLAY_KINDS; k++) {
    const n = h.concealed[k] ?? 0;
    if (n > 0 && k >= PIN + 9 && k < HONOR) throw new InputError(`tile ${tileName(k)}: the Korean set has no bamboo`);
    s.c[k] = n;
    all[k] = n;
  }
  for (const m of melds) {
    const type = meldType(m);
    if (type === CHOW && (m.tile >= HONOR || m.tile % 9 > 6))
      throw new InputError(`chow meld from ${tileName(m.tile)}: a chow is three suit tiles in a row`);
    addMeldTiles(all, type, m.tile);
  }
  s.loadMelds(melds);
  for (let k = 0; k < PLAY_KINDS; k++) {
    if (all[k]! > 4) throw new InputError(`tile ${tileName(k)} appears ${all[k]} times; the korean set holds 4`);
  }
  const need = 14 - 3 * melds.length;
  let held = 0;
  for (let k = 0; k < PLAY_KINDS; k++) held += s.c[k]!;
  if (held !== need)
    throw new InputError(`with ${melds.length} meld(s) the concealed tiles must be ${need} including the winning tile (got ${held})`);
  if (!(h.winTile >= 0 && h.winTile < PLAY_KINDS) || s.c[h.winTile]! === 0) {
    throw new InputError('the winning tile must be one of the concealed tiles');
  }
  s.winTile = h.winTile;
  s.selfDraw = h.selfDraw;
  s.seatWind = h.seatWind ?? 0;
  s.roundWind = h.roundWind ?? 0;
  s.first = { none: FIRST_NONE, heavenly: FIRST_HEAVENLY, earthly: FIRST_EARTHLY, human: FIRST_HUMAN }[h.first ?? 'none'];
  const basic = s.basic();
  const lines: [string, number][] = [];
  if (basic < 0) {
    return {
      legal: false,
      reason: 'not a winning shape (4 sets and a pair, or seven pairs)',
      basic: 0,
      bonus: 0,
      dora: 0,
      ante: 0,
      total: 0,
      breakdown: [],
    };
  }
  basicLines(s, lines);
  const bonus: BonusInput = {
    flowers: h.flowers ?? 0,
    uper: h.uper === 'open' ? 2 : h.uper === 'uper' ? 1 : 0,
    kongReplacement: h.kongReplacement ?? false,
    afterKongDiscard: h.afterKongDiscard ?? false,
    last: h.last ?? false,
  };
  const parts = scoreParts(s, basic, bonus, lines);
  lines.push(['korean dora', parts.dora], ['ante', parts.ante]);
  const legal = basic >= 2;
  return {
    ...parts,
    legal,
    reason: legal ? null : `only ${basic} basic point${basic === 1 ? '' : 's'}; a win needs 2`,
    breakdown: lines.map(([name, points]) => ({ name, points })),
  };
}
