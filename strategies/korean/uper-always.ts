import type { StrategyDef } from '../../src/core/strategy.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import { EfficiencyPlayer } from './efficiency.js';
import { openParam } from './open-param.js';

/** Efficiency that declares uper whenever a declaration is legal. */
export const uperAlways: StrategyDef<KoreanView, KoreanRules> = {
  name: 'uper-always',
  game: 'korean',
  doc: 'efficiency play that declares uper whenever legal (the declaration with the most live waits)',
  params: [openParam],
  make: ({ open }, rules) => new EfficiencyPlayer(rules, { uper: () => true, open: open === 1 }),
};
