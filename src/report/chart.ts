import path from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import type { ChartDef, CsvTable } from '../experiment/experiment.js';
import { formatNumber } from '../io/csv.js';

/**
 * Renders a Vega-Lite spec to SVG in Node: compiled to Vega, run headless (no canvas, no
 * browser), text measured by Vega's built-in estimate, so the same spec gives the same bytes
 * on any machine.
 */
export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  // Loaded on first use: Vega and Vega-Lite take a quarter of a second to load, which every
  // other command (hand, score, rules...) would pay at start-up.
  const [vega, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  // Vega-Lite's layout notes (e.g. on facets with their own scales) would land on the user's
  // terminal as warnings about a chart they did not write: they are silenced; errors throw.
  const compiled = compile(spec as unknown as TopLevelSpec, { logger: vega.logger(vega.None) }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: vega.Error });
  try {
    return (await view.toSVG()) + '\n';
  } finally {
    view.finalize();
  }
}

/**
 * Every chart of an experiment for a run's tables, as files to write into `dir`. The charts
 * are drawn from the numbers as the CSVs hold them (7 significant digits), so a chart is a
 * function of its CSV: the same CSV, from any run or merge, draws the same bytes.
 */
export async function chartFiles(
  dir: string,
  charts: ChartDef[] | undefined,
  tables: CsvTable[],
): Promise<{ file: string; text: string }[]> {
  const asWritten = tables.map((t) => ({
    ...t,
    rows: t.rows.map((r) => r.map((v) => (typeof v === 'number' && Number.isFinite(v) ? Number(formatNumber(v)) : v))),
  }));
  const files: { file: string; text: string }[] = [];
  for (const c of charts ?? []) files.push({ file: path.join(dir, `${c.name}.svg`), text: await renderSvg(c.spec(asWritten)) });
  return files;
}
