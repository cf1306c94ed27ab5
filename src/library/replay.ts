import { IllegalMoveError, InputError } from '../core/errors.js';
import { simArm } from '../experiment/sim.js';
import { given } from './control.js';
import { MAX_GAMES, nonNegativeInt, seedText } from './options.js';
import { simParams, type TableOptions } from './simulate.js';

export interface ReplayOptions extends TableOptions {
  /** The seed of the sim run. */
  seed: string;
  /** The game's index within the run (from 0). */
  index: number;
}

/** What `replay --json` prints: the game's trace and each seat's result, or, for a game that
 * ended in an illegal move, the trace up to it and the move. */
export interface ReplayResult {
  game: string;
  seed: string;
  index: number;
  trace: string[];
  result?: { seat: number; strategy: string; return: number }[];
  illegalMove?: string;
}

/**
 * Plays game `index` of a sim run again, exactly as the run played it (`pongsim replay`), and
 * gives its trace and result.
 */
export async function replay(o: ReplayOptions): Promise<ReplayResult> {
  if (o.seed === undefined || o.index === undefined) throw new InputError('replay: give the run\'s --seed and the game\'s --index');
  const seed = given(o.seed, seedText)!;
  const index = given(o.index, nonNegativeInt('--index', MAX_GAMES - 1))!;
  const params = await simParams(o, index + 1);
  const arm = simArm(params);
  const trace: string[] = [];
  try {
    arm.play(seed, 0, index, 0, trace);
  } catch (e) {
    // A game that ended in an illegal move is shown up to that move.
    if (!(e instanceof IllegalMoveError)) throw e;
    return { game: o.game, seed, index, trace, illegalMove: e.message };
  }
  const result = Array.from(arm.returns, (x, k) => ({ seat: k, strategy: arm.specs[k]!.text, return: x }));
  return { game: o.game, seed, index, trace, result };
}
