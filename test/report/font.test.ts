// The shipped font (src/io/font.ts) and the charts laid out in it, in Node, without a browser:
// the font is read from its npm package, has every character the charts write, is embedded in
// each chart, and sets the widths Vega lays text out by; a heat map's cells are as wide as the
// values written in them need. (test/report/fonts.test.ts checks the same font in a browser.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSvg } from '../../src/report/chart.js';
import { FONT_FAMILY, FONT_STACK, fontFaces, textWidth, uncovered, withFonts } from '../../src/io/font.js';
import { curveChart, fixed, heatMap } from '../../src/report/specs.js';
import { folderTables } from '../support/chart-check.js';

const REFERENCE = 'results/reference';

/** The text of every text element of an SVG, its markup undone. */
function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>(.*?)<\/text>/gs)].map(([, t]) =>
    t!
      .replace(/<[^>]*>/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

describe('the shipped font', () => {
  it('is read from its npm package: ten figures of one width, widths that add up, bold wider than regular', () => {
    const figures = [...'0123456789'].map((d) => textWidth(d, 100));
    expect(new Set(figures).size).toBe(1);
    // Noto Sans sets its figures at 0.572 em: 57.2 px at 100 px, laid out as 58.
    expect(figures[0]).toBe(58);
    expect(textWidth('stop threshold', 12) + textWidth(' t (two-card sum)', 12)).toBe(textWidth('stop threshold t (two-card sum)', 12));
    expect(textWidth('stop threshold', 12, 700)).toBeGreaterThan(textWidth('stop threshold', 12));
    expect(textWidth('iiii', 12)).toBeLessThan(textWidth('WWWW', 12));
    // A character the font lacks is laid out as 1 em.
    expect(textWidth('\u4e00', 12)).toBe(12);
  });

  it('has every character the committed reference charts write, and the signs pongsim prints', () => {
    const svgs = fs
      .readdirSync(REFERENCE, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) =>
        fs
          .readdirSync(path.join(REFERENCE, e.name))
          .filter((f) => f.endsWith('.svg'))
          .map((f) => path.join(REFERENCE, e.name, f)),
      );
    expect(svgs.length).toBeGreaterThan(15);
    const text = svgs.flatMap((f) => svgTexts(fs.readFileSync(f, 'utf8'))).join('');
    expect(text).toContain('\u2212');
    expect(uncovered(text)).toEqual([]);
    expect(uncovered('\u2212 \u00b1 \u2026 \u2013 \u00ab \u00bb \u2039 \u203a')).toEqual([]);
    expect(uncovered('a \u2192 b \u4e00')).toEqual(['\u2192', '\u4e00']);
  });

  it('is embedded in an SVG that names it: the regular face, and the bold one only where some text is bold', () => {
    const svg = (weight: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" font-family="${FONT_STACK}"><text font-weight="${weight}">x</text></svg>`;
    const faces = (s: string) => [...s.matchAll(/@font-face \{[^}]*font-weight: (\d+);[^}]*base64,/g)].map(([, w]) => Number(w));
    expect(faces(withFonts(svg('normal')))).toEqual([400]);
    expect(faces(withFonts(svg('bold')))).toEqual([400, 700]);
    expect(withFonts(svg('normal'))).toMatch(/^<svg [^>]*><defs><style>@font-face \{ font-family: "Noto Sans"; /);
    expect(fontFaces([400])).toContain(`font-family: "${FONT_FAMILY}"`);
  });

  it('sets the widths Vega lays a chart out by', async () => {
    // Two titles of 60 characters, both wider than their plot: the charts differ in width by
    // what the titles do in the shipped font (Vega's own estimate gives every character 0.8 em).
    const width = async (title: string) => {
      const svg = await renderSvg({
        title: { text: title, fontSize: 14 },
        config: { font: FONT_STACK },
        data: { values: [{ a: 1 }] },
        mark: 'point',
        encoding: { x: { field: 'a', type: 'quantitative' } },
      });
      expect(svg).toContain(`font-family="${FONT_STACK}"`);
      return Number(/<svg [^>]*width="([\d.]+)"/.exec(svg)![1]);
    };
    const [wide, narrow] = [await width('W'.repeat(60)), await width('o'.repeat(60))];
    expect(textWidth('o'.repeat(60), 14)).toBeGreaterThan(400);
    expect(wide - narrow).toBe(textWidth('W'.repeat(60), 14) - textWidth('o'.repeat(60), 14));
  });
});

describe("a heat map's cells", () => {
  /** The width of a heat map's cells (px) and the values it writes in them. */
  function cells(spec: Record<string, unknown>): { step: number; labels: string[] } {
    const layer = (spec.spec ?? spec) as { width: { step: number } };
    const rows = (spec.data as { values: Record<string, unknown>[] }).values;
    return { step: layer.width.step, labels: rows.map((r) => r.ev_per_chip_label).filter((l): l is string => typeof l === 'string') };
  }

  it('are as wide as the widest value written in them needs in the shipped font, with room on each side', () => {
    const reference = folderTables(path.join(REFERENCE, 'wolnamppong-odds')).find((t) => t.name === 'wolnamppong-odds')!;
    const rows = reference.rows.map((r) => Object.fromEntries(reference.columns.map((c, i) => [c, r[i]!])));
    const wide = [-100.004, 2.5, 1234.5].map((v, i) => ({ variant: 'x', lo: 1, hi: i + 2, ev_per_chip: v }));
    for (const values of [rows, wide]) {
      const { step, labels } = cells(
        heatMap({
          title: 't',
          rows: values,
          x: 'lo',
          xAxis: 'x',
          y: 'hi',
          yAxis: 'y',
          value: 'ev_per_chip',
          legend: 'l',
          panel: 'variant',
          decimals: 2,
        }),
      );
      expect(labels.length).toBe(values.length);
      for (const l of labels) expect(textWidth(l, 11) + 4, l).toBeLessThanOrEqual(step);
    }
    const { step, labels } = cells(
      heatMap({ title: 't', rows: wide, x: 'lo', xAxis: 'x', y: 'hi', yAxis: 'y', value: 'ev_per_chip', legend: 'l', decimals: 2 }),
    );
    expect(labels).toEqual(['\u2212100.00', '2.50', '1234.50']);
    expect(step).toBe(Math.max(...labels.map((l) => textWidth(l, 11))) + 4);
  });

  it('write a value as a fixed number with a minus sign, and no sign on one that rounds to zero', () => {
    expect([-0.834, 0.836, -0.004, -0, 0, 12].map((v) => fixed(v, 2))).toEqual(['\u22120.83', '0.84', '0.00', '0.00', '0.00', '12.00']);
    expect(fixed(-3, 0)).toBe('\u22123');
    expect(fixed(-0.4, 0)).toBe('0');
  });
});

describe('panels side by side', () => {
  it("are far enough apart that no panel's title or x axis title, measured in the shipped font, reaches its neighbour's", () => {
    const rows = (panels: string[]) =>
      panels.flatMap((p) => [1, 2].map((x) => ({ panel: p, x, y: x, y_ci_low: 0, y_ci_high: 3, series: 'a' })));
    const gap = (panels: string[], xAxis: string) => {
      const spec = curveChart({
        title: 't',
        rows: rows(panels),
        x: 'x',
        xAxis,
        y: 'y',
        yAxis: 'y',
        series: 'series',
        seriesTitle: 's',
        panel: 'panel',
        sharedY: true,
      });
      const plot = (spec.spec as { width: number }).width;
      return { plot, column: (spec.spacing as { column: number }).column };
    };
    // Short titles: the usual gap.
    expect(gap(['a', 'b'], 'x').column).toBe(24);
    // A panel title (a line of it: it breaks after commas) and an axis title wider than the plot.
    const wide = 'concealedTripletsIgnoredAndMore: limit 10,';
    const { plot, column } = gap([`${wide} basic`, 'b'], 'x');
    expect(textWidth(wide, 12)).toBeGreaterThan(plot + 24);
    expect(column).toBe(textWidth(wide, 12) - plot + 8);
    const axis = 'stop threshold t (two-card sum), with a longer unit';
    expect(gap(['a', 'b'], axis).column).toBe(textWidth(axis, 12) - plot + 8);
  });
});
