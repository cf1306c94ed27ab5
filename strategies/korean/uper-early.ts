import type { StrategyDef } from '../../src/core/strategy.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import { EfficiencyPlayer } from './efficiency.js';
import { openParam } from './open-param.js';

/** Declares uper only early in the hand, when the lock costs least and the wall is long. */
export const uperEarly: StrategyDef<KoreanView, KoreanRules> = {
  name: 'uper-early',
  game: 'korean',
  doc: 'efficiency play that declares uper whenever legal up to its own turn k, never after',
  params: [
    { name: 'k', doc: 'last own turn (1 = first discard) on which to declare', default: 8, min: 1, max: 40, integer: true },
    openParam,
  ],
  make: ({ k, open }, rules) => new EfficiencyPlayer(rules, { uper: (v) => v.turn <= k!, open: open === 1 }),
};
