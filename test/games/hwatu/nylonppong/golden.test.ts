import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { resolveRules } from '../../../../src/core/rules.js';
import { nylonppong } from '../../../../src/games/hwatu/nylonppong/game.js';
import { nylonppongStrategies } from '../../../../strategies/nylonppong/index.js';
import { tempDir } from '../../../support/cli.js';
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
    file: 'test/golden/nylonppong-default.json',
    game: nylonppong,
    rules,
    strategies: bots(['basic', 'careful', 'seeker', 'defensive'], rules),
    seed: 'nylonppong-golden',
  });
});

it('golden playthrough: bbong house rules (out-of-turn ppong, reshuffles, lay-downs)', () => {
  const rules = resolveRules(nylonppong.schema, [
    { where: 'preset bbong', values: nylonppong.schema.presets.bbong!.set },
    { where: 'test', values: { rounds: 3 } },
  ]);
  checkGolden({
    file: 'test/golden/nylonppong-bbong.json',
    game: nylonppong,
    rules,
    strategies: bots(['random', 'basic', 'seeker', 'random'], rules),
    seed: 'nylonppong-golden-bbong',
  });
});

it('a missing golden file fails the test, and is recorded only with UPDATE_GOLDEN=1', () => {
  const rules = resolveRules(nylonppong.schema, [{ where: 'test', values: { rounds: 1 } }]);
  const file = path.join(tempDir(), 'missing.json');
  const run = () =>
    checkGolden({ file, game: nylonppong, rules, strategies: bots(['basic', 'basic', 'basic', 'basic'], rules), seed: 'missing' });
  const was = process.env.UPDATE_GOLDEN;
  delete process.env.UPDATE_GOLDEN;
  try {
    expect(run).toThrow(/^no golden playthrough .*missing\.json: record it with UPDATE_GOLDEN=1/);
    expect(fs.existsSync(file)).toBe(false);
    process.env.UPDATE_GOLDEN = '1';
    run();
    expect(fs.existsSync(file)).toBe(true);
  } finally {
    if (was === undefined) delete process.env.UPDATE_GOLDEN;
    else process.env.UPDATE_GOLDEN = was;
  }
});
