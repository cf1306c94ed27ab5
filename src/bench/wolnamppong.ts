import { dealRng } from '../core/rng.js';
import { resolveRules } from '../core/rules.js';
import { parseSpec } from '../core/strategy.js';
import { Arm } from '../experiment/arm.js';
import { Deck } from '../games/hwatu/deck.js';
import { wolnamppong } from '../games/hwatu/wolnamppong/game.js';
import { wolnamSchema } from '../games/hwatu/wolnamppong/rules.js';
import { wolnamppongStrategies } from '../../strategies/wolnamppong/index.js';
import { fmt, rate, type BenchResult } from './clock.js';

/**
 * Bet decisions per second with six ev-threshold seats under the default rules, beside a
 * floor: the bare shuffle-and-draw of the same deck for the same cards (two dealt and one
 * turned per player and cycle), counted per player turn.
 */
export function benchWolnamppong(seconds: number): BenchResult {
  const rules = resolveRules(wolnamSchema, []);
  const spec = parseSpec('ev-threshold', wolnamppongStrategies, 'wolnamppong', rules);
  const arm = new Arm(
    wolnamppong,
    rules,
    Array.from({ length: rules.players }, () => spec),
    wolnamppongStrategies,
  );
  let games = 0;
  let decisions = 0;
  const decisionsPerSec = rate(seconds, () => {
    let d = 0;
    for (let k = 0; k < 100; k++) {
      arm.play('bench', 0, games++);
      d += arm.decisions();
    }
    decisions += d;
    return d;
  });
  const gamesPerSec = (decisionsPerSec * games) / decisions;
  const deck = new Deck();
  const n = rules.players;
  let g = 0;
  const floorPerSec = rate(seconds, () => {
    const rng = dealRng('floor', 0, g++);
    for (let c = 0; c < rules.cycles; c++) {
      deck.reset();
      for (let i = 0; i < 3 * n; i++) deck.draw(rng);
    }
    return rules.cycles * n;
  });
  const ratioToFloor = decisionsPerSec / floorPerSec;
  return {
    figures: { decisionsPerSec, floorPerSec, gamesPerSec, ratioToFloor },
    line: `wolnamppong: ${fmt(decisionsPerSec)} bet decisions/s per core (6 ev-threshold seats); floor ${fmt(floorPerSec)} turns/s of bare shuffle-and-draw; ratio ${ratioToFloor.toFixed(2)}`,
  };
}
