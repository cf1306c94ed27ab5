// pongsim odds wolnamppong --card: the printable odds card agrees with the exact table, and is
// drawn in the font it embeds.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/core/rules.js';
import { ODDS_COLUMNS, oddsRows } from '../../src/games/hwatu/wolnamppong/odds-table.js';
import { wolnamSchema, type WolnamRules } from '../../src/games/hwatu/wolnamppong/rules.js';
import { odds, oddsCardDir } from '../../src/library/odds.js';
import { FONT_FAMILY } from '../../src/io/font.js';
import { fontsUsed, launchBrowser } from '../support/browser.js';
import { chartFaults } from '../support/chart-check.js';
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

  it('draws in the font it embeds in a real headless browser: no text clipped or overlapping, the page and its grid', async () => {
    const dir = tempDir();
    const { html, svg } = odds({ game: 'wolnamppong', card: dir }) as { html: string; svg: string };
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      await page.goto(pathToFileURL(html).href);
      await page.evaluate(() => document.fonts.ready);
      expect(await fontsUsed(page, 'body')).toEqual([[{ family: FONT_FAMILY, embedded: true }]]);
      // The grid at the size the page draws it (the page's width); its cells are not Vega's
      // marks, which the check counts as data.
      const scale = await page.$eval('svg', (s) => s.clientWidth / Number(s.getAttribute('width')));
      expect(scale).toBeGreaterThan(1);
      expect((await chartFaults(page, fs.readFileSync(svg, 'utf8'), scale)).filter((f) => f !== 'no data drawn')).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  }, 60_000);

  it("refuses the table's --out and --json beside --card, which would go unheeded", async () => {
    const dir = path.join(tempDir(), 'card');
    expect(oddsCardDir(dir, {}, 0)).toBe(dir);
    expect(() => oddsCardDir(dir, { out: 'x.csv' }, 0)).toThrow(/^--card with --out: .*give one or the other$/);
    expect(() => oddsCardDir(true, { json: true }, 0)).toThrow(/^--card with --json: /);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
