import type { GameDef } from './core/game.js';
import type { StrategyDef } from './core/strategy.js';
import type { ExperimentDef } from './experiment/experiment.js';
import type { BenchResult } from './bench/clock.js';
import { InputError } from './core/errors.js';
import { didYouMean } from './core/suggest.js';
import { wolnamppong } from './games/hwatu/wolnamppong/game.js';
import { wolnamppongStrategies } from '../strategies/wolnamppong/index.js';
import { wolnamppongOdds } from '../experiments/wolnamppong-odds.js';
import { wolnamppongStrategiesExperiment } from '../experiments/wolnamppong-strategies.js';
import { benchWolnamppong } from './bench/wolnamppong.js';
import { nylonppong } from './games/hwatu/nylonppong/game.js';
import { nylonppongStrategies } from '../strategies/nylonppong/index.js';
import { stopLimit } from '../experiments/stop-limit.js';
import { nylonppongHouseRules } from '../experiments/nylonppong-house-rules.js';
import { nylonppongStopTable } from '../experiments/nylonppong-stop-table.js';
import { benchNylonppong } from './bench/nylonppong.js';
import { korean } from './games/mahjong/korean/game.js';
import { koreanStrategies } from '../strategies/korean/index.js';
import { uperFuriten } from '../experiments/uper-furiten.js';
import { koreanUperTable } from '../experiments/korean-uper-table.js';
import { chineseAmerican } from './games/mahjong/chinese-american/game.js';
import { chineseAmericanStrategies } from '../strategies/chinese-american/index.js';
import { chineseAmericanHands } from '../experiments/chinese-american-hands.js';
import { benchTable } from './bench/table.js';
import { CHINESE_AMERICAN_SET, KOREAN_SET } from './games/mahjong/tile-sets.js';
import { american } from './games/mahjong/american/game.js';
import { americanStrategies } from '../strategies/american/index.js';
import { benchAmerican } from './bench/american.js';
import { americanCharleston } from '../experiments/american-charleston.js';
import { americanCardLines } from '../experiments/american-card-lines.js';
import { americanJokers } from '../experiments/american-jokers.js';
import { rolloutDef } from '../strategies/rollout.js';

/**
 * A game and everything that plugs into it. Adding a game is its folders (rules and engine in
 * src/games, strategies in strategies/<game>, studies in experiments/, a speed figure in
 * src/bench) and one entry here.
 */
export interface GameEntry {
  def: GameDef;
  strategies: StrategyDef[];
  /** The reference bot `sim` seats when --seats is not given. */
  defaultSeat: string;
  /** The game's own studies (`pongsim run <name>`). */
  experiments: ExperimentDef[];
  /** Its studies in the quick default study (`npm start`), each at a size of a few seconds. */
  quick: { name: string; games: number }[];
  /** Its `pongsim bench` figure, measured in a fresh worker thread. */
  bench?: (seconds: number) => BenchResult;
  /** Its rules as pongsim plays them, every option and reading (a path from the package root). */
  rulesDoc: string;
}

export const GAMES: GameEntry[] = [
  {
    def: wolnamppong, strategies: wolnamppongStrategies, defaultSeat: 'ev-threshold',
    experiments: [wolnamppongOdds, wolnamppongStrategiesExperiment],
    quick: [{ name: 'wolnamppong-odds', games: 4000 }, { name: 'wolnamppong-strategies', games: 3000 }],
    bench: benchWolnamppong,
    rulesDoc: 'src/games/hwatu/wolnamppong/RULES.md',
  },
  {
    def: nylonppong, strategies: nylonppongStrategies, defaultSeat: 'basic',
    experiments: [stopLimit, nylonppongHouseRules, nylonppongStopTable],
    quick: [{ name: 'stop-limit', games: 200 }, { name: 'nylonppong-house-rules', games: 4000 }],
    bench: benchNylonppong,
    rulesDoc: 'src/games/hwatu/nylonppong/RULES.md',
  },
  {
    def: korean, strategies: koreanStrategies, defaultSeat: 'efficiency',
    experiments: [uperFuriten, koreanUperTable],
    quick: [{ name: 'uper-furiten', games: 1000 }],
    bench: (seconds) => benchTable(korean, koreanStrategies, KOREAN_SET, seconds),
    rulesDoc: 'src/games/mahjong/korean/RULES.md',
  },
  {
    def: chineseAmerican, strategies: chineseAmericanStrategies, defaultSeat: 'efficiency',
    experiments: [chineseAmericanHands],
    quick: [{ name: 'chinese-american-hands', games: 40 }],
    bench: (seconds) => benchTable(chineseAmerican, chineseAmericanStrategies, CHINESE_AMERICAN_SET, seconds),
    rulesDoc: 'src/games/mahjong/chinese-american/RULES.md',
  },
  {
    def: american, strategies: americanStrategies, defaultSeat: 'line-chaser',
    experiments: [americanCharleston, americanCardLines, americanJokers],
    quick: [{ name: 'american-charleston', games: 60 }, { name: 'american-card-lines', games: 100 }, { name: 'american-jokers', games: 100 }],
    bench: benchAmerican,
    rulesDoc: 'src/games/mahjong/american/RULES.md',
  },
];

// Every game's search bot plays through the game API alone (strategies/rollout.ts); its
// policies are the game's own strategies, plug-ins included (they join the same list).
for (const g of GAMES) g.strategies.push(rolloutDef(g.def, g.strategies, g.defaultSeat));

export function gameEntry(id: string): GameEntry {
  const g = GAMES.find((e) => e.def.id === id);
  if (!g) throw new InputError(`unknown game "${id}"${didYouMean(id, GAMES.map((e) => e.def.id))}; allowed: ${GAMES.map((e) => e.def.id).join(', ')}`);
  return g;
}

/** The game a study belongs to. */
export function studyGame(def: ExperimentDef): string {
  return GAMES.find((g) => g.experiments.includes(def))?.def.id ?? '';
}
