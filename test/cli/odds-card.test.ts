// pongsim odds wolnamppong --card: the printable odds card agrees with the exact table.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/core/rules.js';
import { ODDS_COLUMNS, oddsRows } from '../../src/games/hwatu/wolnamppong/odds-table.js';
import { wolnamSchema, type WolnamRules } from '../../src/games/hwatu/wolnamppong/rules.js';
import { odds, oddsCardDir } from '../../src/library/odds.js';
import { inputErrorLine } from '../support/errors.js';
import { tempDir, pongsimIn } from '../support/cli.js';

describe('the printable odds card', () => {
  it('says BET exactly on the hands with a positive exact EV, lists what seen cards change, and is the same bytes every time', async () => {
    const dir = tempDir();
    const r = await pongsimIn(['odds', 'wolnamppong', '--set', 'postResult=push', '--card', path.join(dir, 'a')]);
    expect(r.code, r.stderr).toBe(0);
    const svg = fs.readFileSync(path.join(dir, 'a', 'odds-card.svg'), 'utf8');
    const html = fs.readFileSync(path.join(dir, 'a', 'odds-card.html'), 'utf8');
    expect(svg.match(/class="cell"/g)).toHaveLength(78);
    const rules = resolveRules<WolnamRules>(wolnamSchema, [{ where: 'test', values: { postResult: 'push' } }]);
    const col = (n: string) => ODDS_COLUMNS.indexOf(n);
    const bets = oddsRows(rules, []).filter(
      (x) => (x[col('ev_per_chip')] as number) > 0 && !(x[col('note')] as string).startsWith('no bet'),
    ).length;
    expect(svg.match(/>BET</g)).toHaveLength(bets);
    expect(html).toContain('Wolnamppong odds card (postResult=push)');
    expect(html).toContain('Under these rules: bet when the months are at least');
    expect(html).toMatch(/<div>\d+-\d+: (fold|bet) once \d cards? (between|outside)/);
    expect(html).toContain(svg.trimEnd());
    expect(odds({ game: 'wolnamppong', set: 'postResult=push', card: path.join(dir, 'b') })).toEqual({
      html: path.join(dir, 'b', 'odds-card.html'),
      svg: path.join(dir, 'b', 'odds-card.svg'),
    });
    expect(fs.readFileSync(path.join(dir, 'b', 'odds-card.html'), 'utf8')).toBe(html);
  });

  it.each([
    ['with --seen', { seen: '3,4' }, /--card: the card is for a fresh cycle/],
    ['into a file', { card: 'FILE' }, /--card .*f\.txt: is a file; it names the folder odds-card\.html and odds-card\.svg go to/],
    [
      'with --out',
      { out: 'FILE' },
      /--card with --out: --card writes the odds card \(HTML and SVG\), --out and --json the odds table; give one or the other/,
    ],
  ])('refuses a card %s: one line', (_, o, msg) => {
    const dir = tempDir();
    const file = path.join(dir, 'f.txt');
    fs.writeFileSync(file, 'x');
    const given = Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v === 'FILE' ? file : v]));
    expect(inputErrorLine(() => odds({ game: 'wolnamppong', card: path.join(dir, 'c'), ...given }))).toMatch(msg);
  });

  it("refuses the table's --out and --json beside --card, which would go unheeded", async () => {
    const dir = path.join(tempDir(), 'card');
    expect(oddsCardDir(dir, {}, 0)).toBe(dir);
    expect(() => oddsCardDir(dir, { out: 'x.csv' }, 0)).toThrow(/^--card with --out: .*give one or the other$/);
    expect(() => oddsCardDir(true, { json: true }, 0)).toThrow(/^--card with --json: /);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
