// Vitest's global setup (test/vitest.config.ts): the headless Chromium the browser tests drive
// (test/support/browser.ts), resolved once per run, since the npm package unpacks its binary on
// first use and two test files unpacking at once would race. PONGSIM_CHROMIUM if set, else
// Debian's chromium where it is installed, else the binary that @sparticuz/chromium (a dev
// dependency) ships in the npm registry: `npm ci && npm test` needs no system package.
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: string;
  }
}

const DEBIAN = '/usr/bin/chromium';

async function chromiumPath(): Promise<string> {
  const named = process.env.PONGSIM_CHROMIUM;
  if (named) {
    if (!fs.existsSync(named)) throw new Error(`PONGSIM_CHROMIUM names ${named}, which does not exist`);
    return named;
  }
  if (fs.existsSync(DEBIAN)) return DEBIAN;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('chromium', await chromiumPath());
}
