// Strategy specs whose parameter is another spec: the search bot's policy.
import { describe, expect, it } from 'vitest';
import { GAMES, gameEntry } from '../../src/catalog/index.js';
import { expandGrid } from '../../src/core/grid.js';
import { resolveRules } from '../../src/core/rules.js';
import { allows, parseSpec } from '../../src/core/strategy.js';

const nylon = gameEntry('nylonppong');
const rules = resolveRules(nylon.def.schema, []);
const spec = (text: string) => parseSpec(text, nylon.strategies, 'nylonppong', rules);

describe('a spec parameter', () => {
  it('takes a nested spec, written out in full, and defaults to the reference bot', () => {
    const s = spec('rollout(policy=careful(t=7, k=0.2), n=8)');
    expect(s.text).toBe('rollout(n=8,z=1,confirm=4,most=0,policy=careful(t=7,k=0.2))');
    expect(s.specs!.policy!.params).toEqual({ t: 7, k: 0.2 });
    expect(spec('rollout').text).toBe(`rollout(n=16,z=1,confirm=4,most=0,policy=${spec(nylon.defaultSeat).text})`);
  });

  it('is refused, with one line, when it names a search bot, an unknown strategy or is given twice', () => {
    expect(() => spec('rollout(policy=rollout)')).toThrow(/a search bot cannot be another's policy; allowed: random, basic/);
    expect(() => spec('rollout(policy=carefull)')).toThrow(/strategy "carefull" is not a nylonppong strategy \(did you mean "careful"\?\)/);
    expect(() => spec('rollout(policy=basic,policy=careful)')).toThrow(/parameter policy given twice/);
    expect(() => spec('rollout(m=3)')).toThrow(/unknown parameter "m"; allowed parameters: n, z, confirm, most, policy, deal$/);
  });

  it('stays fixed in a tuning grid while the numbers vary', () => {
    expect(expandGrid('rollout(n=[2,4],policy=careful(t=4,k=0.1))', nylon.strategies, 'nylonppong', rules)).toEqual([
      'rollout(n=2,z=1,confirm=4,most=0,policy=careful(t=4,k=0.1))',
      'rollout(n=4,z=1,confirm=4,most=0,policy=careful(t=4,k=0.1))',
    ]);
  });
});

describe('a parameter written wrong', () => {
  const wol = gameEntry('wolnamppong');
  const wolRules = resolveRules(wol.def.schema, []);
  const wolSpec = (text: string) => parseSpec(text, wol.strategies, 'wolnamppong', wolRules);
  const grid = (text: string) => expandGrid(text, wol.strategies, 'wolnamppong', wolRules);

  it('without a value is told to give one, and what it allows', () => {
    expect(() => wolSpec('kelly(c)')).toThrow(/^strategy kelly: parameter c needs a value: c=\.\.\. \(a number from 0 to 2\)$/);
    expect(() => wolSpec('rollout(policy)')).toThrow(
      /^strategy rollout: parameter policy needs a value: policy=\.\.\. \(a wolnamppong strategy spec\)$/,
    );
    expect(() => grid('ev-threshold(t)')).toThrow(
      /^--strategy ev-threshold: parameter t needs a value: t=\.\.\. \(a number from -2 to 1\)$/,
    );
  });

  it('unknown is named by its key, without the value', () => {
    expect(() => wolSpec('kelly(z=1)')).toThrow(/^strategy kelly: unknown parameter "z"; allowed parameters: c$/);
    expect(() => grid('ev-threshold(z=1..2:1)')).toThrow(/^--strategy ev-threshold: unknown parameter "z"; allowed parameters: t, f$/);
  });

  it('in a grid, a range without a step is told to give one', () => {
    expect(() => grid('ev-threshold(t=0.1..0.4)')).toThrow(
      /^--strategy ev-threshold: t=0\.1\.\.0\.4: a range needs a step: lo\.\.hi:step, e\.g\. t=0\.1\.\.0\.4:STEP \(or tune it over the range with --method spsa\)$/,
    );
    expect(grid('ev-threshold(t=0.1..0.4:0.15)')).toEqual([
      'ev-threshold(t=0.1,f=0.5)',
      'ev-threshold(t=0.25,f=0.5)',
      'ev-threshold(t=0.4,f=0.5)',
    ]);
  });
});

describe('every built-in strategy', () => {
  // A plug-in whose default its own range refuses is refused when loaded (library/plugins.ts); pongsim's
  // own strategies keep to the same rule, for defaults that depend on the rules under every preset.
  it('defaults each parameter to a value its own range allows', () => {
    for (const g of GAMES) {
      const presets = Object.values(g.def.schema.presets).map((p) => resolveRules(g.def.schema, [{ where: 'preset', values: p.set }]));
      for (const rules of [resolveRules(g.def.schema, []), ...presets]) {
        for (const s of g.strategies) {
          for (const p of s.params) {
            const v = typeof p.default === 'function' ? p.default(rules) : p.default;
            expect(allows(p, v), `${g.def.id} ${s.name}(${p.name}=${v})`).toBe(true);
          }
        }
      }
    }
  });
});

describe('a default that is a function of the rules', () => {
  // Known only once the rules are, so it is checked where a spec is read, as a given value is.
  const def = {
    ...nylon.strategies.find((d) => d.name === 'basic')!,
    name: 'capped',
    params: [
      { name: 't', doc: 'the stop limit, at most 5', default: (r: { stopLimit: number }) => r.stopLimit, min: 0, max: 5, integer: true },
    ],
  };
  const under = (stopLimit: number) => resolveRules(nylon.def.schema, [{ where: 'test', values: { stopLimit } }]);

  it('is taken when the rules give an allowed value', () => {
    expect(parseSpec('capped', [def], 'nylonppong', under(4)).params.t).toBe(4);
  });

  it('is refused, naming the parameter and its range, when they do not', () => {
    expect(() => parseSpec('capped', [def], 'nylonppong', under(10))).toThrow(
      /^strategy capped: parameter t defaults to 10 under these rules, which it does not allow \(an integer from 0 to 5\); give t=\.\.\.$/,
    );
    expect(parseSpec('capped(t=3)', [def], 'nylonppong', under(10)).params.t).toBe(3);
  });
});
