// What a distilled American policy scores an action by (core/features.ts), from what the
// American engine keeps already: every seat's tiles away from every variant of the card
// (lines.ts SeatLines), the exposures on the table and where the Charleston stands.

import type { FeatureSet } from '../../src/core/features.js';
import * as americanActions from '../../src/games/mahjong/american/actions.js';
import * as cardModule from '../../src/games/mahjong/american/card.js';
import { SeatLines, type CardIndex } from '../../src/games/mahjong/american/lines.js';
import * as slotsModule from '../../src/games/mahjong/american/slots.js';
import type { AmericanView } from '../../src/games/mahjong/american/view.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import * as tilesModule from '../../src/games/mahjong/tiles.js';
import { dangerKinds } from './danger.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { BLIND, COURTESY_DONE, DISCARD_FLOWER, DISCARD_JOKER, EXCHANGE, EXPOSE, PASS_TILE, VOTE_YES, exposeJokers, exposeSize } =
  americanActions;
const { CARD_KINDS } = cardModule;
const { PACKED, awayFromSum } = slotsModule;
const { DISCARD, WIN } = actionsModule;
const { FLOWER, JOKER } = tilesModule;

/**
 * The features, by the kind of action. The targets are the three lines of best weight value x
 * 0.3^tiles away (each by its nearest variant), as the best hand-written bot,
 * `line-chaser(k=3,q=0.3)`, ranks them.
 *
 * A tile given up (a discard, a flower or a joker thrown, a tile put in a Charleston pass), each
 * `drop_`: the tiles away it adds to the best target, and to the three (over 3); the share of
 * the targets' weight it loses; the live tiles (unseen, over 20) that would bring the best
 * target nearer after it; whether it is a joker, a flower; its copies unseen (over the set's
 * copies of it); and its danger: whether a line still open to a player with two exposures or
 * more needs it, and that times the most exposures such a player has (over 4). A pass tile is
 * marked as such (`pass_tile`), and the Charleston's other choices have one feature each (a
 * blind pass, the courtesy pass ended, a vote for the second Charleston, and that vote times the
 * best target's tiles away over 14; a vote against has none).
 *
 * A joker exchanged for a natural: the share of the targets' weight it gains. An exposure
 * claimed on a discard: the tiles away it takes off the best target and the three (over 3), the
 * jokers it puts in (over 4), whether the best target is a concealed line (which the exposure
 * gives up), whether it is a set that target holds (its tile and size, jokers where the set
 * takes them), and the best target's tiles away after it (over 14); and the weight of the three
 * best lines once the exposure is made (the concealed lines given up, the lines it does not fit
 * out of reach) against the targets' now, as a log ratio (over 3, within -1 and 1), alone and when the best
 * target is concealed: the line chaser never claims for a concealed best target, and that is
 * where the search bot departs from it at claims (it claims for a second line). A win has one;
 * letting a discard go none.
 */
const NAMES = [
  'drop_away_best',
  'drop_away_targets',
  'drop_weight_loss',
  'drop_live_best',
  'drop_joker',
  'drop_flower',
  'drop_unseen',
  'drop_danger',
  'drop_danger_exposures',
  'pass_tile',
  'blind',
  'courtesy_done',
  'vote_yes',
  'vote_yes_away',
  'exchange',
  'exchange_gain',
  'expose',
  'expose_gain_best',
  'expose_gain_targets',
  'expose_jokers',
  'expose_concealed',
  'expose_fits',
  'expose_away',
  'expose_weight',
  'expose_concealed_weight',
  'expose_dies',
  'expose_dies_dead_others',
  'expose_dies_away',
  'expose_dies_live',
  'win',
] as const;

const F = Object.fromEntries(NAMES.map((name, i) => [name, i])) as Record<(typeof NAMES)[number], number>;

/** Targets kept, and the chance factor per tile away they are weighed by (the best bot's). */
const K = 3;
const Q = 0.3;
const POW = Float64Array.from({ length: 100 }, (_, a) => Q ** a);
/** Live tiles are scaled so that a good count is near 1. */
const LIVE_SCALE = 20;
/** Players with this many exposures or more are threats (defensive's default). */
const THREAT_EXPOSURES = 2;

/** The packed sum of variant `x` of the seat's lines `l` with its count of card kind `t` moved from
 * `h` by `dt` (the sum `s` at `h`); `s` itself when the variant uses no `t`. */
function shifted(l: SeatLines, x: number, t: number, h: number, dt: number, s: number): number {
  const e = l.index.entryOf[x * CARD_KINDS + t]!;
  if (e < 0) return s;
  const r = l.row[e]!;
  return s + PACKED[r + h + dt]! - PACKED[r + h]!;
}

/** The weight of the lines kept in `top`: its first `n` entries, best first. */
function sumOf(top: Float64Array, n: number): number {
  let w = 0;
  for (let i = 0; i < n; i++) w += top[i]!;
  return w;
}

class AmericanFeatures implements FeatureSet<AmericanView> {
  readonly names: readonly string[] = NAMES;
  // A session's length and how its hands follow one another: no feature reads them.
  readonly sessionRules = ['handsPerSession', 'dealerPassesAfterWallGame', 'pairing'];
  /** The targets (variants), their tiles away and lines' values, how many, and their weight. */
  private readonly target = new Int32Array(K);
  private readonly away = new Int32Array(K);
  private readonly value = new Float64Array(K);
  private readonly topWeight = new Float64Array(K);
  private nt = 0;
  private weight = 0;
  /** The seat's lines at the decision `prepare` was last called for. */
  private lines: SeatLines | null = null;
  /** Copies in the set and unseen copies of each card kind, and of the joker (at CARD_KINDS). */
  private readonly unseen = new Int16Array(CARD_KINDS + 1);
  private readonly copies = new Int16Array(CARD_KINDS + 1);
  /** The kinds a threat's open lines need (or null), and the most exposures of a threat. */
  private danger: Uint8Array | null = null;
  private threatExposures = 0;
  private readonly dangerOf = dangerKinds(THREAT_EXPOSURES);

  /** The features' own copy of the deciding seat's lines, per card (see `linesOf`). */
  private readonly own = new Map<CardIndex, SeatLines>();
  /** Lines to try an exposure on, per card (see `weightExposed`). */
  private readonly trial = new Map<CardIndex, SeatLines>();
  private readonly trialHand = new Int8Array(JOKER + 1);
  private readonly topExposed = new Float64Array(K);

  /**
   * The seat's tiles away from every variant, in the features' own SeatLines, brought up to date
   * with its concealed hand and exposures. Not the view's `lines`: reading those brings the
   * seat's own up to date there and then, and which of several variants as near each line keeps
   * depends on when that is, so reading them would change what the base bot sees at its next
   * decision. A change of seat or hand costs a few kinds' updates; of exposures, placing them
   * again.
   */
  private linesOf(v: AmericanView): SeatLines {
    let l = this.own.get(v.index);
    if (l === undefined) this.own.set(v.index, (l = new SeatLines(v.index)));
    l.holdSeat(v, v.seat, v.hand, 0);
    return l;
  }

  prepare(v: AmericanView): void {
    const l = this.linesOf(v);
    this.lines = l;
    const ix = v.index;
    const { target, away, value } = this;
    // The K lines of best weight, the earlier line first among equal weights, each by its
    // first nearest variant.
    const top = this.topWeight;
    const lineStart = ix.card.lineStart;
    let nt = 0;
    for (let line = 0; line < ix.lines; line++) {
      let a = 99;
      let x = -1;
      for (let y = lineStart[line]!; y < lineStart[line + 1]!; y++) {
        const ay = l.away(y);
        if (ay < a) {
          a = ay;
          x = y;
        }
      }
      if (x < 0) continue;
      const w = ix.value[line]! * POW[a]!;
      if (nt === K && w <= top[K - 1]!) continue;
      let i = nt < K ? nt++ : K - 1;
      for (; i > 0 && top[i - 1]! < w; i--) {
        target[i] = target[i - 1]!;
        away[i] = away[i - 1]!;
        value[i] = value[i - 1]!;
        top[i] = top[i - 1]!;
      }
      target[i] = x;
      away[i] = a;
      value[i] = ix.value[line]!;
      top[i] = w;
    }
    this.nt = nt;
    this.weight = sumOf(top, nt);
    const { unseen, copies } = this;
    for (let t = 0; t <= CARD_KINDS; t++) {
      const kind = t < CARD_KINDS ? t : JOKER;
      copies[t] = kind < FLOWER ? 4 : kind === FLOWER ? v.rules.flowerCount : v.rules.jokerCount;
      unseen[t] = copies[t]! - v.seen[kind]! - v.hand[kind]!;
    }
    this.danger = this.dangerOf(v);
    let most = 0;
    if (this.danger !== null) for (let y = 0; y < 4; y++) if (y !== v.seat && v.dead[y] === 0 && v.expN[y]! > most) most = v.expN[y]!;
    this.threatExposures = most;
  }

  fill(v: AmericanView, a: number, _amount: number, out: Float64Array, at: number): void {
    out.fill(0, at, at + NAMES.length);
    if (a === WIN) out[at + F.win] = 1;
    else if (a >= DISCARD && a < FLOWER) this.drop(v, a - DISCARD, out, at);
    else if (a === DISCARD_FLOWER) this.drop(v, FLOWER, out, at);
    else if (a === DISCARD_JOKER) this.drop(v, JOKER, out, at);
    else if (a >= PASS_TILE && a < BLIND) {
      out[at + F.pass_tile] = 1;
      this.drop(v, a - PASS_TILE, out, at);
    } else if (a === BLIND) out[at + F.blind] = 1;
    else if (a === COURTESY_DONE) out[at + F.courtesy_done] = 1;
    else if (a === VOTE_YES) {
      out[at + F.vote_yes] = 1;
      out[at + F.vote_yes_away] = this.nt > 0 ? this.away[0]! / 14 : 1;
    } else if (a >= EXCHANGE && a < EXPOSE) this.exchange(v, a - EXCHANGE, out, at);
    else if (a >= EXPOSE && a < PASS_TILE) this.expose(v, a, out, at);
  }

  /** Tiles away of variant `x` with one tile of card kind `t` more or fewer (`dt`; t -1: none) and `dj` jokers more. */
  private awayWith(l: SeatLines, x: number, t: number, dt: number, dj: number): number {
    if (l.ok[x] === 0) return 99;
    const s = t >= 0 ? shifted(l, x, t, l.counts[t]!, dt, l.sum[x]!) : l.sum[x]!;
    return awayFromSum(s, l.jokers + dj);
  }

  /** The targets' weight were each `after` (written by `each` per target) its tiles away. */
  private weightAfter(each: (x: number) => number, after: Int32Array): number {
    let w = 0;
    for (let i = 0; i < this.nt; i++) {
      after[i] = each(this.target[i]!);
      w += this.value[i]! * POW[Math.min(99, after[i]!)]!;
    }
    return w;
  }

  private readonly after = new Int32Array(K);

  /** A tile of kind `t` (a card kind, or JOKER) given up. */
  private drop(v: AmericanView, t: number, out: Float64Array, at: number): void {
    const l = this.lines!;
    const joker = t === JOKER;
    const { after, nt, away } = this;
    const w = this.weightAfter((x) => (joker ? this.awayWith(l, x, -1, 0, -1) : this.awayWith(l, x, t, -1, 0)), after);
    if (nt > 0) {
      out[at + F.drop_away_best] = after[0]! - away[0]!;
      let sum = 0;
      for (let i = 0; i < nt; i++) sum += after[i]! - away[i]!;
      out[at + F.drop_away_targets] = sum / K;
      out[at + F.drop_weight_loss] = this.weight > 0 ? (this.weight - w) / this.weight : 0;
      out[at + F.drop_live_best] = this.liveAfterDrop(l, this.target[0]!, t) / LIVE_SCALE;
    }
    const u = joker ? CARD_KINDS : t;
    out[at + F.drop_joker] = joker ? 1 : 0;
    out[at + F.drop_flower] = t === FLOWER ? 1 : 0;
    out[at + F.drop_unseen] = this.copies[u]! > 0 ? this.unseen[u]! / this.copies[u]! : 0;
    if (!joker && this.danger !== null && this.danger[t] === 1) {
      out[at + F.drop_danger] = 1;
      out[at + F.drop_danger_exposures] = this.threatExposures / 4;
    }
  }

  /** The unseen tiles (jokers included) that would bring variant `x` a tile nearer once a tile
   * of kind `t` (or a joker) is given up. */
  private liveAfterDrop(l: SeatLines, x: number, t: number): number {
    if (l.ok[x] === 0) return 0;
    const ix = l.index;
    const joker = t === JOKER;
    const jokers = l.jokers - (joker ? 1 : 0);
    const s = joker ? l.sum[x]! : shifted(l, x, t, l.counts[t]!, -1, l.sum[x]!);
    const now = awayFromSum(s, jokers);
    let live = 0;
    for (let i = ix.vStart[x]!; i < ix.vStart[x + 1]!; i++) {
      const q = ix.eKind[ix.vEntry[i]!]!;
      const h = l.counts[q]! - (q === t ? 1 : 0);
      if (awayFromSum(shifted(l, x, q, h, 1, s), jokers) < now) live += Math.max(0, this.unseen[q]!);
    }
    if (awayFromSum(s, jokers + 1) < now) live += Math.max(0, this.unseen[CARD_KINDS]!);
    return live;
  }

  /** A natural of kind `t` exchanged for a joker in an exposure. */
  private exchange(v: AmericanView, t: number, out: Float64Array, at: number): void {
    const l = this.lines!;
    out[at + F.exchange] = 1;
    const w = this.weightAfter((x) => this.awayWith(l, x, t, -1, 1), this.after);
    out[at + F.exchange_gain] = this.weight > 0 ? (w - this.weight) / this.weight : 0;
  }

  /** The discard on offer claimed into an exposure (`a`: its size and jokers). */
  private expose(v: AmericanView, a: number, out: Float64Array, at: number): void {
    const l = this.lines!;
    const t = v.claimTile;
    const { after, nt, away, target } = this;
    out[at + F.expose] = 1;
    const jokers = exposeJokers(a);
    out[at + F.expose_jokers] = jokers / 4;
    if (nt === 0 || t < 0 || t >= CARD_KINDS) return;
    // The tile claimed joins the hand; the exposure then takes a set of the variant.
    this.weightAfter((x) => this.awayWith(l, x, t, 1, 0), after);
    out[at + F.expose_gain_best] = away[0]! - after[0]!;
    let sum = 0;
    for (let i = 0; i < nt; i++) sum += away[i]! - after[i]!;
    out[at + F.expose_gain_targets] = sum / K;
    const x = target[0]!;
    out[at + F.expose_concealed] = v.index.vConcealed[x]!;
    const size = exposeSize(a);
    out[at + F.expose_fits] = v.index.card.variants[x]!.sets.some((g) => g.tile === t && g.size === size && (g.jokerable || jokers === 0))
      ? 1
      : 0;
    out[at + F.expose_away] = Math.min(14, after[0]!) / 14;
    const we = this.weightExposed(v, t, size, jokers);
    const r = we > 0 ? Math.max(-1, Math.min(1, Math.log(we / this.weight) / 3)) : -1;
    out[at + F.expose_weight] = r;
    out[at + F.expose_concealed_weight] = v.index.vConcealed[x]! * r;
    if (we === 0) {
      out[at + F.expose_dies] = 1;
      let dead = 0;
      for (let y = 0; y < 4; y++) if (y !== v.seat && v.dead[y] !== 0) dead++;
      out[at + F.expose_dies_dead_others] = dead / 2;
      out[at + F.expose_dies_away] = Math.min(14, away[0]!) / 14;
      out[at + F.expose_dies_live] = v.live / 100;
    }
  }

  /** The weight of the K lines of best weight were the seat to claim the discard of kind `t`
   * into an exposure of `size` tiles with `jokers` jokers: laid on lines of its own, from an
   * empty hand (SeatLines.layExposures), with the tiles it takes out of the hand. 0: no
   * line is left within reach (the exposure kills the hand). */
  private weightExposed(v: AmericanView, t: number, size: number, jokers: number): number {
    const ix = v.index;
    let l = this.trial.get(ix);
    if (l === undefined) this.trial.set(ix, (l = new SeatLines(ix)));
    l.layExposures(v, v.seat);
    l.expose({ tile: t, size, jokers });
    const h = this.trialHand;
    for (let k = 0; k <= JOKER; k++) h[k] = v.hand[k]!;
    h[t]! -= size - 1 - jokers;
    h[JOKER]! -= jokers;
    l.sync(h, 0);
    const top = this.topExposed.fill(0);
    for (let line = 0; line < ix.lines; line++) {
      const a = l.lineAway(line);
      if (a >= 99) continue;
      let w = ix.value[line]! * POW[a]!;
      for (let i = 0; i < K; i++)
        if (w > top[i]!) {
          const y = top[i]!;
          top[i] = w;
          w = y;
        }
    }
    return sumOf(top, K);
  }
}

export const americanFeatures: FeatureSet<AmericanView> = new AmericanFeatures();
