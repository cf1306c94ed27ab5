// Terminal output fits 100 columns (test/support/cli.ts checks every command the tests run);
// --wide prints the same words with each line whole.
import { describe, expect, it } from 'vitest';
import { COLUMNS, columnsOf, terminalWidth, wrap, wrapLines } from '../../src/io/wrap.js';
import { pongsimAll } from '../support/cli.js';

const words = (s: string) =>
  s
    .split(/\s+/)
    .filter((w) => w !== '')
    .join(' ');

describe('terminal width', () => {
  it('wraps at spaces with a hanging indent, keeps a word longer than a line whole, counts wide characters twice', () => {
    expect(wrap('aaa bbb ccc ddd', 8, '', '  ')).toEqual(['aaa bbb', '  ccc', '  ddd']);
    expect(wrap('a /a/very/long/path b', 6)).toEqual(['a', '/a/very/long/path', 'b']);
    expect(columnsOf('불러 uper')).toBe(9);
    expect(wrap('불러 불러 불러', 10)).toEqual(['불러 불러', '불러']);
    expect(wrapLines('short\n    indented text that runs on', 20)).toBe('short\n    indented text\n      that runs on');
    expect(wrapLines('x '.repeat(80), 20, true)).toBe('x '.repeat(80));
    expect(terminalWidth({})).toBe(COLUMNS);
    expect(terminalWidth({ columns: 80 })).toBe(80);
    expect(terminalWidth({ columns: 240 })).toBe(COLUMNS);
  });

  it('list, rules, explain and odds fit 100 columns; --wide prints the same words, lines whole', async () => {
    const commands = [['list'], ['rules', 'nylonppong'], ['explain', 'stop-limit'], ['odds', 'wolnamppong']];
    const runs = await pongsimAll(commands.flatMap((c) => [c, [...c, '--wide']]));
    for (let i = 0; i < commands.length; i++) {
      const [fitted, wide] = [runs[2 * i]!, runs[2 * i + 1]!];
      const name = commands[i]!.join(' ');
      expect(fitted.code, fitted.stderr).toBe(0);
      expect(wide.code, wide.stderr).toBe(0);
      expect(Math.max(...wide.stdout.split('\n').map(columnsOf)), name).toBeGreaterThan(COLUMNS);
      // Prose wraps (the same words); a table drops the columns that do not fit and names them.
      if (name.startsWith('odds')) expect(fitted.stdout, name).toMatch(/more columns in .*; --wide prints them/);
      else expect(words(fitted.stdout), name).toBe(words(wide.stdout));
    }
  });
});
