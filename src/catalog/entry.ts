import type { BenchResult } from '../bench/clock.js';
import type { Choice } from '../core/advise.js';
import type { GameDef, GameState } from '../core/game.js';
import type { Rng } from '../core/rng.js';
import type { GameEvent } from '../core/trace.js';
import type { EventKind } from '../core/event-kind.js';
import type { StrategyDef } from '../core/strategy.js';
import type { FeatureSet } from '../core/features.js';
import type { ExperimentDef } from '../experiment/experiment.js';
import type { CsvTable } from '../core/table.js';
import type { RiskQuery } from '../experiment/risk.js';
import type { Ruleset } from '../games/mahjong/rulesets.js';
import type { SearchField } from '../../experiments/search-strength.js';

/**
 * A game and everything it offers. Everything above the games (the library, the CLI, the
 * runner, the experiments) asks an entry for a capability and never names a game: a game that
 * lacks one leaves its field out, and a new capability (records, advice) is one more field
 * that the games offering it fill in. A game's own entry is typed by its engine's state `S`,
 * rules `R` and view `V` (defineEntry), so that its fields read the rules and the state as
 * the engine declares them; the catalog lists them as GameEntry, those types erased.
 */
export interface GameEntry<S extends GameState = GameState, R = any, V = any> {
  /** The engine, with its rules schema and presets. */
  def: GameDef<S, R, V>;
  strategies: StrategyDef[];
  /** The action ids (and their helpers) a strategy module compares legal actions with: what
   * the package exports as `actions.<game>` for plug-ins. */
  actions: Readonly<Record<string, unknown>>;
  /** The reference bot `sim` seats when --seats is not given. */
  defaultSeat: string;
  /** The game's own studies (`pongsim run <name>`). */
  experiments: ExperimentDef[];
  /** Its studies in the quick default study (`npm start`), each at a size of a few seconds, and
   * the seconds each took within `npm start` on the machine of QUICK_MEASURED (its play, and
   * its share of the run's loading and charts): what `npm start` says before it starts. */
  quick: { name: string; games: number; seconds: number }[];
  /** Its `pongsim bench` figure, measured in a fresh worker thread. */
  bench?: (seconds: number) => BenchResult;
  /** Its rules as pongsim plays them, every option and reading (a path from the package root). */
  rulesDoc: string;
  /** A file the rules read (`--card FILE`: American's card of hands). */
  card?: CardInput;
  /** Exact odds (`pongsim odds`). */
  odds?: OddsQuery<R>;
  /** A mahjong ruleset's hands without a game (its tiles, how a hand is measured, its scorer):
   * what its hand, score and advice read, named here rather than looked up by game id. */
  ruleset?: Ruleset;
  /** A hand measured and, complete, scored (`pongsim hand`). */
  hand?: HandQuery;
  /** Complete hands scored in batch (`pongsim score`). */
  score?: ScoreQuery;
  /** Every action of a player's own decision ranked by simulation (`pongsim advise`). */
  advise?: AdviseQuery<S, R>;
  /** Game records (`replay --format events`, `--record`, `pongsim check`). */
  records?: RecordsOffer<S, R>;
  /** Its fields in the search-strength study (its best hand-written bot, short rules, rollouts),
   * which the search bot's `pongsim bench` figure reads too. */
  search?: SearchField;
  /** What its engine computes of each legal action for a distilled policy (`pongsim distill`,
   * the `distilled` strategy), beside its bots. */
  features?: FeatureSet<V>;
  /** Play for money or chips: the risk of a night (`--session`, `--bankroll`, the bankroll study). */
  risk?: RiskQuery<R>;
  /** What `compare --luck` fills into an arm's rules where no preset, file or --set gives it:
   * chance keyed so that two arms stay paired longest, which changes no odds (mahjong: each
   * seat drawing from places of its own, the variance-reduction layer's seat draws). */
  luckRules?: Record<string, string>;
}

/** A game's records: the engine writes them through its trace (core/trace.ts); what the
 * entry adds is what a record of this game may hold. */
export interface RecordsOffer<S extends GameState = GameState, R = any> {
  /** The event types of this game's records, beside start and end: each its part of the
   * format's schema and of the viewer page (the game's events.ts; records/format.ts composes
   * the format from every entry's). */
  events: readonly EventKind[];
  /**
   * For a record without a seed (a game played at a real table and written down, each deal and
   * draw carrying its cards or tile): the chance stream that deals and draws what `events` say,
   * to play `state` with (core/chance.ts).
   */
  tableChance(events: readonly GameEvent[], state: S): Rng;
  /** The rules such a record is played under, where the record's rules lay chance out from the
   * seed in a way no record can follow (mahjong's seat draws); the record's own otherwise. */
  tableRules?(rules: R): R;
}

/** A card of hands kept in a file: what `--card FILE` reads into the rules. */
export interface CardInput {
  /** The rules that play the card in `file` (checked; one InputError line naming the file). */
  rules(file: string): Record<string, unknown>;
  /** The card in `file`, described: what `card check --json` prints (its sha256 is the one a
   * run's provenance records). */
  check(file: string): CardCheck;
  /** The same as lines of text. */
  text(file: string, check: CardCheck): string[];
  /** The other tools' card files `card import` converts into this game's card format. */
  importFormats: readonly { id: string; title: string }[];
  /** The card in `file`, written in format `from`, as this game's card document (checked: it
   * compiles), with the lines left out (only with `skipUnsupported`; otherwise an unsupported
   * line is an InputError naming the file's line). */
  import(from: string, file: string, skipUnsupported: boolean): CardImport;
}

export interface CardImport {
  /** The card file's text, as written. */
  text: string;
  card: string;
  lines: number;
  skipped: { line: number; why: string }[];
}

export interface CardCheck {
  card: string;
  sha256: string;
  [key: string]: unknown;
}

/** Exact odds tables. The cards a player names come as typed (`--seen`, `--hand`). */
export interface OddsQuery<R = any> {
  /** What the odds answer, for `pongsim odds --help`. */
  doc: string;
  /** What `--seen` lists in this game, e.g. "months revealed this cycle, e.g. 3,3,7,12". */
  seen: string;
  /** What `--hand` gives, where the odds take a hand. */
  hand?: string;
  /** The cards as typed, checked against the rules: InputError lines naming --seen or --hand. */
  read(rules: R, seen: string | undefined, hand: string | undefined): OddsInput;
  /** What `--bankroll B` (with `--session N` bets) adds to the table, where the game's odds take a bankroll. */
  stake?: string;
  /** The table for these rules and cards (and a bankroll staked on `bets` bets in a row, where `stake` says what it adds). */
  table(rules: R, input: OddsInput, stake?: { bankroll: number; bets: number }): OddsTable;
  /** A printable odds card for a fresh cycle, where the game has one; `changes` lists the rules
   * that differ from the defaults, as key=value. */
  card?(rules: R, changes: string[]): { html: string; svg: string };
}

/** The cards of an odds question, read; `cards` counts those seen and held. */
export interface OddsInput {
  cards: number;
  [key: string]: unknown;
}

export interface OddsTable {
  table: CsvTable;
  /** What `odds --json` gives beside game, rules and rows, in order. */
  fields: Record<string, unknown>;
  /** What the table's FILE.meta.json records beside command, game and rules. */
  meta: Record<string, unknown>;
  /** What the terminal shows: the table (or its printable columns), then a note. */
  shown: CsvTable;
  /** The columns of `shown` the terminal shows unless --wide (default: all that fit). */
  key?: string[];
  note: string;
}

/** The options of `pongsim hand` beside --json, each named as commander names it. */
export interface HandOption {
  flag: string;
  value?: string;
  doc: string;
}

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

/** An action's exact result (AdviseQuery.exact): each figure as a number and as a fraction. */
export interface ExactResult {
  value: number;
  valueText: string;
  won?: number;
  wonText?: string;
}

/** A decision as the deciding seat knows it, made into a table the rollouts play on from
 * (`pongsim advise`; the ranking itself is src/core/advise.ts, the same for every game). */
export interface AdviseQuery<S extends GameState = GameState, R = any> {
  /** What it advises, for `pongsim advise --help`: "how much to bet". */
  doc: string;
  /** The situation's fields as flags; a situation file gives the same fields under commander's
   * names (--win-tile is winTile). */
  options: readonly HandOption[];
  /**
   * The situation `given` (by commander's names; `name(key)` is how an error names a field: the
   * flag, or the file and key) read against the rules: a state at the seat's decision that holds
   * what the seat knows (what it cannot know is dealt anew by GameDef.determinize), the seat,
   * and the situation as read (what `advise --json` echoes). InputError lines.
   */
  situation(
    rules: R,
    given: Record<string, unknown>,
    name: (key: string) => string,
  ): { state: S; seat: number; read: Record<string, unknown> };
  /** A typical situation (its fields by commander's names): `pongsim bench` times advising it. */
  example: Record<string, string>;
  /** Other typical situations `pongsim bench` times beside `example`, each named for its
   * figure (American: a discard after the Charleston beside the Charleston pass). */
  moreExamples?: readonly { name: string; situation: Record<string, string> }[];
  /** The playouts a decision gets unless told: a typical one answered in a few seconds. */
  budget: number;
  /** The budget from which one decision's rollouts are shared with the worker pool (`--workers`
   * above 1, the hidden hands dealt uniformly): about two seconds of playouts on one core of a
   * quiet machine (README, Speed). Below it a worker's start (loading the games, building the
   * game's tables: about a second of processor time) costs more than the second core saves, and
   * the rollouts play in the calling thread. */
  poolFrom: number;
  /** Whether advice from a record infers the others' hidden hands from their play unless told
   * `--deal uniform` (src/core/infer.ts): only where the calibration study (advise-calibration)
   * passed its targets. Elsewhere it deals uniformly unless told `--deal inferred`. */
  inferByDefault?: boolean;
  /** The choices where one decision is several moves (American: a Charleston pass of three
   * tiles), each named; by default every legal action is one. */
  choices?(state: S, seat: number): Choice[] | undefined;
  /** Where the game has wins the rules pay (mahjong): whether `action` is one at the decision,
   * and what letting it go costs under the rules, in words (sacred discard; undefined where
   * nothing): where another action ranks above such a win, the answer says why. */
  wins?: { legal(state: S, seat: number, action: number): boolean; letGo(state: S, seat: number): string | undefined };
  /** The exact result of `action` (one that takes no amount) where the game can work it out
   * over the deals uniform rollouts draw from (Nylon-ppong: a stop, by the stop odds): its value
   * and, where known, its won share, as numbers and as exact fractions. The answer gives them in
   * place of the rollouts' means, which can miss them (a rare failure never dealt); not under an
   * inferred dealing, whose rollouts draw from other deals. */
  exact?(state: S, seat: number, action: number): ExactResult | undefined;
  /** Where the game can value every action of a decision exactly (Wolnamppong: a bet by its
   * settlement over the third card, a fold 0): the decision benchmark (library/benchmark.ts)
   * values such a decision so instead of by rollouts. `value` says what the exact value counts
   * (it may count less than `value` above: a bet's settlement, not the whole round), `of` gives
   * an action's value, or undefined where the rules or the table rule it out. */
  exactDecision?: {
    value: string;
    of(state: S, seat: number, action: number, amount: number): number | undefined;
  };
  /** What else the answer shows about the situation (American: the card lines still alive and
   * the tiles each needs): what `--json` gives as `about`, and the same as lines of text. */
  about?(state: S, seat: number): { json: Record<string, unknown>; text: string[] } | undefined;
  /** What an action's value is: "chips won this deal cycle". */
  value: string;
  /** What GameDef.round counts, in a word or two: "deal cycle", "hand". */
  round: string;
  /** What a value is counted in, in words: "chips", "penalty points". */
  unit: string;
  /** What a rollout counts as won, in words and as a test of the table where it ended, `end`,
   * set against the table at the decision, `start` (the round or hand GameDef.round numbered
   * `round` was played; `gain` is the seat's result). */
  won: { doc: string; test(start: S, end: S, seat: number, round: number, gain: number): boolean };
}

/**
 * A game's entry, its fields checked against its engine's own state, rules and view types
 * (a query reads `rules` as the engine's rules, a record's table as the engine's state). The
 * catalog lists it with those types erased, and reads its view type from it for plug-ins
 * (GameViews).
 */
export function defineEntry<S extends GameState, R, V>(entry: GameEntry<S, R, V>): GameEntry<S, R, V> {
  return entry;
}
