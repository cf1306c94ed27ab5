import type { StrategyDef } from '../../src/core/strategy.js';
import * as actionsModule from '../../src/games/mahjong/korean/actions.js';
import * as kindsModule from '../../src/games/mahjong/korean/kinds.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';

// Imports as module-local consts, read once: see flow.ts.
const { DISCARD, PASS, UPER, WIN } = actionsModule;
const { BIT } = kindsModule;

/** Discards what it draws, never calls or declares, wins when legal: the engine-speed reference. */
export const tsumogiri: StrategyDef<KoreanView, KoreanRules> = {
  name: 'tsumogiri',
  game: 'korean',
  doc: 'discards what it draws (else its first legal discard), never calls or declares uper, wins when legal',
  params: [],
  make: () => ({
    choose(v, legal, n) {
      if (v.winLegal) return WIN;
      if (v.phase !== 0) return PASS;
      // The draw, when it may be discarded: a mask test, not a search of the legal list.
      const d = v.drawn;
      if (d >= 0 && (v.discardable & BIT[d]!) !== 0) return DISCARD + d;
      for (let i = 0; i < n; i++) if (legal[i]! < UPER) return legal[i]!;
      return -1;
    },
  }),
};
