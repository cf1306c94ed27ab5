import type { StrategyDef } from '../../src/core/strategy.js';
import { KOREAN_KINDS, STEM, stemsOf } from '../../src/games/mahjong/korean/kinds.js';
import { BIT } from '../../src/games/mahjong/table/kinds.js';
import type { KoreanRules } from '../../src/games/mahjong/korean/rules.js';
import type { KoreanView } from '../../src/games/mahjong/korean/view.js';
import { EfficiencyPlayer } from './efficiency.js';

/**
 * Tiles sacred discard makes safe against an uper seat: its discards (a wait among them bars
 * its discard wins) and, per stemRule, their stem groups or the declaration tile's.
 */
function safeAgainst(v: KoreanView, rules: KoreanRules, y: number): number {
  const d = v.discardMask[y * 2]!;
  if (rules.stemRule === 'allDiscards') return d | stemsOf(d);
  if (rules.stemRule === 'declarationOnly') return d | STEM[v.uperTile[y]!]!;
  return d;
}

/**
 * Efficiency, but once another seat has declared uper and its own shanten is at least s,
 * it discards only tiles safe against every uper seat (else those safe against the most),
 * the defence the stem rule invites.
 */
export const foldVsUper: StrategyDef<KoreanView, KoreanRules> = {
  name: 'fold-vs-uper',
  game: 'korean',
  doc: 'efficiency play that, once another seat has declared uper and its own shanten is at least s, discards only tiles sacred discard makes safe against it (its discards and their stem groups)',
  params: [{ name: 's', doc: 'fold when its shanten is at least this (0: always)', default: 1, min: 0, max: 8, integer: true }],
  make: ({ s }, rules) =>
    new EfficiencyPlayer(rules, {
      defence(v, shanten) {
        if (shanten < s!) return 0;
        let all = -1;
        let uppers = 0;
        for (let y = 0; y < 4; y++) {
          if (y === v.seat || v.uper[y] === 0) continue;
          uppers++;
          all &= safeAgainst(v, rules, y);
        }
        if (uppers === 0) return 0;
        let held = 0;
        for (let i = 0; i < KOREAN_KINDS.length; i++) if (v.hand[KOREAN_KINDS[i]!]! > 0) held |= BIT[KOREAN_KINDS[i]!]!;
        if ((all & held) !== 0 || uppers === 1) return all;
        // No tile is safe against every uper: keep those safe against the most.
        let best = 0;
        let bestCount = 0;
        for (let i = 0; i < KOREAN_KINDS.length; i++) {
          const bit = BIT[KOREAN_KINDS[i]!]!;
          if ((held & bit) === 0) continue;
          let count = 0;
          for (let y = 0; y < 4; y++) if (y !== v.seat && v.uper[y] !== 0 && (safeAgainst(v, rules, y) & bit) !== 0) count++;
          if (count > bestCount) {
            bestCount = count;
            best = 0;
          }
          if (count === bestCount && count > 0) best |= bit;
        }
        return best;
      },
    }),
};
