import type { StrategyDef } from '../../src/core/strategy.js';
import { ado } from './ado.js';
import { counting } from './counting.js';
import { evThreshold } from './ev-threshold.js';
import { fold } from './fold.js';
import { kelly } from './kelly.js';
import { minBet } from './min-bet.js';

/** Wolnamppong strategies; add a file beside these and list it here to plug one in. */
export const wolnamppongStrategies: StrategyDef[] = [fold, minBet, evThreshold, kelly, counting, ado];
