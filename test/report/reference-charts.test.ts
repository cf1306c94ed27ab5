// The committed reference charts (results/reference/<study>/*.svg) are the charts their committed
// CSVs draw today. A chart is a function of its CSV (report.test.ts), so a change to how charts
// are drawn (the font, a layout) redraws them from the CSVs, with the same bytes a rerun of the
// study would write:
//   npm run build && PONGSIM_REDRAW_REFERENCE=1 npx vitest run --config test/vitest.config.ts test/report/reference-charts.test.ts
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChartDef } from '../../src/core/table.js';
import { experimentDef } from '../../src/library/studies.js';
import { TUNE_CHARTS } from '../../src/library/tune.js';
import { SPSA_CHARTS } from '../../src/library/spsa.js';
import { chartFiles } from '../../src/report/chart.js';
import { folderTables } from '../support/chart-check.js';

const REFERENCE = 'results/reference';

/** The charts a study folder's meta files name, by the experiment that wrote it (a tuning run's are
 * tune's, or an SPSA tuning's, which draws its steps). */
function chartsOf(dir: string): ChartDef[] {
  const metas = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.meta.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { experiment?: string; charts?: { name?: string }[] });
  const drawing = metas.find((m) => m.charts?.length);
  const experiment = drawing?.experiment;
  if (experiment === undefined) return [];
  if (experiment !== 'tune') return experimentDef(experiment).charts ?? [];
  return drawing!.charts!.some((c) => c.name === 'spsa') ? SPSA_CHARTS : TUNE_CHARTS;
}

describe('the reference charts', () => {
  it('each committed SVG is the chart its committed CSVs draw, and each chart they draw is committed', async () => {
    const folders = fs
      .readdirSync(REFERENCE, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.join(REFERENCE, e.name));
    const committed = folders.flatMap((d) =>
      fs
        .readdirSync(d)
        .filter((f) => f.endsWith('.svg'))
        .map((f) => path.join(d, f)),
    );
    const drawn: string[] = [];
    for (const dir of folders) {
      for (const { file, text } of await chartFiles(dir, chartsOf(dir), folderTables(dir))) {
        drawn.push(file);
        if (process.env.PONGSIM_REDRAW_REFERENCE) fs.writeFileSync(file, text);
        expect(fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text, `${file} is the chart its CSV draws`).toBe(true);
      }
    }
    expect(drawn.sort()).toEqual(committed.sort());
    expect(drawn.length).toBeGreaterThan(15);
  });
});
