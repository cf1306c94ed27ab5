import type { GameEvent, Trace } from './trace.js';
import type { LuckMeter } from './luck.js';
import type { InferenceDef } from './infer.js';
import type { Rng } from './rng.js';
import type { RulesSchema } from './rules.js';

/** Dense integer action ids, per game; `actionName` turns one into words for traces. */
export type Action = number;

/** `toAct` returns this when the game is over. */
export const TERMINAL = -1;

/** Every game state carries a trace: null in fast runs, a Trace when replaying or recording
 * (its prose lines, its record events, or both). Build trace strings and events only behind
 * `if (s.log)` or `s.log?.`: a template literal evaluated on every move costs more than the
 * move itself. */
export interface GameState {
  log: Trace | null;
  /** The stream of every chance event after the deal (draws, reshuffles): `deal` sets it, and
   * a determinization (GameDef.determinize) sets the one it is given. */
  rng: Rng;
}

/** Adds one per-game rate observation: `count` successes out of `total` trials. */
export type RateSink = (name: string, count: number, total: number) => void;

export interface GameDef<S extends GameState = GameState, R = any, V = any> {
  id: string;
  title: string;
  schema: RulesSchema<R>;
  seats(r: R): number;
  /** Upper bound on the number of legal actions at any decision (sizes the legal buffer). */
  maxActions(r: R): number;
  /** Allocates a state once per worker; `deal` resets it for every game. */
  create(r: R): S;
  /** Starts a game. The game keeps `rng` for every later chance event (draws, reshuffles). */
  deal(s: S, rng: Rng): void;
  /** The seat to act, or TERMINAL. */
  toAct(s: S): number;
  /** Fills `out` with the legal action ids and returns how many. */
  legal(s: S, out: Int16Array): number;
  /** Whether `a` is among the legal actions, answered without listing them: lets the loop skip
   * `legal` for strategies that decide from the view alone (Strategy.viewOnly). */
  isLegal?(s: S, a: Action): boolean;
  /** For an action that takes an amount (a bet): fills out[0] = min, out[1] = max, returns true. */
  amountBounds?(s: S, a: Action, out: Float64Array): boolean;
  /** Whether `amount` is an allowed amount for `a` within its bounds (e.g. whole chips). */
  amountAllowed?(s: S, a: Action, amount: number): string | null;
  apply(s: S, a: Action, amount: number): void;
  /** Copies the whole state `from` into `to`, one `create`d for the same rules (search bots). */
  copy(from: S, to: S): void;
  /**
   * Writes into `out` a full state consistent with everything `seat` has seen in `s` (its own
   * hand, every public action, discard and exposure), the cards or tiles it cannot see dealt
   * uniformly at random from the unseen ones, and `rng` as the stream of every later chance
   * event. Search bots play from it (strategies/rollout.ts).
   */
  determinize(s: S, seat: number, rng: Rng, out: S): void;
  /** Where the game can infer the hidden places from the others' play (src/core/infer.ts): the
   * tracker of a round's history. Without it, search and advice deal uniformly. */
  infer?: InferenceDef<S, R>;
  /** The round (Hwatu) or hand (mahjong) under way, counted from 0: a search bot plays a
   * decision out to the end of the round, when this changes or the game ends. */
  round(s: S): number;
  /** A meter of the luck of a playout's chance events for one seat (core/luck.ts): the
   * rollouts take each result's luck off it. One per Rollouts; absent, results stand as played. */
  luck?(r: R): LuckMeter<S>;
  /** Readies a determinization's chance for playouts compared on the same deals (the
   * variance-reduction layer; rollouts call it once per determinization, before the candidates
   * are played from it): the chance stays as likely, only what two candidates share grows
   * (mahjong: each seat draws from places of its own). */
  pairChance?(s: S): void;
  /** Points per seat for the whole game (higher is better, or penalties: see `lowerIsBetter`). */
  returns(s: S, out: Float64Array): void;
  lowerIsBetter: boolean;
  /** Only what `seat` may know. May return a reused object: strategies must not keep it. */
  view(s: S, seat: number): V;
  actionName(s: S, a: Action, amount: number): string;
  /** The decision `a` (with `amount`) of the seat to act as a record event (core/trace.ts),
   * asked before it is applied; the game's own events (deals, draws, settlements) are written
   * to the trace as they happen. */
  actionEvent(s: S, a: Action, amount: number): GameEvent;
  /** The table as the acting player's decision sees it, for traces. */
  describe(s: S): string;
  /** The game's own rates (end reasons, ado rate, ...), reported once per finished game. The
   * names follow from the rules alone, not from how the game went: compare checks --metrics
   * against those of a state just created, before any game is played. */
  rates(s: S, add: RateSink): void;
}
