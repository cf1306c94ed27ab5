import { it } from 'vitest';
import { parseSpec } from '../../../../src/core/strategy.js';
import { korean } from '../../../../src/games/mahjong/korean/game.js';
import type { KoreanRules } from '../../../../src/games/mahjong/korean/rules.js';
import { koreanStrategies } from '../../../../strategies/korean/index.js';
import { checkGolden } from '../../../support/drivers.js';
import { koreanRules } from './rig.js';

const bots = (specs: string[], rules: KoreanRules) =>
  specs.map((text) => {
    const spec = parseSpec(text, koreanStrategies, 'korean', rules);
    return koreanStrategies.find((d) => d.name === spec.name)!.make(spec.params, rules);
  });

it('golden playthrough: default rules, two hands, uper, fold, efficiency and tsumogiri seats', () => {
  const rules = koreanRules({ handsPerSession: 2 });
  checkGolden({
    file: 'test/golden/korean-default.json',
    game: korean,
    rules,
    strategies: bots(['uper-always', 'fold-vs-uper', 'efficiency', 'tsumogiri'], rules),
    seed: 'korean-golden',
  });
});

it('golden playthrough: open uper, chow calls, every winner paid', () => {
  const rules = koreanRules({ handsPerSession: 2, openUper: true, chowCalls: 'leftOnly', multiRon: 'all' });
  checkGolden({
    file: 'test/golden/korean-open-uper.json',
    game: korean,
    rules,
    strategies: bots(['uper-always', 'uper-wait(w=4)', 'uper-early(k=6)', 'efficiency'], rules),
    seed: 'korean-golden-open',
  });
});
