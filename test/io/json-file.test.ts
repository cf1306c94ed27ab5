// The reader of the JSON files a user names (rules, study and card files).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { duplicateKey } from '../../src/core/json.js';
import { readJsonFile } from '../../src/io/json-file.js';
import { tempDir } from '../support/cli.js';

describe('a JSON file a user names', () => {
  it('finds a key given twice in one object, wherever it is, and nothing else', () => {
    expect(duplicateKey('{"a": 1, "b": {"a": 2}}')).toBeNull();
    expect(duplicateKey('[{"a": 1}, {"a": 2}]')).toBeNull();
    expect(duplicateKey('{"k": ["k", "k"], "v": "k:"}')).toBeNull();
    expect(duplicateKey('{"a": 1, "a"\n : 2}')).toBe('a');
    expect(duplicateKey('{"x": {"y": 1, "z": 2, "y": 3}}')).toBe('y');
    // Escapes: a quote inside a string ends nothing, and \u0062 is the b of "ab".
    expect(duplicateKey('{"s": "a\\"b:", "t": "\\\\", "s": 3}')).toBe('s');
    expect(duplicateKey('{"a\\u0062": 1, "ab": 2}')).toBe('ab');
  });

  it('refuses each fault in its own words, one line naming the file', () => {
    const dir = tempDir();
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const twice = file('twice.json', '{ "ante": 2, "players": 4, "ante": 5 }');
    expect(() => readJsonFile(twice, 'a rules file')).toThrow(`${twice}: "ante" is given twice in one object; give it once`);
    expect(() => readJsonFile(file('broken.json', '{ "ante": '), 'a rules file')).toThrow(/broken\.json: not valid JSON \(/);
    expect(() => readJsonFile(dir, 'a rules file')).toThrow(`${dir}: is a folder; expected a rules file`);
    expect(() => readJsonFile(path.join(dir, 'none.json'), 'a study file')).toThrow(/none\.json: no such file; expected a study file$/);
    expect(readJsonFile(file('fine.json', '{ "ante": 2 }'), 'a rules file').doc).toEqual({ ante: 2 });
    // What JSON.parse lets through: nesting deep enough to overflow whatever reads it next, and
    // a "__proto__" key, which assigning would not set.
    const deep = file('deep.json', `{"a": ${'['.repeat(70)}${']'.repeat(70)}}`);
    expect(() => readJsonFile(deep, 'a rules file')).toThrow(`${deep}: nests 71 levels deep; a pongsim file nests at most 64`);
    expect(readJsonFile(file('deep-enough.json', `{"a": ${'['.repeat(63)}${']'.repeat(63)}}`), 'a rules file').doc).toBeTruthy();
    const proto = file('proto.json', '{"ante": 2, "x": {"__proto__": {"ante": 9}}}');
    expect(() => readJsonFile(proto, 'a rules file')).toThrow(`${proto}: "__proto__" is not allowed as a key`);
    // Only a key: the string as a value is fine.
    expect(readJsonFile(file('value.json', '{"name": "__proto__"}'), 'a rules file').doc).toEqual({ name: '__proto__' });
  });
});
