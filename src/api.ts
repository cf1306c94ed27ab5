// The plug-in API: what a strategy module kept outside the repository imports from 'pongsim'
// (`import { wolnamppongActions, type StrategyDef } from 'pongsim'`). Each game's action ids are
// a namespace, since games share names such as DISCARD and PASS.

export type { ParamDef, Strategy, StrategyDef } from './core/strategy.js';
export type { Rng } from './core/rng.js';
export type { WolnamView } from './games/hwatu/wolnamppong/game.js';
export type { NylonView } from './games/hwatu/nylonppong/view.js';
export type { TableView } from './games/mahjong/table/view.js';
export type { KoreanView } from './games/mahjong/korean/view.js';
export type { ChineseAmericanView } from './games/mahjong/chinese-american/view.js';
export * as nylonppongActions from './games/hwatu/nylonppong/actions.js';
export * as mahjongActions from './games/mahjong/table/actions.js';
export { tileKind, tileName } from './games/mahjong/tiles.js';
export { month } from './games/hwatu/deck.js';

import { BET, BET_HIGHER, BET_LOWER, FOLD } from './games/hwatu/wolnamppong/odds.js';
/** Wolnamppong's actions: fold, bet, and on a pair under pairRule=callHighLow bet higher or lower. */
export const wolnamppongActions = { FOLD, BET, BET_HIGHER, BET_LOWER } as const;
