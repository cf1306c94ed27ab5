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
    return freshIds(await view.toSVG()) + '\n';
  } finally {
    view.finalize();
  }
}

/** Where Vega's counters for a drawing's gradients and clip paths start in a fresh process. */
const FIRST_ID: Record<string, number> = { gradient_: 0, clip: 1 };

/**
 * `svg` with its gradients and clip paths numbered as in a process's first drawing: Vega counts
 * them over the whole process, so a chart drawn after another (a program's second run, or the
 * tests' in-process command line) would name them otherwise, and the same CSV would draw other
 * bytes.
 */
function freshIds(svg: string): string {
  const ids = new Map<string, string>();
  const next = { ...FIRST_ID };
  for (const [, , id, kind] of svg.matchAll(/(id="|url\(#)((gradient_|clip)\d+)/g))
    if (!ids.has(id!)) ids.set(id!, `${kind}${next[kind!]!++}`);
  return svg.replace(/(id="|url\(#)((?:gradient_|clip)\d+)/g, (_m, lead: string, id: string) => lead + ids.get(id));
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
