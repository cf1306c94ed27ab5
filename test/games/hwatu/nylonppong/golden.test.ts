import { it } from 'vitest';
import { resolveRules } from '../../../../src/core/rules.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import { nylonppongStrategies } from '../../../../strategies/nylonppong/index.js';
import { checkGolden } from '../../../support/drivers.js';

const bots = (names: string[], rules: unknown) =>
  names.map((name) => {
    const def = nylonppongStrategies.find((d) => d.name === name)!;
    const params = Object.fromEntries(def.params.map((p) => [p.name, typeof p.default === 'function' ? p.default(rules) : p.default]));
    return def.make(params, rules);
  });

it('golden playthrough: default rules, one bot of each kind', () => {
  const rules = resolveRules(nylonppong.schema, [{ where: 'test', values: { rounds: 3 } }]);
  checkGolden({
    file: 'test/golden/nylonppong-default.json', game: nylonppong, rules,
    strategies: bots(['basic', 'careful', 'seeker', 'defensive'], rules), seed: 'nylonppong-golden',
  });
});

it('golden playthrough: bbong house rules (out-of-turn ppong, reshuffles, lay-downs)', () => {
  const rules = resolveRules(nylonppong.schema, [{ where: 'preset bbong', values: nylonppong.schema.presets.bbong!.set }, { where: 'test', values: { rounds: 3 } }]);
  checkGolden({
    file: 'test/golden/nylonppong-bbong.json', game: nylonppong, rules,
    strategies: bots(['random', 'basic', 'seeker', 'random'], rules), seed: 'nylonppong-golden-bbong',
  });
});
