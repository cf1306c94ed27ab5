import type { Tally } from '../stats/tally.js';
import type { ChartDef, CsvTable } from '../core/table.js';
import type { GameDef } from '../core/game.js';
import type { StrategyDef } from '../core/strategy.js';
import type { ColumnDoc } from './dictionary.js';
import type { RiskQuery } from './risk.js';

/**
 * A strategy plug-in as a run's parameters name it (library/plugins.ts loads it): by its file and
 * the sha256 of its bytes, so a plug-in edited between an interrupt and --resume, or between
 * shards, is another run.
 */
export interface PluginRef {
  /** Its absolute path where the run found it. */
  file: string;
  sha256: string;
}

/** Options every experiment takes, plus its own (e.g. `sim` takes game, rules and seats). */
export interface ExperimentParams {
  games?: number;
  /** A study over several games (ExperimentDef.games): the one game whose cells are played. */
  game?: string;
  [key: string]: unknown;
}

/**
 * A study: a list of cells, each played for `games` game indices. Game i of cell c is a
 * pure function of (seed, c, i), so the runner may split the indices into chunks, run them
 * on any worker, and fold the tallies in any grouping.
 */
export interface Experiment {
  name: string;
  games: number;
  /** Games per worker task: a fixed size worth 0.2-1 s; results do not depend on it. */
  chunk: number;
  /** One label per cell, for progress and errors. */
  cells: string[];
  /** Plays game `index` of cell `cell` into `tally`. Runs inside workers; the runner
   * loops over a chunk's indices so an error can name the exact game. */
  runGame(cell: number, index: number, seed: string, tally: Tally): void;
  /** Turns the merged tally of every cell into CSV tables. */
  tables(tallies: Tally[]): CsvTable[];
  /** Resolved rules and strategy specs, for the provenance file beside each CSV. */
  provenance: Record<string, unknown>;
  /** Optional lines for stdout after the run (the answer in words). */
  summary?(tables: CsvTable[]): string[];
}

export interface ExperimentDef {
  name: string;
  doc: string;
  /** The user's question it answers, printed first (its summary lines are the answer). */
  question?: string;
  /** Per table, the columns the terminal shows without --wide (their intervals come along). */
  keyColumns?: Record<string, string[]>;
  /** What its own columns mean, with their units, and what values each figure can take
   * (shared names are in dictionary.ts). */
  columns?: Record<string, ColumnDoc>;
  /** The charts drawn beside its tables. */
  charts?: ChartDef[];
  /** Games per cell when --games is not given. */
  defaultGames: number;
  /** A study over several games: their ids, of which `--game` (params.game) picks one to play
   * alone, each of its cells as the whole study plays it (the same rows, at a fraction of the
   * time). */
  games?: readonly string[];
  /** A money study: `--session N` (with --bankroll, --point-value) adds the risk of a night to
   * its tables (params.risk); `night` is its session when --session is not given, where the
   * risk is its question. */
  risk?: { night?: number };
  build(params: ExperimentParams): Experiment;
}

/** A game as a study told its name plays it (sim, compare, tune, search-strength). */
export interface StudyGame {
  def: GameDef;
  /** Its strategies, plug-ins included (they join this list). */
  strategies: StrategyDef[];
}

/**
 * The games a study told a game's name is built with: the catalog's, handed over by the library,
 * which builds the list of studies (library/studies.ts). A study never looks a game up itself:
 * the catalog lists the studies, and so stands above them.
 */
export interface Games {
  /** Game `id`, or an InputError line naming the games. */
  game(id: string): StudyGame;
  /** How game `id`'s results become money, or an InputError line naming the games played for money. */
  risk(id: string): RiskQuery;
}
