import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeReport } from '../../src/library/report.js';
import { browserForTests } from '../support/browser.js';
import { chartFaults } from '../support/chart-check.js';
import { tempDir } from '../support/cli.js';

const PAGE = { width: 1200, height: 900 };
describe('tmp', () => {
  const browser = browserForTests();
  it('rule charts', async () => {
    for (const src of (process.env.DIRS ?? '').split(',')) {
      const dir = path.join(tempDir(), path.basename(src));
      fs.cpSync(src, dir, { recursive: true });
      const page = await browser().newPage({ viewport: PAGE });
      await page.goto(pathToFileURL(writeReport(dir)).href);
      const charts = await page.$$eval('img.chart', (imgs) =>
        imgs.map((i) => ({
          alt: (i as HTMLImageElement).alt,
          src: (i as HTMLImageElement).src,
          scale: (i as HTMLImageElement).clientWidth / (i as HTMLImageElement).naturalWidth,
        })),
      );
      const faults: string[] = [];
      for (const c of charts) {
        const svg = Buffer.from(c.src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
        for (const f of await chartFaults(page, svg, Math.min(1, c.scale))) faults.push(`${src}: ${f}`);
      }
      console.log(src, charts.length, JSON.stringify(charts.map((c) => c.scale)));
      expect(faults).toEqual([]);
    }
  }, 600_000);
});
