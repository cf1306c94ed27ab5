import type { CsvTable } from '../experiment/experiment.js';
import { tableObjects } from '../io/csv.js';

/**
 * Vega-Lite specs for the three shapes pongsim's tables take: estimates with intervals by
 * category (interval bars), a curve over a parameter with interval bands, and a heat map.
 * Every chart is drawn to be read in black and white: series differ by dash and point shape,
 * not only by hue, and the heat map's ramp is monotone in lightness with the values written
 * in the cells. Axis titles carry the unit.
 */

type Row = Record<string, string | number | null>;

/** The rows of a table as objects, optionally only those `keep` accepts. */
export function rowsOf(t: CsvTable, keep?: (r: Row) => boolean): Row[] {
  const rows = tableObjects(t);
  return keep ? rows.filter(keep) : rows;
}

/** The table named `name` among a run's tables. */
export function tableNamed(tables: CsvTable[], name: string): CsvTable {
  const t = tables.find((x) => x.name === name);
  if (!t) throw new Error(`chart: no table ${name} among ${tables.map((x) => x.name).join(', ')}`);
  return t;
}

const GREYS = ['#000000', '#555555', '#8c8c8c', '#bdbdbd', '#2b2b2b', '#6e6e6e'];
const DASHES = [[1, 0], [6, 3], [2, 2], [8, 3, 2, 3], [12, 4], [3, 5]];
const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down'];

const CONFIG = {
  background: 'white',
  font: 'Helvetica, Arial, sans-serif',
  view: { stroke: '#999999' },
  axis: { labelColor: '#000000', titleColor: '#000000', gridColor: '#e0e0e0', labelLimit: 320, labelFontSize: 11, titleFontSize: 12 },
  header: { labelFontSize: 12, titleFontSize: 12, labelLimit: 400 },
  legend: { labelLimit: 320, titleLimit: 320 },
  title: { fontSize: 14, anchor: 'start' },
  range: { category: GREYS },
};

/** The top of every spec; `drawn` (kept in usermeta, which Vega ignores) names the field each data mark shows, one mark per row with a number there. */
function base(title: string, rows: Row[], drawn: string): Record<string, unknown> {
  return { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', title, config: CONFIG, usermeta: { drawn }, data: { values: rows } };
}

/** Wraps a layered chart in facets (rows and/or columns), each facet with its own categories. */
function faceted(spec: Record<string, unknown>, layer: Record<string, unknown>, facet: { row?: string; column?: string; independentX?: boolean }, independentY: boolean): Record<string, unknown> {
  if (!facet.row && !facet.column) return { ...spec, ...layer };
  const header = { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', title: null };
  // Panels in the order the table lists them (a facet's sort: null would sort them by name).
  const rows = (spec.data as { values: Row[] }).values;
  const order = (field: string) => [...new Set(rows.map((r) => r[field]))];
  const f: Record<string, unknown> = {};
  if (facet.row) f.row = { field: facet.row, type: 'nominal', sort: order(facet.row), header: { ...header, labelOrient: 'top' } };
  if (facet.column) f.column = { field: facet.column, type: 'nominal', sort: order(facet.column), header };
  return { ...spec, facet: f, spec: layer, resolve: { scale: { y: independentY ? 'independent' : 'shared', x: facet.independentX ? 'independent' : 'shared' } } };
}

export interface IntervalChart {
  title: string;
  rows: Row[];
  /** The column naming each estimate (one line of the chart). */
  category: string;
  categoryTitle?: string | null;
  /** The figure X: drawn at X with a whisker from X_ci_low to X_ci_high. */
  value: string;
  /** The axis title, with its unit. */
  axis: string;
  row?: string;
  column?: string;
  /** Each panel its own x scale (panels in different units). */
  independentX?: boolean;
  /** A reference line at this value (0 for differences). */
  reference?: number;
}

/** Estimates with their 95% intervals, one line per category: a point and its whisker. */
export function intervalChart(c: IntervalChart): Record<string, unknown> {
  const y = { field: c.category, type: 'nominal', sort: null, title: c.categoryTitle ?? c.category };
  const x = { field: c.value, type: 'quantitative', title: c.axis, scale: { zero: false } };
  const layers: Record<string, unknown>[] = [
    { mark: { type: 'rule', color: '#000000', strokeWidth: 1.5 }, encoding: { y, x: { ...x, field: `${c.value}_ci_low` }, x2: { field: `${c.value}_ci_high` } } },
    { mark: { type: 'point', filled: true, color: '#000000', size: 40 }, encoding: { y, x } },
  ];
  if (c.reference !== undefined) layers.unshift({ mark: { type: 'rule', color: '#888888', strokeDash: [4, 3] }, encoding: { x: { datum: c.reference, type: 'quantitative' } } });
  return faceted(base(c.title, c.rows, c.value), { width: 380, height: { step: 18 }, layer: layers }, c, true);
}

/** A chart over two columns, each axis titled with its unit. */
interface TwoAxes {
  title: string;
  rows: Row[];
  x: string;
  xAxis: string;
  y: string;
  yAxis: string;
}

/** The figure Y: a line through Y with a band from Y_ci_low to Y_ci_high. */
export interface CurveChart extends TwoAxes {
  /** One line per value of this column. */
  series: string;
  seriesTitle: string;
  row?: string;
  column?: string;
  /** Instead of row and column: a panel per value of this column, `wrap` panels to a line, each
   * with its own y scale. (A row by column grid misplaces its panels when some pair of values
   * has no rows: Vega-Lite lays the panels that exist out in order.) */
  panel?: string;
  wrap?: number;
  /** A horizontal reference line at this value (0 for a gain). */
  reference?: number;
}

/** A figure against a parameter, one line per series, each with its interval band. */
export function curveChart(c: CurveChart): Record<string, unknown> {
  const x = { field: c.x, type: 'quantitative', title: c.xAxis, axis: { tickMinStep: 1 } };
  const series = { field: c.series, type: 'nominal', sort: null, title: c.seriesTitle };
  const marks: Record<string, unknown>[] = [
    { mark: { type: 'area', opacity: 0.18, color: '#000000' }, encoding: { x, y: { field: `${c.y}_ci_low`, type: 'quantitative', title: c.yAxis }, y2: { field: `${c.y}_ci_high` }, detail: { field: c.series } } },
    {
      mark: { type: 'line', point: true, strokeWidth: 1.5 },
      encoding: {
        x, y: { field: c.y, type: 'quantitative', title: c.yAxis, scale: { zero: false } },
        color: { ...series, scale: { range: GREYS } },
        strokeDash: { ...series, scale: { range: DASHES } },
        shape: { ...series, scale: { range: SHAPES } },
      },
    },
  ];
  if (c.reference !== undefined) marks.unshift({ mark: { type: 'rule', color: '#888888', strokeDash: [4, 3] }, encoding: { y: { datum: c.reference, type: 'quantitative' } } });
  const layer = { width: 240, height: 170, layer: marks };
  if (c.panel) return wrapped(base(c.title, c.rows, c.y), layer, c.rows, c.panel, c.wrap, true);
  return faceted(base(c.title, c.rows, c.y), layer, c, false);
}

/** A panel per value of `panel` in the order the rows list them, `wrap` to a line; with
 * `independentY` each panel has its own y scale and draws both its axes. */
function wrapped(spec: Record<string, unknown>, layer: Record<string, unknown>, rows: Row[], panel: string, wrap: number | undefined, independentY: boolean): Record<string, unknown> {
  const order = [...new Set(rows.map((r) => r[panel]))];
  const header = { title: null, labelAnchor: 'start', labelFontSize: 12 };
  return { ...spec, facet: { field: panel, type: 'nominal', sort: order, header }, columns: wrap ?? 3, spec: layer, ...(independentY ? { resolve: { scale: { y: 'independent' }, axis: { x: 'independent' } } } : {}) };
}

export interface HeatMap extends TwoAxes {
  value: string;
  legend: string;
  /** A panel per value of this column, `wrap` panels to a line. */
  panel?: string;
  wrap?: number;
  /** d3 format of the value written in each cell. */
  format: string;
}

/** A value over two ordinal parameters, the value written in each cell. */
export function heatMap(c: HeatMap): Record<string, unknown> {
  const x = { field: c.x, type: 'ordinal', title: c.xAxis, sort: 'ascending' };
  const y = { field: c.y, type: 'ordinal', title: c.yAxis, sort: 'descending' };
  const layer = {
    width: { step: 30 },
    height: { step: 22 },
    layer: [
      { mark: 'rect', encoding: { x, y, color: { field: c.value, type: 'quantitative', title: c.legend, scale: { scheme: 'greys', reverse: true } } } },
      {
        mark: { type: 'text', fontSize: 9 },
        encoding: {
          x, y, text: { field: c.value, type: 'quantitative', format: c.format },
          // Dark cells (low values) get white text; the split is the midpoint of the data.
          color: { condition: { test: `datum['${c.value}'] < ${midpoint(c.rows, c.value)}`, value: '#ffffff' }, value: '#000000' },
        },
      },
    ],
  };
  if (!c.panel) return { ...base(c.title, c.rows, c.value), ...layer };
  return wrapped(base(c.title, c.rows, c.value), layer, c.rows, c.panel, c.wrap, false);
}

function midpoint(rows: Row[], field: string): number {
  const v = rows.map((r) => r[field]).filter((x): x is number => typeof x === 'number');
  return v.length ? (Math.min(...v) + Math.max(...v)) / 2 : 0;
}

/** Panel titles, with units, for the kinds of figure sim and compare report. */
export const KIND_PANELS: Record<string, string> = {
  seat: 'seat: mean result per game (the game\'s points or chips)',
  focal: 'focal strategy: mean result per game (points or chips)',
  win: 'win: probability of winning the game (ties shared)',
  place: 'place: mean finishing place (1 = best)',
  rate: 'rate: share of the events it counts',
};
