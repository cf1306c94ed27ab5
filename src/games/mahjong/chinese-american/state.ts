// Everything one Chinese-American game keeps beyond the shared table (table/state.ts), and the
// hooks the table's turn flow calls: a winning shape wins when an enabled row takes it, a
// missed win locks discard wins until the player's next draw, Seven Flowers and triple sixes
// settle on their own, and the dealer keeps the deal on a win or a draw (RULES.md, "Play",
// "Special settlements" and "Dealer and game length").

import * as tilesModule from '../tiles.js';
import { CHINESE_AMERICAN_SET, wallTiles } from '../tile-sets.js';
import * as actionsModule from '../table/actions.js';
import * as flowModule from '../table/flow.js';
import { pairingRules } from '../table/pairing.js';
import * as tableStateModule from '../table/state.js';
import { SessionStats, TableState } from '../table/state.js';
import * as writesModule from '../table/writes.js';
import { EXTRAS, H20, ROWS } from './hands.js';
import * as judgeModule from './judge.js';
import * as paymentsModule from './payments.js';
import type { ChineseAmericanRules } from './rules.js';
import { Scorer } from './scoring.js';
import type { ChineseAmericanView } from './view.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { PLAY_KINDS, tileKind, tileName } = tilesModule;
const { CAN_WIN, WIN_LEGAL, WIN_PASSABLE } = actionsModule;
const { finishHand } = flowModule;
const { SEATS } = tableStateModule;
const { addNet, lockWins } = writesModule;
const { allShapesWin, quadPairsOf, shapesOf, winLegal } = judgeModule;
const { dealerBonus, payDiscardWins, paySelfDraw, selfDrawWorth } = paymentsModule;

/** Per-seat counters summed over the game: the table's, and the Chinese-American rows and settlements. */
export class ChineseAmericanStats extends SessionStats {
  /** Wins by row (hands.ts ROWS order), summed over seats. */
  readonly rows = this.arena.i32(ROWS.length);
  /** Wins with each extra (hands.ts EXTRAS order), summed over seats. */
  readonly extras = this.arena.i32(EXTRAS.length);
  readonly sevenFlowers = this.arena.i32(SEATS);
  readonly tripleSixes = this.arena.i32(SEATS);
}

export class ChineseAmericanState extends TableState<ChineseAmericanRules> {
  declare readonly stats: ChineseAmericanStats;
  readonly views: ChineseAmericanView[] = [];
  readonly scorer: Scorer;
  /** Every winning shape the table offers satisfies an enabled row: legality needs no scoring. */
  readonly allShapesWin: boolean;
  /** Seven Flowers (H20) is among the special hands: a settlement of its own. */
  readonly sevenFlowersOn: boolean;
  /** The tile of the day for this game (a play kind), or -1 when the rules have none. */
  tileOfDay = -1;
  /** The seats paying the win being settled (bits), for the dealer bonus. */
  paying = 0;

  constructor(r: ChineseAmericanRules) {
    super(
      r,
      {
        set: CHINESE_AMERICAN_SET,
        wallTiles: wallTiles(CHINESE_AMERICAN_SET),
        reserve: r.reserveTiles,
        reserveBlocksReplacement: r.reserveBlocksReplacement,
        flowersAside: true,
        shapes: shapesOf(r),
        quadPairs: quadPairsOf(r),
        chowCalls: true,
        headBump: r.multiWin === 'headBump',
        robKong: true,
        robConcealedKong: r.robConcealedKong,
        pongBeatsChow: r.pongBeatsChow,
        // The missed-win lock lasts until the seat's next draw (RULES.md, "Play").
        claimLiftsLock: false,
        ...pairingRules(r.pairing),
      },
      new ChineseAmericanStats(),
    );
    this.scorer = new Scorer(r);
    this.allShapesWin = allShapesWin(r);
    this.sevenFlowersOn = r.specialHands.includes('H20');
  }

  /** Retains R: times in a row the dealer has kept the deal. */
  get retains(): number {
    return this.dealerStreak;
  }

  // ---- Table hooks ------------------------------------------------------------------------

  override newSession(): void {
    const t = this.r.tileOfTheDay;
    this.tileOfDay = t === null ? -1 : t === 'randomPerSession' ? this.rng.int(PLAY_KINDS) : tileKind(t);
    this.log?.push(this.tileOfDay < 0 ? 'no tile of the day' : `tile of the day: ${tileName(this.tileOfDay)}`);
    this.log?.event({ type: 'tile_of_the_day', pai: this.tileOfDay < 0 ? null : tileName(this.tileOfDay) });
  }

  newHand(): void {
    // Triple sixes: the dealer's roll, paid at once, whatever the hand does. With two
    // dice there is nothing to roll for.
    if (this.r.diceCount === 3) {
      const a = this.rng.int(6);
      const b = this.rng.int(6);
      const c = this.rng.int(6);
      if (a === 5 && b === 5 && c === 5 && this.r.tripleSixBonus > 0) {
        const d = this.dealer;
        for (let y = 0; y < SEATS; y++) {
          if (y === d) continue;
          addNet(this, y, -this.r.tripleSixBonus);
          addNet(this, d, this.r.tripleSixBonus);
        }
        this.stats.tripleSixes[d]!++;
        this.log?.push(`  seat ${d} rolls three sixes: ${this.r.tripleSixBonus} from each other player`);
        this.log?.event({ type: 'triple_six', seat: d, fromEach: this.r.tripleSixBonus });
      }
    }
  }

  override afterDeal(): boolean {
    return this.sevenFlowers();
  }

  override onFlower(_seat: number): boolean {
    return this.sevenFlowers();
  }

  /**
   * Seven Flowers: a player with seven flowers wins the moment another holds the eighth;
   * all eight in one hand settle per eightFlowers. Returns true when the hand ended. Off with
   * H20 left out of specialHands: the flowers then only count on a tile win.
   */
  private sevenFlowers(): boolean {
    if (!this.sevenFlowersOn) return false;
    let total = 0;
    let holder = -1;
    for (let y = 0; y < SEATS; y++) {
      total += this.flowers[y]!;
      if (this.flowers[y]! >= 7) holder = y;
    }
    if (holder < 0 || total < 8) return false;
    const all = this.flowers[holder] === 8;
    if (all && this.r.eightFlowers === 'ignore') return false;
    this.paying = 0;
    for (let y = 0; y < SEATS; y++) if (y !== holder) this.paying |= 1 << y;
    for (let y = 0; y < SEATS; y++) {
      if (y === holder) continue;
      // The holder of the eighth flower pays double.
      let pay = 15 * (!all && this.flowers[y]! > 0 ? 2 : 1);
      if (!this.r.sevenFlowersFlat) pay += dealerBonus(this, holder, y);
      addNet(this, y, -pay);
      addNet(this, holder, pay);
      this.stats.winPoints[holder]! += pay;
    }
    this.stats.sevenFlowers[holder]!++;
    this.stats.rows[H20]!++;
    this.stats.wins[holder]!++;
    this.stats.handsWon++;
    this.log?.push(`seat ${holder} wins Seven Flowers${all ? ' (all eight)' : ''}`);
    this.log?.event({ type: 'win', seat: holder, target: holder, hand: all ? 'eight flowers' : 'seven flowers' });
    finishHand(this, this.r.sevenFlowersCountsAsWin && holder === this.dealer, false);
    return true;
  }

  selfDrawLegal(seat: number): boolean {
    return winLegal(this, seat, this.drawn, true);
  }

  onDiscard(seat: number): void {
    // Declining a self-drawn win: a penalty to every other player, and the lock.
    if (this.turnWinOk) {
      const p = this.r.beginnerExempt ? 0 : this.r.declinedSelfDrawPenalty;
      for (let y = 0; y < SEATS; y++) {
        if (y === seat) continue;
        addNet(this, y, p);
        addNet(this, seat, -p);
      }
      this.missedWin(seat);
      this.log?.push(`  seat ${seat} declined a self-drawn win: pays ${p} to each other player`);
      this.log?.event({ type: 'declined_win', seat, toEach: p });
    }
  }

  discardWin(seat: number, tile: number): number {
    if (this.temp[seat] !== 0) return 0;
    return winLegal(this, seat, tile, false) ? CAN_WIN | WIN_LEGAL | WIN_PASSABLE : 0;
  }

  missedWin(seat: number): void {
    if (!this.r.missedWinLock) return;
    lockWins(this, seat, -1);
  }

  falseWin(): void {
    // A win is offered only when it is legal.
    throw new Error('chinese-american: a win was declared that was never offered');
  }

  paySelfDraw(seat: number): void {
    paySelfDraw(this, seat);
  }

  payDiscardWins(): void {
    payDiscardWins(this);
  }

  override selfDrawWorth(seat: number, tile: number, reader: number): number {
    return selfDrawWorth(this, seat, tile, reader);
  }

  dealerKeeps(dealerWon: boolean, exhausted: boolean): boolean {
    return dealerWon || exhausted;
  }

  sessionOver(): boolean {
    return this.dealerPasses >= this.r.gameLengthDealerships || (this.r.handsLimit !== null && this.handNo >= this.r.handsLimit);
  }
}

/** What letting a win go costs `seat`, in words, as the hooks above apply it: declining a
 * self-drawn win pays each other player and locks discard wins, letting a winning discard go
 * locks them (missedWinLock); undefined where it costs nothing. */
export function letGoWords(s: ChineseAmericanState, seat: number): string | undefined {
  const lock = s.r.missedWinLock ? 'bars your discard wins until your next draw (the missed-win lock)' : '';
  if (s.phase === tableStateModule.TURN && s.turnWinOk) {
    const p = s.r.beginnerExempt ? 0 : s.r.declinedSelfDrawPenalty;
    const pay = p > 0 ? `pays ${p} points to each other player` : '';
    return pay || lock ? `declining it ${[pay, lock].filter(Boolean).join(' and ')}` : undefined;
  }
  return s.phase === tableStateModule.CLAIM && s.passable[seat] === 1 && lock ? `letting it go ${lock}` : undefined;
}
