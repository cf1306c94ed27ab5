// Chinese-American scoring (RULES.md, "Scoring"): over every reading of a winning hand and
// every row it satisfies, the largest V = start + the extras allowed with that row; ties go to
// the higher start, then the earlier row. The dealer and retain bonus and the last-tile double
// are payments (payments.ts), not part of V.
//
// `Scorer` is allocation-free: the table's judge fills it at a win; `scoreHand` (hand.ts)
// fills it from a parsed hand.

import * as tilesModule from '../tiles.js';
import * as meldsModule from '../table/melds.js';
import { WinningHand } from '../table/winning-hand.js';
import * as H from './hands.js';
import type { ChineseAmericanRules } from './rules.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { EAST, GREEN, HONOR, MAN, NORTH, PIN, PLAY_KINDS, RED, SOU, WHITE } = tilesModule;
const { CHOW, CONCEALED_KONG, PUNG, addMeldTiles } = meldsModule;
const { ROWS, EXTRAS } = H;

/** A jewel hand's tiles: its suit kinds and its dragon. */
interface Jewel {
  readonly suit: Uint8Array;
  readonly dragon: number;
  readonly minor: number;
  readonly major: number;
}

function kindsOf(base: number, numbers: number[]): Uint8Array {
  const m = new Uint8Array(PLAY_KINDS);
  for (const n of numbers) m[base + n - 1] = 1;
  return m;
}

const ALL9 = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** The jade, ruby and pearl families of each jewelFamily. */
function jewels(family: ChineseAmericanRules['jewelFamily']): Jewel[] {
  const american = family === 'americanJewels';
  return [
    { suit: kindsOf(SOU, american ? [2, 3, 4, 6, 8] : ALL9), dragon: GREEN, minor: H.H11, major: H.H12 },
    { suit: american ? kindsOf(SOU, [1, 5, 7, 9]) : kindsOf(MAN, ALL9), dragon: RED, minor: H.H13_MINOR, major: H.H13 },
    { suit: kindsOf(PIN, american ? [2, 4, 6, 8] : ALL9), dragon: WHITE, minor: H.H14_MINOR, major: H.H14 },
  ];
}

export class Scorer extends WinningHand {
  flowers = 0;
  /** Self-drawn on the replacement for a flower. */
  luckyFlower = false;
  robKong = false;
  /** Won within the first go-around (the caller applies fastWinCutoff). */
  fastWin = false;
  /** The tile of the day, or -1. */
  tileOfDay = -1;
  /** Tile types that completed the 13 tiles before the win (soloPiece when 1). */
  waitTypes = 2;

  // The result of the last score().
  /** Best V, or -1 when no enabled row is satisfied. */
  value = -1;
  /** ROWS index of the best row, or -1. */
  row = -1;
  /** Times each extra counts in the best scoring (EXTRAS order). */
  readonly extras = new Int8Array(EXTRAS.length);

  private readonly enabled: Uint8Array;
  private readonly jewelList: Jewel[];
  private readonly cur = new Int8Array(EXTRAS.length);
  private bestStart = 0;
  // Facts of the whole hand (melds included), shared by every reading.
  private readonly all = new Int8Array(PLAY_KINDS);
  private suits = 0;
  private honours = 0;
  private exposed = 0;
  private concealedKongs = 0;
  private kongs = 0;
  private concealedHand = false;
  private hasAllWinds = false;
  private hasAllDragons = false;
  private unrevealedOk = false;
  /** The reading being scored has no sets: seven pairs or thirteen wonders. */
  private setless = false;

  constructor(readonly r: ChineseAmericanRules) {
    super();
    this.enabled = Uint8Array.from(ROWS, (x) => (x.id === 'H1' || r.specialHands.includes(x.id) ? 1 : 0));
    this.jewelList = jewels(r.jewelFamily);
  }

  /** Whether row `i` may be scored at all under the rules. */
  rowEnabled(i: number): boolean {
    return this.enabled[i] === 1;
  }

  /** Scores the loaded hand: returns V (and sets row and extras), or -1 when it may not win. */
  score(): number {
    this.value = -1;
    this.row = -1;
    this.bestStart = 0;
    this.extras.fill(0);
    if (!this.rightSize()) return -1;
    this.handFacts();
    this.walk();
    if (this.melds === 0) {
      this.sevenPairs();
      this.orphans();
    }
    return this.value;
  }

  private handFacts(): void {
    const all = this.all;
    const r = this.r;
    all.set(this.c);
    this.exposed = 0;
    this.concealedKongs = 0;
    this.kongs = 0;
    for (let i = 0; i < this.melds; i++) {
      const t = this.meldType[i]!;
      addMeldTiles(all, t, this.meldKind[i]!);
      if (t === CONCEALED_KONG) this.concealedKongs++;
      else this.exposed++;
      if (t !== PUNG && t !== CHOW) this.kongs++;
    }
    let suits = 0;
    let honours = 0;
    for (let k = 0; k < PLAY_KINDS; k++) {
      if (all[k] === 0) continue;
      if (k >= HONOR) honours += all[k]!;
      else suits |= 1 << ((k / 9) | 0);
    }
    this.suits = suits;
    this.honours = honours;
    this.hasAllWinds = all[EAST]! > 0 && all[EAST + 1]! > 0 && all[EAST + 2]! > 0 && all[NORTH]! > 0;
    this.hasAllDragons = all[WHITE]! > 0 && all[GREEN]! > 0 && all[RED]! > 0;
    this.concealedHand = this.exposed === 0 && !(r.concealedKongBreaksConcealment && this.concealedKongs > 0);
    this.unrevealedOk = this.selfDraw || r.unrevealedDiscardWin;
  }

  /** One suit present (0: none, 1: with honours, 2: without). */
  private oneSuit(): number {
    const s = this.suits;
    if (s === 0 || (s & (s - 1)) !== 0) return 0;
    return this.honours > 0 ? 1 : 2;
  }

  /** A standard reading: the pair and nSets concealed sets from Readings, plus the melds. */
  protected reading(): void {
    this.setless = false;
    const w = this.winTile;
    let pungs = 0;
    let chows = 0;
    let concealedPungs = 0;
    let honorPungs = 0;
    let windPungs = 0;
    // On a discard win the tile completes a concealed pung only when neither the pair nor a
    // concealed chow can take it (the reading that keeps the pung concealed scores more); that
    // pung is exposed unless discardWinPongIsExposed is off.
    let winElsewhere = this.pair === w;
    let winPung = false;
    const n = this.nSets + this.melds;
    for (let i = 0; i < n; i++) {
      const concealed = i < this.nSets;
      const type = this.setTypeAt(i);
      const k = this.setKindAt(i);
      if (type === CHOW) {
        chows++;
        if (concealed && w >= k && w <= k + 2) winElsewhere = true;
        continue;
      }
      pungs++;
      if (concealed) {
        concealedPungs++;
        if (k === w) winPung = true;
      } else if (type === CONCEALED_KONG) concealedPungs++;
      if (k >= HONOR) {
        honorPungs++;
        if (k < WHITE) windPungs++;
      }
    }
    if (!this.selfDraw && winPung && !winElsewhere && this.r.discardWinPongIsExposed) concealedPungs--;
    const pair = this.pair;
    const en = this.enabled;
    const suit = this.oneSuit();
    this.consider(H.H1, chows, concealedPungs, honorPungs);
    if (pungs === 4) {
      if (en[H.H2]) this.consider(H.H2, chows, concealedPungs, honorPungs);
      if (en[H.H3] && concealedPungs === 4 && this.concealedHand && this.unrevealedOk)
        this.consider(H.H3, chows, concealedPungs, honorPungs);
      if (en[H.H5] && suit === 1) this.consider(H.H5, chows, concealedPungs, honorPungs);
      if (en[H.H7] && suit === 2) this.consider(H.H7, chows, concealedPungs, honorPungs);
      if (en[H.H8] && this.suits === 0) this.consider(H.H8, chows, concealedPungs, honorPungs);
      this.jewelRows(pair, chows, concealedPungs, honorPungs);
    }
    if (en[H.H4] && suit === 1) this.consider(H.H4, chows, concealedPungs, honorPungs);
    if (en[H.H6] && suit === 2) this.consider(H.H6, chows, concealedPungs, honorPungs);
    if (en[H.H9] && windPungs === 3 && pair >= EAST && pair <= NORTH) this.consider(H.H9, chows, concealedPungs, honorPungs);
    if (en[H.H10] && windPungs === 4) this.consider(H.H10, chows, concealedPungs, honorPungs);
    if (en[H.H19] && this.gates()) this.consider(H.H19, chows, concealedPungs, honorPungs);
    if (en[H.H21] && this.fastWin) this.consider(H.H21, chows, concealedPungs, honorPungs);
  }

  /** H11-H14: four pongs of the jewel suit and the dragon pair, or three and the dragon pong with a suit pair. */
  private jewelRows(pair: number, chows: number, concealedPungs: number, honorPungs: number): void {
    const all = this.all;
    for (const j of this.jewelList) {
      if (!this.enabled[j.minor] && !this.enabled[j.major]) continue;
      // Every tile is a jewel tile: the suit kinds or the dragon.
      let ok = true;
      for (let k = 0; k < PLAY_KINDS && ok; k++) if (all[k]! > 0 && j.suit[k] === 0 && k !== j.dragon) ok = false;
      if (!ok) continue;
      const dragons = all[j.dragon]!;
      if (dragons === 2 && pair === j.dragon && this.enabled[j.minor]) this.consider(j.minor, chows, concealedPungs, honorPungs);
      if (dragons >= 3 && pair !== j.dragon && this.enabled[j.major]) this.consider(j.major, chows, concealedPungs, honorPungs);
    }
  }

  /** Gates of Heaven: no melds, one suit 1112345678999 plus any tile of it (or exactly that before the win). */
  private gates(): boolean {
    if (this.melds !== 0 || this.oneSuit() !== 2 || !this.unrevealedOk) return false;
    const base = this.suits === 1 ? MAN : this.suits === 2 ? PIN : SOU;
    // The whole hand: `c` is part-consumed while a reading is walked (no melds, so all = c).
    const c = this.all;
    for (let j = 0; j < 9; j++) {
      const need = j === 0 || j === 8 ? 3 : 1;
      const have = c[base + j]! - (this.r.gatesRequirePureWait && base + j === this.winTile ? 1 : 0);
      if (this.r.gatesRequirePureWait ? have !== need : have < need) return false;
    }
    return true;
  }

  /** Seven pairs: H15-H17 and, with allHonorsSevenPairs, H8. */
  private sevenPairs(): void {
    if (!this.sevenPairsShape(this.r.sevenPairsAllowQuad)) return;
    this.setless = true;
    const en = this.enabled;
    const suit = this.oneSuit();
    let any = false;
    const take = (row: number) => {
      any = true;
      this.consider(row, 0, 0, 0);
    };
    if (this.unrevealedOk) {
      if (en[H.H15]) take(H.H15);
      if (en[H.H16] && suit === 1) take(H.H16);
      if (en[H.H17] && suit === 2) take(H.H17);
    }
    if (en[H.H8] && this.r.allHonorsSevenPairs && this.suits === 0) take(H.H8);
    if (any && en[H.H21] && this.fastWin) this.consider(H.H21, 0, 0, 0);
  }

  /** Thirteen Unique Wonders: one of each terminal and honour plus a duplicate. */
  private orphans(): void {
    if (!this.enabled[H.H18] || !this.unrevealedOk) return;
    const c = this.c;
    let kinds = 0;
    for (let k = 0; k < PLAY_KINDS; k++) {
      const n = c[k]!;
      if (n === 0) continue;
      const orphan = k >= HONOR || k % 9 === 0 || k % 9 === 8;
      if (!orphan) return;
      kinds++;
    }
    if (kinds !== 13) return;
    this.setless = true;
    this.consider(H.H18, 0, 0, 0);
    if (this.enabled[H.H21] && this.fastWin) this.consider(H.H21, 0, 0, 0);
  }

  /** Scores row `row` on the current reading's counts and keeps it if it beats the best. */
  private consider(row: number, chows: number, concealedPungs: number, honorPungs: number): void {
    const r = this.r;
    const x = this.cur;
    x.fill(0);
    const honourRow = row === H.H8 || row === H.H9 || row === H.H10;
    const unrevealed = ROWS[row]!.unrevealed;
    const patterned = row === H.H15 || row === H.H16 || row === H.H17 || row === H.H18;
    if (this.selfDraw) x[H.SELF_DRAW] = 1;
    x[H.FLOWER_EACH] = this.flowers;
    const noFlowers = this.flowers === 0;
    let noHonors = false;
    if (!honourRow) {
      x[H.HONOR_SET] = honorPungs;
      // `sets` scope: no honour pong; a reading without sets (seven pairs, orphans, whatever
      // its row: H21 too) uses the tile test.
      noHonors = r.noHonorsScope === 'sets' && !this.setless ? honorPungs === 0 : this.honours === 0;
    }
    if (noFlowers) x[H.NO_FLOWERS] = 1;
    if (noHonors) x[H.NO_HONORS] = 1;
    if (noFlowers && noHonors && r.noFlowersNoHonorsCumulative) x[H.NO_FLOWERS_NO_HONORS] = 1;
    x[H.KONG] = this.kongs;
    const orphanBonus = row !== H.H18 || r.orphansGetWindDragonBonus;
    if (patterned && orphanBonus && this.hasAllWinds) x[H.ALL_WINDS] = 1;
    if (orphanBonus && this.hasAllDragons) x[H.ALL_DRAGONS] = 1;
    if (chows === 4) x[H.STRAIGHTS] = 1;
    if (this.exposed === 4) x[H.ALL_REVEALED] = 1;
    if (this.luckyFlower && this.selfDraw && this.flowers > 0) x[H.LUCKY_FLOWER] = 1;
    if (this.robKong) x[H.ROB_KONG] = 1;
    if (this.waitTypes === 1) x[H.SOLO_PIECE] = 1;
    if (this.winTile === this.tileOfDay) x[H.TILE_OF_DAY] = 1;
    if (this.concealedHand && !unrevealed) x[H.ALL_CONCEALED] = 1;
    if (row !== H.H3 && concealedPungs >= 3) x[H.THREE_CONCEALED_PONGS] = 1;
    if (r.baseCombination === 'additive' && (row === H.H2 || row === H.H3)) x[H.SUIT_BONUS] = this.oneSuit();
    let v = ROWS[row]!.start;
    const start = v + x[H.SUIT_BONUS]! * EXTRAS[H.SUIT_BONUS]!.points;
    for (let i = 0; i < EXTRAS.length; i++) v += x[i]! * EXTRAS[i]!.points;
    if (v > this.value || (v === this.value && (start > this.bestStart || (start === this.bestStart && row < this.row)))) {
      this.value = v;
      this.row = row;
      this.bestStart = start;
      this.extras.set(x);
    }
  }

  /** The breakdown of the last score(): the row's start, then each extra. */
  lines(): { name: string; points: number }[] {
    if (this.row < 0) return [];
    const out = [{ name: `${ROWS[this.row]!.id} ${ROWS[this.row]!.name}`, points: ROWS[this.row]!.start }];
    for (let i = 0; i < EXTRAS.length; i++) {
      const n = this.extras[i]!;
      if (n > 0)
        out.push({
          name: n > 1 && EXTRAS[i]!.key !== 'suitBonus' ? `${EXTRAS[i]!.key} x${n}` : EXTRAS[i]!.key,
          points: n * EXTRAS[i]!.points,
        });
    }
    return out;
  }
}
