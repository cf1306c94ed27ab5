import type { GameDef } from './core/game.js';
import type { StrategyDef } from './core/strategy.js';
import type { ExperimentDef } from './experiment/experiment.js';
import { InputError } from './core/errors.js';
import { wolnamppong } from './games/hwatu/wolnamppong/game.js';
import { wolnamppongStrategies } from '../strategies/wolnamppong/index.js';
import { sim } from './experiment/sim.js';
import { wolnamppongOdds } from '../experiments/wolnamppong-odds.js';
import { wolnamppongStrategiesExperiment } from '../experiments/wolnamppong-strategies.js';
import { nylonppong } from './games/hwatu/nylonppong/game.js';
import { nylonppongStrategies } from '../strategies/nylonppong/index.js';
import { stopLimit } from '../experiments/stop-limit.js';
import { nylonppongHouseRules } from '../experiments/nylonppong-house-rules.js';
import { korean } from './games/mahjong/korean/game.js';
import { koreanStrategies } from '../strategies/korean/index.js';
import { uperFuriten } from '../experiments/uper-furiten.js';

/** Every game, its strategies and every experiment: the one place plug-ins are listed. */
export interface GameEntry {
  def: GameDef;
  strategies: StrategyDef[];
  /** The reference bot `sim` seats when --seats is not given. */
  defaultSeat: string;
}

export const GAMES: GameEntry[] = [
  { def: wolnamppong, strategies: wolnamppongStrategies, defaultSeat: 'ev-threshold' },
  { def: nylonppong, strategies: nylonppongStrategies, defaultSeat: 'basic' },
  { def: korean, strategies: koreanStrategies, defaultSeat: 'efficiency' },
];

export const EXPERIMENTS: ExperimentDef[] = [sim, wolnamppongOdds, wolnamppongStrategiesExperiment, stopLimit, nylonppongHouseRules, uperFuriten];

export function gameEntry(id: string): GameEntry {
  const g = GAMES.find((e) => e.def.id === id);
  if (!g) throw new InputError(`unknown game "${id}"; allowed: ${GAMES.map((e) => e.def.id).join(', ')}`);
  return g;
}

export function experimentDef(name: string): ExperimentDef {
  const e = EXPERIMENTS.find((x) => x.name === name);
  if (!e) throw new InputError(`unknown experiment "${name}"; allowed: ${EXPERIMENTS.map((x) => x.name).join(', ')}`);
  return e;
}
