import type { GameState } from './game.js';

/**
 * The luck of a playout's chance events, measured for one seat (the variance-reduction layer,
 * README "Statistics"). At each chance event the meter knows the state, and with it the exact
 * distribution of the outcomes (the tiles or cards left, each as likely as the game draws it);
 * its luck is an evaluator's value after the outcome that came, less the evaluator's mean over
 * every outcome, computed exactly. Each such term has mean zero given everything before it,
 * whatever the evaluator, so a playout's result less any fixed multiple of its luck has the
 * result's own mean: the evaluator only decides how much of the spread is taken off.
 *
 * A meter keeps several terms (say, the seat's draws by its distance from ready, and the
 * others' draws of its winning tiles), each summed over the playout; `coef` is the fixed multiple
 * of each that the result loses, fitted in advance on situations of its own (a pilot run), never
 * on the playouts it corrects. Luck is counted in the seat's result as the rollouts count it,
 * higher better (a game whose lower returns are better counts its luck with the sign turned).
 */
export interface LuckMeter<S extends GameState = GameState> {
  /** How many terms the meter keeps, and the fixed multiple of each a result loses. */
  readonly terms: number;
  readonly coef: Float64Array;
  /** A playout of `seat` starts at `s`, before the first move it makes (the candidate's). */
  start(s: S, seat: number): void;
  /** Move `a` (with `amount`) is about to be applied at `s`. */
  before(s: S, a: number, amount: number): void;
  /** The move was applied (`s` is the state after it): adds to luck[0..terms) the luck of each
   * chance event it held. */
  after(s: S, luck: Float64Array): void;
}

/** The correction a playout's result loses: sum of coef[m] * luck[m]. */
export function luckTaken(coef: Float64Array, luck: Float64Array): number {
  let x = 0;
  for (let m = 0; m < coef.length; m++) x += coef[m]! * luck[m]!;
  return x;
}
