import type { StrategyDef } from '../../src/core/strategy.js';
import { DISCARD, PASS, UPER, WIN } from '../../src/games/mahjong/korean/actions.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';

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
      let first = -1;
      for (let i = 0; i < n; i++) {
        const a = legal[i]!;
        if (a === DISCARD + v.drawn) return a;
        if (first < 0 && a < UPER) first = a;
      }
      return first;
    },
  }),
};
