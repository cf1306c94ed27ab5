import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import type { CsvTable } from '../../src/core/table.js';
import { FONT_FAMILY, shippedWeight, textWidth } from '../../src/io/font.js';
import { fontsUsed } from './browser.js';

/** The smallest text a chart may show at the page's width (px). */
export const MIN_TEXT_PX = 11;

/**
 * What is wrong with a chart as a browser draws it, one line per fault: a text element clipped
 * by the chart's edges or overlapping another, a label, title or legend cut short (Vega ends it
 * with "…", or "…N entries" for a legend cut), text smaller than MIN_TEXT_PX once the chart is
 * scaled by `scale` (its width on the page over its own), text drawn in any font but the shipped
 * one the chart embeds (src/io/font.ts) or drawn wider than the width it was laid out for
 * in Node, or no data drawn (no mark but rules). The chart is drawn inline at its own size, so
 * that its text can be measured.
 */
export async function chartFaults(page: Page, svg: string, scale: number): Promise<string[]> {
  await page.setContent(`<!DOCTYPE html><html><body style="margin:0">${svg}</body></html>`);
  // The chart's font is a data: URL, which may finish loading after the page has.
  await page.evaluate(() => document.fonts.ready);
  const faults = await drawnFaults(page, scale);
  const texts = await page.$$eval('svg text', (ts) =>
    ts.map((t) => {
      const style = getComputedStyle(t);
      const tspans = [...t.querySelectorAll('tspan')];
      return {
        // As drawnFaults judges it: an empty text, or one Vega hid (opacity 0), is not seen.
        shown: (t.textContent ?? '').trim() !== '' && t.getAttribute('opacity') !== '0' && style.opacity !== '0',
        size: parseFloat(style.fontSize),
        weight: style.fontWeight,
        lines: (tspans.length ? tspans : [t as SVGTextContentElement]).map((l) => ({
          text: l.textContent ?? '',
          drawn: (l as SVGTextContentElement).getComputedTextLength(),
        })),
      };
    }),
  );
  const fonts = await fontsUsed(page, 'svg text');
  texts.forEach((t, i) => {
    if (!t.shown) return;
    const what = t.lines.map((l) => l.text).join(' ');
    for (const f of fonts[i]!)
      if (f.family !== FONT_FAMILY || !f.embedded)
        faults.push(`drawn in ${f.embedded ? 'an embedded' : "the machine's"} ${f.family}, not the embedded ${FONT_FAMILY}: "${what}"`);
    for (const l of t.lines) {
      const laid = textWidth(l.text.trim(), t.size, shippedWeight(t.weight));
      if (l.drawn > laid + 0.01) faults.push(`drawn ${l.drawn.toFixed(1)} px wide, laid out for ${laid} px: "${l.text}"`);
    }
  });
  return faults;
}

/** The faults chartFaults finds by looking at where the page drew each text. */
function drawnFaults(page: Page, scale: number): Promise<string[]> {
  return page.evaluate(
    ({ scale, min }) => {
      const faults: string[] = [];
      const root = document.querySelector('svg')!;
      const box = root.getBoundingClientRect();
      // Vega hides an axis label that would overlap its neighbour by drawing it transparent.
      const shown = (t: Element) =>
        (t.textContent ?? '').trim() !== '' && t.getAttribute('opacity') !== '0' && getComputedStyle(t).opacity !== '0';
      const texts = [...root.querySelectorAll('text')].filter(shown).map((t) => ({
        text: t.textContent!,
        r: t.getBoundingClientRect(),
        px: parseFloat(getComputedStyle(t).fontSize) * scale,
      }));
      const edge = 0.5;
      for (const t of texts) {
        if (t.r.left < box.left - edge || t.r.right > box.right + edge || t.r.top < box.top - edge || t.r.bottom > box.bottom + edge)
          faults.push(`clipped by the chart's edge: "${t.text}"`);
        if (t.text.includes('…')) faults.push(`cut short: "${t.text}"`);
        if (t.px < min - 1e-9) faults.push(`${t.px.toFixed(1)} px at the page's width: "${t.text}"`);
      }
      // Two texts overlap when their boxes share more than a sliver (a glyph box's empty top and
      // bottom may touch the next line's).
      for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          const [a, b] = [texts[i]!.r, texts[j]!.r];
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 1 && h > 3) faults.push(`overlapping: "${texts[i]!.text}" and "${texts[j]!.text}"`);
        }
      }
      const drawn = [...root.querySelectorAll('g.role-mark:not(.mark-rule)')].reduce((n, g) => n + g.children.length, 0);
      if (drawn === 0) faults.push('no data drawn');
      return faults;
    },
    { scale, min: MIN_TEXT_PX },
  );
}

/** The CSVs of a study folder read back as tables, as its charts are drawn from them: numbers as numbers, empty cells as NaN (how they were written). */
export function folderTables(dir: string): CsvTable[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .map((f) => {
      const [columns, ...rows] = parse(fs.readFileSync(path.join(dir, f), 'utf8')) as string[][];
      const cell = (v: string) => (v === '' ? NaN : Number.isFinite(Number(v)) ? Number(v) : v);
      return { name: path.basename(f, '.csv'), columns: columns!, rows: rows.map((r) => r.map(cell)) };
    });
}
