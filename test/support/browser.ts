import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

/** A headless browser for one test file, the Chromium the global setup found (chromium.ts). */
export function launchBrowser(): Promise<Browser> {
  // No sandbox (CI runs as root); no background networking, which a closed network refuses.
  return chromium.launch({
    executablePath: inject('chromium'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}
