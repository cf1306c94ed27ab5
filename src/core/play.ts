import { TERMINAL, type GameDef, type GameState } from './game.js';
import { DEAL, Rng, SEATS } from './rng.js';
import { makeStrategy, type Strategy, type StrategyDef, type StrategySpec } from './strategy.js';
import { IllegalMoveError } from './errors.js';
import { Trace, type GameEvent } from './trace.js';
import { luckTaken, type LuckMeter } from './luck.js';

/** The table playing now, for naming the seat to act when a strategy misbehaves (runner/worker.ts);
 * checked once a game, not per decision. */
export const playing: { table: Table<GameState, unknown> | null } = { table: null };

/**
 * What the game loop is doing, for the runner's watchdog (runner/watchdog.ts), which fails a
 * run whose strategy takes too long over one decision: `beat` holds the decisions made, the
 * seat to act, and (written by runChunk) the game index, cell and whether a chunk is running;
 * `table` hears the strategy names whenever another table starts playing. A worker points
 * them into memory its main thread reads; elsewhere they go nowhere.
 */
export const pulse: { beat: Int32Array; table: ((names: readonly string[]) => void) | null } = { beat: new Int32Array(8), table: null };
export const BEAT_DECISIONS = 0;
export const BEAT_SEAT = 1;
export const BEAT_GAME = 2;
export const BEAT_CELL = 3;
export const BEAT_BUSY = 4;

/** The decisions of a game being checked for determinism (runner/chunk.ts), three entries a
 * decision: the strategy's name, its seat and the action taken, named; null when no game is. */
export const decisionLog: { list: (string | number)[] | null } = { list: null };

/** What records the games played (records/record.ts): a trace for a game to record, or null to
 * play it unrecorded, then the game's end. Off (null) in every run that keeps no records; read
 * once a game, never per move. */
export interface GameRecorder {
  open(table: Table<GameState, unknown>, seed: string, cell: number, index: number): Trace | null;
  close(table: Table<GameState, unknown>, trace: Trace): void;
}
export const recording: { recorder: GameRecorder | null } = { recorder: null };

/** The seat to act at the table playing now and its strategy's name, or null. */
export function actingSeat(): { seat: number; name: string } | null {
  const t = playing.table;
  if (!t) return null;
  const seat = t.game.toAct(t.state);
  return seat === TERMINAL ? null : { seat, name: t.names[seat] ?? '?' };
}

/**
 * The one game loop: deal, then while someone is to act, ask the legal actions, let that
 * seat's strategy choose, check the choice, apply. A Table is built once per worker and arm
 * and reused for every game, so the loop allocates nothing per move.
 */
export class Table<S extends GameState, R> {
  readonly state: S;
  private readonly legalBuf: Int16Array;
  private readonly bounds = new Float64Array(2);
  /** Per seat: list the legal actions for its strategy (else check its choice with isLegal). */
  private readonly lists: boolean[];
  /** Per seat: its strategy searches (Strategy.search) and is handed the state. */
  private readonly searches: boolean[];
  /** The strategies that follow the play (Strategy.watch), and the events the loop keeps for
   * them in a game played without a trace that keeps events. */
  private readonly watchers: Strategy[];
  private readonly kept: GameEvent[] = [];
  /** Number of decisions made in the last game (for speed figures). */
  decisions = 0;
  /** playSeeded's streams, reused game after game (see Rng.reuse). */
  private readonly deal = new Rng(null);
  private readonly seatRngs: Rng[];
  /** The luck meters (GameDef.luck), one per seat, where `meter` turned them on; each seat's
   * luck terms of the last game. */
  private meters: LuckMeter<S>[] | null = null;
  private lucks: Float64Array[] = [];

  /** A table with `spec` in every seat the rules give, each seat a strategy of its own made from it. */
  static everySeat<S extends GameState, R>(game: GameDef<S, R>, rules: R, spec: StrategySpec, defs: readonly StrategyDef[]): Table<S, R> {
    const seats = game.seats(rules);
    return new Table(
      game,
      rules,
      Array.from({ length: seats }, () => makeStrategy(spec, defs, rules)),
      Array.from({ length: seats }, () => spec.text),
    );
  }

  constructor(
    readonly game: GameDef<S, R>,
    readonly rules: R,
    readonly strategies: Strategy[],
    readonly names: string[],
  ) {
    // A copy: rules resolved key by key (or cloned into a worker) can sit in V8's slow
    // dictionary mode, and games read them on every move.
    this.state = game.create({ ...(rules as object) } as R);
    this.legalBuf = new Int16Array(game.maxActions(rules));
    this.searches = strategies.map((st) => typeof st.search === 'function');
    this.watchers = strategies.filter((st) => typeof st.watch === 'function');
    this.lists = strategies.map((st) => listsLegal(game, st));
    this.seatRngs = strategies.map(() => new Rng(null));
  }

  /** Turns on a luck meter per seat (the variance-reduction layer, core/luck.ts), where the
   * game has one; returns whether it has. The games are played as before: the meters only read. */
  meter(): boolean {
    const make = this.game.luck;
    if (!make) return false;
    this.meters = this.strategies.map(() => make(this.rules));
    this.lucks = this.meters.map((m) => new Float64Array(m.terms));
    return true;
  }

  /** Seat k's luck in the last game, in its result's terms (higher better): what a result
   * loses to keep its mean and lose that luck's spread (0 without meters). */
  luckOf(seat: number): number {
    const m = this.meters?.[seat];
    return m ? luckTaken(m.coef, this.lucks[seat]!) : 0;
  }

  /** Seat k's luck terms in the last game (empty without meters), as its meter counted them. */
  luckTerms(seat: number): Float64Array {
    return this.lucks[seat] ?? new Float64Array(0);
  }

  /** Plays game `index` of `cell` of a run seeded `seed`, with the deal and each seat's stream
   * derived from those three (the determinism contract): every table that plays the same
   * (seed, cell, index) sees the same deal. */
  playSeeded(seed: string, cell: number, index: number, trace: Trace | string[] | null = null): S {
    for (let seat = 0; seat < this.seatRngs.length; seat++) this.seatRngs[seat]!.reuse(seed, cell, index, SEATS[seat] ?? `seat${seat}`);
    const rec = recording.recorder;
    const record = rec === null || trace !== null ? null : rec.open(this as unknown as Table<GameState, unknown>, seed, cell, index);
    const s = this.play(this.deal.reuse(seed, cell, index, DEAL), this.seatRngs, record ?? trace);
    if (record !== null) rec!.close(this as unknown as Table<GameState, unknown>, record);
    return s;
  }

  /** Plays one game to the end. `seatRngs[k]` is seat k's strategy stream. With `trace` (or
   * lines of prose to fill), every decision and the game's own events are written to it. */
  play(deal: Rng, seatRngs: Rng[], lines: Trace | string[] | null = null): S {
    const { game, state: s, legalBuf, bounds, lists, searches, strategies } = this;
    // Read once a game: most games have no amounts.
    const bounded = game.amountBounds !== undefined;
    let trace = Array.isArray(lines) ? new Trace(lines) : lines;
    const watchers = this.watchers.length ? this.watchers : null;
    if (watchers !== null && !trace?.events) {
      this.kept.length = 0;
      trace = new Trace(trace?.lines ?? null, this.kept);
    }
    s.log = trace;
    if (playing.table !== (this as unknown)) {
      playing.table = this as unknown as Table<GameState, unknown>;
      pulse.table?.(this.names);
    }
    const beat = pulse.beat;
    const log = decisionLog.list;
    game.deal(s, deal);
    const meters = this.meters;
    if (meters !== null)
      for (let k = 0; k < meters.length; k++) {
        this.lucks[k]!.fill(0);
        meters[k]!.start(s, k);
      }
    let decisions = 0;
    for (let seat = game.toAct(s); seat !== TERMINAL; seat = game.toAct(s)) {
      beat[1] = seat; // BEAT_SEAT, then BEAT_DECISIONS below: literal indices on the hot path
      beat[0]!++;
      const list = lists[seat]!;
      const n = list ? game.legal(s, legalBuf) : 0;
      const strat = strategies[seat]!;
      const rng = seatRngs[seat]!;
      const view = game.view(s, seat);
      if (trace?.lines) trace.push(game.describe(s));
      if (watchers !== null) for (const w of watchers) w.watch!(s, trace!.events!);
      const a = searches[seat] ? strat.search!(s, seat, legalBuf, n, rng) : strat.choose(view, legalBuf, n, rng);
      if (!(list ? listed(legalBuf, n, a) : game.isLegal!(s, a))) this.illegal(seat, `action ${String(a)} is not legal here`);
      let amount = 0;
      if (bounded && game.amountBounds!(s, a, bounds)) {
        if (!strat.amount) this.illegal(seat, `it gave no amount for ${game.actionName(s, a, 0)}`);
        amount = strat.amount!(view, a, bounds[0]!, bounds[1]!, rng);
        const why = !(amount >= bounds[0]! && amount <= bounds[1]!)
          ? `amount ${amount} is outside [${bounds[0]}, ${bounds[1]}]`
          : game.amountAllowed?.(s, a, amount);
        if (why) this.illegal(seat, why);
      }
      if (trace) {
        if (trace.lines) trace.push(`  seat ${seat} (${this.names[seat]}): ${game.actionName(s, a, amount)}`);
        if (trace.events) trace.event(game.actionEvent(s, a, amount));
      }
      if (log !== null) log.push(this.names[seat]!, seat, game.actionName(s, a, amount));
      if (meters === null) game.apply(s, a, amount);
      else {
        for (const m of meters) m.before(s, a, amount);
        game.apply(s, a, amount);
        for (let k = 0; k < meters.length; k++) meters[k]!.after(s, this.lucks[k]!);
      }
      decisions++;
    }
    this.decisions = decisions;
    return s;
  }

  /** The state is still the one the strategy chose in, so its legal actions can be listed anew. */
  private illegal(seat: number, why: string): never {
    const n = this.game.legal(this.state, this.legalBuf);
    const legal = Array.from(this.legalBuf.subarray(0, n), (x) => this.game.actionName(this.state, x, 0));
    throw new IllegalMoveError(`strategy ${this.names[seat]} at seat ${seat} made an illegal move: ${why} (legal: ${legal.join(', ')})`);
  }
}

/** Whether `st`'s decisions in `game` are handed the legal list: a search, or a strategy that
 * reads it; a view-only one's choice is checked with GameDef.isLegal instead, where the game
 * has it. */
export function listsLegal(game: GameDef, st: Strategy): boolean {
  return typeof st.search === 'function' || !(st.viewOnly === true && game.isLegal !== undefined);
}

/** Whether `a` is among legal[0..n). */
export function listed(legal: Int16Array, n: number, a: number): boolean {
  for (let i = 0; i < n; i++) if (legal[i] === a) return true;
  return false;
}
