import { dealRng } from '../core/rng.js';
import { resolveRules } from '../core/rules.js';
import type { GameDef } from '../core/game.js';
import { parseSpec, type StrategyDef } from '../core/strategy.js';
import { Arm } from '../experiment/arm.js';
import type { TableState } from '../games/mahjong/table/state.js';
import { Wall } from '../games/mahjong/table/wall.js';
import { wallTiles, type TileSet } from '../games/mahjong/tile-sets.js';
import { fmt, rate, type BenchResult } from './clock.js';

/**
 * Whole hands per second on one core for a ruleset on the mahjong table, under its default
 * rules and played as an experiment plays them (whole sessions), with four tsumogiri seats and
 * with four efficiency seats, beside a floor: a bare shuffle and draw of the whole wall per hand.
 */
export function benchTable(game: GameDef<TableState>, strategies: StrategyDef[], set: TileSet, seconds: number): BenchResult {
  const rules = resolveRules(game.schema, []);
  const hands = (name: string): number => {
    const spec = parseSpec(name, strategies, game.id, rules);
    const arm = new Arm(game, rules, [spec, spec, spec, spec], strategies);
    let games = 0;
    return rate(seconds, () => arm.play('bench', 0, games++).stats.hands);
  };
  const handsPerSecTsumogiri = hands('tsumogiri');
  const handsPerSecEfficiency = hands('efficiency');
  const floorPerSec = wallFloor(set, seconds);
  return {
    figures: { handsPerSecTsumogiri, handsPerSecEfficiency, floorPerSec },
    line: `${game.id}: ${fmt(handsPerSecTsumogiri)} hands/s per core (4 tsumogiri seats), ${fmt(handsPerSecEfficiency)} (4 efficiency seats); floor ${fmt(floorPerSec)} ${set.total}-tile shuffle-and-draws/s`,
  };
}

/** The floor of a table figure: bare shuffles and draws of the whole wall per second. */
export function wallFloor(set: TileSet, seconds: number): number {
  const wall = new Wall(wallTiles(set), 0);
  let deals = 0;
  return rate(seconds, () => {
    const rng = dealRng('floor', 0, deals);
    for (let h = 0; h < 16; h++, deals++) {
      wall.reset(rng);
      while (wall.live() > 0) wall.drawHead();
    }
    return 16;
  });
}
