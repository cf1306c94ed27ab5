// The house-rule table's changes: every option of every game is either played (each alternative
// value by the stated rule, each a valid rules object that differs from the defaults in that
// option) or left out with a reason; the rule itself on options of each kind.
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog/index.js';
import { ruleChanges, settingText } from '../../src/core/house-rules.js';
import { bool, int, num, oneOf, resolveRules, setOf, type RulesSchema } from '../../src/core/rules.js';

const schemaOf = (options: RulesSchema<unknown>['options'], extra: Partial<RulesSchema<unknown>> = {}): RulesSchema<unknown> => ({
  game: 'test',
  options,
  presets: {},
  ...extra,
});

describe('ruleChanges', () => {
  it('flips a boolean, takes every other value of a list, toggles each id of a set', () => {
    const { changes } = ruleChanges(
      schemaOf([bool('b', false, ''), oneOf('e', 'x', ['x', 'y', 'z'] as const, ''), setOf('s', ['a', 'b'], ['a', 'b', 'c'], '')]),
    );
    expect(changes.map((c) => [c.label, c.value])).toEqual([
      ['b=true', true],
      ['e=y', 'y'],
      ['e=z', 'z'],
      ['s-a', ['b']],
      ['s-b', ['a']],
      ['s+c', ['a', 'b', 'c']],
    ]);
  });

  it("gives a number its presets' values and the default halved and doubled, inside its range", () => {
    const { changes } = ruleChanges(
      schemaOf([int('i', 10, 0, 15, ''), int('odd', 5, 0, 100, ''), num('x', 1, 1, 10, '')], {
        presets: { p: { doc: '', set: { i: 7 } } },
      }),
    );
    // i: 7 from the preset, 5 halved; 20 lies past 15. odd: 2.5 rounds to 3. x: 0.5 lies below 1.
    expect(changes.map((c) => c.label)).toEqual(['i=5', 'i=7', 'odd=3', 'odd=10', 'x=2']);
  });

  it('plays stated values instead, with their companions named, and leaves out what it is told to, with why', () => {
    const s = schemaOf(
      [bool('on', false, ''), int('n', 0, -100, 100, ''), int('len', 5, 1, 9, ''), oneOf('one', 'a', ['a'] as const, '')],
      {
        houseRules: { skip: { len: 'the length of a game' }, values: { n: [-50] }, with: { n: { on: true } } },
      },
    );
    const { changes, skipped } = ruleChanges(s);
    expect(changes.map((c) => c.label)).toEqual(['on=true', 'n=-50 (with on=true)']);
    expect(changes[1]!.set).toEqual({ on: true, n: -50 });
    expect(skipped).toEqual([
      { key: 'len', why: 'the length of a game' },
      { key: 'one', why: 'it has no other value' },
    ]);
  });

  it('refuses notes that name no option, and a stated value that is the default or not allowed', () => {
    const opts = [int('n', 0, -100, 100, '')];
    expect(() => ruleChanges(schemaOf(opts, { houseRules: { skip: { m: 'x' } } }))).toThrow('no option "m"');
    expect(() => ruleChanges(schemaOf(opts, { houseRules: { with: { n: { m: 1 } } } }))).toThrow('no option "m"');
    expect(() => ruleChanges(schemaOf(opts, { houseRules: { values: { n: [0] } } }))).toThrow('not an alternative');
    expect(() => ruleChanges(schemaOf(opts, { houseRules: { values: { n: [500] } } }))).toThrow('not an alternative');
  });

  it('names a set of ids by what it adds to or takes from the default', () => {
    const o = setOf('s', ['a', 'b'], ['a', 'b', 'c'], '');
    expect(settingText(o, ['a', 'c'])).toBe('s+c-b');
    expect(settingText(int('n', 0, 0, 9, ''), 3)).toBe('n=3');
  });
});

describe("every game's house-rule table", () => {
  for (const g of GAMES) {
    it(`${g.def.id}: every option is played or left out with a reason, each change a valid rules object that changes it`, () => {
      const schema = g.def.schema as RulesSchema<unknown>;
      const { changes, skipped } = ruleChanges(schema);
      const defaults = resolveRules(schema, []) as Record<string, unknown>;
      const played = new Set(changes.map((c) => c.key));
      for (const o of schema.options) expect(played.has(o.key) !== skipped.some((s) => s.key === o.key)).toBe(true);
      for (const s of skipped) expect(s.why.length).toBeGreaterThan(10);
      expect(new Set(changes.map((c) => c.label)).size).toBe(changes.length);
      for (const c of changes) {
        const r = resolveRules(schema, [{ where: c.label, values: c.set }]) as Record<string, unknown>;
        expect(r[c.key]).toEqual(c.value);
        expect(JSON.stringify(r[c.key])).not.toBe(JSON.stringify(defaults[c.key]));
      }
      // An option of its own kind (no domain) is played only where its schema states its values.
      for (const o of schema.options.filter((x) => !x.domain)) {
        if (played.has(o.key)) expect(schema.houseRules?.values?.[o.key]).toBeDefined();
      }
    });
  }
});
