// The line chaser: ranks the card's lines by tiles away, weighted by value and a chance of
// winning that falls by a factor q per tile away, keeps the k best as targets, and plays every
// decision for them: it discards (and passes in the Charleston) the tile whose loss costs the
// targets least, exposes only a set its best target holds, exchanges a natural for a joker when
// no target loses by it, and always takes Mah Jongg. Hooks let a variant narrow its targets
// (random-line) or its discards (defensive).

import type { Rng } from '../../src/core/rng.js';
import type { Strategy } from '../../src/core/strategy.js';
import * as americanActions from '../../src/games/mahjong/american/actions.js';
import * as cardModule from '../../src/games/mahjong/american/card.js';
import * as slotsModule from '../../src/games/mahjong/american/slots.js';
import type { CardIndex, SeatLines } from '../../src/games/mahjong/american/lines.js';
import type { AmericanView } from '../../src/games/mahjong/american/view.js';
import * as charlestonModule from '../../src/games/mahjong/american/charleston.js';
import type { Step } from '../../src/games/mahjong/american/charleston.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import * as tilesModule from '../../src/games/mahjong/tiles.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const {
  AMERICAN_ACTIONS,
  BLIND,
  COURTESY_DONE,
  DISCARD_FLOWER,
  DISCARD_JOKER,
  EXCHANGE,
  EXPOSE,
  PASS_TILE,
  VOTE_NO,
  VOTE_YES,
  exposeJokers,
  exposeSize,
} = americanActions;
const { CARD_KINDS } = cardModule;
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
/** Tiles away a line can be, and one: a line's 14 tiles (99 is out of reach). */
const MAX_AWAY_1 = 15;

/** Fields set in the constructor are `declare`d (see CardIndex). */
export class LineChaser implements Strategy<AmericanView> {
  /** The targets (each line's nearest variant), best first, their weights value * q^away, and their lines' values. */
  private readonly targets = new Int32Array(MAX_K);
  private readonly weight = new Float64Array(MAX_K);
  private readonly targetValue = new Int32Array(MAX_K);
  private nt = 0;
  /** The lines and version the targets were ranked for (a seat's hand is unchanged across its claim offers). */
  private rankedFor: SeatLines | null = null;
  private rankedVersion = -1;
  /** rankedFor's `overwritten` at the ranking: while it holds, the lines not in its `moved` are as
   * far as at the last ranking. */
  private rankedOverwritten = -1;
  /** The Charleston pass planned at its first choice: kinds and what each costs the targets, and
   * the hand and step it was planned for. */
  private readonly plan = new Int8Array(3);
  private readonly planLoss = new Float64Array(3);
  private plannedFor = -1;
  private plannedStep: Step | null = null;
  /** Per line: tiles away (-1 before the first ranking) and key (its bit in the set; -1: out of
   * reach or not allowed) at the last ranking. */
  declare private readonly awayOf: Int8Array;
  declare private readonly lineKey: Int32Array;
  /** The card the keys are for (keys). */
  private keysFor: CardIndex | null = null;
  private keyTable = new Int32Array(0);
  private keyLine = new Int32Array(0);
  private bits = new Int32Array(0);
  declare private readonly pow: Float64Array;
  /** The claims or joker exchanges on offer (the view lists them). */
  private readonly offered = new Int16Array(AMERICAN_ACTIONS);
  /** Every choice is made from the view (its claims, exchanges and Charleston state), so the
   * table need not list the legal actions at each turn. */
  readonly viewOnly = true;

  declare private readonly p: ChaserParams;
  declare private readonly hooks: ChaserHooks;

  constructor(p: ChaserParams, lines: number, hooks: ChaserHooks = {}) {
    this.p = p;
    this.hooks = hooks;
    this.awayOf = new Int8Array(lines);
    this.lineKey = new Int32Array(lines);
    this.pow = Float64Array.from({ length: 100 }, (_, a) => p.q ** a);
  }

  choose(v: AmericanView, _legal: Int16Array, _n: number, _rng: Rng): number {
    if (v.winLegal) return WIN;
    const step = v.charleston;
    // The second and third choices of a pass follow the plan made at the first.
    if (step !== null && (step.kind === VOTE || v.passChosen === 0)) this.rank(v);
    if (step !== null) return this.charleston(v, step.kind);
    this.rank(v);
    if (v.phase === 1) return this.claim(v);
    if (this.p.x > 0) {
      const a = this.exchange(v);
      if (a >= 0) return a;
    }
    const d = this.worstTile(v, this.hooks.avoid?.(v) ?? null);
    return d === FLOWER ? DISCARD_FLOWER : d === JOKER ? DISCARD_JOKER : DISCARD + d;
  }

  /**
   * Keeps the k lines of best weight value * q^away (each by its nearest variant) as targets,
   * the earlier line first among equal weights. A line's place in that order at each tiles away
   * is a number (keys): the bit set holds each line's place, and its k lowest bits are the
   * targets, found without comparing one line with another (comparisons of weights go one way
   * or the other at random, and a mispredicted branch costs as much as a line). The set is kept
   * from one decision to the next: only the lines whose place moved change their bit.
   */
  private rank(v: AmericanView): void {
    const l = v.lines;
    if (l === this.rankedFor && l.version === this.rankedVersion) return;
    const ix = v.index;
    const table = this.keys(ix);
    const restricted = this.hooks.lineAllowed !== undefined;
    const moved = l.moved;
    // Only the lines moved since this chaser last ranked these lines, and cleared `moved`, can
    // have changed their place; after another reader's clearing, a copy over them, or another
    // seat's lines, every line is read (allowed or not, and so brought up to date).
    const mine = l.takeMoved(this);
    if (!mine || restricted || l !== this.rankedFor || l.overwritten !== this.rankedOverwritten || this.awayOf[0]! < 0) {
      for (let line = 0; line < ix.lines; line++) this.place(v, l, table, line, restricted);
    } else {
      for (let w = 0; w < moved.length; w++) {
        for (let m = moved[w]!; m !== 0; m &= m - 1) this.place(v, l, table, (w << 5) | (31 - Math.clz32(m & -m)), false);
      }
    }
    for (let w = 0; w < moved.length; w++) moved[w] = 0;
    this.rankedFor = l;
    this.rankedVersion = l.version;
    this.rankedOverwritten = l.overwritten;
    const { awayOf, weight, targets, targetValue, pow, bits, keyLine } = this;
    const value = ix.value;
    const k = this.p.k;
    let nt = 0;
    for (let word = 0; nt < k && word < bits.length; word++) {
      for (let m = bits[word]!; m !== 0 && nt < k; m &= m - 1) {
        const line = keyLine[(word << 5) | (31 - Math.clz32(m & -m))]!;
        weight[nt] = value[line]! * pow[awayOf[line]!]!;
        targets[nt] = l.lineVariant(line);
        targetValue[nt] = value[line]!;
        nt++;
      }
    }
    this.nt = nt;
  }

  /** Reads line `line`'s tiles away and sets its place in the bit set. */
  private place(v: AmericanView, l: SeatLines, table: Int32Array, line: number, restricted: boolean): void {
    const { awayOf, lineKey, bits, hooks } = this;
    const a = l.lineAway(line);
    // Most lines read are as far as at the last ranking: their place is too.
    if (a === awayOf[line] && !restricted) return;
    awayOf[line] = a;
    const key = a >= 99 || (restricted && !hooks.lineAllowed!(v, line)) ? -1 : table[line * MAX_AWAY_1 + a]!;
    const was = lineKey[line]!;
    if (key === was) return;
    if (was >= 0) bits[was >> 5]! &= ~(1 << (was & 31));
    if (key >= 0) bits[key >> 5]! |= 1 << (key & 31);
    lineKey[line] = key;
  }

  /** For card `ix`: the key table (keyTable[line * MAX_AWAY_1 + a]: the place of line `line` at
   * `a` tiles away among all lines at all tiles away, by weight value * q^a, best first, the
   * earlier line first among equal weights), the line of each place, and an empty bit set as
   * large, no line in it (lineKey -1). */
  private keys(ix: CardIndex): Int32Array {
    if (this.keysFor === ix) return this.keyTable;
    const pairs: { line: number; a: number; w: number }[] = [];
    for (let line = 0; line < ix.lines; line++)
      for (let a = 0; a < MAX_AWAY_1; a++) pairs.push({ line, a, w: ix.value[line]! * this.pow[a]! });
    pairs.sort((x, y) => (x.w !== y.w ? (x.w > y.w ? -1 : 1) : x.line - y.line));
    this.keyTable = new Int32Array(pairs.length);
    this.keyLine = new Int32Array(pairs.length);
    pairs.forEach((x, i) => {
      this.keyTable[x.line * MAX_AWAY_1 + x.a] = i;
      this.keyLine[i] = x.line;
    });
    this.bits = new Int32Array((pairs.length + 31) >> 5);
    this.lineKey.fill(-1);
    // No line read yet: every line's place is set at the first ranking.
    this.awayOf.fill(-1);
    this.keysFor = ix;
    return this.keyTable;
  }

  /**
   * The targets' total weight with one tile of card kind `t` fewer (-1: none) and `dj` jokers
   * more, summed target by target in rank order as their weights are. A target that does not
   * use t keeps its weight when the jokers stay.
   */
  private weightWith(v: AmericanView, t: number, dj: number): number {
    const l = this.rankedFor!;
    const { sum, row, counts } = l;
    const jokers = l.jokers + dj;
    const entryOf = v.index.entryOf;
    const { targets, weight, targetValue, pow } = this;
    const h = t >= 0 ? counts[t]! : 0;
    let w = 0;
    for (let i = 0; i < this.nt; i++) {
      const x = targets[i]!;
      const e = t >= 0 ? entryOf[x * CARD_KINDS + t]! : -1;
      if (e < 0 && dj === 0) {
        w += weight[i]!;
        continue;
      }
      let s = sum[x]!;
      if (e >= 0) {
        const r = row[e]!;
        s += PACKED[r + h - 1]! - PACKED[r + h]!;
      }
      w += targetValue[i]! * pow[awayFromSum(s, jokers)]!;
    }
    return w;
  }

  /** The held kind whose loss costs the targets least (a joker last); `avoid` kinds only when nothing else is as good. */
  private worstTile(v: AmericanView, avoid: Uint8Array | null): number {
    // A tile fewer takes no target nearer, and a target's weight falls with its tiles away (q is
    // at most 1, values above 0): no kind's weight is above the targets' weight now, the same sum
    // in the same order as weightWith's for a kind no target loses by. The first kind not avoided
    // at that weight is the one chosen, and the kinds after it need not be weighed.
    const top = this.weightWith(v, -1, 0);
    let best = -1;
    let bestW = -1;
    let bestAvoided = true;
    // The held kinds in order (the ranked lines' counts are the hand's), then the joker.
    const held = this.rankedFor!.held;
    for (let word = 0; word < held.length; word++) {
      for (let m = held[word]!; m !== 0; m &= m - 1) {
        const t = (word << 5) | (31 - Math.clz32(m & -m));
        const w = this.weightWith(v, t, 0);
        const avoided = avoid !== null && avoid[t] === 1;
        if (best < 0 || (bestAvoided && !avoided) || (avoided === bestAvoided && w > bestW)) {
          if (!avoided && w === top) return t;
          best = t;
          bestW = w;
          bestAvoided = avoided;
        }
      }
    }
    if (v.hand[JOKER] !== 0 && (best < 0 || bestAvoided || this.weightWith(v, -1, -1) > bestW)) best = JOKER;
    return best;
  }

  private charleston(v: AmericanView, kind: number): number {
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
    if (!v.mayPassTile) return kind === COURTESY ? COURTESY_DONE : BLIND;
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
    const now = this.weightWith(v, -1, 0);
    const { plan, planLoss } = this;
    // A loop: the builtin fill of three numbers costs ten times as much.
    for (let i = from; i < 3; i++) planLoss[i] = Infinity;
    // The held kinds in order (the ranked lines' counts are the hand's).
    const held = this.rankedFor!.held;
    for (let word = 0; word < held.length; word++) {
      for (let m = held[word]!; m !== 0; m &= m - 1) {
        const t = (word << 5) | (31 - Math.clz32(m & -m));
        const loss = now - this.weightWith(v, t, 0);
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
        // No loss is below 0 (worstTile): once three kinds cost nothing, none after them is chosen.
        if (planLoss[2] === 0) return;
      }
    }
  }

  private claim(v: AmericanView): number {
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
    const legal = this.offered;
    const n = v.claims(legal);
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

  private exchange(v: AmericanView): number {
    const legal = this.offered;
    const n = v.exchanges(legal);
    if (n === 0) return -1;
    const now = this.weightWith(v, -1, 0);
    for (let i = 0; i < n; i++) {
      const a = legal[i]!;
      if (a < EXCHANGE || a >= EXPOSE) continue;
      if (this.weightWith(v, a - EXCHANGE, 1) >= now) return a;
    }
    return -1;
  }
}

/** Tiles away of a variant whose entry of row `r` gains one tile (from h to h + 1). */
function awayWith(sum: number, r: number, h: number, jokers: number): number {
  return awayFromSum(sum + PACKED[r + h + 1]! - PACKED[r + h]!, jokers);
}
