import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { InputError } from '../core/errors.js';
import { estimateOf } from '../io/print.js';
import { fewOf, SMALL_SAMPLE } from '../core/table.js';
import { FEW } from '../stats/intervals.js';
import { notRegular, settle, writeAtomically } from '../io/csv.js';
import { parseJson } from '../io/json-file.js';
import { describe } from '../core/rules.js';
import { FONT_STACK, fontFaces } from '../io/font.js';
import { GAMES, gamesFolder, recordedGames, recordFiles, type RecordedGame, type RecordReader } from './games.js';

/**
 * One self-contained HTML page for a folder of results: each study's question and answer,
 * its charts (embedded, so nothing is fetched), its headline tables, its provenance and links
 * to its CSVs. Everything on the page is read back from the files a run wrote (the CSVs, their
 * .meta.json and the .svg charts), so `pongsim report DIR` works on any result folder, a merged
 * one or one copied from another machine, and draws the same page for the same files; only the
 * order of a folder of studies and a table's headline columns are pongsim's own (KnownStudies).
 * Given the folder of a run's records (`--records`), each study also links its recorded games'
 * viewer pages.
 */

/**
 * What the page is handed by the library (library/report.ts) besides the folder's files: the
 * studies pongsim knows, in its order (a folder of studies is shown in it), each with its
 * headline columns per table (a meta file names none), and how a study's recorded games are read.
 */
export interface KnownStudies extends RecordReader {
  studies: readonly { name: string; keyColumns?: Record<string, string[]> }[];
}

/** Rows of a headline table shown on the page; the rest are in the CSV it links to. */
const MAX_ROWS = 40;

interface Meta {
  table: string;
  experiment: string;
  version?: string;
  seed?: string;
  games?: number;
  budget?: number;
  question?: string;
  answer?: string[];
  charts?: { name: string; caption: string }[];
  keyColumns?: string[];
  [key: string]: unknown;
}

interface Study {
  dir: string;
  metas: Meta[];
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A name a meta file gives a table or chart: one file name of the folder, as `sim --out` or a
 * study writes it (spaces, accents and all), so that the files it names are in the folder: no
 * "/" (or the platform's separator), not "." or "..", no NUL, at most 255 bytes. A link to it is
 * a file whatever it holds: each part of a link is escaped (href), so "javascript:x" is a name. */
function fileName(v: unknown): boolean {
  return (
    typeof v === 'string' &&
    v !== '' &&
    v !== '.' &&
    v !== '..' &&
    !v.includes('/') &&
    !v.includes(path.sep) &&
    !v.includes('\0') &&
    Buffer.byteLength(v) <= 255
  );
}

/** The text of `file`, a regular file of the folder: a link in a copied folder could pull any
 * file on the disk into the page. */
function readRegular(file: string): string {
  const what = notRegular(file);
  if (what) throw new InputError(`report: ${file} is ${what}; report reads only the regular files of the folder`);
  return fs.readFileSync(file, 'utf8');
}

/**
 * A table's meta file, checked: null when it is not a table's (another JSON file); one
 * InputError line when its names are not plain file names or its fields are not what a run
 * writes. Anything on the page is read from here, so a folder handed over by a stranger is data.
 */
function readMeta(file: string): Meta | null {
  let doc: unknown;
  try {
    doc = parseJson(readRegular(file), file);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(e.message.startsWith('report: ') ? e.message : `report: ${e.message}`);
    throw e;
  }
  const bad = (why: string): never => {
    throw new InputError(`report: ${file}: ${why}`);
  };
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    bad('not a pongsim meta file (a JSON object with "table" and "experiment")');
  const m = doc as Record<string, unknown>;
  if (m.table === undefined || m.experiment === undefined) return null;
  const plain = (key: string, v: unknown) => {
    if (!fileName(v)) bad(`${key} ${describe(v)} is not a file name of the folder (no /, not . or .., at most 255 bytes)`);
  };
  const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  plain('"table"', m.table);
  if (typeof m.experiment !== 'string') bad(`"experiment" must be a string, not ${describe(m.experiment)}`);
  // What the page shows and matches records by, each of the type a run writes.
  for (const key of ['version', 'seed'])
    if (m[key] !== undefined && typeof m[key] !== 'string') bad(`"${key}" must be a string, not ${describe(m[key])}`);
  for (const key of ['games', 'budget'])
    if (m[key] !== undefined && !(Number.isInteger(m[key]) && (m[key] as number) >= 0))
      bad(`"${key}" must be a whole number, not ${describe(m[key])}`);
  if (m.question !== undefined && typeof m.question !== 'string') bad('"question" must be a string');
  if (m.answer !== undefined && !strings(m.answer)) bad('"answer" must be a list of strings');
  if (m.keyColumns !== undefined && !strings(m.keyColumns)) bad('"keyColumns" must be a list of strings');
  if (m.charts !== undefined) {
    if (!Array.isArray(m.charts)) bad('"charts" must be a list of charts');
    for (const c of m.charts as unknown[]) {
      if (c === null || typeof c !== 'object' || typeof (c as { caption?: unknown }).caption !== 'string')
        bad('"charts": each chart has a name and a caption');
      plain('a chart\'s "name"', (c as { name?: unknown }).name);
    }
  }
  return m as Meta;
}

/** A link to `file` in `dir`, from the page in `root`: each part of the path escaped, so
 * that a folder name such as "javascript:x" is a folder, not a scheme. */
function href(root: string, dir: string, file: string): string {
  return ['.', ...path.relative(root, path.join(dir, file)).split(path.sep)].map((p) => (p === '.' ? p : encodeURIComponent(p))).join('/');
}

/** The studies in `dir`: the folder itself if it holds tables, else each sub-folder that does,
 * in the order of `known`. */
function studiesIn(dir: string, known: KnownStudies): Study[] {
  const metasOf = (d: string): Meta[] => {
    // A run killed while it put its files in place left a set to finish (or its old set, and
    // temporary files): the page draws the set the folder holds once that is done.
    settle(d);
    return fs
      .readdirSync(d)
      .filter((f) => f.endsWith('.meta.json'))
      .sort()
      .map((f) => readMeta(path.join(d, f)))
      .filter((m): m is Meta => m !== null);
  };
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new InputError(`report: ${dir} is not a folder; give the folder a run wrote its CSVs to`);
  const own = metasOf(dir);
  if (own.length) return [{ dir, metas: own }];
  // A folder of studies (run default): in the order pongsim lists their experiments.
  const rank = (s: Study) => known.studies.findIndex((e) => e.name === s.metas[0]!.experiment);
  const subs = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((n) => ({ dir: path.join(dir, n), metas: metasOf(path.join(dir, n)) }))
    .filter((s) => s.metas.length > 0);
  if (!subs.length)
    throw new InputError(
      `report: ${dir} holds no results (no .meta.json beside a CSV, here or one folder down); run a study into it first`,
    );
  return subs.sort((a, b) => rank(a) - rank(b) || a.dir.localeCompare(b.dir));
}

/** A table's headline columns as HTML: each estimate with its interval in one cell. */
function tableHtml(csvFile: string, link: string, columns: string[] | undefined): string {
  const rows = parse(readRegular(csvFile)) as string[][];
  const [head, ...body] = rows;
  if (!head) return '';
  const idx = (c: string) => head.indexOf(c);
  const shown = (columns?.length ? columns : head.filter((c) => !/_ci_(low|high)$/.test(c) && c !== SMALL_SAMPLE).slice(0, 8)).filter(
    (c) => idx(c) >= 0,
  );
  const cell = (r: string[], c: string): string => {
    const v = r[idx(c)] ?? '';
    const lo = idx(`${c}_ci_low`);
    const hi = idx(`${c}_ci_high`);
    if (lo < 0 || hi < 0 || v === '') return esc(v);
    const bound = (x: string | undefined) => (x === undefined || x === '' ? NaN : Number(x));
    return esc(estimateOf(Number(v), bound(r[lo]), bound(r[hi]), fewOf(r[idx(SMALL_SAMPLE)]).get(c)));
  };
  const numeric = (c: string) => body.every((r) => r[idx(c)] === '' || Number.isFinite(Number(r[idx(c)])));
  const cls = (c: string) => (numeric(c) ? ' class="num"' : '');
  const lines = [
    '<table>',
    `<thead><tr>${shown.map((c) => `<th${cls(c)}>${esc(c)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...body.slice(0, MAX_ROWS).map((r) => `<tr>${shown.map((c) => `<td${cls(c)}>${cell(r, c)}</td>`).join('')}</tr>`),
    '</tbody>',
    '</table>',
  ];
  const more = body.length - MAX_ROWS;
  if (more > 0) lines.push(`<p class="more">${more} more rows in <a href="${esc(link)}">${esc(path.basename(csvFile))}</a>.</p>`);
  return lines.join('\n');
}

/** The provenance shared by a study's tables, as a definition list and the full record. */
function provenanceHtml(m: Meta): string {
  const { table: _t, columns: _c, question: _q, answer: _a, charts: _ch, keyColumns: _k, ...rest } = m;
  const facts: [string, unknown][] = [
    ['tool', `pongsim ${m.version ?? ''}`],
    ['experiment', m.experiment],
    ['seed', m.seed],
    ['games per cell', m.games ?? m.budget],
  ];
  return [
    '<dl class="prov">',
    ...facts.filter(([, v]) => v !== undefined).map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(String(v))}</dd>`),
    '</dl>',
    `<details><summary>Full provenance: rules, strategies, parameters</summary><pre>${esc(JSON.stringify(rest, null, 2))}</pre></details>`,
  ].join('\n');
}

function studyHtml(s: Study, root: string, single: boolean, games: readonly RecordedGame[], known: KnownStudies): string {
  const first = s.metas[0]!;
  const rel = (f: string) => href(root, s.dir, f);
  const id = path.basename(s.dir);
  const out: string[] = [`<section id="${esc(id)}">`, single ? '' : `<h2>${esc(first.experiment)}</h2>`];
  if (first.question) out.push(`<p class="question">${esc(first.question)}</p>`);
  if (first.answer?.length) out.push('<ul class="answer">', ...first.answer.map((l) => `<li>${esc(l)}</li>`), '</ul>');
  for (const c of first.charts ?? []) {
    const file = path.join(s.dir, `${c.name}.svg`);
    if (!fs.existsSync(file)) continue;
    const data = Buffer.from(readRegular(file)).toString('base64');
    out.push(
      '<figure>',
      `<img class="chart" src="data:image/svg+xml;base64,${data}" alt="${esc(c.caption)}">`,
      `<figcaption>${esc(c.caption)} <a href="${esc(rel(`${c.name}.svg`))}">${esc(`${c.name}.svg`)}</a></figcaption>`,
      '</figure>',
    );
  }
  const def = known.studies.find((e) => e.name === first.experiment);
  for (const m of s.metas) {
    const key = m.keyColumns ?? def?.keyColumns?.[m.table];
    const csv = path.join(s.dir, `${m.table}.csv`);
    if ((key && key.length === 0) || !fs.existsSync(csv)) continue; // a long table the study shows as a chart
    out.push(`<h3>${esc(m.table)}</h3>`, tableHtml(csv, rel(`${m.table}.csv`), key));
  }
  out.push('<h3>Provenance</h3>', provenanceHtml(first));
  out.push(
    `<p class="files">Files: ${s.metas
      .flatMap((m) => [`${m.table}.csv`, `${m.table}.meta.json`])
      .map((f) => `<a href="${esc(rel(f))}">${esc(f)}</a>`)
      .join(', ')}</p>`,
  );
  if (games.length)
    out.push(
      `<p class="files">Recorded games, each stepped through on its viewer page: ${games
        .map((g) => `<a href="${esc(rel(`${GAMES}/${g.page}`))}">${esc(g.label)}</a>`)
        .join(', ')}</p>`,
    );
  out.push('</section>');
  return out.filter((l) => l !== '').join('\n');
}

/** The page's style: everything in the shipped font (io/font.ts), embedded, code and provenance included. */
const STYLE = `
body { font: 15px/1.45 ${FONT_STACK}; color: #111; max-width: 1100px; margin: 2em auto; padding: 0 1em; }
code, pre { font-family: ${FONT_STACK}; }
h1 { font-size: 1.6em; } h2 { border-top: 2px solid #333; padding-top: .6em; margin-top: 2em; }
.question { font-size: 1.1em; font-weight: bold; }
.answer li { margin: .2em 0; }
figure { margin: 1.2em 0; } img.chart { max-width: 100%; height: auto; border: 1px solid #ddd; }
figcaption { font-size: .9em; color: #333; }
table { border-collapse: collapse; font-size: .85em; margin: .5em 0; }
th, td { border-bottom: 1px solid #ddd; padding: .2em .6em; text-align: left; white-space: nowrap; }
th.num, td.num { text-align: right; font-variant-numeric: tabular-nums; }
.more, .files { font-size: .9em; }
dl.prov { display: grid; grid-template-columns: max-content auto; gap: .1em 1em; font-size: .9em; }
dl.prov dt { font-weight: bold; } dl.prov dd { margin: 0; }
pre { font-size: .8em; background: #f5f5f5; padding: .6em; overflow-x: auto; }
nav a { margin-right: 1em; }
@media print { h2 { page-break-before: always; } }
`;

/** The page for the results in `dir` (a study's folder, or a folder of study folders); with
 * `records`, the folder of the run's records, also the viewer page of each recorded game. */
function report(dir: string, known: KnownStudies, records?: string): { html: string; pages: { file: string; text: string }[] } {
  const studies = studiesIn(dir, known);
  const kept = records === undefined ? [] : recordFiles(records, known.format);
  const games = studies.map((s) => recordedGames(kept, s.metas[0]!, known));
  const pages = studies.flatMap((s, i) => games[i]!.map((g) => ({ file: path.join(gamesFolder(s.dir), g.page), text: g.html })));
  const single = studies.length === 1 && studies[0]!.dir === dir;
  const title = single ? `pongsim: ${studies[0]!.metas[0]!.experiment}` : `pongsim: ${studies.length} studies`;
  const nav = single
    ? ''
    : `<nav>${studies.map((s) => `<a href="#${esc(path.basename(s.dir))}">${esc(s.metas[0]!.experiment)}</a>`).join(' ')}</nav>`;
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>\n${fontFaces([400, 700])}${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${esc(title)}</h1>`,
    `<p>Every figure is an estimate from seeded games with its 95% interval (<i>x</i> ±<i>h</i>, or <i>x</i> [low, high] where the interval is not symmetric), marked (n=<i>k</i>) where it rests on fewer than ${FEW} observations. The CSVs hold every column at full precision; <code>pongsim explain &lt;experiment&gt;</code> says what each means.</p>`,
    nav,
    ...studies.map((s, i) => studyHtml(s, dir, single, games[i]!, known)),
    '</body>',
    '</html>',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
  return { html, pages };
}

/** The page for the results in `dir`, with links to the recorded games in `records` (report). */
export function reportHtml(dir: string, known: KnownStudies, records?: string): string {
  return report(dir, known, records).html;
}

/** Writes `dir/index.html` (and with `records` each recorded game's viewer page, games.ts) and returns its path. */
export function writeReport(dir: string, known: KnownStudies, records?: string): string {
  const file = path.join(dir, 'index.html');
  const { html, pages } = report(dir, known, records);
  writeAtomically([{ file, text: html }, ...pages]);
  return file;
}
