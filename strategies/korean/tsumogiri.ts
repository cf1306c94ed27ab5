import type { StrategyDef } from '../../src/core/strategy.js';
import * as actionsModule from '../../src/games/mahjong/table/actions.js';
import * as kindsModule from '../../src/games/mahjong/table/kinds.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';

// Imports as module-local consts, read once: see src/games/mahjong/table/flow.ts.
const { DISCARD, PASS, WIN } = actionsModule;
const { BIT, lowKind } = kindsModule;

/** Discards what it draws, never calls or declares, wins when legal: the engine-speed reference. */
export const tsumogiri: StrategyDef<KoreanView, KoreanRules> = {
  name: 'tsumogiri',
  game: 'korean',
  doc: 'discards what it draws (else its first legal discard), never calls or declares uper, wins when legal',
  params: [],
  make: () => ({
    // Everything it needs is on the view, so the engine need not list the legal actions.
    viewOnly: true,
    choose(v) {
      if (v.winLegal) return WIN;
      if (v.phase !== 0) return PASS;
      const allowed = v.discardable;
      const d = v.drawn;
      if (d >= 0 && (allowed & BIT[d]!) !== 0) return DISCARD + d;
      // The lowest allowed kind: the first discard in the legal list.
      return DISCARD + lowKind(allowed);
    },
  }),
};
