import fs from 'node:fs';
import { createRequire } from 'node:module';
import { woff2Tables } from './woff2.js';

/**
 * The font pongsim draws its charts and pages in, so that they look the same on every machine:
 * Noto Sans, from the npm package @fontsource/noto-sans (pinned in package.json; SIL Open Font
 * License 1.1, its LICENSE file beside the fonts), Latin subset, regular and bold. Its Latin
 * subset has every character the charts and pages write (U+2212 minus, ±, …, –; a test checks),
 * its figures are all one width, and it is small (13 KB a weight as WOFF2). Each page and each
 * SVG embeds the faces it uses as data: URLs, so nothing is fetched and no installed font is
 * needed; a character outside the subset (a strategy name in Hangul) falls back to the
 * reader's sans-serif.
 *
 * Text is measured from the shipped files themselves (their cmap and hmtx tables), never from
 * the fonts of the machine: the same text has the same width everywhere, so a chart's layout,
 * and so its bytes, depend only on its data.
 */
export const FONT_FAMILY = 'Noto Sans';

/** The CSS font-family of everything pongsim draws: the shipped face, then the reader's sans-serif. */
export const FONT_STACK = `${FONT_FAMILY}, sans-serif`;

/** The weights shipped: regular and bold. */
export type Weight = 400 | 700;

/** The shipped weight a CSS font weight draws in, as a browser picks between the two: bold above 500. */
export function shippedWeight(w: string | number | undefined): Weight {
  return w === 'bold' || Number(w) > 500 ? 700 : 400;
}

const require = createRequire(import.meta.url);

/** The path of the shipped file of the face of `weight`. */
export function fontFile(weight: Weight): string {
  return require.resolve(`@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff2`);
}

interface Face {
  unitsPerEm: number;
  /** The glyph of each code point the face has. */
  glyphs: Map<number, number>;
  /** Each glyph's advance width, in font units. */
  advances: (glyph: number) => number;
}

const files = new Map<Weight, Buffer>();
const faces = new Map<Weight, Face>();

/** The bytes of the shipped file of `weight`, read once. */
function fileBytes(weight: Weight): Buffer {
  let b = files.get(weight);
  if (!b) files.set(weight, (b = fs.readFileSync(fontFile(weight))));
  return b;
}

/** The face of `weight`, read from its file once, on first use. */
function face(weight: Weight): Face {
  let f = faces.get(weight);
  if (!f) {
    const file = fontFile(weight);
    const tables = woff2Tables(fileBytes(weight), file);
    const table = (tag: string): Buffer => {
      const t = tables.get(tag);
      if (!t || t.transformed) throw new Error(`${file}: no plain ${tag} table`);
      return t.data;
    };
    const head = table('head');
    if (head.readUInt32BE(12) !== 0x5f0f3cf5) throw new Error(`${file}: its head table has no magic number`);
    const hmtx = table('hmtx');
    const metrics = table('hhea').readUInt16BE(34);
    f = {
      unitsPerEm: head.readUInt16BE(18),
      glyphs: cmap(table('cmap'), file),
      // Glyphs past the last full metric share its advance (OpenType hmtx).
      advances: (g) => hmtx.readUInt16BE(Math.min(g, metrics - 1) * 4),
    };
    faces.set(weight, f);
  }
  return f;
}

/** The Unicode map of a cmap table: its format 12 subtable (all of Unicode) or else its format 4 one (the BMP). */
function cmap(t: Buffer, file: string): Map<number, number> {
  const subtables = Array.from({ length: t.readUInt16BE(2) }, (_, i) => {
    const at = 4 + i * 8;
    const offset = t.readUInt32BE(at + 4);
    return { platform: t.readUInt16BE(at), encoding: t.readUInt16BE(at + 2), offset, format: t.readUInt16BE(offset) };
  }).filter((s) => s.platform === 0 || (s.platform === 3 && (s.encoding === 1 || s.encoding === 10)));
  const map = new Map<number, number>();
  const twelve = subtables.find((s) => s.format === 12);
  if (twelve) {
    const groups = t.readUInt32BE(twelve.offset + 12);
    for (let i = 0; i < groups; i++) {
      const at = twelve.offset + 16 + i * 12;
      const [first, last, glyph] = [t.readUInt32BE(at), t.readUInt32BE(at + 4), t.readUInt32BE(at + 8)];
      for (let c = first; c <= last; c++) map.set(c, glyph + c - first);
    }
    return map;
  }
  const four = subtables.find((s) => s.format === 4);
  if (!four) throw new Error(`${file}: its cmap has no Unicode subtable of format 4 or 12`);
  const segments = t.readUInt16BE(four.offset + 6) / 2;
  const ends = four.offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  for (let i = 0; i < segments; i++) {
    const [start, end, delta, range] = [
      t.readUInt16BE(starts + i * 2),
      t.readUInt16BE(ends + i * 2),
      t.readInt16BE(deltas + i * 2),
      t.readUInt16BE(ranges + i * 2),
    ];
    for (let c = start; c <= end && c !== 0xffff; c++) {
      // A segment maps by delta alone, or through the glyph array idRangeOffset points into.
      const index = range === 0 ? c : t.readUInt16BE(ranges + i * 2 + range + (c - start) * 2);
      const g = (index + delta) & 0xffff;
      if (index !== 0 && g !== 0) map.set(c, g);
    }
  }
  return map;
}

/**
 * The width (px) `text` takes at `size` px in the face of `weight`, for laying text out: each
 * character's advance from the font file, rounded up to a whole pixel (a browser that places
 * glyphs on whole or half pixels, as Chromium on Linux does, rounds each advance; rounding up
 * bounds every such rendering from above), a character the face lacks as 1 em (its fallback's
 * width is unknown; most scripts fit in an em). Kerning is left out: in this font it narrows far
 * more pairs than it widens, and a widening (1 px, in a few pairs such as f" and AJ) is within
 * what rounding up leaves over. The browser tests check every chart's text against this width.
 */
export function textWidth(text: string, size: number, weight: Weight = 400): number {
  const f = face(weight);
  let w = 0;
  for (const ch of text) {
    const g = f.glyphs.get(ch.codePointAt(0)!);
    // A hair below each whole pixel, so that an advance of exactly 6 px (float error and all) stays 6.
    w += g === undefined ? Math.ceil(size) : Math.ceil((f.advances(g) * size) / f.unitsPerEm - 1e-9);
  }
  return w;
}

/** The characters of `text` the shipped faces lack (each once, in order), which a reader's own font would draw. */
export function uncovered(text: string): string[] {
  const f = face(400);
  return [...new Set([...text].filter((ch) => !f.glyphs.has(ch.codePointAt(0)!)))];
}

/** CSS @font-face rules embedding the faces of `weights` as data: URLs, for a self-contained page or SVG. */
export function fontFaces(weights: readonly Weight[]): string {
  return weights
    .map(
      (w) =>
        `@font-face { font-family: "${FONT_FAMILY}"; font-style: normal; font-weight: ${w}; ` +
        `src: url(data:font/woff2;base64,${fileBytes(w).toString('base64')}) format("woff2"); }`,
    )
    .join('\n');
}

/**
 * `svg` (a whole SVG document) with the faces its text uses embedded in a style element, so the
 * file draws in the shipped font wherever it is opened, on its own or as a page's image (an image
 * sees no font of the page it is on). Bold is embedded only where some text is bold.
 */
export function withFonts(svg: string): string {
  const bold = [...svg.matchAll(/font-weight="([^"]*)"/g)].some(([, w]) => shippedWeight(w) === 700);
  const weights: Weight[] = bold ? [400, 700] : [400];
  const open = /<svg\b[^>]*>/.exec(svg);
  if (!open) throw new Error('withFonts: not an SVG document');
  const at = open.index + open[0].length;
  return `${svg.slice(0, at)}<defs><style>${fontFaces(weights)}</style></defs>${svg.slice(at)}`;
}
