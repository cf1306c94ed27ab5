// The Charleston (RULES.md, "The Charleston"): three passes of three tiles (right, across,
// left), a vote on the second Charleston (left, across, right), and the courtesy pass across.
// Every seat chooses its outgoing tiles before any tile moves, so passing is simultaneous;
// jokers are never passed. On the first left and the last right a seat may pass some slots
// blind: tiles it receives in that pass go on, unseen, to the next seat.

import * as tilesModule from '../tiles.js';
import * as flowModule from '../table/flow.js';
import * as tableStateModule from '../table/state.js';
import * as americanActions from './actions.js';
import { CARD_KINDS } from './card.js';
import type { AmericanState } from './state.js';
import type { GameEvent } from '../../../core/trace.js';

// Imports as module-local consts, read once: see table/flow.ts.
const { tileName } = tilesModule;
const { addTile, preplayTurn, takeTiles } = flowModule;
const { PREPLAY, SEATS, STRIDE } = tableStateModule;
const { BLIND, COURTESY_DONE, PASS_TILE, VOTE_NO, VOTE_YES } = americanActions;

export const PASS = 0;
export const VOTE = 1;
export const COURTESY = 2;

/** One step: a pass `dir` seats on (1 right, 2 across, 3 left), the vote, or the courtesy pass. */
export interface Step {
  kind: typeof PASS | typeof VOTE | typeof COURTESY;
  dir: number;
  /** Slots may be passed blind. */
  blind: boolean;
  name: string;
}

const pass = (dir: number, blind: boolean, name: string): Step => ({ kind: PASS, dir, blind, name });
const FIRST: Step[] = [pass(1, false, 'first right'), pass(2, false, 'first across'), pass(3, true, 'first left')];
const SECOND: Step[] = [pass(3, false, 'second left'), pass(2, false, 'second across'), pass(1, true, 'last right')];
const VOTE_STEP: Step = { kind: VOTE, dir: 0, blind: false, name: 'vote on the second Charleston' };
const COURTESY_STEP: Step = { kind: COURTESY, dir: 2, blind: false, name: 'courtesy pass' };
const DIRS = ['', 'right', 'across', 'left'];

export class Charleston {
  private plan: Step[] = [];
  private at = 0;
  /** Seats that have chosen in this step (they choose in turn from East). */
  private acted = 0;
  /** Outgoing tiles, seat * 3 + i, and how many each seat chose. */
  private readonly out = new Int8Array(SEATS * 3);
  readonly outN = new Uint8Array(SEATS);
  private readonly blind = new Uint8Array(SEATS);
  private readonly kept = new Uint8Array(SEATS);
  private yes = 0;

  declare private readonly s: AmericanState;

  constructor(s: AmericanState) {
    this.s = s;
  }

  /** The step under way. */
  get step(): Step {
    return this.plan[this.at]!;
  }

  /** Steps done this hand (0 on the first right). */
  get stepIndex(): number {
    return this.at;
  }

  /** Blind passing is allowed in the step under way. */
  get blindAllowed(): boolean {
    return this.step.blind && this.s.r.blindPass;
  }

  start(): void {
    const r = this.s.r;
    const second = r['charleston.second'];
    this.plan = [
      ...FIRST,
      ...(second === 'always' ? SECOND : second === 'ifAllAgree' ? [VOTE_STEP] : []),
      ...(r['charleston.courtesy'] ? [COURTESY_STEP] : []),
    ];
    if (second === 'always') this.s.stats.secondCharlestons++;
    this.at = 0;
    this.begin();
  }

  private begin(): void {
    const s = this.s;
    this.acted = 0;
    // A loop: the builtin fill of four numbers costs some ten times as much.
    for (let y = 0; y < SEATS; y++) this.outN[y] = this.blind[y] = 0;
    this.yes = 0;
    preplayTurn(s, s.dealer);
  }

  /** Whether `seat` may put a tile in the pass under way (PASS_TILE + a kind is among its legal
   * actions): it has chosen fewer than three, and holds a tile other than a joker. */
  mayPassTile(seat: number): boolean {
    if (this.step.kind === VOTE || this.outN[seat]! >= 3) return false;
    // The table's mask of the kinds held (table/kinds.ts) has a bit for every kind but the joker.
    return (this.s.kinds[seat * 2]! | this.s.kinds[seat * 2 + 1]!) !== 0;
  }

  legal(out: Int16Array): number {
    const s = this.s;
    const step = this.step;
    let n = 0;
    if (step.kind === VOTE) {
      out[n++] = VOTE_YES;
      out[n++] = VOTE_NO;
      return n;
    }
    if (this.outN[s.cur]! < 3) {
      const off = s.cur * STRIDE;
      for (let k = 0; k < CARD_KINDS; k++) if (s.hand[off + k]! > 0) out[n++] = PASS_TILE + k;
      if (step.kind === PASS && this.blindAllowed) out[n++] = BLIND;
    }
    if (step.kind === COURTESY) out[n++] = COURTESY_DONE;
    return n;
  }

  /** Whether `a` is among legal's actions, without listing them: a bot that chooses from its
   * view has each choice checked, and a pass's tiles are most of a hand's decisions. */
  isLegal(a: number): boolean {
    const step = this.step;
    if (step.kind === VOTE) return a === VOTE_YES || a === VOTE_NO;
    if (a === COURTESY_DONE) return step.kind === COURTESY;
    const s = this.s;
    if (this.outN[s.cur]! >= 3) return false;
    if (a === BLIND) return step.kind === PASS && this.blindAllowed;
    const k = a - PASS_TILE;
    return k >= 0 && k < CARD_KINDS && s.hand[s.cur * STRIDE + k]! > 0;
  }

  apply(a: number): void {
    const s = this.s;
    const x = s.cur;
    const step = this.step;
    if (step.kind === VOTE) {
      if (a !== VOTE_YES && a !== VOTE_NO) throw new Error(`american: ${step.name} takes a vote, not action ${a}`);
      if (a === VOTE_YES) this.yes++;
      return this.done();
    }
    if (a === COURTESY_DONE && step.kind === COURTESY) return this.done();
    if (a === BLIND && step.kind === PASS && this.blindAllowed && this.outN[x]! < 3) {
      this.blind[x] = 3 - this.outN[x]!;
      return this.done();
    }
    const k = a - PASS_TILE;
    if (k < 0 || k >= CARD_KINDS || s.hand[x * STRIDE + k]! <= 0 || this.outN[x]! >= 3) {
      throw new Error(`american: seat ${x} cannot pass ${k >= 0 && k < CARD_KINDS ? tileName(k) : `action ${a}`} in the ${step.name}`);
    }
    takeTiles(s, x, k, 1);
    // Its pass may hold what others passed it: they no longer know those tiles are in its hand
    // (forgotten at its first tile: a seat chooses the tiles of one pass in a row).
    if (this.outN[x] === 0) s.passed.fill(0, x * SEATS * CARD_KINDS, (x + 1) * SEATS * CARD_KINDS);
    this.out[x * 3 + this.outN[x]!++] = k;
    if (step.kind === PASS && this.outN[x] === 3) this.done();
  }

  /** Seat `cur` has chosen: the next seat chooses, or the step is carried out. */
  private done(): void {
    const s = this.s;
    if (++this.acted < SEATS) {
      preplayTurn(s, (s.cur + 1) % SEATS);
      return;
    }
    const step = this.step;
    if (step.kind === PASS) this.exchange(step);
    else if (step.kind === COURTESY) this.courtesy();
    else if (this.yes === SEATS) {
      this.plan.splice(this.at + 1, 0, ...SECOND);
      s.stats.secondCharlestons++;
      s.log?.push('all four vote for the second Charleston');
      s.log?.event({ type: 'charleston_vote', second: true });
    } else if (s.log) {
      s.log.push('no second Charleston');
      s.log.event({ type: 'charleston_vote', second: false });
    }
    if (++this.at < this.plan.length) this.begin();
    else s.afterCharleston();
  }

  /**
   * Moves each seat's chosen tiles `dir` seats on. A seat that passed b slots blind keeps only
   * 3 - b of what reaches it; the rest go on, unseen, to the seat after it. Each seat ends
   * with as many tiles as it gave, and when every slot is blind nothing moves.
   */
  private exchange(step: Step): void {
    const s = this.s;
    for (let y = 0; y < SEATS; y++) this.kept[y] = 0;
    for (let d = 0; d < SEATS; d++) {
      const from = (s.dealer + d) % SEATS;
      for (let i = 0; i < this.outN[from]!; i++) {
        let to = (from + step.dir) % SEATS;
        while (this.kept[to]! >= this.outN[to]!) to = (to + step.dir) % SEATS;
        this.kept[to]!++;
        const t = this.out[from * 3 + i]!;
        addTile(s, to, t);
        if (to !== from) s.passed[(to * SEATS + from) * CARD_KINDS + t]!++;
      }
      s.stats.blindTiles += this.blind[from]!;
    }
    if (s.log) this.logPass(step);
  }

  /** Opposite seats swap the smaller of their two offers; the rest go back to their hands. */
  private courtesy(): void {
    const s = this.s;
    for (let y = 0; y < 2; y++) {
      const z = y + 2;
      const m = Math.min(this.outN[y]!, this.outN[z]!);
      for (let i = 0; i < 3; i++) {
        if (i < this.outN[y]!) addTile(s, i < m ? z : y, this.out[y * 3 + i]!);
        if (i < this.outN[z]!) addTile(s, i < m ? y : z, this.out[z * 3 + i]!);
        if (i < m) {
          s.passed[(z * SEATS + y) * CARD_KINDS + this.out[y * 3 + i]!]!++;
          s.passed[(y * SEATS + z) * CARD_KINDS + this.out[z * 3 + i]!]!++;
        }
      }
      s.stats.courtesyTiles += 2 * m;
      s.log?.push(`courtesy pass: seats ${y} and ${z} swap ${m} tile${m === 1 ? '' : 's'}`);
      s.log?.event({ type: 'courtesy', seats: [y, z], tiles: m });
    }
  }

  private logPass(step: Step): void {
    const s = this.s;
    const parts: string[] = [];
    for (let y = 0; y < SEATS; y++) {
      const own = Array.from(this.out.subarray(y * 3, y * 3 + this.outN[y]!), (k) => tileName(k)).join(' ');
      parts.push(`seat ${y}: ${own || '-'}${this.blind[y] ? ` + ${this.blind[y]} blind` : ''}`);
    }
    s.log?.push(`${step.name} (pass ${DIRS[step.dir]}): ${parts.join('; ')}`);
    s.log?.event({
      type: 'charleston',
      pass: step.name,
      direction: DIRS[step.dir],
      tiles: Array.from({ length: SEATS }, (_, y) => Array.from(this.out.subarray(y * 3, y * 3 + this.outN[y]!), (k) => tileName(k))),
      blind: Array.from(this.blind.subarray(0, SEATS)),
    });
  }

  /** Seat `cur`'s choice `a` as a record event. */
  event(a: number): GameEvent {
    const seat = this.s.cur;
    if (a === VOTE_YES || a === VOTE_NO) return { type: 'vote', seat, second: a === VOTE_YES };
    if (a === COURTESY_DONE) return { type: 'pass_done', seat };
    if (a === BLIND) return { type: 'pass_blind', seat };
    return { type: 'pass', seat, pai: tileName(a - PASS_TILE), step: this.step.name };
  }

  /** For a determinization: adds to `counts` the tiles the others have chosen in the pass under
   * way (hidden from `seat`; how many each chose is not). */
  countHidden(seat: number, counts: Int16Array): void {
    if (this.s.phase !== PREPLAY) return;
    for (let y = 0; y < SEATS; y++) {
      if (y !== seat) for (let i = y * 3; i < y * 3 + this.outN[y]!; i++) counts[this.out[i]!]!++;
    }
  }

  /** Refills the slots countHidden counted from `next`, and clears the others' slots left from
   * earlier passes. */
  dealHidden(seat: number, next: () => number): void {
    const choosing = this.s.phase === PREPLAY;
    for (let y = 0; y < SEATS; y++) {
      if (y === seat) continue;
      for (let i = y * 3; i < y * 3 + 3; i++) this.out[i] = choosing && i < y * 3 + this.outN[y]! ? next() : 0;
    }
  }

  describe(): string {
    const s = this.s;
    const off = s.cur * STRIDE;
    return `  [${this.step.name}; seat ${s.cur} to choose, ${this.outN[s.cur]} chosen] seat ${s.cur}: ${tilesModule.formatTiles(s.hand.subarray(off, off + STRIDE))}`;
  }
}

/** `y` let `n` tiles of kind `t` go from its concealed hand: what each passer knows it holds drops by n. */
export function letGo(s: AmericanState, y: number, t: number, n: number): void {
  if (t >= CARD_KINDS) return; // jokers are never passed
  for (let k = 0; k < SEATS; k++) {
    const i = (y * SEATS + k) * CARD_KINDS + t;
    const left = s.passed[i]! - n;
    s.passed[i] = left > 0 ? left : 0;
  }
}
