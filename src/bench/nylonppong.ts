import { fmt, rate, type BenchResult } from './clock.js';
import { dealRng } from '../core/rng.js';
import { resolveRules } from '../core/rules.js';
import { parseSpec } from '../core/strategy.js';
import { Arm } from '../experiment/arm.js';
import { nylonppongStrategies } from '../../strategies/nylonppong/index.js';
import { CARDS, Deck } from '../games/hwatu/deck.js';
import { nylonppong } from '../games/hwatu/nylonppong/game.js';
import { nylonRulesSchema } from '../games/hwatu/nylonppong/rules.js';

/**
 * Rounds per second on one core with four basic seats under the default rules, played as
 * an experiment plays them (Arm: seeded streams per game), beside a floor: a full 48-card
 * shuffle per round, with a stream seeded per game of `rounds` rounds alike.
 */
export function benchNylonppong(seconds: number): BenchResult {
  const rules = resolveRules(nylonRulesSchema, []);
  const spec = parseSpec('basic', nylonppongStrategies, 'nylonppong', rules);
  const arm = new Arm(
    nylonppong,
    rules,
    Array.from({ length: rules.players }, () => spec),
    nylonppongStrategies,
  );
  let games = 0;
  const roundsPerSec = rate(seconds, () => {
    for (let k = 0; k < 100; k++) arm.play('bench', 0, games++);
    return 100 * rules.rounds;
  });
  const deck = new Deck();
  let g = 0;
  const floorPerSec = rate(seconds, () => {
    const rng = dealRng('floor', 0, g++);
    for (let r = 0; r < rules.rounds; r++) {
      deck.reset();
      for (let i = 0; i < CARDS; i++) deck.draw(rng);
    }
    return rules.rounds;
  });
  const ratioToFloor = roundsPerSec / floorPerSec;
  return {
    figures: { roundsPerSec, floorPerSec, ratioToFloor },
    line: `nylonppong: ${fmt(roundsPerSec)} rounds/s per core (4 basic seats); floor ${fmt(floorPerSec)} 48-card shuffle-and-deals/s; ratio ${ratioToFloor.toFixed(2)}`,
  };
}
