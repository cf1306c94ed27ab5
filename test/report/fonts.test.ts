// In a real headless Chromium: the browser the tests drive sees only the fonts npm installed
// (test/support/fonts.ts), never the machine's, so a machine with more fonts cannot hide what
// another shows; and the shipped font it draws pongsim's charts and pages in (embedded) is as
// wide, character by character, as pongsim lays text out for (src/io/font.ts).
import { describe, expect, it } from 'vitest';
import { FONT_FAMILY, fontFaces, textWidth, type Weight } from '../../src/io/font.js';
import { browserForTests, fontsUsed } from '../support/browser.js';
import { FALLBACK_FAMILY } from '../support/fonts.js';

const browser = browserForTests();

describe('the browser the tests drive', () => {
  it("finds none of the machine's fonts: every family a page may name falls back to the one npm installed", async () => {
    const page = await browser().newPage();
    const families = [
      'DejaVu Sans',
      'DejaVu Sans Mono',
      'Liberation Sans',
      'Helvetica',
      'Arial',
      'Open Sans',
      'sans-serif',
      'serif',
      'monospace',
      'system-ui',
    ];
    await page.setContent(
      `<!DOCTYPE html><html><body>${families.map((f) => `<p style="font-family: '${f}'">The quick brown fox 0123</p>`).join('')}</body></html>`,
    );
    const used = await fontsUsed(page, 'p');
    expect(used).toEqual(families.map(() => [{ family: FALLBACK_FAMILY, embedded: false }]));
    await page.close();
  });

  it('draws each character of the shipped font, regular and bold, as wide as pongsim lays it out, to within a pixel at 100 px', async () => {
    const page = await browser().newPage();
    const chars = [...Array(94)]
      .map((_, i) => String.fromCharCode(0x21 + i))
      .concat([...'\u2212\u00b1\u2026\u2013\u00ab\u00bb\u2039\u203a\u00d7\u00e9']);
    const weights: Weight[] = [400, 700];
    await page.setContent(
      `<!DOCTYPE html><html><head><style>${fontFaces(weights)}</style></head><body>` +
        `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">` +
        weights
          .flatMap((w) =>
            chars.map(
              (c) =>
                `<text x="0" y="100" font-family="${FONT_FAMILY}" font-size="100" font-weight="${w}">${c.replace('&', '&amp;').replace('<', '&lt;')}</text>`,
            ),
          )
          .join('') +
        '</svg></body></html>',
    );
    await page.evaluate(() => document.fonts.ready);
    const drawn = await page.$$eval('text', (ts) => ts.map((t) => (t as SVGTextContentElement).getComputedTextLength()));
    const fonts = await fontsUsed(page, 'text');
    weights.forEach((w, k) =>
      chars.forEach((c, i) => {
        const at = k * chars.length + i;
        expect(fonts[at], c).toEqual([{ family: FONT_FAMILY, embedded: true }]);
        // Laid out as the advance rounded up to a whole pixel: a browser draws it rounded to a
        // whole pixel (Chromium on Linux) or not at all.
        const slack = textWidth(c, 100, w) - drawn[at]!;
        expect(slack >= 0 && slack <= 1, `${c} at weight ${w}: laid out ${textWidth(c, 100, w)}, drawn ${drawn[at]}`).toBe(true);
      }),
    );
    await page.close();
  });
});
