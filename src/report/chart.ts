import path from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import type { ChartDef, CsvTable } from '../core/table.js';
import { formatNumber } from '../io/csv.js';
import { shippedWeight, textWidth, withFonts } from '../io/font.js';

/**
 * Renders a Vega-Lite spec to SVG in Node: compiled to Vega, run headless (no canvas, no
 * browser), its text laid out by its width in the shipped font (io/font.ts) and the font embedded,
 * so the same spec gives the same bytes on any machine and draws the same on every screen.
 */
export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  // Loaded on first use: Vega and Vega-Lite take a quarter of a second to load, which every
  // other command (hand, score, rules...) would pay at start-up.
  const [vega, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  // Vega sizes text by a canvas where it finds one, else by 0.8 em a character; it lets a
  // program measure instead (vega-scenegraph's textMetrics.width), and every width it lays out
  // with (axes, legends, titles, labels) is then the shipped font's. (Vega's types leave it out.)
  (vega as unknown as { textMetrics: { width: typeof measured } }).textMetrics.width = measured;
  // Vega-Lite's layout notes (e.g. on facets with their own scales) would land on the user's
  // terminal as warnings about a chart they did not write: they are silenced; errors throw.
  const compiled = compile(spec as unknown as TopLevelSpec, { logger: vega.logger(vega.None) }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: vega.Error });
  try {
    return withFonts(freshIds(await view.toSVG())) + '\n';
  } finally {
    view.finalize();
  }
}

/**
 * The width of a text item of a chart, as Vega asks for it: its text (a line of it) trimmed as
 * Vega draws it, at the item's size in the shipped face of its weight. Charts set no label
 * limit (a label is never cut), so the text is drawn whole.
 */
function measured(item: { fontSize?: number | string; fontWeight?: string | number }, text: unknown): number {
  const line = text == null ? '' : String(text).trim();
  // Vega's default size and its reading of one.
  const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
  return size > 0 && line ? textWidth(line, size, shippedWeight(item.fontWeight)) : 0;
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
