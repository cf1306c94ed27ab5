// The line chaser: ranks the card's lines by tiles away, weighted by value and a chance of
// winning that falls by a factor q per tile away, keeps the k best as targets, and plays every
// decision for them: it discards (and passes in the Charleston) the tile whose loss costs the
// targets least, exposes only a set its best target holds, exchanges a natural for a joker when
// no target loses by it, and always takes Mah Jongg. Hooks let a variant narrow its targets
// (random-line) or its discards (defensive).

import type { Rng } from '../../src/core/rng.js';
import type { Strategy } from '../../src/core/strategy.js';
import * as americanActions from '../../src/games/mahjong/american/actions.js';
import { CARD_KINDS } from '../../src/games/mahjong/american/card.js';
import * as slotsModule from '../../src/games/mahjong/american/slots.js';
import type { SeatLines } from '../../src/games/mahjong/american/lines.js';
import type { AmericanView } from '../../src/games/mahjong/american/view.js';
import * as charlestonModule from '../../src/games/mahjong/american/charleston.js';
import type { Step } from '../../src/games/mahjong/american/charleston.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import * as tilesModule from '../../src/games/mahjong/tiles.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { BLIND, COURTESY_DONE, DISCARD_FLOWER, DISCARD_JOKER, EXCHANGE, EXPOSE, PASS_TILE, VOTE_NO, VOTE_YES, exposeJokers, exposeSize } =
  americanActions;
const { PACKED, awayFromSum } = slotsModule;
const { COURTESY, VOTE } = charlestonModule;
const { DISCARD, PASS, WIN } = actionsModule;
const { FLOWER, JOKER } = tilesModule;

export interface ChaserParams {
  /** Target lines kept. */
  k: number;
  /** Chance factor per tile away. */
  q: number;
  /** Exchange jokers (1) or never (0). */
  x: number;
  /** Votes for the second Charleston while its nearest line is at least this many tiles away. */
  v: number;
  /** Passes blind (where allowed) rather than break a target (1), or never (0). */
  b: number;
}

export interface ChaserHooks {
  /** Whether line `line` may be a target (random-line keeps one). */
  lineAllowed?(view: AmericanView, line: number): boolean;
  /** Kinds to keep back from discarding while another is as good (defensive): a CARD_KINDS flag array, or null. */
  avoid?(view: AmericanView): Uint8Array | null;
}

const MAX_K = 8;

export class LineChaser implements Strategy<AmericanView> {
  private readonly targets = new Int32Array(MAX_K);
  private readonly weight = new Float64Array(MAX_K);
  private nt = 0;
  /** The lines and version the targets were ranked for (a seat's hand is unchanged across its claim offers). */
  private rankedFor: SeatLines | null = null;
  private rankedVersion = -1;
  /** The Charleston pass planned at its first choice: kinds and what each costs the targets, and
   * the hand and step it was planned for. */
  private readonly plan = new Int8Array(3);
  private readonly planLoss = new Float64Array(3);
  private plannedFor = -1;
  private plannedStep: Step | null = null;
  private readonly bestOf: Int32Array;
  private readonly awayOf: Int8Array;
  private readonly pow: Float64Array;

  constructor(
    private readonly p: ChaserParams,
    lines: number,
    private readonly hooks: ChaserHooks = {},
  ) {
    this.bestOf = new Int32Array(lines);
    this.awayOf = new Int8Array(lines);
    this.pow = Float64Array.from({ length: 100 }, (_, a) => p.q ** a);
  }

  choose(v: AmericanView, legal: Int16Array, n: number, _rng: Rng): number {
    if (v.winLegal) return WIN;
    const step = v.charleston;
    // The second and third choices of a pass follow the plan made at the first.
    if (step !== null && (step.kind === VOTE || v.passChosen === 0)) this.rank(v);
    if (step !== null) return this.charleston(v, step.kind, legal, n);
    this.rank(v);
    if (v.phase === 1) return this.claim(v, legal, n);
    if (this.p.x > 0) {
      const a = this.exchange(v, legal, n);
      if (a >= 0) return a;
    }
    const d = this.worstTile(v, false, this.hooks.avoid?.(v) ?? null);
    return d === FLOWER ? DISCARD_FLOWER : d === JOKER ? DISCARD_JOKER : DISCARD + d;
  }

  /** Keeps the k lines of best weight value * q^away (each by its nearest variant) as targets. */
  private rank(v: AmericanView): void {
    const ix = v.index;
    const l = v.lines;
    if (l === this.rankedFor && l.version === this.rankedVersion) return;
    this.rankedFor = l;
    this.rankedVersion = l.version;
    const { bestOf, awayOf } = this;
    for (let line = 0; line < awayOf.length; line++) {
      awayOf[line] = l.lineAway(line);
      bestOf[line] = l.lineVariant(line);
    }
    const k = this.p.k;
    this.nt = 0;
    for (let line = 0; line < awayOf.length; line++) {
      if (awayOf[line]! >= 99 || (this.hooks.lineAllowed && !this.hooks.lineAllowed(v, line))) continue;
      const w = ix.value[line]! * this.pow[awayOf[line]!]!;
      // Insertion into the sorted top k.
      let i = this.nt < k ? this.nt++ : k;
      if (i === k && w <= this.weight[k - 1]!) continue;
      if (i === k) i = k - 1;
      while (i > 0 && this.weight[i - 1]! < w) {
        this.weight[i] = this.weight[i - 1]!;
        this.targets[i] = this.targets[i - 1]!;
        i--;
      }
      this.weight[i] = w;
      this.targets[i] = bestOf[line]!;
    }
  }

  /** The targets' total weight with one tile of kind `t` fewer (JOKER: one joker fewer), and `plus` one more of kind `add`. */
  private weightWithout(v: AmericanView, t: number, add = -1): number {
    const l = this.rankedFor!;
    const ix = v.index;
    const jokers = l.jokers - (t === JOKER ? 1 : 0) + (add === JOKER ? 1 : 0);
    let w = 0;
    for (let i = 0; i < this.nt; i++) {
      const x = this.targets[i]!;
      let sum = l.sum[x]!;
      if (t >= 0 && t !== JOKER) {
        const e = ix.entryOf[x * CARD_KINDS + t]!;
        if (e >= 0) {
          const r = l.row[e]!;
          const h = l.counts[t]!;
          sum += PACKED[r + h - 1]! - PACKED[r + h]!;
        }
      }
      w += ix.value[ix.vLine[x]!]! * this.pow[awayFromSum(sum, jokers)]!;
    }
    return w;
  }

  /** The held kind (not a joker when `noJoker`) whose loss costs the targets least; `avoid` kinds only when nothing else is as good. */
  private worstTile(v: AmericanView, noJoker: boolean, avoid: Uint8Array | null): number {
    const h = v.hand;
    let best = -1;
    let bestW = -1;
    let bestAvoided = true;
    for (let t = 0; t <= JOKER; t++) {
      if (h[t] === 0 || (t > FLOWER && t !== JOKER) || (noJoker && t === JOKER)) continue;
      const w = this.weightWithout(v, t);
      const avoided = avoid !== null && t < CARD_KINDS && avoid[t] === 1;
      if (best < 0 || (bestAvoided && !avoided) || (avoided === bestAvoided && w > bestW)) {
        best = t;
        bestW = w;
        bestAvoided = avoided;
      }
    }
    return best;
  }

  private charleston(v: AmericanView, kind: number, legal: Int16Array, n: number): number {
    if (kind === VOTE) return this.awayOf[this.nt > 0 ? v.index.vLine[this.targets[0]!]! : 0]! >= this.p.v ? VOTE_YES : VOTE_NO;
    const i = v.passChosen;
    // A seat chooses its tiles for one pass in a row: the first choice plans all three. A plan
    // this bot did not make for this pass, or that no longer fits the hand (a search bot plays on
    // from a copy of the table, or from one with this seat's tiles dealt anew), is made again for
    // the choices left; in a game played through, neither happens.
    if (i === 0) this.planPass(v, 0);
    else if (this.plannedFor !== v.handId || this.plannedStep !== v.charleston || v.hand[this.plan[i]!] === 0) {
      this.rank(v);
      this.planPass(v, i);
    }
    this.plannedFor = v.handId;
    this.plannedStep = v.charleston;
    const canPass = n > 0 && legal[0]! >= PASS_TILE && legal[0]! < BLIND;
    if (!canPass) return kind === COURTESY ? COURTESY_DONE : BLIND;
    if (this.planLoss[i]! > 0) {
      // Every tile left serves a target: the courtesy pass stops; a blind pass keeps them.
      if (kind === COURTESY) return COURTESY_DONE;
      if (this.p.b > 0 && v.blindAllowed) return BLIND;
    }
    return PASS_TILE + this.plan[i]!;
  }

  /** The distinct kinds (no joker) whose loss costs the targets least, least first, with their
   * losses, into plan[from..3). */
  private planPass(v: AmericanView, from: number): void {
    const h = v.hand;
    const now = this.weightWithout(v, -1);
    const { plan, planLoss } = this;
    planLoss.fill(Infinity, from);
    for (let t = 0; t < CARD_KINDS; t++) {
      if (h[t] === 0) continue;
      const loss = now - this.weightWithout(v, t);
      let i = 3;
      while (i > from && loss < planLoss[i - 1]!) {
        if (i < 3) {
          plan[i] = plan[i - 1]!;
          planLoss[i] = planLoss[i - 1]!;
        }
        i--;
      }
      if (i < 3) {
        plan[i] = t;
        planLoss[i] = loss;
      }
    }
  }

  private claim(v: AmericanView, legal: Int16Array, n: number): number {
    if (this.nt === 0) return PASS;
    const x = this.targets[0]!;
    const ix = v.index;
    if (ix.vConcealed[x] === 1) return PASS;
    const t = v.claimTile;
    const sets = ix.card.variants[x]!.sets;
    const l = v.lines;
    const e = ix.entryOf[x * CARD_KINDS + t]!;
    // The claimed tile must bring the target nearer, in a set of the exposure's size.
    if (e < 0 || awayWith(l.sum[x]!, l.row[e]!, l.counts[t]!, l.jokers) >= l.away(x)) return PASS;
    let pick = -1;
    for (let i = 0; i < n; i++) {
      const a = legal[i]!;
      if (a < EXPOSE || a >= PASS_TILE) continue;
      const size = exposeSize(a);
      if (!sets.some((g) => g.tile === t && g.size === size && (g.jokerable || exposeJokers(a) === 0))) continue;
      if (pick < 0 || exposeJokers(a) < exposeJokers(pick)) pick = a;
    }
    return pick >= 0 ? pick : PASS;
  }

  private exchange(v: AmericanView, legal: Int16Array, n: number): number {
    const now = this.weightWithout(v, -1);
    for (let i = 0; i < n; i++) {
      const a = legal[i]!;
      if (a < EXCHANGE || a >= EXPOSE) continue;
      if (this.weightWithout(v, a - EXCHANGE, JOKER) >= now) return a;
    }
    return -1;
  }
}

/** Tiles away of a variant whose entry of row `r` gains one tile (from h to h + 1). */
function awayWith(sum: number, r: number, h: number, jokers: number): number {
  return awayFromSum(sum + PACKED[r + h + 1]! - PACKED[r + h]!, jokers);
}
