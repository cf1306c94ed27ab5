import type { StrategyDef } from '../../src/core/strategy.js';
import { STEM } from '../../src/games/mahjong/korean/kinds.js';
import { BIT } from '../../src/games/mahjong/table/kinds.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import { EfficiencyPlayer, type EfficiencyHooks } from './efficiency.js';
import { openParam } from './open-param.js';

/**
 * Declares only with at least w live waiting tiles, and only when the declaration tile does
 * not put its own waits in sacred discard (the tile itself, or its stem group when a stem
 * rule applies).
 */
export function uperWaitTest(w: number, rules: KoreanRules): NonNullable<EfficiencyHooks['uper']> {
  return (_v: KoreanView, k: number, live: number, waits: number) => {
    const cut = BIT[k]! | (rules.stemRule === 'none' ? 0 : STEM[k]!);
    return live >= w && (cut & waits) === 0;
  };
}

export const uperWait: StrategyDef<KoreanView, KoreanRules> = {
  name: 'uper-wait',
  game: 'korean',
  doc: "efficiency play that declares uper only when its waits have at least w live tiles and the declaration tile's stem group does not cut its own waits",
  params: [{ name: 'w', doc: 'fewest live tiles among the waits', default: 6, min: 0, max: 40, integer: true }, openParam],
  make: ({ w, open }, rules) => new EfficiencyPlayer(rules, { uper: uperWaitTest(w!, rules), open: open === 1 }),
};
