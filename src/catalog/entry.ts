import type { BenchResult } from '../bench/clock.js';
import type { GameDef } from '../core/game.js';
import type { StrategyDef } from '../core/strategy.js';
import type { CsvTable, ExperimentDef } from '../experiment/experiment.js';

/**
 * A game and everything it offers. Everything above the games (the library, the CLI, the
 * runner, the experiments) asks an entry for a capability and never names a game: a game that
 * lacks one leaves its field out, and a new capability (records, advice) is one more field
 * that the games offering it fill in.
 */
export interface GameEntry {
  /** The engine, with its rules schema and presets. */
  def: GameDef;
  strategies: StrategyDef[];
  /** The reference bot `sim` seats when --seats is not given. */
  defaultSeat: string;
  /** The game's own studies (`pongsim run <name>`). */
  experiments: ExperimentDef[];
  /** Its studies in the quick default study (`npm start`), each at a size of a few seconds. */
  quick: { name: string; games: number }[];
  /** Its `pongsim bench` figure, measured in a fresh worker thread. */
  bench?: (seconds: number) => BenchResult;
  /** Its rules as pongsim plays them, every option and reading (a path from the package root). */
  rulesDoc: string;
  /** A file the rules read (`--card FILE`: American's card of hands). */
  card?: CardInput;
  /** Exact odds (`pongsim odds`). */
  odds?: OddsQuery;
  /** A hand measured and, complete, scored (`pongsim hand`). */
  hand?: HandQuery;
  /** Complete hands scored in batch (`pongsim score`). */
  score?: ScoreQuery;
  /** Play for money or chips: the risk of a night (`--session`, `--bankroll`, the bankroll study). */
  risk?: RiskQuery;
}

/** What a game's results are worth in money, for the risk figures. */
export interface RiskQuery {
  /** How a seat's result under `rules` becomes money, or (a sentence) why these rules play for none. */
  stake(rules: Record<string, unknown>): Stake | string;
}

export interface Stake {
  /** 1 where a seat's result is what it won; -1 where it is what it lost (a penalty). */
  sign: 1 | -1;
  /** What the money is counted in (chips; money for the value of a point). */
  unit: string;
  /** Whether the results are points a table values at an agreed amount each (--point-value). */
  perPoint: boolean;
}

/** Results in points, each worth what the table agrees (--point-value): the mahjong rulesets. */
export const POINTS_AT_A_VALUE: RiskQuery = { stake: () => ({ sign: 1, unit: 'money', perPoint: true }) };

/** A card of hands kept in a file: what `--card FILE` reads into the rules. */
export interface CardInput {
  /** The rules that play the card in `file` (checked; one InputError line naming the file). */
  rules(file: string): Record<string, unknown>;
  /** The card in `file`, described: what `card check --json` prints (its sha256 is the one a
   * run's provenance records). */
  check(file: string): CardCheck;
  /** The same as lines of text. */
  text(file: string, check: CardCheck): string[];
}

export interface CardCheck {
  card: string;
  sha256: string;
  [key: string]: unknown;
}

/** Exact odds tables. The cards a player names come as typed (`--seen`, `--hand`). */
export interface OddsQuery {
  /** What the odds answer, for `pongsim odds --help`. */
  doc: string;
  /** What `--seen` lists in this game, e.g. "months revealed this cycle, e.g. 3,3,7,12". */
  seen: string;
  /** What `--hand` gives, where the odds take a hand. */
  hand?: string;
  /** The cards as typed, checked against the rules: InputError lines naming --seen or --hand. */
  read(rules: Record<string, unknown>, seen: string | undefined, hand: string | undefined): OddsInput;
  /** What `--bankroll B` (with `--session N` bets) adds to the table, where the game's odds take a bankroll. */
  stake?: string;
  /** The table for these rules and cards (and a bankroll staked on `bets` bets in a row, where `stake` says what it adds). */
  table(rules: Record<string, unknown>, input: OddsInput, stake?: { bankroll: number; bets: number }): OddsTable;
  /** A printable odds card for a fresh cycle, where the game has one; `changes` lists the rules
   * that differ from the defaults, as key=value. */
  card?(rules: Record<string, unknown>, changes: string[]): { html: string; svg: string };
}

/** The cards of an odds question, read; `cards` counts those seen and held. */
export interface OddsInput { cards: number; [key: string]: unknown }

export interface OddsTable {
  table: CsvTable;
  /** What `odds --json` gives beside game, rules and rows, in order. */
  fields: Record<string, unknown>;
  /** What the table's FILE.meta.json records beside command, game and rules. */
  meta: Record<string, unknown>;
  /** What the terminal shows: the table (or its printable columns), then a note. */
  shown: CsvTable;
  note: string;
}

/** The options of `pongsim hand` beside --json, each named as commander names it. */
export interface HandOption { flag: string; value?: string; doc: string }

/** Measuring a hand: how far from complete, what it waits on; scoring a complete one. */
export interface HandQuery {
  /** The options this game reads beside --json (shared ones such as --rules are listed by each game). */
  options: readonly HandOption[];
  /** Measures (and, asked to, scores) the hand `tiles` under `options` (commander's attribute
   * names: --win-tile is winTile): what `hand --json` prints, and the same as text. InputError
   * lines name the flag. */
  analyze(tiles: string, options: Record<string, unknown>): { json: Record<string, unknown>; text: string };
  /** Many concealed hands at once (stdin mode), each measured briefly; `options` may hold only
   * those named in `batchOptions`. A hand at fault throws a HandError naming its place. */
  batch(hands: readonly string[], options: Record<string, unknown>): Record<string, unknown>[];
  /** The options batch mode reads beside --json. */
  batchOptions: readonly string[];
}

/** Scoring complete hands given as objects (`pongsim score`: one JSON object a line). */
export interface ScoreQuery {
  /** The house rules scoring reads. */
  rules(rulesArg: string | undefined, set: readonly string[]): unknown;
  /** Scores one hand; an InputError names the field at fault. */
  score(hand: Record<string, unknown>, rules: unknown): Record<string, unknown>;
}
