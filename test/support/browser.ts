import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * A headless browser for one test file, the Chromium the global setup found (chromium.ts),
 * seeing only the fonts npm installed (fonts.ts): its fontconfig file lists their folder alone.
 */
export function launchBrowser(): Promise<Browser> {
  const fontconfig = inject('fontconfig');
  // No sandbox (CI runs as root); no background networking, which a closed network refuses.
  return chromium.launch({
    executablePath: inject('chromium'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    // @sparticuz/chromium points FONTCONFIG_PATH at fonts of its own (a copy of Open Sans) when
    // it is loaded; both variables name ours.
    env: { ...process.env, FONTCONFIG_FILE: fontconfig, FONTCONFIG_PATH: path.dirname(fontconfig) },
  });
}

/** The browser of the test file or describe block that calls this: launched before its tests, closed after them. */
export function browserForTests(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** A font a browser drew some text in: its family, and whether the page embedded it (@font-face) or the machine supplied it. */
export interface UsedFont {
  family: string;
  embedded: boolean;
}

/**
 * The fonts Chromium drew the text of each element `selector` matches in, itself and all it
 * holds (as its developer tools report them: the font each glyph came from, after fallback),
 * each family once.
 */
export async function fontsUsed(page: Page, selector: string): Promise<UsedFont[][]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
    const out: UsedFont[][] = [];
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const seen = new Map(fonts.map((f) => [`${f.familyName}/${f.isCustomFont}`, { family: f.familyName, embedded: f.isCustomFont }]));
      out.push([...seen.values()]);
    }
    return out;
  } finally {
    await cdp.detach();
  }
}
