import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STUDY } from '../../src/library/study.js';
import { experimentDef } from '../../src/library/studies.js';
import { chartFiles } from '../../src/report/chart.js';
import { compare, simulate, tune } from 'pongsim';
import { writeReport } from '../../src/library/report.js';
import { listFiles, tempDir, pongsimIn } from '../support/cli.js';
import { browserForTests, fontsUsed } from '../support/browser.js';
import { chartFaults, folderTables } from '../support/chart-check.js';
import { FONT_FAMILY, FONT_STACK, textWidth, withFonts } from '../../src/io/font.js';

/**
 * The default study at a small size, then its charts and its report page: every chart drawn
 * with a mark for every estimate, in greys only, redrawn byte for byte from its CSV; the page
 * loaded in a real headless Chromium with no console errors, every chart shown, every link
 * resolving and nothing fetched; and every chart, the default's and a sim's, a comparison's and
 * a tuning run's, as a reader sees it at the page's full width: none with a text element clipped
 * by its edge or overlapping another, a label, title or legend cut short, text under 11 px, or
 * no data drawn (test/support/chart-check.ts).
 */

let dir: string;

beforeAll(async () => {
  dir = tempDir();
  const r = await pongsimIn(['run', 'default', '--games', '8', '--seed', '5', '--out', dir]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
}, 120_000);

/** The data marks of a Vega SVG: points and rectangles (each one estimate or one cell). */
function dataMarks(svg: string): number {
  let n = 0;
  for (const m of svg.matchAll(/<g class="mark-(symbol|rect) role-mark[^"]*"[^>]*>(.*?)<\/g>/gs))
    n += (m[2]!.match(/<path /g) ?? []).length;
  return n;
}

describe('charts beside every table', () => {
  it('every study of the default writes the charts it lists, a mark for every estimate', async () => {
    for (const { name } of DEFAULT_STUDY) {
      const def = experimentDef(name);
      expect(def.charts?.length, name).toBeGreaterThan(0);
      const study = path.join(dir, name);
      const tables = folderTables(study);
      for (const chart of def.charts!) {
        const svg = fs.readFileSync(path.join(study, `${chart.name}.svg`), 'utf8');
        const spec = chart.spec(tables);
        const values = (spec.data as { values: Record<string, unknown>[] }).values;
        const field = (spec.usermeta as { drawn: string }).drawn;
        const drawn = values.filter((v) => typeof v[field] === 'number').length;
        expect(drawn, `${chart.name}: rows with a ${field}`).toBeGreaterThan(0);
        expect(dataMarks(svg), `${chart.name}: marks`).toBe(drawn);
      }
    }
  });

  it('a chart is a function of its CSV: redrawn from the CSV read back, the same bytes', async () => {
    for (const { name } of DEFAULT_STUDY) {
      const def = experimentDef(name);
      const study = path.join(dir, name);
      const tables = folderTables(study);
      for (const file of await chartFiles(study, def.charts, tables)) expect(file.text, file.file).toBe(fs.readFileSync(file.file, 'utf8'));
    }
  });

  it('every chart is drawn in greys only (readable in black and white), with titled axes', async () => {
    const svgs = listFiles(dir).filter((f) => f.endsWith('.svg'));
    expect(svgs.length).toBe(DEFAULT_STUDY.reduce((n, s) => n + experimentDef(s.name).charts!.length, 0));
    for (const f of svgs) {
      const svg = fs.readFileSync(path.join(dir, f), 'utf8');
      for (const [, r, g, b] of svg.matchAll(/#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})\b/gi))
        expect(r === g && g === b, `${f}: #${r}${g}${b}`).toBe(true);
      for (const [, r, g, b] of svg.matchAll(/rgb\((\d+),\s*(\d+),\s*(\d+)\)/g))
        expect(r === g && g === b, `${f}: rgb(${r},${g},${b})`).toBe(true);
      // Axis titles are text under role-axis-title groups; each chart has at least one with a unit or a label.
      expect(svg, f).toMatch(/role-axis-title/);
    }
  });

  // That a study on 1 and 2 workers draws the same chart bytes is checked where its runs are
  // made anyway: sameBytesEveryWay (support/cli.ts) compares the 1- and 2-worker SVGs of
  // korean-uper-table and nylonppong-stop-table.
});

/** The widest the report page draws (its max-width): a chart is never shown larger. */
const PAGE = { width: 1200, height: 900 };

describe('the report page, in a real headless browser', () => {
  const browser = browserForTests();

  /** What is wrong with each chart of the report page of `dir`, at the width the page shows it. */
  async function faultsOnPage(dir: string): Promise<{ charts: number; faults: string[] }> {
    const page = await browser().newPage({ viewport: PAGE });
    await page.goto(pathToFileURL(writeReport(dir)).href);
    const charts = await page.$$eval('img.chart', (imgs) =>
      imgs.map((i) => {
        const img = i as HTMLImageElement;
        return { alt: img.alt, src: img.src, scale: img.clientWidth / img.naturalWidth };
      }),
    );
    const faults: string[] = [];
    for (const c of charts) {
      const svg = Buffer.from(c.src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
      for (const f of await chartFaults(page, svg, Math.min(1, c.scale))) faults.push(`${c.alt.slice(0, 60)}: ${f}`);
    }
    await page.close();
    return { charts: charts.length, faults };
  }

  it("every chart of the default, at the page's width: no text clipped, overlapping or cut short, none under 11 px, data drawn", async () => {
    const { charts, faults } = await faultsOnPage(dir);
    expect(charts).toBe(listFiles(dir).filter((f) => f.endsWith('.svg')).length);
    expect(faults).toEqual([]);
  }, 60_000);

  it('so is the chart of a sim, a comparison, a house-rule table and a tuning run', async () => {
    const root = tempDir();
    await simulate({ game: 'nylonppong', games: 20, seed: '3', out: path.join(root, 'sim', 'sim.csv'), workers: 1 });
    await compare({
      game: 'wolnamppong',
      arm: ['FudaWiki:', 'posts push: --set postResult=push'],
      games: 20,
      seed: '3',
      out: path.join(root, 'compare'),
      workers: 1,
    });
    await compare({ game: 'nylonppong', eachOption: true, games: 60, seed: '3', out: path.join(root, 'rules'), workers: 1 });
    await tune({
      game: 'wolnamppong',
      strategy: 'ev-threshold(t=0..0.3:0.1)',
      budget: 160,
      seed: '3',
      out: path.join(root, 'tune'),
      workers: 1,
    });
    for (const name of ['sim', 'compare', 'rules', 'tune']) {
      const { charts, faults } = await faultsOnPage(path.join(root, name));
      expect(charts, name).toBe(1);
      expect(faults, name).toEqual([]);
    }
  }, 120_000);

  it('the chart check finds each fault it looks for in a chart drawn badly', async () => {
    const page = await browser().newPage({ viewport: PAGE });
    const text = (x: number, y: number, s: string, font = FONT_STACK) =>
      `<text x="${x}" y="${y}" font-size="12px" font-family="${font}">${s}</text>`;
    const chart = (body: string, data = true) =>
      withFonts(
        `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100">${body}${data ? '<g class="mark-symbol role-mark"><path d="M1,1h2v2z"></path></g>' : ''}</svg>`,
      );
    expect(await chartFaults(page, chart(text(10, 50, 'fine')), 1)).toEqual([]);
    // A font the chart does not embed is not the machine's either: the browser sees only the fonts npm installed.
    expect(await chartFaults(page, chart(text(10, 50, 'system', 'DejaVu Sans')), 1)).toEqual([
      `drawn in the machine's ${FONT_FAMILY}, not the embedded ${FONT_FAMILY}: "system"`,
    ]);
    // Letter spacing draws 2 px more a character than the font's advances lay out.
    const spaced = await chartFaults(page, chart(text(10, 50, 'spaced').replace('<text ', '<text letter-spacing="2" ')), 1);
    expect(spaced).toHaveLength(1);
    expect(spaced[0]).toMatch(new RegExp(`^drawn \\d+\\.\\d px wide, laid out for ${textWidth('spaced', 12)} px: "spaced"$`));
    expect(await chartFaults(page, chart(text(250, 50, 'runs off the edge')), 1)).toEqual([
      'clipped by the chart\'s edge: "runs off the edge"',
    ]);
    expect(await chartFaults(page, chart(text(10, 50, 'one') + text(14, 52, 'two')), 1)).toEqual(['overlapping: "one" and "two"']);
    expect(await chartFaults(page, chart(text(10, 50, '…5 entries')), 1)).toEqual(['cut short: "…5 entries"']);
    expect(await chartFaults(page, chart(text(10, 50, 'small')), 0.8)).toEqual([`9.6 px at the page's width: "small"`]);
    expect(await chartFaults(page, chart(text(10, 50, 'hidden') + '<text x="12" y="50" opacity="0">hidden</text>'), 1)).toEqual([]);
    expect(await chartFaults(page, chart(text(10, 50, 'axis only'), false), 1)).toEqual(['no data drawn']);
    await page.close();
  });

  it('run default writes index.html: loads with no console errors, every chart shown, every link resolves, nothing fetched', async () => {
    const page = await browser().newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    const fetched: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) fetched.push(r.url());
    });
    const index = path.join(dir, 'index.html');
    await page.goto(pathToFileURL(index).href);
    expect(errors).toEqual([]);
    expect(fetched).toEqual([]);
    const charts = await page.$$eval('img.chart', (imgs) =>
      imgs.map((i) => ({
        ok: (i as HTMLImageElement).complete,
        w: (i as HTMLImageElement).naturalWidth,
        h: (i as HTMLImageElement).naturalHeight,
      })),
    );
    expect(charts.length).toBe(listFiles(dir).filter((f) => f.endsWith('.svg')).length);
    for (const c of charts) expect(c.ok && c.w > 100 && c.h > 50, JSON.stringify(c)).toBe(true);
    const links = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href')!));
    expect(links.length).toBeGreaterThan(DEFAULT_STUDY.length * 2);
    for (const href of links) {
      if (href.startsWith('#')) expect(await page.$(href), href).not.toBeNull();
      else expect(fs.existsSync(path.join(dir, decodeURIComponent(href))), href).toBe(true);
    }
    // Each study's question, answer and provenance are on the page.
    const text = await page.textContent('body');
    for (const { name } of DEFAULT_STUDY) {
      const meta = JSON.parse(
        fs.readFileSync(path.join(dir, name, listFiles(path.join(dir, name)).find((f) => f.endsWith('.meta.json'))!), 'utf8'),
      );
      expect(text).toContain(meta.question);
      expect(text).toContain(meta.answer[0]);
    }
    expect(await page.$$eval('section', (s) => s.length)).toBe(DEFAULT_STUDY.length);
    // Every text of the page in the font it embeds, none in a font of the machine.
    expect(await fontsUsed(page, 'body')).toEqual([[{ family: FONT_FAMILY, embedded: true }]]);
    // The README's screenshot: `npm start`, then `PONGSIM_SCREENSHOT=results/reference/default-report.png
    // npx vitest run test/report` photographs the top of that run's results/default/index.html.
    if (process.env.PONGSIM_SCREENSHOT) {
      await page.setViewportSize({ width: 1100, height: 1500 });
      await page.goto(pathToFileURL(path.resolve('results/default/index.html')).href);
      await page.screenshot({ path: process.env.PONGSIM_SCREENSHOT });
    }
    await page.close();
  }, 60_000);

  it('pongsim report redraws the same page from the files, and refuses a folder without results', async () => {
    const before = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
    const r = await pongsimIn(['report', dir]);
    expect(r.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(before);
    const empty = tempDir();
    const bad = await pongsimIn(['report', empty]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/holds no results/);
    expect(fs.readdirSync(empty)).toEqual([]);
  });
});
