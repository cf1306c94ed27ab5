import { addTo, mergeInto, value, type Partials } from './exact-sum.js';

/**
 * A run of consecutive games of one session: its first game index, how many games, the exact
 * sum of their results and the exact lowest running total after any of its games.
 */
export interface Piece {
  start: number;
  games: number;
  sum: Partials;
  low: Partials;
}

/**
 * Sessions of `size` consecutive games of the seeded stream (session j: games j*size to
 * j*size + size - 1), for the risk figures: a night's result and how far it fell below its
 * start. The runner splits games into chunks that need not respect sessions, so a session met
 * in part is kept as pieces and completed when its pieces meet, in any order of merging: the
 * pieces' sums and lows are exact (exact-sum.ts), so a session's figures are the same bits
 * however its games were split. A session never completed (a run whose games are no multiple
 * of `size`) is not counted.
 */
export interface Sessions {
  size: number;
  /** Completed sessions, counted by their result (the number as JSON text). */
  results: Record<string, number>;
  /** Completed sessions, counted by their fall: how far below its start the running total went
   * at its lowest (0 for a session that never went below). A bankroll B is ruined in a session
   * whose fall is B or more. */
  falls: Record<string, number>;
  /** Sessions met in part, by session number: their pieces in order of first game. */
  open: Record<string, Piece[]>;
}

export function newSessions(size: number): Sessions {
  return { size, results: {}, falls: {}, open: {} };
}

/** Whether the exact sum a is below the exact sum b. */
function below(a: Partials, b: Partials): boolean {
  const d = [...a];
  for (const y of b) addTo(d, -y);
  return value(d) < 0;
}

const count = (table: Record<string, number>, x: number) => {
  const key = String(x);
  table[key] = (table[key] ?? 0) + 1;
};

function close(s: Sessions, p: Piece): void {
  count(s.results, value(p.sum) + 0);
  count(s.falls, Math.max(0, -value(p.low)));
}

/** One game's result `x` at game `index`, games of a chunk coming in order. */
export function addSessionGame(s: Sessions, index: number, x: number): void {
  const key = String(Math.floor(index / s.size));
  const pieces = (s.open[key] ??= []);
  const last = pieces[pieces.length - 1];
  let piece: Piece;
  if (last && last.start + last.games === index) {
    piece = last;
    piece.games++;
    addTo(piece.sum, x);
    if (below(piece.sum, piece.low)) piece.low = [...piece.sum];
  } else {
    piece = { start: index, games: 1, sum: [x], low: [x] };
    pieces.push(piece);
    if (last && last.start > index) pieces.sort((a, b) => a.start - b.start);
    if (coalesce(s, key)) return;
  }
  if (piece.games === s.size) {
    close(s, piece);
    delete s.open[key];
  }
}

/**
 * Joins the adjacent pieces of session `key` (one game after another: the second's running
 * totals start from the first's sum) and closes the session when one piece holds it all.
 * Returns whether it closed. Overlapping pieces (the same game twice) are a caller's error.
 */
function coalesce(s: Sessions, key: string): boolean {
  const pieces = s.open[key]!;
  const out: Piece[] = [];
  for (const p of pieces) {
    const a = out[out.length - 1];
    if (a && a.start + a.games > p.start) throw new Error(`sessions: game ${p.start} is counted twice in session ${key}`);
    if (!a || a.start + a.games < p.start) {
      out.push(p);
      continue;
    }
    const low = [...a.sum];
    mergeInto(low, p.low);
    if (below(low, a.low)) a.low = low;
    mergeInto(a.sum, p.sum);
    a.games += p.games;
  }
  if (out.length === 1 && out[0]!.games === s.size) {
    close(s, out[0]!);
    delete s.open[key];
    return true;
  }
  s.open[key] = out;
  return false;
}

const copyPiece = (p: Piece): Piece => ({ start: p.start, games: p.games, sum: [...p.sum], low: [...p.low] });

/** Folds `from` into `into` (sessions of the same size). */
export function mergeSessions(into: Sessions, from: Sessions): void {
  if (into.size !== from.size) throw new Error(`sessions: cannot merge sessions of ${from.size} games into sessions of ${into.size}`);
  for (const [v, c] of Object.entries(from.results)) into.results[v] = (into.results[v] ?? 0) + c;
  for (const [v, c] of Object.entries(from.falls)) into.falls[v] = (into.falls[v] ?? 0) + c;
  for (const [key, pieces] of Object.entries(from.open)) {
    into.open[key] = [...(into.open[key] ?? []), ...pieces.map(copyPiece)].sort((a, b) => a.start - b.start);
    coalesce(into, key);
  }
}

/** Completed sessions. */
export const sessionCount = (s: Sessions): number => Object.values(s.results).reduce((a, b) => a + b, 0);
