import { dealRng } from '../core/rng.js';
import { resolveRules } from '../core/rules.js';
import { parseSpec } from '../core/strategy.js';
import { Arm } from '../experiment/arm.js';
import { korean } from '../games/mahjong/korean/game.js';
import { koreanSchema, type KoreanRules } from '../games/mahjong/korean/rules.js';
import { Wall } from '../games/mahjong/table/wall.js';
import { KOREAN_SET, wallTiles } from '../games/mahjong/tile-sets.js';
import { koreanStrategies } from '../../strategies/korean/index.js';
import { fmt, rate, type BenchResult } from './clock.js';

/**
 * Whole Korean hands per second on one core under the default rules (sessions of
 * handsPerSession hands, played as an experiment plays them), with four tsumogiri seats
 * and with four efficiency seats, beside a floor: a bare 104-tile shuffle and draw of the
 * whole wall per hand.
 */
export function benchKorean(seconds: number): BenchResult {
  const rules = resolveRules<KoreanRules>(koreanSchema, []);
  const hands = (name: string): number => {
    const spec = parseSpec(name, koreanStrategies, 'korean', rules);
    const arm = new Arm(korean, rules, [spec, spec, spec, spec], koreanStrategies);
    let games = 0;
    const step = () => {
      arm.play('bench', 0, games++);
      return rules.handsPerSession;
    };
    return rate(seconds, step);
  };
  const handsPerSecTsumogiri = hands('tsumogiri');
  const handsPerSecEfficiency = hands('efficiency');
  const wall = new Wall(wallTiles(KOREAN_SET), 0);
  let deals = 0;
  const floorPerSec = rate(seconds, () => {
    const rng = dealRng('floor', 0, deals);
    for (let h = 0; h < rules.handsPerSession; h++, deals++) {
      wall.reset(rng);
      while (wall.live() > 0) wall.drawHead();
    }
    return rules.handsPerSession;
  });
  return {
    figures: { handsPerSecTsumogiri, handsPerSecEfficiency, floorPerSec },
    line: `korean: ${fmt(handsPerSecTsumogiri)} hands/s per core (4 tsumogiri seats), ${fmt(handsPerSecEfficiency)} (4 efficiency seats); floor ${fmt(floorPerSec)} 104-tile shuffle-and-draws/s`,
  };
}
