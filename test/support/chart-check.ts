import type { Page } from 'playwright-core';

/** The smallest text a chart may show at the page's width (px). */
export const MIN_TEXT_PX = 11;

/**
 * What is wrong with a chart as a browser draws it, one line per fault: a text element clipped
 * by the chart's edges or overlapping another, a label, title or legend cut short (Vega ends it
 * with "…", or "…N entries" for a legend cut), text smaller than MIN_TEXT_PX once the chart is
 * scaled by `scale` (its width on the page over its own), or no data drawn (no mark but rules).
 * The chart is drawn inline at its own size, so that its text can be measured.
 */
export async function chartFaults(page: Page, svg: string, scale: number): Promise<string[]> {
  await page.setContent(`<!DOCTYPE html><html><body style="margin:0">${svg}</body></html>`);
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
