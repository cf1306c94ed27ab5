import path from 'node:path';
import { InputError } from '../core/errors.js';
import { jsonFault } from '../core/json.js';
import { packagePath } from '../io/package.js';
import { readTextFile } from '../io/text-file.js';
import { FEW, meanInterval } from '../stats/intervals.js';
import { isNum, isObj, isText, isWhole } from './benchmark-file.js';

export const LADDER_FORMAT = 'pongsim-ladder/1';

/** One bot's rating on the game's decision benchmark: its mean loss a decision with its 95%
 * interval, as `pongsim benchmark` measured it; `alike` names the bots that scored the same. */
export interface Rung {
  player: string;
  alike?: string[];
  decisions: number;
  mean_loss: number;
  mean_loss_ci_low: number;
  mean_loss_ci_high: number;
}

/** A game's ladder (results/benchmarks/<game>.ladder.json, beside the benchmark): its bots'
 * ratings, the best (the least loss) first. */
export interface Ladder {
  file: string;
  game: string;
  unit: string;
  rungs: Rung[];
}

/** The ladder of `game` shipped with the package. */
export const shippedLadder = (game: string): string => packagePath(path.join('results', 'benchmarks', `${game}.ladder.json`));

/** The ladder in `file`, read as data, or null where there is none; a file at fault is one
 * InputError line naming it. */
export function readLadder(file: string, game: string): Ladder | null {
  let text: string;
  try {
    text = readTextFile(file, 'a ladder file', { bytes: 1 << 20, what: 'a ladder file', regular: true });
  } catch {
    return null;
  }
  const bad = (why: string): InputError => new InputError(`${file}: ${why}`);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw bad('not a ladder file: malformed JSON');
  }
  const fault = jsonFault(text);
  if (fault) throw bad(`not a ladder file: ${fault}`);
  if (!isObj(v) || v.format !== LADDER_FORMAT) throw bad(`expected ${LADDER_FORMAT}`);
  if (v.game !== game) throw bad(`a ladder of ${JSON.stringify(String(v.game).slice(0, 40))}, not of ${game}`);
  if (!isText(v.unit)) throw bad('"unit" must be text');
  if (!Array.isArray(v.rungs) || v.rungs.length < 2) throw bad('"rungs" must list at least two bots');
  let last = -Infinity;
  for (const r of v.rungs as unknown[]) {
    if (
      !isObj(r) ||
      !isText(r.player) ||
      !isWhole(r.decisions) ||
      ![r.mean_loss, r.mean_loss_ci_low, r.mean_loss_ci_high].every(isNum) ||
      !(r.alike === undefined || (Array.isArray(r.alike) && r.alike.every(isText)))
    )
      throw bad('each rung must have player, decisions, mean_loss, mean_loss_ci_low and mean_loss_ci_high (and alike, a list of names)');
    if ((r.mean_loss as number) < last) throw bad(`rung ${r.player}: the rungs must go from the least mean loss to the most`);
    last = r.mean_loss as number;
  }
  return { file, game, unit: v.unit, rungs: v.rungs as Rung[] };
}

/** Where a seat's play falls on the ladder. */
export interface Band {
  /** In words: "plays like efficiency", "plays between rollout(n=16) and efficiency", or why it
   * cannot be placed. */
  band: string;
  /** The rungs it lies between, the better first (the same one for "plays like"); null on a
   * side with no rung, both null where it cannot be placed. */
  better: string | null;
  worse: string | null;
}

/**
 * Places a mean loss a decision, given its 95% range [low, high] over `n` decisions (review's:
 * from a figure that reads low to one that reads high), among the ladder's ratings: the rungs
 * whose rating lies in the range are those the seat cannot be told from; none, and it lies
 * between the two rungs either side. With fewer than FEW decisions,
 * or an interval of no width (every loss the same: no spread to place it by), or one that holds
 * every rung, it is not placed.
 */
export function placeOnLadder(ladder: Ladder, n: number, low: number, high: number): Band {
  const none = (why: string): Band => ({ band: `cannot be placed: ${why}`, better: null, worse: null });
  if (n < FEW) return none(`too few decisions (${n} reviewed; the band needs ${FEW})`);
  if (!(high > low)) return none('every reviewed decision lost the same, so there is no spread to place it by');
  const { rungs } = ladder;
  const inside = rungs.filter((r) => r.mean_loss >= low && r.mean_loss <= high);
  if (inside.length === rungs.length) return none('its interval holds every rung of the ladder');
  if (inside.length === 1) return { band: `plays like ${inside[0]!.player}`, better: inside[0]!.player, worse: inside[0]!.player };
  const above = inside.length ? inside[0]! : rungs.filter((r) => r.mean_loss < low).at(-1);
  const below = inside.length ? inside.at(-1)! : rungs.find((r) => r.mean_loss > high);
  if (above && below) return { band: `plays between ${above.player} and ${below.player}`, better: above.player, worse: below.player };
  if (below) return { band: `plays better than every bot on the ladder (its best, ${below.player})`, better: null, worse: below.player };
  return { band: `plays worse than every bot on the ladder (its last, ${above!.player})`, better: above!.player, worse: null };
}

/** A rating: the mean loss a decision over `losses`, with its 95% interval (Student's t over the
 * decisions, infinite with fewer than two), never below 0, as no loss against the best is. The
 * benchmark rates a bot so, and review a seat for its band. */
export function rating(losses: readonly number[]): { mean: number; low: number; high: number } {
  const k = losses.length;
  const mean = losses.reduce((s, x) => s + x, 0) / Math.max(1, k);
  const sd = Math.sqrt(losses.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, k - 1));
  const ci = meanInterval(mean, sd, k);
  return { mean, low: Math.max(0, ci.low), high: ci.high };
}
