import type { StrategyDef } from '../../src/core/strategy.js';
import { basic } from './basic.js';
import { careful } from './careful.js';
import { defensive } from './defensive.js';
import { random } from './random.js';
import { seeker } from './seeker.js';
import { tableStop } from './table-stop.js';

export const nylonppongStrategies: StrategyDef[] = [random, basic, careful, seeker, defensive, tableStop];
