// The readers of the options several subcommands share, in-process: each mistake gets its own
// line naming the option and what it allows, before any game is played
// (test/cli/bad-input.test.ts checks the same through the CLI).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameEntry } from '../../src/catalog/index.js';
import { MAX_GAMES, gameRules, nonNegativeInt, outDir, outFile, pathName, seatIndex } from '../../src/library/options.js';
import { simParams } from '../../src/library/simulate.js';
import { parseSets } from '../../src/core/rules.js';
import { loadPlugins } from '../../src/library/plugins.js';
import { tempDir } from '../support/cli.js';

describe('--seats', () => {
  const seats = (text: string) => simParams({ game: 'wolnamppong', seats: text }, 5);

  it("reports a single malformed spec's own mistake, not the seat count it also gets wrong", async () => {
    await expect(seats('kelly(z=1)')).rejects.toThrow(/^strategy kelly: unknown parameter "z"; allowed parameters: c$/);
    await expect(seats('kelly*x')).rejects.toThrow(/^--seats: kelly\*x: SPEC\*k repeats a spec k times, k a whole number from 1 to 16$/);
    await expect(seats('kelly(c=1)*2.5')).rejects.toThrow(/^--seats: kelly\(c=1\)\*2\.5: SPEC\*k repeats/);
    await expect(seats('kelly(c=abc)')).rejects.toThrow(/^strategy kelly: parameter c must be a number from 0 to 2 \(got "abc"\)$/);
    // Well-formed specs of the wrong count still get the count's line.
    await expect(seats('kelly')).rejects.toThrow(/^--seats: wolnamppong with these rules has 6 seats; got 1 strategy specs/);
  });

  it('refuses an empty list rather than seating the reference bot', async () => {
    for (const text of ['', '  '])
      await expect(seats(text)).rejects.toThrow(
        /^--seats: empty; expected one strategy spec per seat, SPEC,SPEC,\.\.\. \(SPEC\*k repeats a spec\)$/,
      );
  });
});

describe('--set', () => {
  it('refuses a rule key given twice, whatever its values, and takes different keys', () => {
    expect(() => parseSets(['players=4', 'ante=2', ' players =6'])).toThrow(/^--set: "players" given twice \("4" and "6"\); give it once$/);
    expect(() => parseSets(['ante=2', 'ante=2'])).toThrow(/"ante" given twice/);
    // A key that is a name every object has is no exception.
    expect(() => parseSets(['constructor=1', 'constructor=2'])).toThrow(/"constructor" given twice/);
    expect(parseSets(['players=4', 'ante=2'])).toEqual({ players: '4', ante: '2' });
  });

  it('refuses __proto__ as an unknown option, rather than setting nothing', () => {
    expect(() => gameRules(gameEntry('wolnamppong'), undefined, ['__proto__=3'])).toThrow(
      /^--set: unknown wolnamppong option "__proto__"; allowed options: /,
    );
  });
});

describe('--rules', () => {
  it("names a game's own presets only, not the members every object has", () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      expect(() => gameRules(gameEntry('wolnamppong'), name)).toThrow(
        new RegExp(`^--rules: no wolnamppong preset or file named "${name}"; presets: default, `),
      );
  });
});

describe('--plugin', () => {
  const dir = tempDir();
  const plugin = (name: string, param: string) => {
    const file = path.join(dir, `${name}.mjs`);
    fs.writeFileSync(
      file,
      `export const s = { name: '${name}', game: 'wolnamppong', doc: '', params: [${param}], make: () => ({ choose: () => 0 }) };`,
    );
    return file;
  };

  it('refuses a strategy whose default its own range refuses, naming the file, strategy, parameter and range', async () => {
    const high = plugin('high', "{ name: 'w', doc: '', default: 50, min: 0, max: 10, integer: true }");
    await expect(loadPlugins([high])).rejects.toThrow(
      /^--plugin .*high\.mjs: strategy high: parameter w defaults to 50, which it does not allow \(an integer from 0 to 10\)$/,
    );
    const half = plugin('half', "{ name: 'w', doc: '', default: 2.5, min: 0, max: 10, integer: true }");
    await expect(loadPlugins([half])).rejects.toThrow(/parameter w defaults to 2\.5, which it does not allow \(an integer from 0 to 10\)$/);
    expect(gameEntry('wolnamppong').strategies.map((s) => s.name)).not.toContain('high');
  });

  it('loads one whose defaults are in range', async () => {
    await loadPlugins([plugin('fine', "{ name: 'g', doc: '', default: 2.5, min: 1, max: 10 }")]);
    expect(gameEntry('wolnamppong').strategies.map((s) => s.name)).toContain('fine');
  });
});

describe('option readers', () => {
  it('a game index: exact, and below the most games a run plays', () => {
    const index = nonNegativeInt('--index', MAX_GAMES - 1);
    expect(index('0')).toBe(0);
    expect(index(String(MAX_GAMES - 1))).toBe(MAX_GAMES - 1);
    // 2^53 + 1 reads as 2^53 in a double: refused rather than replaying another game.
    expect(() => index('9007199254740993')).toThrow('--index: expected a whole number from 0 to 999999999999 (got "9007199254740993")');
    expect(() => index(String(MAX_GAMES))).toThrow(/--index: expected a whole number from 0 to 999999999999/);
    for (const bad of ['-1', '1.5', '1e3', '', 'x']) expect(() => index(bad)).toThrow(/--index: expected a whole number/);
  });

  it('a seat number: 0 to 15, the most seats any game has', () => {
    expect(seatIndex('--focal')('15')).toBe(15);
    expect(() => seatIndex('--focal')('16')).toThrow('--focal: expected a whole number from 0 to 15 (got "16")');
  });

  it('an empty file or folder name is refused, not taken for no option or the current folder', () => {
    expect(outDir('results/x')).toBe('results/x');
    expect(() => outDir('')).toThrow('--out: expected a folder name (got "")');
    expect(() => outFile(' ')).toThrow('--out: expected a .csv file name (got " ")');
    expect(() => pathName('--study', 'a study file')('')).toThrow('--study: expected a study file (got "")');
  });
});
