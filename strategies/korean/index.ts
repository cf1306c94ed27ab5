import type { StrategyDef } from '../../src/core/strategy.js';
import { dama } from './dama.js';
import { efficiency } from './efficiency.js';
import { foldVsUper } from './fold-vs-uper.js';
import { tsumogiri } from './tsumogiri.js';
import { uperAlways } from './uper-always.js';
import { uperEarly } from './uper-early.js';
import { uperTable } from './uper-table.js';
import { uperWait } from './uper-wait.js';

export const koreanStrategies: StrategyDef[] = [tsumogiri, efficiency, dama, uperAlways, uperWait, uperEarly, foldVsUper, uperTable];
