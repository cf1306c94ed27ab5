// The mahjong table's part in the inference of hidden hands (src/core/infer.ts), for every
// ruleset on the table (Korean, Chinese-American, American).
//
// A particle replays the hand from its first decision. Its other hands are dealt anew at the
// start, and each of their draws is chosen as it comes; what the seat saw is where it saw it
// (its own draws, flowers, every discard, call and kong).
//
// Where the first-turn hands are a uniform deal (Korean, Chinese-American), the deal of a seat
// that discards later leans toward tiles near the hand dealt so far (START_TILT), and the weight
// takes the uniform prior over that proposal, so the particles start from hands whose kept tiles
// hang together, as the hands that the others' later play explains do, where a blind deal seldom
// held one (the weights undo the lean only in principle: START_TILT says how far).
//
// What the record fixes, the proposal keeps: a tile another seat discards or melds later is in
// its hand by then, dealt or drawn before (a discard that is the tile just drawn, tsumogiri,
// makes that draw; one that is not makes the draw another kind); the tiles the record draws
// later (the seat's own, the tsumogiris') and those the other seats must still draw are left in
// the wall. Which of its draws a seat's later needs can still use is checked by matching them
// earliest deadline first (`fits`).
//
// Each draw is chosen with the seat's next decision in view: every tile kind that fits is tried
// as the draw, and the draw is picked in proportion to its copies in the wall times the softened
// policy's probability of the decision the record shows (a fully adapted proposal). So a seat
// that discards an old tile and keeps its draw gets draws it would keep, and a particle's hands
// build up as the real ones did. The particle's weight takes the prior's probability of the
// draw and the decision over the proposal's: the wall's share of the draw, and the policy's
// probability summed over the draws tried. Each of the seat's own draws weighs its prior
// probability (the others hold fewer of a kind the seat draws).
//
// In a claim window, which the seat sees only by its outcome, the seat that made the call makes
// it and every other seat asked passes, each weighed by the softened policy (a pass of a win the
// policy takes is where a late hand learns most: whoever passed is not waiting on that tile). A
// claim that lost to a stronger one is taken to be a pass: the outcome cannot tell them apart.
//
// American: the hand is followed from its first turn. The Charleston before it is played on the
// true table as the record shows it, and the particles deal the others' hands anew there from
// what the seat cannot see, less the tiles it passed them and knows they still hold (the
// table's knownTiles); a decision in the Charleston is dealt uniformly. What the others passed
// is not weighed, but a uniform deal is not the prior at the first turn: the passes left every
// hand nearer a line, the one its later play chases. So where the ruleset gives targets
// (TableState.startLean), each particle draws one for each other seat from that seat's later
// play, and deals its hand with a tile that fills the target's missing tiles `tilt` times as
// likely as another (a joker as likely as the other tiles on average: the Charleston passes
// none). The prior is taken to be that tilted deal (each tile in proportion to its copies times
// its tilt), and the proposal is it restricted to the tiles that fit the record's needs, weighed
// as above. Stated approximations, judged by the calibration they give (issue 49): the targets
// are read from the record, not weighed back by a prior over them; and a move (rejuvenate) weighs
// a traded hand by the tilt to the power of the target tiles it gains, as if the tilted deal
// were that exponential tilt of the uniform one, which it is only nearly. In play, an exposure
// claimed on a discard needs its naturals and jokers in the claimer's hand, a joker exchange its
// natural tile, and the joker it gives is held without a deal or a draw; the softened policy (the
// line-chaser) weighs every discard, exchange, exposure and pass as it does a standard table's.
//
// What the filter leaves unweighed: a claim window the seat is still in (the seats asked before
// it answered unseen), and the American Charleston (above: only its shape, as a target).

import type { RoundHistory, SoftPolicy, Tracker } from '../../../core/infer.js';
import { copyState } from '../../../core/copy.js';
import type { Rng } from '../../../core/rng.js';
import type { Due } from '../../../core/chance.js';
import { ChanceError, type GameEvent, sameEvent } from '../../../core/trace.js';
import * as tilesModule from '../tiles.js';
import * as actionsModule from './actions.js';
import { determinizeGiven } from './determinize.js';
import * as flowModule from './flow.js';
import { WallChance } from './record-chance.js';
import * as stateModule from './state.js';
import type { TableState, WritableTable } from './state.js';
import type { LaterExposure, StartLean } from './hooks.js';

const { FLOWER, HONOR, JOKER, KINDS, PLAY_KINDS, tileKind } = tilesModule;
const { DISCARD, KONG, PASS, PUNG, SELF_KONG, WIN } = actionsModule;
const { addTile, prepareTurn, takeTiles } = flowModule;
const { CLAIM, PREPLAY, SEATS, STRIDE, TURN } = stateModule;

/** The share of the moves whose traded tile is one the softened policy would have discarded
 * where the record shows another decision (rejuvenate); the rest pick a tile uniformly. */
const AIMED = 0.5;

/** How near a tile lies to a hand (tradeFor): 1, and NEAR_SAME for each copy of its kind in
 * the hand, 1 for each of the next kinds in its suit, NEAR_TWO for each two away. */
const NEAR_SAME = 2;
const NEAR_ONE = 1;
const NEAR_TWO = 0.5;

/**
 * Where the hands at the first turn are a uniform deal (no Charleston), how much the deal leans
 * toward tiles near the hand dealt so far (`nearness`): each tile's chance in the proposal is its
 * copies times 1 + START_TILT * (nearness - 1), for each seat that discards later in the record
 * (one that has not is dealt as the prior, so a decision before anyone's play keeps even
 * weights). The particle's weight takes the uniform prior over the proposal, so in principle the
 * target stays as it is; in practice the weights are too uneven to undo the lean where the play
 * says little (2,048 particles leaned as far as 256: README), so the particles keep it, a stated
 * approximation judged by the calibration it gives. Why: the others' later play says that the
 * tiles they kept hung together, and a blind deal seldom holds such hands, so the particles that
 * explained the play were few and their hands too far from ready (issue 49: the Korean cell of
 * the calibration study, games 0-119, seed 2026, 2026-12-07: the others ready at the decision in
 * 13.7% of the particles against 23.1% truly, leaning 8 in 16.7%; the value off 30% of an
 * action's value, leaning 9%, though early in a hand the particles now lean too far: -14%). On
 * games 0-59, leaning every seat, discarded or not, 1, 3, 8 and 16 gave 24%, 20%, 4% and 7% (27%
 * unleaned); a lean growing with the seat's discards (1 a discard, up to 8) 25%.
 */
export const START_TILT = 8;

/** How near a tile of kind k lies to the hand at hand[off..] (NEAR_SAME, NEAR_ONE, NEAR_TWO). */
function nearness(hand: ArrayLike<number>, off: number, k: number): number {
  let g = 1 + NEAR_SAME * hand[off + k]!;
  if (k < HONOR) {
    const r = k % 9;
    if (r > 0) g += NEAR_ONE * hand[off + k - 1]!;
    if (r < 8) g += NEAR_ONE * hand[off + k + 1]!;
    if (r > 1) g += NEAR_TWO * hand[off + k - 2]!;
    if (r < 7) g += NEAR_TWO * hand[off + k + 2]!;
  }
  return g;
}

/** log(n!) for the copies a hand can hold of a kind (up to 8 of American's jokers and flowers). */
const LOG_FACTORIAL = Array.from({ length: 9 }, (_, n) =>
  n < 2 ? 0 : Math.log(Array.from({ length: n }, (_, i) => i + 1).reduce((x, y) => x * y)),
);

/** Claim answers: a window's decisions, which the seat sees only by its outcome (American's
 * `expose`: a discard claimed into an exposure). */
const ANSWERS = new Set(['none', 'pon', 'chi', 'daiminkan', 'expose']);
const isAnswer = (e: GameEvent): boolean => ANSWERS.has(e.type) || (e.type === 'hora' && e.target !== e.seat);
/** A turn's decisions, seen by all (American's `exchange`: a natural tile for an exposed joker). */
const TURNS = new Set(['dahai', 'ankan', 'kakan', 'hora', 'exchange', 'action']);
const isTurn = (e: GameEvent): boolean => TURNS.has(e.type) && !isAnswer(e);

/** One turn decision of the record, and the claim window its discard or added kong opened. */
interface Step {
  /** The line of the record's event. */
  line: number;
  /** The record's event. */
  want: GameEvent;
  /** The table action the event most likely is (guessOf), or -1. */
  guess: number;
  seat: number;
  /** Per seat, its answer in the window (null: not asked, or no window), and who won the tile
   * (-1: nobody). */
  answers: (GameEvent | null)[] | null;
  winner: number;
  /** The line of the seat's free draw just before, which this decision chooses (-1: none). */
  drawLine: number;
}

/** Tiles another seat must hold: `count` of `kind` by the time of `line`, from its hand or its
 * free draws before `pos` (their index, the deal's first). */
interface Need {
  line: number;
  kind: number;
  count: number;
  pos: number;
}

/** A draw the seat did not see, by another seat. */
interface HiddenDraw {
  seat: number;
  /** Its index among the seat's free draws (its deal first), or -1 when the record fixes it:
   * the tile discarded next as the draw (tsumogiri). */
  free: number;
  /** The kind it must be (tsumogiri), or -1. */
  forced: number;
  /** The draws the record fixes after it (the seat's own, the tsumogiris'), by kind: left in the wall. */
  reserved: Int8Array;
}

/** The tracker of one hand's history for its seat, or why there is none; `startTilt` is the lean
 * of a uniform first-turn deal (START_TILT; 0: none). */
export function tableTracker(h: RoundHistory<TableState>, soft: SoftPolicy, startTilt = START_TILT): Tracker<TableState> | string {
  // After a Charleston the hands at the first turn are not a uniform deal: the ruleset's own
  // start (startLean) is the prior there, and nothing leans it further.
  const uniformStart = h.first.phase !== PREPLAY;
  let first = h.first;
  let events = h.events;
  if (first.phase === PREPLAY) {
    // The American Charleston: the record's passes are played on the true table to the first
    // turn, where the particles start. What the others passed stays theirs: the particles deal
    // their hands anew there from what the seat cannot see (less the tiles it passed them that
    // they still hold), so the passes inform nothing (see the top).
    const played = playCharleston(h, soft);
    if (typeof played === 'string') return played;
    [first, events] = played;
  }
  if (first.phase !== TURN) return 'the hand starts with decisions before play, which the inference does not follow';
  for (const e of events)
    if (e.type === 'action') return `a ruleset's own action (${JSON.stringify(e).slice(0, 60)}) is not followed by the inference`;
  return new TableTracker(first, events, h.seat, soft, uniformStart ? startTilt : 0);
}

/** Charleston decisions of the record (the table's `pass` and the ruleset's outcome events
 * between them, which the play makes anew). */
const CHARLESTON = new Set(['pass', 'pass_blind', 'pass_done', 'vote']);

/**
 * The table at the hand's first turn, the Charleston before it played as the record shows it,
 * and the record's events from that turn on; or why not (the decision is in the Charleston).
 */
function playCharleston(h: RoundHistory<TableState>, soft: SoftPolicy): [TableState, readonly GameEvent[]] | string {
  const { game, rules } = soft;
  const s = game.create(rules) as TableState;
  game.copy(h.first, s);
  const legal = new Int16Array(game.maxActions(rules));
  let i = 0;
  for (; i < h.events.length && s.phase === PREPLAY; i++) {
    const e = h.events[i]!;
    if (!CHARLESTON.has(e.type)) continue;
    const m = game.legal(s, legal);
    let a = -1;
    for (let j = 0; j < m && a < 0; j++) if (sameEvent(game.actionEvent(s, legal[j]!, 0), e)) a = legal[j]!;
    if (a < 0) return `the record's Charleston decision ${JSON.stringify(e).slice(0, 60)} is not legal here`;
    game.apply(s, a, 0);
  }
  if (s.phase === PREPLAY) return "the Charleston's passes are not followed by the inference: the dealing is uniform until play starts";
  // The outcome events of the last pass, which the play after makes no more.
  while (i < h.events.length && !isTurn(h.events[i]!) && h.events[i]!.type !== 'tsumo') i++;
  return [s, h.events.slice(i)];
}

class TableTracker implements Tracker<TableState> {
  readonly steps: number;
  private readonly seat: number;
  private readonly events: readonly GameEvent[];
  private readonly plan: Step[] = [];
  /** Whether the decision now answers the last step's window (still open). */
  private readonly openWindow: boolean;
  /** The draws of the history, in order, as a record's chance (WallChance) takes them. */
  private readonly due: Due[] = [];
  /** Per line of the history (from 1): the hidden draw there, else undefined. */
  private readonly hidden: (HiddenDraw | undefined)[];
  /** Per seat: what it must hold, in order; and per free draw (its deal first) the kind it cannot
   * be (its next discard is another tile of that kind), or -1. */
  private readonly needs: Need[][] = Array.from({ length: SEATS }, () => []);
  private readonly forbids: number[][] = Array.from({ length: SEATS }, () => []);
  /** The draws the record fixes, by kind: left in the wall by the deal. */
  private readonly atDeal = new Int8Array(KINDS);
  private readonly chances: WallChance[] = [];
  /** The particle being played, and its stream. */
  private cur: TableState | null = null;
  private rng: Rng | null = null;
  /** The log weight taken by the particle under way since it was reset. */
  lw = 0;
  /** The index of the particle under way (-1 in a replay). */
  private idx = -1;
  /** Per particle: the tiles its deal gave each other seat beyond those the seat knows of
   * (seat * STRIDE + kind), and the kind of each hidden draw, by line (-1: none). A replay
   * (rejuvenate) plays them again. */
  private deals: Int8Array[] = [];
  private draws: Int8Array[] = [];
  /** Per seat, the targets its first-turn hand is dealt toward (TableState.startLean), or null;
   * and per particle, the target it drew for each seat (seat * STRIDE + kind, want-counts). */
  private readonly leans: (StartLean | null)[] = new Array(SEATS).fill(null);
  private wants: Int8Array[] = [];
  /** Per seat, its discards by kind and its exposures in the record (layDraws), for startLean. */
  private readonly discarded: Int16Array[] = Array.from({ length: SEATS }, () => new Int16Array(KINDS));
  private readonly exposed: LaterExposure[][] = Array.from({ length: SEATS }, () => []);
  /** Per seat, the tiles the seat knew were in its hand at the first turn (knownTiles). */
  private readonly firstKnown = new Int8Array(SEATS * STRIDE);
  /** In a replay, the draws it plays (the hidden ones fixed, nothing weighed but the decisions). */
  private replaying: Int8Array | null = null;
  /**
   * In a replay, the seat whose decisions are weighed and made anew (-1: every seat's). A move
   * changes one seat's hidden tiles, and the softened policy of another seat reads only its own
   * hand and the table, so that seat's decisions and their probabilities are the ones the
   * particle's last replay found: they are applied from `acts` unweighed, and only the traded
   * seat's probabilities (`seatLw`) are taken anew. That keeps the moves exact and spares about
   * three quarters of the policy's work, the bulk of a mahjong decision's inference.
   */
  private only = -1;
  /** The actions the particle's replay applied, per step: its turn decision, then each seat's
   * answer in its window (slot = step * (SEATS + 1) + 0 or 1 + seat); a trial writes its own. */
  private readonly acts: Int16Array;
  private readonly trialActs: Int16Array;
  private replayActs: Int16Array;
  /** The action `decide` applied last. */
  private applied = -1;
  /** Per seat, the log probability of its decisions in the particle's replay. */
  private readonly seatLw = new Float64Array(SEATS);
  private replayWall: WallChance | null = null;
  /**
   * Per seat and kind (seat * STRIDE + kind): 1 where the seat's policy, in the particle's replay,
   * would have discarded a tile of the kind at a decision where the record shows another
   * (`aims`), and the same for a move's trial; `blameOut` is the one a replay writes (null: none).
   */
  private readonly aims = new Uint8Array(SEATS * STRIDE);
  private readonly trialAims = new Uint8Array(SEATS * STRIDE);
  private blameOut: Uint8Array | null = null;
  /** Whether the step under way met a decision the policy would not have made (strained). */
  private strain = false;
  private spare: TableState | null = null;
  private readonly trial = new Int8Array(SEATS * STRIDE);
  private readonly redraws: Int8Array;
  private readonly held = new Int8Array(SEATS * STRIDE);
  private readonly free = new Uint8Array(KINDS);
  private readonly heldNext = new Int8Array(SEATS * STRIDE);
  /** The lines of the others' free draws (those the record does not fix). */
  private readonly freeLines: number[] = [];
  private readonly legal: Int16Array;
  private readonly allowed = new Int16Array(16);
  // Scratch.
  private readonly wall = new Int16Array(KINDS);
  private readonly owed = new Int16Array(KINDS);
  private readonly have = new Int16Array(KINDS);
  private readonly fit = new Uint8Array(KINDS);
  private readonly jobKind = new Int16Array(64);
  private readonly jobPos = new Int16Array(64);
  private readonly jobDone = new Uint8Array(64);
  private readonly given = new Int8Array(SEATS * STRIDE);
  private readonly known = new Int8Array(STRIDE);
  private readonly tryP = new Float64Array(KINDS);
  private readonly near = new Float64Array(KINDS);
  /** Per seat, the lean of its first-turn deal toward tiles near its hand (START_TILT), or 0. */
  private readonly startTilt = new Float64Array(SEATS);

  constructor(
    /** The table at the hand's first turn decision (after the Charleston, in American). */
    private readonly first: TableState,
    events: readonly GameEvent[],
    seat: number,
    private readonly soft: SoftPolicy,
    startTilt: number,
  ) {
    this.seat = seat;
    this.events = events;
    this.legal = new Int16Array(soft.game.maxActions(soft.rules));
    this.hidden = new Array(events.length + 2);
    this.redraws = new Int8Array(events.length + 2);
    this.layDraws();
    for (let y = 0; y < SEATS; y++) {
      if (y === seat) continue;
      first.knownTiles(seat, y, this.firstKnown.subarray(y * STRIDE, (y + 1) * STRIDE));
      this.leans[y] = first.startLean(this.discarded[y]!, this.exposed[y]!);
      if (this.discarded[y]!.some((c) => c > 0)) this.startTilt[y] = startTilt;
    }
    for (let line = 1; line < this.hidden.length; line++) if ((this.hidden[line]?.free ?? -1) >= 0) this.freeLines.push(line);
    // The turn decisions and their windows.
    let open = false;
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      if (!isTurn(e)) continue;
      const prev = this.previous(i, e.seat!);
      const drawLine = prev >= 0 && this.hidden[prev + 1] !== undefined && this.hidden[prev + 1]!.free >= 0 ? prev + 1 : -1;
      const step: Step = { line: i + 1, want: e, guess: guessOf(e), seat: e.seat!, answers: null, winner: -1, drawLine };
      open = false;
      if (e.type === 'dahai' || e.type === 'kakan') {
        const answers: (GameEvent | null)[] = new Array(SEATS).fill(null);
        let j = i + 1;
        for (; j < events.length && isAnswer(events[j]!); j++) answers[events[j]!.seat!] = events[j]!;
        open = j === events.length;
        // Who won the tile (American lays the exposure before the call's event).
        while (j < events.length && events[j]!.type === 'exposure') j++;
        const next = events[j];
        step.answers = answers;
        if (next && (next.type === 'call' || next.type === 'win')) step.winner = next.seat!;
      }
      this.plan.push(step);
    }
    this.openWindow = open;
    this.steps = this.plan.length;
    this.acts = new Int16Array(this.steps * (SEATS + 1));
    this.trialActs = new Int16Array(this.acts.length);
    this.replayActs = this.acts;
  }

  /** The index of seat y's last event before event i, or -1. */
  private previous(i: number, y: number): number {
    for (let j = i - 1; j >= 0; j--) if (this.events[j]!.seat === y) return j;
    return -1;
  }

  /** Whether the draw at `line` is one the seat did not see. */
  isHidden(line: number): boolean {
    return this.hidden[line] !== undefined;
  }

  /** The history's draws as chance, and for each other seat its free draws and needs. */
  private layDraws(): void {
    const { events, seat, first } = this;
    // Free draws so far per seat: the deal's first.
    const free = new Int32Array(SEATS);
    for (let y = 0; y < SEATS; y++) {
      free[y] = y === seat ? 0 : this.unknownAt(first, y);
      for (let j = 0; j < free[y]!; j++) this.forbids[y]!.push(-1);
    }
    const none = new Int8Array(KINDS);
    /** Per seat, the jokers its exchanges gave it that no need has used yet. */
    const jokers = new Int32Array(SEATS);
    /** The draws whose tiles the record fixes: the seat's own, and tsumogiri draws. */
    const fixed: { line: number; kind: number }[] = [];
    events.forEach((e, i) => {
      const line = i + 1;
      const y = e.seat ?? -1;
      if (e.type === 'tsumo' || e.type === 'flower') {
        const kind = tileKind(e.pai as string);
        this.due.push({ value: kind, line });
        if (e.type === 'flower' || y === seat) {
          if (e.type === 'tsumo') fixed.push({ line, kind });
          return;
        }
        // Another seat's draw: its next decision says what it can be.
        const next = events.slice(i + 1).find((f) => f.seat === y && (isTurn(f) || f.type === 'flower' || f.type === 'tsumo'));
        const pai = next?.type === 'dahai' ? tileKind(next.pai as string) : -1;
        const forced = pai >= 0 && next!.tsumogiri === true ? pai : -1;
        this.hidden[line] = { seat: y, free: forced >= 0 ? -1 : free[y]!, forced, reserved: none };
        if (forced >= 0) fixed.push({ line, kind: forced });
        else {
          this.forbids[y]!.push(pai);
          free[y]!++;
        }
        return;
      }
      if (y < 0 || y === seat) return;
      const need = (kind: number, count: number): void => {
        // A joker taken from an exposure by an exchange is held without a deal or a draw.
        if (kind === JOKER) {
          const use = Math.min(count, jokers[y]!);
          jokers[y]! -= use;
          count -= use;
        }
        if (count > 0) this.needs[y]!.push({ line, kind, count, pos: free[y]! });
      };
      if (e.type === 'joker_exchange') {
        jokers[y]!++;
        return;
      }
      if (isTurn(e)) {
        if (e.type === 'dahai') {
          this.discarded[y]![tileKind(e.pai as string)]!++;
          // A tsumogiri discards the tile its draw was made to be; every other discard is held.
          const prev = this.previous(i, y);
          if (!(e.tsumogiri === true && prev >= 0 && (this.hidden[prev + 1]?.forced ?? -1) >= 0)) need(tileKind(e.pai as string), 1);
        } else if (e.type === 'ankan') need(tileKind((e.consumed as string[])[0]!), 4);
        else if (e.type === 'kakan' || e.type === 'exchange') need(tileKind(e.pai as string), 1);
      } else if (e.type === 'call') {
        const ans = events
          .slice(0, i)
          .reverse()
          .find((f) => f.seat === y && isAnswer(f));
        if (ans?.type === 'expose') {
          // An American exposure: the claimed tile, its other naturals and its jokers.
          const size = ans.size as number;
          const j = ans.jokers as number;
          this.exposed[y]!.push({ kind: tileKind(ans.pai as string), size, jokers: j });
          need(tileKind(ans.pai as string), size - j - 1);
          need(JOKER, j);
        } else for (const t of (ans?.consumed as string[] | undefined) ?? []) need(tileKind(t), 1);
      }
    });
    for (let line = 1; line < this.hidden.length; line++) {
      const d = this.hidden[line];
      if (!d) continue;
      const r = new Int8Array(KINDS);
      for (const o of fixed) if (o.line > line) r[o.kind]!++;
      d.reserved = r;
    }
    for (const o of fixed) this.atDeal[o.kind]!++;
  }

  /** The tiles of y's concealed hand that the seat does not know are there. */
  private unknownAt(s: TableState, y: number): number {
    this.known.fill(0);
    s.knownTiles(this.seat, y, this.known);
    let u = 0;
    for (let k = 0; k < KINDS; k++) u += s.hand[y * STRIDE + k]! - this.known[k]!;
    return u;
  }

  private chance(i: number): WallChance {
    let c = this.chances[i];
    if (!c) c = this.chances[i] = new ParticleWall(this.due, () => this.cur!, this.events.length, this);
    return c;
  }

  /** The particle's undrawn wall by kind, into `wall`; its total. */
  private countWall(p: TableState): number {
    const w = this.wall;
    w.fill(0);
    const t = p.wall.tiles;
    for (let j = p.wall.head; j < p.wall.tail; j++) w[t[j]!]!++;
    return p.wall.tail - p.wall.head;
  }

  /**
   * Marks in `fit` the kinds seat y's free draw `d` (at `line`, 0 for the deal) may be, its hand
   * holding `hand[off..]`: those after which its later free draws can still bring every tile its
   * later needs are short of. Returns whether any kind fits. The short tiles are jobs with
   * deadlines; a draw takes the first job in deadline order whose kind it may be (earliest
   * deadline first).
   */
  private fits(y: number, d: number, line: number, hand: Int8Array, off: number): boolean {
    const { have, jobKind, jobPos, fit } = this;
    for (let k = 0; k < KINDS; k++) have[k] = hand[off + k]!;
    let jobs = 0;
    for (const n of this.needs[y]!) {
      if (n.line <= line) continue;
      const use = Math.min(n.count, have[n.kind]!);
      have[n.kind]! -= use;
      for (let r = use; r < n.count; r++) {
        if (jobs === jobKind.length) return false;
        jobKind[jobs] = n.kind;
        jobPos[jobs++] = n.pos;
      }
    }
    const forbid = this.forbids[y]![d] ?? -1;
    fit.fill(0);
    if (this.meets(y, d + 1, jobs, -1)) {
      fit.fill(1);
      if (forbid >= 0) fit[forbid] = 0;
      return true;
    }
    // This draw must be one of the short tiles: one of each kind, taken off first.
    let any = false;
    for (let j = 0; j < jobs; j++) {
      const k = jobKind[j]!;
      if (k === forbid || fit[k] === 1 || jobPos[j]! <= d) continue;
      if (this.meets(y, d + 1, jobs, j)) {
        fit[k] = 1;
        any = true;
      }
    }
    return any;
  }

  /** Whether y's free draws from `from` on meet jobs 0..n (but `skip`), earliest deadline first. */
  private meets(y: number, from: number, n: number, skip: number): boolean {
    const { jobKind, jobPos, jobDone } = this;
    const forbids = this.forbids[y]!;
    jobDone.fill(0, 0, n);
    if (skip >= 0) jobDone[skip] = 1;
    let left = n - (skip >= 0 ? 1 : 0);
    for (let j = from; j < forbids.length && left > 0; j++) {
      for (let i = 0; i < n; i++) {
        if (jobDone[i]) continue;
        if (jobPos[i]! <= j) return false;
        if (jobKind[i] === forbids[j]) continue;
        jobDone[i] = 1;
        left--;
        break;
      }
    }
    return left === 0;
  }

  /** The copies of `k` a draw of seat y may take: none of a flower (it would have been set aside
   * and shown), none that do not fit; of the rest, what the wall holds beyond what later draws
   * the record fixes and the other seats' needs keep there. */
  private copies(k: number, reserved: Int8Array): number {
    if (k >= this.cur!.asideFrom || this.fit[k] === 0) return 0;
    return Math.max(0, this.wall[k]! - reserved[k]! - this.owed[k]!);
  }

  /** Sets `owed`: what each seat than y and the deciding seat will discard or meld after `line`
   * beyond what it holds, by kind: it must draw those, so they stay in the wall. */
  private countOwed(p: TableState, y: number, line: number): void {
    const { owed, have } = this;
    owed.fill(0);
    for (let z = 0; z < SEATS; z++) {
      if (z === y || z === this.seat) continue;
      have.fill(0);
      for (const n of this.needs[z]!) if (n.line > line) have[n.kind]! += n.count;
      for (let k = 0; k < KINDS; k++) if (have[k]! > 0) owed[k]! += Math.max(0, have[k]! - p.hand[z * STRIDE + k]!);
    }
  }

  /**
   * A tile for seat y's free draw `d` at `line` chosen blind: in proportion to the copies it may
   * take; adds the prior's probability over the proposal's to `lw` when `weigh`. -1: none fits.
   */
  private propose(p: TableState, y: number, d: number, line: number, reserved: Int8Array, total: number, weigh: boolean): number {
    this.countOwed(p, y, line);
    if (!this.fits(y, d, line, p.hand, y * STRIDE)) return -1;
    const q = this.tryP;
    // A deal toward a target (startLean): each kind's copies times its tilt, in the prior and the proposal.
    const lean = weigh && this.leans[y] !== null;
    // A uniform prior's deal leaning toward tiles near the hand (START_TILT): the proposal alone.
    const tilt = this.startTilt[y]!;
    const start = weigh && !lean && tilt > 0;
    let sum = 0;
    for (let k = 0; k < KINDS; k++) {
      const c = this.copies(k, reserved);
      q[k] = lean ? c * this.tiltOf(p, y, k) : start ? c * (1 + tilt * (nearness(p.hand, y * STRIDE, k) - 1)) : c;
      sum += q[k]!;
    }
    if (sum === 0) return -1;
    let u = this.rng!.next() * sum;
    let k = 0;
    for (; k < KINDS - 1; k++) {
      if (u < q[k]!) break;
      u -= q[k]!;
    }
    if (lean) this.lw += Math.log((this.wall[k]! * this.tiltOf(p, y, k) * sum) / (this.tiltedPool(p, y) * q[k]!));
    else if (weigh) this.lw += Math.log((this.wall[k]! * sum) / (total * q[k]!));
    return k;
  }

  /** How much likelier the particle's deal makes a tile of kind k in y's hand (`p`'s, at the
   * first turn, as dealt so far): the lean's tilt where it fills a missing tile of y's target, else 1. */
  private tiltOf(p: TableState, y: number, k: number): number {
    const lean = this.leans[y];
    if (!lean) return 1;
    if (k === JOKER) return this.jokerTilt(p, y);
    return this.missing(p.hand, y * STRIDE, this.wantOf(this.idx), y, k) ? Math.exp(lean.tilt) : 1;
  }

  /** A joker's tilt: the mean of the other tiles' in the pool (`wall`), so that each tile dealt is
   * a joker as often as in a uniform deal. The Charleston passes no joker, so a hand holds at the
   * first turn the jokers it was dealt; tilted as a target tile (a joker fills most targets'
   * slots) the others held half a joker a hand too many at the decision, untilted 0.4 too few. */
  private jokerTilt(p: TableState, y: number): number {
    const n = this.othersInPool();
    return n > 0 ? this.tiltedOthers(p, y) / n : 1;
  }

  /** The pool's tiles other than jokers (`wall`; the joker is the last kind), each times its tilt for y. */
  private tiltedOthers(p: TableState, y: number): number {
    let t = 0;
    for (let k = 0; k < JOKER; k++) t += this.wall[k]! * this.tiltOf(p, y, k);
    return t;
  }

  /** How many tiles other than jokers the pool holds. */
  private othersInPool(): number {
    let n = 0;
    for (let k = 0; k < JOKER; k++) n += this.wall[k]!;
    return n;
  }

  /** Whether the hand at hand[off..] holds fewer of kind k than y's target `want` uses (every
   * flower counted as one kind). */
  private missing(hand: ArrayLike<number>, off: number, want: Int8Array, y: number, k: number): boolean {
    if (k < FLOWER) return hand[off + k]! < want[y * STRIDE + k]!;
    let f = 0;
    for (let j = FLOWER; j < JOKER; j++) f += hand[off + j]!;
    return f < want[y * STRIDE + FLOWER]!;
  }

  /** The pool (`wall`, counted by begin) with each kind's copies times its tilt for y. */
  private tiltedPool(p: TableState, y: number): number {
    // The others' sum once, the joker's tilt (their mean) from it: the same sums in the same order.
    const t = this.tiltedOthers(p, y);
    const n = this.othersInPool();
    return t + this.wall[JOKER]! * (n > 0 ? t / n : 1);
  }

  /** The tiles of y's target its first-turn hand (what the seat knew there and `deal`'s) holds. */
  private filled(deal: Int8Array, y: number, want: Int8Array): number {
    const off = y * STRIDE;
    let n = 0;
    let f = 0;
    for (let k = 0; k < JOKER; k++) {
      const c = this.firstKnown[off + k]! + deal[off + k]!;
      if (k < FLOWER) n += Math.min(c, want[off + k]!);
      else f += c;
    }
    return n + Math.min(f, want[off + FLOWER]!);
  }

  /** A hidden draw at `line` (the chance asks): a tsumogiri's tile, weighed by its share of the
   * wall; a free draw, for now any tile that fits, unweighed: the decision after it chooses it
   * anew (guided). */
  drawHidden(line: number): number {
    if (this.replaying) {
      const k = this.replaying[line]!;
      return k < 0 ? this.fail(0) : k;
    }
    const p = this.cur!;
    const d = this.hidden[line]!;
    const total = this.countWall(p);
    if (d.forced >= 0) {
      this.countOwed(p, d.seat, line);
      if (this.wall[d.forced]! <= d.reserved[d.forced]! + this.owed[d.forced]!) return this.fail(d.forced);
      this.lw += Math.log(this.wall[d.forced]! / total);
      return (this.drawsOf(this.idx)[line] = d.forced);
    }
    const k = this.propose(p, d.seat, d.free, line, d.reserved, total, false);
    return k < 0 ? this.fail(0) : (this.drawsOf(this.idx)[line] = k);
  }

  /** The seat's own draw (or a flower) at `line`: weighed by its prior probability. */
  drawSeen(kind: number): void {
    if (this.replaying) return;
    const total = this.countWall(this.cur!);
    this.lw += this.wall[kind]! > 0 ? Math.log(this.wall[kind]! / total) : -Infinity;
  }

  private fail(k: number): number {
    this.lw = -Infinity;
    return k;
  }

  begin(p: TableState, i: number, rng: Rng): number {
    const { seat, given } = this;
    // The filter gives the round's first table; after a Charleston the particle starts later.
    if (this.first.phase !== p.phase) this.soft.game.copy(this.first, p);
    this.chance(i).seek(0);
    this.idx = i;
    this.cur = p;
    this.rng = rng;
    this.lw = 0;
    // The pool: every other hand's unknown tiles and the wall, counted into `wall`.
    let total = this.poolOf(p);
    given.fill(0);
    const sizes = new Int32Array(SEATS);
    for (let y = 0; y < SEATS; y++) if (y !== seat) sizes[y] = this.unknownAt(p, y);
    // Each other hand dealt anew, tile by tile, its known tiles first (the proposal reads the
    // hand dealt so far), from the pool less what later draws the record fixes.
    const saved = p.hand.slice();
    for (let y = 0; y < SEATS; y++) {
      if (y === seat) continue;
      this.known.fill(0);
      p.knownTiles(seat, y, this.known);
      for (let k = 0; k < KINDS; k++) (p as WritableTable).hand[y * STRIDE + k] = this.known[k]!;
    }
    if (this.leans.some((l) => l !== null)) {
      const want = this.wantOf(i);
      for (let y = 0; y < SEATS; y++) this.leans[y]?.pick(rng, want, y * STRIDE);
    }
    for (let y = 0; y < SEATS; y++) {
      if (y === seat) continue;
      // First the tiles its later free draws cannot bring in time (must), each weighed by its
      // share of the pool (tilted toward the target); then the rest, each tile that fits in
      // proportion to its copies (tilted).
      const must = this.mustDeal(p, y, sizes[y]!);
      if (must === null) {
        p.hand.set(saved);
        return -Infinity;
      }
      for (let d = 0; d < sizes[y]!; d++) {
        let k: number;
        if (d < must.length) {
          k = must[d]!;
          this.countOwed(p, y, 0);
          if (this.wall[k]! <= this.atDeal[k]! + this.owed[k]!) k = -1;
          else if (this.leans[y]) this.lw += Math.log((this.wall[k]! * this.tiltOf(p, y, k)) / this.tiltedPool(p, y));
          else this.lw += Math.log(this.wall[k]! / total);
        } else k = this.propose(p, y, d, 0, this.atDeal, total, true);
        if (k < 0) {
          p.hand.set(saved);
          return -Infinity;
        }
        this.wall[k]!--;
        total--;
        (p as WritableTable).hand[y * STRIDE + k]!++;
        given[y * STRIDE + k]!++;
      }
      // The hand is proposed in one order, its must tiles first, and the weight so far is the
      // prior's probability of that order over the proposal's. The prior deals a hand in any
      // order; taking as the filter's target each hand with its must-first orders alike, the
      // weight gains the hand's count of orders over its count of must-first ones: up to a
      // factor common to every particle, the product over the must kinds of (c - m)! / c!, c
      // the hand's copies of the kind and m the must tiles'. Without it a hand holding a must
      // kind twice weighed as much as one holding it once, where the prior makes it half as
      // likely to hold the must tile.
      for (let j = 0; j < must.length; j++) {
        const k = must[j]!;
        if (must.indexOf(k) !== j) continue;
        let m = 0;
        for (const t of must) if (t === k) m++;
        const c = given[y * STRIDE + k]!;
        this.lw += LOG_FACTORIAL[c - m]! - LOG_FACTORIAL[c]!;
      }
    }
    p.hand.set(saved);
    this.dealOf(i).set(given);
    this.drawsOf(i).fill(-1);
    // Laid on the table as a determinization lays its hands, the wall from the rest; then the
    // wall draws as a record's chance does. (The first decision is a turn: the determinization
    // reads nothing of the table it copies from but the table itself.)
    determinizeGiven(p, seat, rng, p, given, -1);
    p.wall.unpair();
    return this.lw;
  }

  /** The tiles y's deal (of `size`) must hold: those of its needs its free draws after the deal
   * cannot bring in time (matched earliest deadline first), by kind; null when even the deal
   * cannot. */
  private mustDeal(p: TableState, y: number, size: number): number[] | null {
    const { have, jobKind, jobPos, jobDone } = this;
    const off = y * STRIDE;
    for (let k = 0; k < KINDS; k++) have[k] = p.hand[off + k]!;
    let jobs = 0;
    for (const n of this.needs[y]!) {
      const use = Math.min(n.count, have[n.kind]!);
      have[n.kind]! -= use;
      for (let r = use; r < n.count; r++) {
        if (jobs === jobKind.length) return null;
        jobKind[jobs] = n.kind;
        jobPos[jobs++] = n.pos;
      }
    }
    // Earliest deadline first over the draws after the deal; what is left must be dealt.
    const forbids = this.forbids[y]!;
    jobDone.fill(0, 0, jobs);
    for (let j = size; j < forbids.length; j++) {
      for (let i = 0; i < jobs; i++) {
        if (jobDone[i] || jobPos[i]! <= j) continue;
        if (jobKind[i] === forbids[j]) continue;
        jobDone[i] = 1;
        break;
      }
    }
    const must: number[] = [];
    for (let i = 0; i < jobs; i++) if (!jobDone[i]) must.push(jobKind[i]!);
    return must.length <= size ? must : null;
  }

  /** Counts into `wall` every tile the seat cannot see in `p` (other hands' unknown tiles, the
   * wall); the total. */
  private poolOf(p: TableState): number {
    this.wall.fill(0);
    p.wall.countUndrawn(this.wall);
    let total = p.wall.undrawn();
    for (let y = 0; y < SEATS; y++) {
      if (y === this.seat) continue;
      this.known.fill(0);
      p.knownTiles(this.seat, y, this.known);
      for (let k = 0; k < KINDS; k++) {
        const c = p.hand[y * STRIDE + k]! - this.known[k]!;
        this.wall[k]! += c;
        total += c;
      }
    }
    return total;
  }

  advance(p: TableState, i: number, k: number, rng: Rng): number {
    const { soft, seat } = this;
    const step = this.plan[k]!;
    if ((p.phase !== TURN && p.phase !== PREPLAY) || p.cur !== step.seat) return -Infinity;
    this.cur = p;
    this.rng = rng;
    this.lw = 0;
    this.idx = i;
    this.strain = false;
    p.rng = this.replaying ? this.replayWall! : this.chance(i);
    const slot = k * (SEATS + 1);
    if (step.seat !== seat && step.drawLine >= 0 && !this.replaying) {
      if (!this.guided(p, step)) return -Infinity;
    } else if (!this.decideAt(p, step.seat, slot, step.want, step.guess, true)) return -Infinity;
    if (step.answers) {
      const last = k === this.steps - 1;
      // The call or win the record shows after the window must be made in it: a particle whose
      // caller cannot make it (a move traded a tile of the meld away) opens no window, and would
      // play on with every later draw going to the wrong seat.
      let called = step.winner < 0;
      while (phaseOf(p) === CLAIM && this.lw > -Infinity) {
        const y = p.cur;
        if (y === step.winner) called = true;
        if (last && this.openWindow) {
          if (y === seat) break;
          // Answered unseen before the seat's own decision: a pass, weighed by nothing.
          if (!this.decideAt(p, y, slot + 1 + y, null, PASS, false)) return -Infinity;
          continue;
        }
        const ans = y === seat || y === step.winner ? step.answers[y] : null;
        if (!this.decideAt(p, y, slot + 1 + y, ans ?? null, ans ? guessOf(ans) : PASS, true)) return -Infinity;
      }
      if (!called) return -Infinity;
    }
    if (this.lw === -Infinity) return -Infinity;
    if (k === this.steps - 1) {
      if (soft.game.toAct(p) !== seat) return -Infinity;
      if ((phaseOf(p) === CLAIM) !== this.openWindow) return -Infinity;
    }
    return this.lw;
  }

  /**
   * Another seat's decision after its free draw: the draw chosen anew with the decision in view
   * (see the top). Every kind that fits is tried as the draw and weighed by its copies times the
   * softened policy's probability of the record's decision; one is picked in proportion, the
   * particle takes the prior over the proposal, and the decision is made.
   */
  private guided(p: TableState, step: Step): boolean {
    const y = step.seat;
    const line = step.drawLine;
    const d = this.hidden[line]!;
    const t0 = p.drawn;
    const off = y * STRIDE;
    // The hand without the draw, the wall with it.
    takeTiles(p, y, t0, 1);
    const total = this.countWall(p) + 1;
    this.wall[t0]!++;
    this.countOwed(p, y, line);
    if (!this.fits(y, d.free, line, p.hand, off)) return this.undo(p, y, t0);
    const { tryP } = this;
    let sum = 0;
    for (let k = 0; k < KINDS; k++) {
      const c = this.copies(k, d.reserved);
      tryP[k] = 0;
      if (c === 0) continue;
      this.redraw(p, y, k);
      const n = this.match(p, step.want, step.guess);
      tryP[k] = n === 0 ? 0 : c * this.soft.probability(p, y, this.allowed, n, 0, this.rng!);
      sum += tryP[k]!;
      takeTiles(p, y, k, 1);
    }
    if (sum === 0) return this.undo(p, y, t0);
    let u = this.rng!.next() * sum;
    let t = 0;
    for (; t < KINDS - 1; t++) {
      if (u < tryP[t]!) break;
      u -= tryP[t]!;
    }
    // prior(t) P(decision | t) / q(t), with q(t) = copies(t) P(decision | t) / sum.
    this.lw += Math.log((this.wall[t]! * sum) / (total * this.copies(t, d.reserved)));
    this.drawsOf(this.idx)[line] = t;
    this.redraw(p, y, t);
    // The wall gives back the placeholder and gives up t.
    const w = p.wall;
    if (t !== t0) {
      let j = w.head;
      while (w.tiles[j] !== t) j++;
      w.tiles[j] = t0;
    }
    // The decision: the policy's, where allowed, else one of the allowed (as the softened policy would).
    const n = this.match(p, step.want, step.guess);
    this.soft.probability(p, y, this.allowed, n, 0, this.rng!);
    this.noteMiss(y, n);
    return this.apply(p, this.soft.action);
  }

  /** Puts kind k in y's hand as the tile drawn, and readies the turn for it. */
  private redraw(p: WritableTable, y: number, k: number): void {
    addTile(p, y, k);
    p.drawn = k;
    p.handRedealt(y);
    prepareTurn(p);
  }

  /** Gives y its placeholder draw back (the particle is dropped). */
  private undo(p: TableState, y: number, t0: number): boolean {
    addTile(p, y, t0);
    this.lw = -Infinity;
    return false;
  }

  /**
   * Seat y's decision in the step's `slot`: the record's event `want` matched among the legal
   * actions (null: the action `guess`, a pass), and made (weighed when `weigh`, see decide). A
   * replay keeps it in `replayActs`; there a seat other than the one weighed (`only`) makes the
   * action kept before.
   */
  private decideAt(p: TableState, y: number, slot: number, want: GameEvent | null, guess: number, weigh: boolean): boolean {
    if (this.replaying && this.only >= 0 && y !== this.only) return this.apply(p, this.replayActs[slot]!);
    const before = this.lw;
    if (!this.decide(p, y, want === null ? this.one(guess) : this.match(p, want, guess), weigh)) return false;
    if (this.replaying) {
      this.replayActs[slot] = this.applied;
      this.seatLw[y]! += this.lw - before;
    }
    return true;
  }

  /** Makes seat y's decision among allowed[0..n) (weighed by the policy when `weigh` and y is
   * another seat), with its chance; false when it cannot be made. */
  private decide(p: TableState, y: number, n: number, weigh: boolean): boolean {
    if (n === 0) return false;
    let a = this.allowed[0]!;
    if (y !== this.seat && weigh) {
      const w = this.soft.weigh(p, y, this.allowed, n, 0, this.rng!);
      if (w === -Infinity) return false;
      this.lw += w;
      a = this.soft.action;
      this.noteMiss(y, n);
    } else if (n !== 1) return false;
    this.applied = a;
    return this.apply(p, a);
  }

  /** After seat y's decision among allowed[0..n) was weighed: where the policy's own choice was
   * not allowed, the step strained the particle, and a replay notes the kind the policy would
   * have discarded (`blameOut`). */
  private noteMiss(y: number, n: number): void {
    const c = this.soft.choice;
    if (c < 0 || this.allowed.subarray(0, n).indexOf(c) >= 0) return;
    this.strain = true;
    if (this.blameOut && c < SELF_KONG) this.blameOut[y * STRIDE + ((c - DISCARD) % PLAY_KINDS)] = 1;
  }

  strained(): boolean {
    return this.strain;
  }

  private apply(p: TableState, a: number): boolean {
    try {
      this.soft.game.apply(p, a, 0);
    } catch (err) {
      if (err instanceof ChanceError) return false;
      throw err;
    }
    return this.lw > -Infinity;
  }

  /** Sets `allowed` to the single action a and returns 1. */
  private one(a: number): number {
    this.allowed[0] = a;
    return 1;
  }

  /** Fills `allowed` with the legal actions of the seat to act whose record event is `want`
   * (`guess`, where it is one, is tried alone); how many. */
  private match(p: TableState, want: GameEvent, guess: number): number {
    const game = this.soft.game;
    const legal = this.legal;
    const m = game.legal(p, legal);
    if (guess >= 0) {
      for (let j = 0; j < m; j++) if (legal[j] === guess) return sameEvent(game.actionEvent(p, guess, 0), want) ? this.one(guess) : 0;
      return 0;
    }
    let n = 0;
    for (let j = 0; j < m; j++) if (sameEvent(game.actionEvent(p, legal[j]!, 0), want)) this.allowed[n++] = legal[j]!;
    return n;
  }

  resampled(parents: Int32Array): void {
    const at = Array.from(parents, (j) => this.chance(j).position);
    at.forEach((x, i) => this.chance(i).seek(x));
    this.deals = Array.from(parents, (j) => this.deals[j]!.slice());
    this.draws = Array.from(parents, (j) => this.draws[j]!.slice());
    if (this.wants.length > 0) this.wants = Array.from(parents, (j) => this.wants[j]!.slice());
  }

  private wantOf(i: number): Int8Array {
    return (this.wants[i] ??= new Int8Array(SEATS * STRIDE));
  }

  private dealOf(i: number): Int8Array {
    return (this.deals[i] ??= new Int8Array(SEATS * STRIDE));
  }

  private drawsOf(i: number): Int8Array {
    return (this.draws[i] ??= new Int8Array(this.events.length + 2).fill(-1));
  }

  /**
   * Metropolis-Hastings moves on particle i after `played` steps. A move trades a hidden tile of
   * the others' that is still in their hands (one the deal gave them, or one they drew unseen and
   * the record does not fix) for a tile of the wall, then plays the hand again from the first
   * table with every other draw as the particle drew it. The move is taken with probability
   * min(1, L' p' q' / (L p q)): L the product of the softened policy's probabilities of every
   * decision the others made, p the prior's (every arrangement of the tiles alike: 1 / the
   * product of the factorials of each kind's count in each hidden hand's deal and in the wall),
   * q the chance of proposing the move and q' of proposing it back (`pickChance`, `tradeFor`).
   * So the posterior the filter aims at stays as it is; a move the record rules out (a discard
   * not in hand) has L' = 0. Tiles discarded or melded since are never traded: the record fixes
   * them.
   *
   * Blind trades seldom help: a particle whose hand departs from the record (its policy would
   * have thrown an isolated honour where the seat threw a middle tile) is mended by trading that
   * very tile for one the seat would have kept. So half the moves, where the particle has such
   * departures, trade a tile of a kind the policy would have discarded instead (`aims`, noted in
   * the replays), the rest any tile alike; and the tile taken in is picked in proportion to its
   * copies in the wall times how near it lies to the seat's hand (`tradeFor`).
   */
  rejuvenate(p: TableState, i: number, moves: number, rng: Rng, played = this.steps): number {
    const game = this.soft.game;
    const spare = (this.spare ??= game.create(this.soft.rules) as TableState);
    const deal = this.dealOf(i);
    const draws = this.drawsOf(i);
    const { trial, redraws, held, heldNext } = this;
    this.freeKinds(played);
    // The particle played again with every seat's decisions weighed: each seat's share of its
    // likelihood, and the actions it applied, which the moves' replays reuse (`only`).
    this.only = -1;
    this.replayActs = this.acts;
    this.seatLw.fill(0);
    const { aims, trialAims } = this;
    aims.fill(0);
    this.blameOut = aims;
    const lw = this.replay(deal, draws, spare, rng, played);
    this.blameOut = null;
    // The particle's own deal and draws, played again, must be the particle, so that what a move
    // changes is all that changes; where they are not (a record event that several actions
    // make, which the softened policy picks among at random), the particle is left as it is.
    if (lw === -Infinity) return 0;
    for (let x = 0; x < SEATS * STRIDE; x++) if (spare.hand[x] !== p.hand[x]) return 0;
    let units = this.units(p, deal, draws, held);
    let accepted = 0;
    for (let m = 0; m < moves && units > 0; m++) {
      // The tile traded: a deal's tile (x, the seat's offset plus the kind) or a draw (line).
      let x = -1;
      let line = -1;
      const aimed = this.aimedCount(deal, draws, held, aims);
      if (aimed > 0 && rng.next() < AIMED) {
        // One of the kinds the policy would have discarded, alike, then one of the seat's tiles of it.
        let e = rng.int(aimed);
        for (let u = 0; u < deal.length && x < 0; u++) {
          if (aims[u] === 0) continue;
          const n = this.unitsOf(u, deal, draws, held);
          if (n === 0 || e-- > 0) continue;
          const j = rng.int(n);
          const d = this.free[u % STRIDE] === 1 ? Math.min(deal[u]!, held[u]!) : 0;
          if (j < d) x = u;
          else line = this.drawOf(u, draws, held, j - d);
          break;
        }
      } else {
        let j = rng.int(units);
        for (let u = 0; u < deal.length && x < 0; u++) {
          const e = this.free[u % STRIDE] === 1 ? Math.min(deal[u]!, held[u]!) : 0;
          if (j < e) x = u;
          else j -= e;
        }
        if (x < 0) line = this.heldLine(draws, held, j);
      }
      trial.set(deal);
      redraws.set(draws);
      /** The traded kind, and the seat whose tile it is. */
      const a = x >= 0 ? x % STRIDE : draws[line]!;
      const y = x >= 0 ? Math.floor(x / STRIDE) : this.hidden[line]!.seat;
      const b = this.tradeFor(p, held, y, a, rng);
      if (b === a) continue;
      // The log of p' q' / (p q) but for the picks of the tile traded (below): the prior's
      // ratio (every arrangement alike) with the wall's share cancelled by the choice of b.
      let ratio = Math.log(this.near[a]! / this.near[b]!);
      if (x >= 0) {
        trial[x]!--;
        trial[x - a + b]!++;
        ratio += Math.log(deal[x]! / (deal[x - a + b]! + 1));
        // The tilt toward y's target (startLean), as an exponential tilt of the uniform deal (see the top).
        const lean = this.leans[y];
        if (lean) ratio += lean.tilt * (this.filled(trial, y, this.wantOf(i)) - this.filled(deal, y, this.wantOf(i)));
      } else redraws[line] = b;
      // Only y's decisions are weighed again (see `only`): its share of the likelihood before
      // and after the move, and the kinds its policy would have discarded instead.
      const was = this.seatLw[y]!;
      this.seatLw[y] = 0;
      this.only = y;
      this.replayActs = this.trialActs;
      this.trialActs.set(this.acts);
      trialAims.set(aims);
      trialAims.fill(0, y * STRIDE, (y + 1) * STRIDE);
      this.blameOut = trialAims;
      const next = this.replay(trial, redraws, spare, rng, played);
      this.blameOut = null;
      this.seatLw[y] = was;
      if (next === -Infinity) continue;
      const after = this.units(spare, trial, redraws, heldNext);
      // The chance of picking the tile traded, and back its new kind (q' / q).
      const back = x >= 0 ? x - a + b : -1;
      const q = this.pickChance(deal, draws, held, aims, units, x >= 0 ? x : y * STRIDE + a, x >= 0);
      const qBack = after > 0 ? this.pickChance(trial, redraws, heldNext, trialAims, after, x >= 0 ? back : y * STRIDE + b, x >= 0) : 0;
      if (!(qBack > 0)) continue;
      ratio += Math.log(qBack / q);
      if (Math.log(rng.next()) >= next - was + ratio) continue;
      deal.set(trial);
      draws.set(redraws);
      held.set(heldNext);
      aims.set(trialAims);
      units = after;
      this.seatLw[y] = next;
      this.acts.set(this.trialActs);
      game.copy(spare, p);
      this.chance(i).seek(this.replayWall!.position);
      accepted++;
    }
    return accepted;
  }

  /** The tiles a move may trade at the decision `q` (rejuvenate): per seat and kind, those of
   * the deal still held (the least of the deal's and the hand's hidden count), and each free
   * draw whose kind the hand still holds. Sets `held` to each hand's hidden count by kind. */
  private units(q: TableState, deal: Int8Array, draws: Int8Array, held: Int8Array): number {
    held.fill(0);
    for (let y = 0; y < SEATS; y++) {
      if (y === this.seat) continue;
      this.known.fill(0);
      q.knownTiles(this.seat, y, this.known);
      for (let k = 0; k < KINDS; k++) held[y * STRIDE + k] = q.hand[y * STRIDE + k]! - this.known[k]!;
    }
    let n = 0;
    for (let u = 0; u < deal.length; u++) if (this.free[u % STRIDE] === 1) n += Math.min(deal[u]!, held[u]!);
    for (const line of this.freeLines) if (this.movable(line, draws, held)) n++;
    return n;
  }

  private movable(line: number, draws: Int8Array, held: Int8Array): boolean {
    const k = draws[line]!;
    return k >= 0 && this.free[k] === 1 && held[this.hidden[line]!.seat * STRIDE + k]! > 0;
  }

  /**
   * Sets `free` to the kinds a move may trade after `played` steps: those the rest of the
   * history asks nothing of (no later draw the record fixes, no later discard or meld of another
   * seat's), none set aside (flowers). A trade of another kind could leave the rest of the record
   * impossible, which the replay up to now does not see; trading only free kinds in and out keeps
   * the move as likely back as forth. At the decision every kind but the flowers is free.
   */
  private freeKinds(played: number): void {
    const next = played < this.steps ? this.plan[played]!.line : Number.POSITIVE_INFINITY;
    const free = this.free;
    free.fill(1);
    for (let k = this.first.asideFrom; k < KINDS; k++) free[k] = 0;
    if (next === Number.POSITIVE_INFINITY) return;
    for (const d of this.due) {
      if (d.line < next) continue;
      const hid = this.hidden[d.line];
      if (!hid) free[d.value] = 0;
      else if (hid.forced >= 0) free[hid.forced] = 0;
    }
    for (const needs of this.needs) for (const n of needs) if (n.line >= next) free[n.kind] = 0;
  }

  /**
   * The kind a move trades seat y's tile of kind `a` for: one of the wall's tiles or the traded
   * tile itself (no move), each in proportion to how near it lies to y's hidden hand without
   * the traded tile (`near`; the kinds a move may not trade, none). The hands the others' play
   * says they held are nearer ready than a blind deal's: a tile that pairs or runs with what the
   * seat kept is what its play most likely kept. The pool and that hand are the same seen from
   * the move's end, so the move's chance back over forth is near(a) / near(b) times the wall's
   * share, which the prior's ratio cancels.
   */
  private tradeFor(p: TableState, held: Int8Array, y: number, a: number, rng: Rng): number {
    const { near, have, tryP } = this;
    const off = y * STRIDE;
    for (let k = 0; k < KINDS; k++) have[k] = held[off + k]!;
    have[a]!--;
    this.countWall(p);
    this.wall[a]!++;
    let sum = 0;
    for (let k = 0; k < KINDS; k++) {
      const g = this.free[k] === 1 ? nearness(have, 0, k) : 0;
      near[k] = g;
      tryP[k] = this.wall[k]! * g;
      sum += tryP[k]!;
    }
    let u = rng.next() * sum;
    let b = 0;
    for (; b < KINDS - 1; b++) {
      if (u < tryP[b]!) break;
      u -= tryP[b]!;
    }
    return b;
  }

  /** The tiles a move may trade of seat and kind `u` (seat * STRIDE + kind): of its deal, and
   * its free draws (units). */
  private unitsOf(u: number, deal: Int8Array, draws: Int8Array, held: Int8Array): number {
    const k = u % STRIDE;
    if (this.free[k] === 0) return 0;
    const y = Math.floor(u / STRIDE);
    let n = Math.min(deal[u]!, held[u]!);
    for (const line of this.freeLines) if (draws[line] === k && this.hidden[line]!.seat === y && this.movable(line, draws, held)) n++;
    return n;
  }

  /** The j-th free draw of seat and kind `u` a move may trade. */
  private drawOf(u: number, draws: Int8Array, held: Int8Array, j: number): number {
    const k = u % STRIDE;
    const y = Math.floor(u / STRIDE);
    for (const line of this.freeLines)
      if (draws[line] === k && this.hidden[line]!.seat === y && this.movable(line, draws, held) && j-- === 0) return line;
    throw new Error('no such draw');
  }

  /** How many seat-and-kind pairs the aimed moves pick among: those the policy would have
   * discarded (`aims`) with a tile a move may trade. */
  private aimedCount(deal: Int8Array, draws: Int8Array, held: Int8Array, aims: Uint8Array): number {
    let n = 0;
    for (let u = 0; u < deal.length; u++) if (aims[u] === 1 && this.unitsOf(u, deal, draws, held) > 0) n++;
    return n;
  }

  /**
   * The chance that a move picks, to trade, a tile of seat and kind `u` of the deal (`dealt`:
   * any of its copies alike) or one given free draw of it: uniformly among the `units`, or,
   * with chance AIMED where the policy would have discarded some tile, by its aim.
   */
  private pickChance(
    deal: Int8Array,
    draws: Int8Array,
    held: Int8Array,
    aims: Uint8Array,
    units: number,
    u: number,
    dealt: boolean,
  ): number {
    const m = dealt ? Math.min(deal[u]!, held[u]!) : 1;
    const aimed = this.aimedCount(deal, draws, held, aims);
    if (aimed === 0) return m / units;
    const n = aims[u] === 1 ? this.unitsOf(u, deal, draws, held) : 0;
    return ((1 - AIMED) * m) / units + (n > 0 ? (AIMED * m) / (aimed * n) : 0);
  }

  /** The line of the j-th free draw `units` counts. */
  private heldLine(draws: Int8Array, held: Int8Array, j: number): number {
    for (const line of this.freeLines) if (this.movable(line, draws, held) && j-- === 0) return line;
    throw new Error('no such draw');
  }

  /** Plays the hand from its first table into `out` with `given` dealt and the hidden draws
   * `draws`: the log of the softened policy's probability of the others' decisions (-Infinity:
   * they cannot have been made). */
  private replay(given: Int8Array, draws: Int8Array, out: TableState, rng: Rng, played: number): number {
    const game = this.soft.game;
    game.copy(this.first, out);
    this.replayWall ??= new ParticleWall(this.due, () => this.cur!, this.events.length, this);
    this.replaying = draws;
    try {
      this.cur = out;
      determinizeGiven(out, this.seat, rng, out, given, -1);
      out.wall.unpair();
      this.replayWall.seek(0);
      let lw = 0;
      for (let k = 0; k < played && lw > -Infinity; k++) lw += this.advance(out, -1, k, rng);
      return lw;
    } finally {
      this.replaying = null;
    }
  }

  deal(now: TableState, p: TableState, rng: Rng, out: TableState): void {
    dealHandsOf(now, p, this.seat, rng, out);
  }
}

// Scratch of dealHandsOf: a determinization runs to the end without yielding.
const handsOf = new Int8Array(SEATS * STRIDE);
const knownOf = new Int8Array(STRIDE);

/** `now` for `seat` with the other hands of `p` (a table at the same decision), beyond what the
 * seat knows is in them, and the rest of what it cannot see dealt anew from `rng`. */
function dealHandsOf(now: TableState, p: TableState, seat: number, rng: Rng, out: TableState): void {
  handsOf.fill(0);
  for (let y = 0; y < SEATS; y++) {
    if (y === seat) continue;
    knownOf.fill(0);
    now.knownTiles(seat, y, knownOf);
    for (let k = 0; k < KINDS; k++) handsOf[y * STRIDE + k] = p.hand[y * STRIDE + k]! - knownOf[k]!;
  }
  copyState(now, out);
  out.afterCopy();
  determinizeGiven(now, seat, rng, out, handsOf, p.drawn);
}

/** The true deal (InferenceDef.truth): every hand as it is, the wall (and a ruleset's own hidden
 * places) dealt anew. */
export function keepHands(s: TableState, seat: number, rng: Rng, out: TableState): void {
  dealHandsOf(s, s, seat, rng, out);
}

/** A particle's wall: the record's tile where the seat saw it, the tracker's proposal elsewhere. */
class ParticleWall extends WallChance {
  constructor(
    due: readonly Due[],
    table: () => TableState,
    end: number,
    private readonly tracker: TableTracker,
  ) {
    super(due, table, end);
  }

  protected override draw(what: string): Due {
    const d = super.draw(what);
    if (this.tracker.isHidden(d.line)) return { line: d.line, value: this.tracker.drawHidden(d.line) };
    this.tracker.drawSeen(d.value);
    return d;
  }
}

/** The phase of a table, read anew after a move changed it. */
const phaseOf = (p: TableState): number => p.phase;

/** The table action a record event most likely is, tried before the whole legal list: a plain
 * discard, a pass, a pung, a kong, a win; -1 for the rest (a chow, a declaration). */
function guessOf(e: GameEvent): number {
  if (e.type === 'dahai' && e.declare === undefined) {
    // A flower or a joker thrown is a ruleset's own action (American).
    const k = tileKind(e.pai as string);
    return k < PLAY_KINDS ? DISCARD + k : -1;
  }
  if (e.type === 'none') return PASS;
  if (e.type === 'pon') return PUNG;
  if (e.type === 'daiminkan') return KONG;
  if (e.type === 'hora') return WIN;
  return -1;
}
