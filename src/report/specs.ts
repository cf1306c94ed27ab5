import type { CsvTable } from '../core/table.js';
import { tableObjects } from '../io/csv.js';
import { FONT_STACK, textWidth } from '../io/font.js';

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
const DASHES = [
  [1, 0],
  [6, 3],
  [2, 2],
  [8, 3, 2, 3],
  [12, 4],
  [3, 5],
];
const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down'];

/** The weight of every text of a chart: regular, so that a chart embeds one face of the shipped font (io/font.ts). */
const REGULAR = 'normal';

const CONFIG = {
  background: 'white',
  font: FONT_STACK,
  view: { stroke: '#999999' },
  // Text at least 11 px (a chart is drawn at most as wide as the report page), never cut short.
  axis: {
    labelColor: '#000000',
    titleColor: '#000000',
    gridColor: '#e0e0e0',
    labelLimit: 0,
    labelFontSize: 11,
    titleFontSize: 12,
    titleFontWeight: REGULAR,
  },
  header: { labelFontSize: 12, titleFontSize: 12, labelLimit: 0, titleFontWeight: REGULAR },
  legend: { labelLimit: 0, titleLimit: 0, labelFontSize: 11, titleFontSize: 12, titleFontWeight: REGULAR },
  title: { fontSize: 14, anchor: 'start', fontWeight: REGULAR },
  range: { category: GREYS },
};

/** The top of every spec; `drawn` (kept in usermeta, which Vega ignores) names the field each data mark shows, one mark per row with a number there. */
function base(title: string, rows: Row[], drawn: string): Record<string, unknown> {
  return { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', title, config: CONFIG, usermeta: { drawn }, data: { values: rows } };
}

/** Wraps a layered chart in facets (rows and/or columns), each facet with its own categories. */
function faceted(
  spec: Record<string, unknown>,
  layer: Record<string, unknown>,
  facet: { row?: string; column?: string; independentX?: boolean },
  independentY: boolean,
): Record<string, unknown> {
  if (!facet.row && !facet.column) return { ...spec, ...layer };
  const header = { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', title: null };
  // Panels in the order the table lists them (a facet's sort: null would sort them by name).
  const rows = (spec.data as { values: Row[] }).values;
  const order = (field: string) => [...new Set(rows.map((r) => r[field]))];
  const f: Record<string, unknown> = {};
  if (facet.row) f.row = { field: facet.row, type: 'nominal', sort: order(facet.row), header: { ...header, labelOrient: 'top' } };
  if (facet.column) f.column = { field: facet.column, type: 'nominal', sort: order(facet.column), header };
  return {
    ...spec,
    facet: f,
    spec: layer,
    resolve: { scale: { y: independentY ? 'independent' : 'shared', x: facet.independentX ? 'independent' : 'shared' } },
  };
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
  /** Instead of `row`: a panel per value of this column, one above the other in the order the
   * rows list them, each with its own x axis titled by `axes` (the panels' quantities and units
   * differ). */
  panel?: string;
  axes?: (panel: string) => string;
}

/** Estimates with their 95% intervals, one line per category: a point and its whisker. */
export function intervalChart(c: IntervalChart): Record<string, unknown> {
  if (c.panel) {
    const { panel, axes, ...one } = c;
    const names = [...new Set(c.rows.map((r) => String(r[panel])))];
    const { title, data, ...top } = base(c.title, c.rows, c.value);
    const panels = names.map((p) => {
      const {
        $schema: _s,
        config: _c,
        usermeta: _u,
        data: _d,
        title: _t,
        ...spec
      } = intervalChart({ ...one, rows: [], axis: axes ? axes(p) : c.axis });
      return { title: { text: p, fontSize: 12, fontWeight: 'normal' }, transform: [{ filter: { field: panel, equal: p } }], ...spec };
    });
    return { ...top, title, data, vconcat: panels, resolve: { scale: { x: 'independent', y: 'independent' } } };
  }
  // The category's title above its labels, level, where long labels (strategy specs) cannot run into it.
  const y = {
    field: c.category,
    type: 'nominal',
    sort: null,
    title: c.categoryTitle === undefined ? c.category : c.categoryTitle,
    axis: { titleAngle: 0, titleAnchor: 'end', titleAlign: 'right', titleBaseline: 'bottom', titleX: -8, titleY: -6 },
  };
  const x = { field: c.value, type: 'quantitative', title: c.axis, scale: { zero: false } };
  const layers: Record<string, unknown>[] = [
    {
      mark: { type: 'rule', color: '#000000', strokeWidth: 1.5 },
      encoding: { y, x: { ...x, field: `${c.value}_ci_low` }, x2: { field: `${c.value}_ci_high` } },
    },
    { mark: { type: 'point', filled: true, color: '#000000', size: 40 }, encoding: { y, x } },
  ];
  if (c.reference !== undefined)
    layers.unshift({
      mark: { type: 'rule', color: '#888888', strokeDash: [4, 3] },
      encoding: { x: { datum: c.reference, type: 'quantitative' } },
    });
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
  /** Each panel its own x scale (parameters over different ranges). */
  independentX?: boolean;
  /** With `panel`: every panel on one y scale, drawn on the first of each line. */
  sharedY?: boolean;
  /** Instead of row and column: a panel per value of this column, `wrap` panels to a line, each
   * with its own y scale. (A row by column grid misplaces its panels when some pair of values
   * has no rows: Vega-Lite lays the panels that exist out in order.) */
  panel?: string;
  wrap?: number;
  /** With `panel` = `series`: small multiples, one small panel per series on a shared y scale
   * (for dozens of series, which overlaid would be a tangle). */
  small?: boolean;
  /** A horizontal reference line at this value (0 for a gain). */
  reference?: number;
}

/** A figure against a parameter, one line per series, each with its interval band. */
export function curveChart(c: CurveChart): Record<string, unknown> {
  const x = { field: c.x, type: 'quantitative', title: c.xAxis, axis: { tickMinStep: 1 } };
  const series = { field: c.series, type: 'nominal', sort: null, title: c.seriesTitle };
  const marks: Record<string, unknown>[] = [
    {
      mark: { type: 'area', opacity: 0.18, color: '#000000' },
      encoding: {
        x,
        y: { field: `${c.y}_ci_low`, type: 'quantitative', title: c.yAxis, scale: { zero: false } },
        y2: { field: `${c.y}_ci_high` },
        detail: { field: c.series },
      },
    },
    {
      mark: { type: 'line', point: true, strokeWidth: 1.5 },
      encoding: {
        x,
        y: { field: c.y, type: 'quantitative', title: c.yAxis, scale: { zero: false } },
        color: { ...series, scale: { range: GREYS } },
        strokeDash: { ...series, scale: { range: DASHES } },
        shape: { ...series, scale: { range: SHAPES } },
      },
    },
  ];
  if (c.reference !== undefined)
    marks.unshift({
      mark: { type: 'rule', color: '#888888', strokeDash: [4, 3] },
      encoding: { y: { datum: c.reference, type: 'quantitative' } },
    });
  if (c.small && c.panel) {
    // One series a panel: its title names it, so the line needs no legend.
    const line = marks.find((m) => (m.mark as { type: string }).type === 'line')!;
    const { color: _c, strokeDash: _d, shape: _s, ...encoding } = line.encoding as Record<string, unknown>;
    line.mark = { type: 'line', point: { color: '#000000' }, strokeWidth: 1.5, color: '#000000' };
    line.encoding = encoding;
    const small = { width: 160, height: 110, layer: marks };
    return wrapped(base(c.title, c.rows, c.y), small, c.rows, c.panel, c.wrap, false, { title: c.xAxis, width: small.width });
  }
  const layer = { width: 240, height: 170, layer: marks };
  // A grid of panels on one y scale keeps its legend above it (flush bounds would set it far off).
  if (c.sharedY)
    for (const k of ['color', 'strokeDash', 'shape'])
      (marks.find((m) => (m.mark as { type: string }).type === 'line')!.encoding as Record<string, Record<string, unknown>>)[k]!.legend = {
        orient: 'top',
      };
  if (c.panel) {
    const each = c.sharedY ? { ...layer, width: 190, height: 150 } : layer;
    return wrapped(
      base(c.title, c.rows, c.y),
      each,
      c.rows,
      c.panel,
      c.wrap,
      !c.sharedY,
      { title: c.xAxis, width: each.width },
      c.independentX,
    );
  }
  return faceted(base(c.title, c.rows, c.y), layer, c, false);
}

/** The size (px) of a panel's title and of an axis title (CONFIG). */
const PANEL_TITLE_PX = 12;

/** A panel title longer than this many characters (house rules: option=value joined by commas) breaks after each comma and equals sign. */
const PANEL_TITLE_BREAK = 22;

/** The lines a panel's title is drawn in: as the header's labelExpr breaks it, in Vega's words, below. */
function panelTitleLines(title: string): string[] {
  return title.length > PANEL_TITLE_BREAK ? title.replace(/([,=])/g, '$1\n').split('\n') : [title];
}

/** A panel per value of `panel` in the order the rows list them, `wrap` to a line; with
 * `independentY` each panel has its own y scale and draws both its axes; with `independentX`
 * each its own x scale. `x` is each panel's x axis title and plot width (px). */
function wrapped(
  spec: Record<string, unknown>,
  layer: Record<string, unknown>,
  rows: Row[],
  panel: string,
  wrap: number | undefined,
  independentY: boolean,
  x: { title: string; width: number },
  independentX = false,
): Record<string, unknown> {
  const order = [...new Set(rows.map((r) => r[panel]))];
  // A long panel title breaks rather than being cut; the rows are spaced for three lines of it.
  const header = {
    title: null,
    labelAnchor: 'start',
    labelFontSize: PANEL_TITLE_PX,
    labelLimit: 0,
    labelExpr: `length(datum.label) > ${PANEL_TITLE_BREAK} ? split(replace(datum.label, /([,=])/g, '$1\\n'), '\\n') : datum.label`,
  };
  // Panels on one y scale: flush bounds, so that a panel's width is its plot's, not its title's
  // (panels with a y scale each keep the full bounds: each draws its own axis). Flush bounds
  // leave the panel's title (from its left edge) and its x axis title (centred under it) out of
  // its width: the gap between two panels is widened by what the widest reaches past a panel in
  // the shipped font, so that neither runs into its neighbour's.
  const widest = Math.max(
    x.title ? textWidth(x.title, PANEL_TITLE_PX) : 0,
    ...order.flatMap((p) => panelTitleLines(String(p)).map((l) => textWidth(l, PANEL_TITLE_PX))),
  );
  const column = Math.max(24, widest - x.width + 8);
  const flush = independentY ? {} : { bounds: 'flush', spacing: { row: independentX ? 100 : 64, column } };
  return {
    ...spec,
    facet: { field: panel, type: 'nominal', sort: order, header },
    columns: wrap ?? 3,
    ...flush,
    spec: layer,
    ...(independentY
      ? { resolve: { scale: { y: 'independent' }, axis: { x: 'independent' } } }
      : independentX
        ? { resolve: { scale: { x: 'independent' }, axis: { x: 'independent' } } }
        : {}),
  };
}

export interface HeatMap extends TwoAxes {
  value: string;
  legend: string;
  /** A panel per value of this column, `wrap` panels to a line. */
  panel?: string;
  wrap?: number;
  /** Decimals of the value written in each cell. */
  decimals: number;
}

/** The size of the text in a heat map's cells (px), and the least room on each side of it. */
const CELL_TEXT_PX = 11;
const CELL_PAD_PX = 2;

/**
 * A value over two ordinal parameters, the value written in each cell. The cells are as wide as
 * the widest value written in them needs in the shipped font (io/font.ts), and never narrower than
 * 31 px, so that no value runs into the next whatever fonts the reader has.
 */
export function heatMap(c: HeatMap): Record<string, unknown> {
  const label = `${c.value}_label`;
  const rows = c.rows.map((r) => {
    const v = r[c.value];
    return typeof v === 'number' && Number.isFinite(v) ? { ...r, [label]: fixed(v, c.decimals) } : r;
  });
  const widest = Math.max(0, ...rows.map((r) => (typeof r[label] === 'string' ? textWidth(r[label], CELL_TEXT_PX) : 0)));
  const x = { field: c.x, type: 'ordinal', title: c.xAxis, sort: 'ascending', axis: { labelAngle: 0 } };
  const y = { field: c.y, type: 'ordinal', title: c.yAxis, sort: 'descending' };
  const layer = {
    width: { step: Math.max(31, widest + 2 * CELL_PAD_PX) },
    height: { step: 24 },
    layer: [
      {
        mark: 'rect',
        encoding: { x, y, color: { field: c.value, type: 'quantitative', title: c.legend, scale: { scheme: 'greys', reverse: true } } },
      },
      {
        mark: { type: 'text', fontSize: CELL_TEXT_PX },
        encoding: {
          x,
          y,
          text: { field: label, type: 'nominal' },
          // Dark cells (low values) get white text; the split is the midpoint of the data.
          color: { condition: { test: `datum['${c.value}'] < ${midpoint(rows, c.value)}`, value: '#ffffff' }, value: '#000000' },
        },
      },
    ],
  };
  if (!c.panel) return { ...base(c.title, rows, c.value), ...layer };
  const columns = new Set(rows.map((r) => r[c.x])).size;
  return wrapped(base(c.title, rows, c.value), layer, rows, c.panel, c.wrap, false, { title: c.xAxis, width: layer.width.step * columns });
}

/** `v` with `decimals` decimals as a cell shows it: a minus sign (U+2212) for a negative, none for a value that rounds to 0. */
export function fixed(v: number, decimals: number): string {
  const s = v.toFixed(decimals);
  return /^-[0.]*$/.test(s) ? s.slice(1) : s.replace('-', '\u2212');
}

function midpoint(rows: Row[], field: string): number {
  const v = rows.map((r) => r[field]).filter((x): x is number => typeof x === 'number');
  return v.length ? (Math.min(...v) + Math.max(...v)) / 2 : 0;
}

/** The kinds of figure sim and compare report: a panel title, and the quantity with its unit. */
export const KINDS: Record<string, { panel: string; quantity: string }> = {
  seat: { panel: "each seat's result", quantity: 'mean result per game (points or chips)' },
  focal: { panel: "the focal strategy's result", quantity: 'mean result per game (points or chips)' },
  win: { panel: 'winning the game (ties shared)', quantity: 'probability of winning the game (0-1)' },
  place: { panel: 'finishing place', quantity: 'mean finishing place (1 = best)' },
  rate: { panel: "the game's rates", quantity: 'share of the events it counts (0-1)' },
};

/** The panel title of a kind of figure. */
export const kindPanel = (kind: unknown): string => KINDS[String(kind)]?.panel ?? String(kind);

/** The quantity and unit of the figures in a panel (`kindPanel`), or in a difference of them. */
export const kindAxis = (panel: string, difference = false): string => {
  const q = Object.values(KINDS).find((k) => k.panel === panel)?.quantity ?? panel;
  return difference ? `change in ${q}` : q;
};

/**
 * A reliability diagram: the true win share against the predicted one, by tenth of the
 * predicted (rows `by` = tenth of the advise-calibration table), a line per dealing with the true
 * share's interval band, a panel per game; the diagonal is where a calibrated dealing lies.
 */
export function calibrationChart(rows: Row[]): Record<string, unknown> {
  const spec = curveChart({
    title: 'advice: predicted against true win share',
    rows: rows.filter((r) => r.by === 'tenth'),
    x: 'win_predicted',
    xAxis: 'predicted win share (0-1)',
    y: 'win_true',
    yAxis: 'true win share (0-1)',
    series: 'dealing',
    seriesTitle: 'dealing',
    panel: 'game',
    wrap: 2,
    sharedY: true,
  });
  const layer = (spec.spec as { layer: Record<string, unknown>[] }).layer;
  layer.unshift({
    mark: { type: 'rule', color: '#888888', strokeDash: [4, 3] },
    encoding: {
      x: { datum: 0, type: 'quantitative' },
      y: { datum: 0, type: 'quantitative' },
      x2: { datum: 1 },
      y2: { datum: 1 },
    },
  });
  return spec;
}
