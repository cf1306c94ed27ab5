// The package root: the library (README, "Using pongsim from a program") and the plug-in API,
// what a strategy module kept outside the repository imports from 'pongsim'
// (`import { actions, type GameViews, type StrategyDef } from 'pongsim'`). Each game's action
// ids are its own object, since games share names such as DISCARD and PASS.

export {
  simulate,
  type SimulateOptions,
  type SimulateResult,
  type SeatResult,
  type TableOptions,
  type UntilCi,
  type SeatRisk,
  type RiskResult,
} from './library/simulate.js';
export { runStudy, type StudyOptions, type StudyResult, type DefaultStudyResult } from './library/study.js';
export { compare, type CompareOptions } from './library/compare.js';
export { tune, type TuneOptions, type TuneResult } from './library/tune.js';
export { league, type LeagueOptions } from './library/league.js';
export { distill, type DistillOptions, type DistillResult } from './library/distill.js';
export { odds, type OddsOptions, type OddsResult, type OddsCardWritten } from './library/odds.js';
export { analyzeHand, analyzeHands, score, checkCard, type HandOptions, type HandResult, type ScoreOptions } from './library/hand.js';
export { importCard, importCardFormats, type ImportCardOptions, type ImportCardResult } from './library/card.js';
export { replay, type ReplayOptions, type ReplayResult } from './library/replay.js';
export { checkRecord, eventsSchema, type CheckOptions, type CheckResult, type RecordOptions } from './library/records.js';
export type { GameEvent } from './core/trace.js';
export { merge, type MergeOptions } from './library/merge.js';
export { explain, type Explanation } from './library/explain.js';
export { advise, type AdviseOptions, type AdviseResult } from './library/advise.js';
export type { AdviceRow } from './core/advise.js';
export { review, type ReviewOptions, type ReviewResult, type ReviewedDecision } from './library/review.js';
export {
  buildBenchmark,
  scoreBenchmark,
  scoreChoices,
  type ScoreChoicesOptions,
  type BuildBenchmarkOptions,
  type BuildBenchmarkResult,
  type ScoreBenchmarkOptions,
  type ScoreBenchmarkResult,
  type ScoredDecision,
} from './library/benchmark.js';
export { BENCHMARK_FORMAT, type BenchmarkHeader, type BenchmarkDecision, type BenchmarkAction } from './library/benchmark-file.js';
export type { PartialWritten } from './library/partial.js';
export type { RunControl, ChunkProgress, RunOptions, SliceOptions, RiskOptions } from './library/control.js';
export { InputError, IllegalMoveError, Interrupted, ItemError } from './core/errors.js';

export type { ParamDef, Strategy, StrategyDef } from './core/strategy.js';
export type { Rng } from './core/rng.js';
export { tileKind, tileName } from './games/mahjong/tiles.js';
export { month } from './games/hwatu/deck.js';

import { ACTIONS } from './catalog/index.js';
/** Each game's action ids, by the game's id (its catalog entry's actions): `actions.wolnamppong.FOLD`. */
export const actions = ACTIONS;
export type { GameViews } from './catalog/index.js';

// The names plug-ins imported before `actions` and GameViews, kept so that they still load;
// each is its game's entry of those. A new game adds none.
export type { WolnamView } from './games/hwatu/wolnamppong/game.js';
export type { NylonView } from './games/hwatu/nylonppong/view.js';
export type { TableView } from './games/mahjong/table/view.js';
export type { KoreanView } from './games/mahjong/korean/view.js';
export type { ChineseAmericanView } from './games/mahjong/chinese-american/view.js';
export * as nylonppongActions from './games/hwatu/nylonppong/actions.js';
export * as mahjongActions from './games/mahjong/table/actions.js';
import { BET, BET_HIGHER, BET_LOWER, FOLD } from './games/hwatu/wolnamppong/odds.js';
/** Wolnamppong's actions: fold, bet, and on a pair under pairRule=callHighLow bet higher or lower. */
export const wolnamppongActions = { FOLD, BET, BET_HIGHER, BET_LOWER } as const;
