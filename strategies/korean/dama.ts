import type { StrategyDef } from '../../src/core/strategy.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import { EfficiencyPlayer } from './efficiency.js';

/** The uper study's baseline: efficiency play that stays silent when ready (damaten). */
export const dama: StrategyDef<KoreanView, KoreanRules> = {
  name: 'dama',
  game: 'korean',
  doc: 'efficiency play that never declares uper (damaten): keeps its hand free and wins on any legal discard',
  params: [],
  make: (_p, rules) => new EfficiencyPlayer(rules),
};
