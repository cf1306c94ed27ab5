import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { GAMES, studyGame } from '../catalog.js';
import { columnDictionary } from '../experiment/dictionary.js';
import { experimentDef, studyDef } from '../experiment/registry.js';
import { buildExperiment } from '../runner/chunk.js';
import { parseShard, parseShardIndex, type Shard } from '../runner/plan.js';
import { runUntilNarrow } from '../runner/precision.js';
import { runExperiment, type RunResult } from '../runner/pool.js';
import { checkpointPlan, removeCheckpoint, writeResults } from '../runner/checkpoint.js';
import { tableFiles, tableObjects, writeAtomically } from '../io/csv.js';
import { PARTIAL_FORMAT, partialText, type Partial } from '../io/partial.js';
import type { ExperimentParams } from '../experiment/experiment.js';
import type { Tally } from '../stats/tally.js';
import { chartFiles } from '../report/chart.js';
import { writeReport } from '../report/page.js';
import { DECISION_TIMEOUT_OPTION, cardRule, outDir, outFolder, positiveInt, positiveNumber, seedText } from './options.js';
import { printTable } from './print.js';
import { VERSION } from './version.js';
import { buildId, toolStamp } from '../io/build.js';

/** How a finished run shows itself: JSON, every column (wide), only its answer and files (brief: the default study), and whether it writes its report page. */
export interface ShowFlags { json?: boolean; wide?: boolean; brief?: boolean; report?: boolean }

export interface RunFlags extends ShowFlags { resume?: boolean; decisionTimeout?: number; games?: number; seed: string; card?: string; untilCi?: number; maxGames?: number; workers?: number; chunk?: number; out?: string; shard?: Shard; force?: boolean }

/**
 * Turns a finished run's tallies into CSVs, charts and provenance (and with `report` the
 * report page); prints the tables and summary, or with `json` returns them as one JSON object
 * for the caller to print.
 */
export async function finish(name: string, params: ExperimentParams, seed: string, tallies: Tally[], out: string, extra: Record<string, unknown>, show: ShowFlags): Promise<object | null> {
  const exp = buildExperiment(name, params);
  const tables = exp.tables(tallies);
  const def = experimentDef(name);
  const summary = exp.summary?.(tables) ?? [];
  const meta = {
    ...toolStamp(), experiment: name, seed, games: exp.games, params, provenance: exp.provenance, ...extra,
    question: def.question, answer: summary, charts: (def.charts ?? []).map((c) => ({ name: c.name, caption: c.caption })),
  };
  const charts = await chartFiles(out, def.charts, tables);
  writeAtomically([...tableFiles(out, tables, meta, (t) => columnDictionary(t, def.columns)), ...charts]);
  const report = show.report ? writeReport(out) : undefined;
  if (show.json) {
    return { experiment: name, seed, games: exp.games, out, summary, tables: Object.fromEntries(tables.map((t) => [t.name, tableObjects(t)])), ...(report ? { report } : {}) };
  }
  // The question and its answer first, then the key columns fitted to the terminal (--wide:
  // every column), then where the full tables are.
  const width = process.stdout.columns ?? 100;
  const lines: string[] = [];
  if (def.question) lines.push(...wrap(def.question, width, ''));
  for (const l of summary) lines.push(...wrap(l, width, '  '));
  if (lines.length) lines.push('');
  if (show.brief) {
    // The question, the answer's first lines, the files: the rest is in the report page.
    const shown: string[] = def.question ? wrap(def.question, width, '') : [];
    for (const l of summary.slice(0, BRIEF_LINES)) shown.push(...wrap(l, width, '  '));
    const more = summary.length - BRIEF_LINES;
    if (more > 0) shown.push(`  (${more} more line${more === 1 ? '' : 's'} of the answer in the report)`);
    const charted = charts.length ? ` and ${charts.length} chart${charts.length === 1 ? '' : 's'}` : '';
    process.stdout.write([...shown, `  files: ${out}/ (${tables.map((t) => `${t.name}.csv`).join(', ')}${charted})`, ''].join('\n') + '\n');
    return null;
  }
  const wide = Boolean(show.wide);
  for (const t of tables) {
    const key = def.keyColumns?.[t.name];
    if (!wide && key?.length === 0) continue;
    lines.push(printTable(t, wide ? 40 : 12, wide ? {} : { columns: key, width }));
  }
  lines.push(`full tables: ${tables.map((t) => `${path.join(out, `${t.name}.csv`)} (${t.rows.length} rows)`).join(', ')}`);
  if (charts.length) lines.push(`charts: ${charts.map((c) => c.file).join(', ')}`);
  if (report) lines.push(`report: ${report}`);
  lines.push('');
  process.stdout.write(lines.join('\n') + '\n');
  return null;
}

/** Lines of a study's answer the default study prints (the report page has them all). */
const BRIEF_LINES = 3;

/** A line of words wrapped to `width`, each piece after the first indented two more. */
function wrap(text: string, width: number, indent: string): string[] {
  const out: string[] = [];
  let line = indent;
  for (const word of text.split(' ')) {
    if (line.trim() !== '' && line.length + 1 + word.length > width) {
      out.push(line);
      line = `${indent}  ${word}`;
    } else line = line.trim() === '' ? indent + word : `${line} ${word}`;
  }
  out.push(line);
  return out;
}

/** Runs one study (or one shard of it) and writes its results; with --json returns what to print. */
export async function runOne(name: string, flags: RunFlags): Promise<object | null> {
  const def = studyDef(name);
  if (flags.untilCi !== undefined && flags.games !== undefined) throw new InputError('--until-ci and --games: give one (--until-ci decides the games, up to --max-games)');
  if (flags.maxGames !== undefined && flags.untilCi === undefined) throw new InputError('--max-games: only with --until-ci');
  const params: ExperimentParams = { games: flags.games ?? def.defaultGames };
  if (flags.card !== undefined) params.rules = cardRule(flags.card, studyGame(def));
  return runWith(name, params, flags, path.join('results', name));
}

/** Runs experiment `name` with `params` (or one shard of it) into --out, else `defaultOut`. */
export async function runWith(name: string, params: ExperimentParams, flags: RunFlags, defaultOut: string): Promise<object | null> {
  if (flags.shard && flags.report) throw new InputError('--report with a shard: a shard writes a partial, not results; give --report to pongsim merge, or run pongsim report on the merged folder');
  const out = outFolder(flags.out, defaultOut, flags.force);
  const opts = { seed: flags.seed, workers: flags.workers, chunk: flags.chunk, shard: flags.shard ?? null, decisionTimeout: flags.decisionTimeout };
  if (flags.untilCi !== undefined) {
    if (flags.resume) throw new InputError('--resume with --until-ci: a run that grows until its intervals are narrow keeps no checkpoint; run it again (its blocks repeat exactly)');
    // Play blocks until every headline interval (the study's key columns) is narrower than W.
    const def = experimentDef(name);
    const maxGames = flags.maxGames ?? 100 * def.defaultGames;
    const res = await runUntilNarrow(name, params, opts, flags.untilCi, maxGames, (t) => def.keyColumns?.[t.name]);
    const grown = { ...params, games: res.games };
    const untilCi = { width: flags.untilCi, maxGames, games: res.games, widest: res.widest, reached: res.widest < flags.untilCi };
    if (!flags.json) process.stderr.write(`pongsim: ${res.games} games per cell: the widest headline interval is ${res.widest.toPrecision(3)}${untilCi.reached ? `, under ${flags.untilCi}` : `, still over ${flags.untilCi} at --max-games`}\n`);
    return finish(name, grown, flags.seed, res.tallies, out, { workers: res.workers, seconds: res.seconds, untilCi }, flags);
  }
  const slice = flags.shard ? `.shard-${flags.shard.k}-of-${flags.shard.n}` : '';
  const checkpoint = checkpointPlan(path.join(out, `${name}${slice}.checkpoint.json`), { experiment: name, params, seed: flags.seed, shard: flags.shard ?? null }, Boolean(flags.resume));
  const res = await runExperiment(name, params, { ...opts, checkpoint });
  const doc = await writeResults(checkpoint, res.checkpointed, () => written(name, params, flags, out, res));
  removeCheckpoint(checkpoint.file); // only once the results are in place
  return doc;
}

/** Writes a finished run's results: a shard's partial, or the CSVs, charts and provenance. */
async function written(name: string, params: ExperimentParams, flags: RunFlags, out: string, res: RunResult): Promise<object | null> {
  if (flags.shard) return writePartial(path.join(out, name), name, params, flags.seed, flags.shard, res, flags.json);
  return finish(name, params, flags.seed, res.tallies, out, { workers: res.workers, seconds: res.seconds }, flags);
}

/**
 * Writes a shard's partial as `<base>.shard-k-of-N.partial.json`, for pongsim merge; with
 * `json` returns where, for the caller to print, else says so.
 */
export function writePartial(base: string, name: string, params: ExperimentParams, seed: string, shard: Shard, res: RunResult, json?: boolean): object | null {
  const { k, n } = shard;
  const partial: Partial = {
    format: PARTIAL_FORMAT, version: VERSION, build: buildId(), experiment: name, params, seed,
    games: params.games!, shard: { k, n }, ranges: res.ranges, tallies: res.tallies,
  };
  const file = `${base}.shard-${k}-of-${n}.partial.json`;
  writeAtomically([{ file, text: partialText(partial) }]);
  if (json) return { experiment: name, partial: file };
  process.stdout.write(`wrote ${file}\n`);
  return null;
}

/** --shard and --shard-index: the slice of a run to play (see sliceOf). */
export function shardOptions(cmd: Command): Command {
  return cmd
    .option('--shard <k/N>', 'run only slice k of N (1 <= k <= N) and write a partial for pongsim merge', parseShard)
    .option('--shard-index <i/N>', 'the same with a 0-based index (0 <= i < N), e.g. a Kubernetes pod\'s JOB_COMPLETION_INDEX', parseShardIndex);
}

/** The options every command that runs a study shares after --out: slices, width, reference results. */
export function runOutputOptions(cmd: Command): Command {
  return shardOptions(cmd)
    .option('--wide', 'print every column of every table (default: the key columns, fitted to the terminal)')
    .option(...DECISION_TIMEOUT_OPTION)
    .option('--resume', 'continue the run that was interrupted with these options, from its checkpoint (DIR/<experiment>.checkpoint.json)')
    .option('--report', 'also write DIR/index.html: one self-contained page with the answer, charts, headline tables and provenance')
    .option('--force', 'allow writing into results/reference/ (rebuilding the committed reference results)');
}

/** --shard and --shard-index name one slice: at most one of them, kept as flags.shard. */
export function sliceOf(flags: { shard?: Shard; shardIndex?: Shard }): void {
  if (flags.shard && flags.shardIndex) throw new InputError('--shard and --shard-index: give one (they name the same slice, counted from 1 or from 0)');
  if (flags.shardIndex) flags.shard = flags.shardIndex;
}

/** Whether `dir` holds this version's finished results (or shard partial) of `study` at this seed and size. */
function finishedBefore(dir: string, study: string, seed: string, games: number | undefined, shard?: Shard): boolean {
  const file = shard ? path.join(dir, `${study}.shard-${shard.k}-of-${shard.n}.partial.json`) : path.join(dir, `${study}.meta.json`);
  try {
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string; build?: string; seed?: string; games?: number };
    return m.version === VERSION && m.build === buildId() && m.seed === seed && (games === undefined || m.games === games);
  } catch {
    return false;
  }
}

/** The default study (`npm start`): the headline experiments at about a minute in all. */
export const DEFAULT_STUDY: { name: string; games: number }[] = GAMES.flatMap((g) => g.quick);

export function registerRun(program: Command): void {
  const cmd = program
    .command('run')
    .description('run an experiment (or "default": the headline studies at a quick size) and write its CSVs')
    .argument('<experiment>', 'experiment name (see pongsim list) or default')
    .option('--games <n>', 'games per cell', positiveInt('--games'))
    .option('--seed <s>', 'seed of the run', seedText, '1')
    .option('--card <file.json>', 'american studies: play this card of hands (mjcard/1) instead of the sample card')
    .option('--until-ci <width>', 'play blocks of games until every headline interval is narrower than WIDTH (instead of --games)', positiveNumber('--until-ci'))
    .option('--max-games <n>', 'with --until-ci: the most games per cell (default 100 times the study\'s default)', positiveInt('--max-games'))
    .option('--workers <n>', 'worker threads (default: cores)', positiveInt('--workers', 256))
    .option('--chunk <n>', 'games per worker task (results do not depend on it)', positiveInt('--chunk'))
    .option('--out <dir>', 'output folder (default results/<experiment>)', outDir);
  runOutputOptions(cmd)
    .option('--json', 'print the tables and summary lines as one JSON document (for default: {"experiment": "default", "studies": [...]})')
    .action(async (name: string, flags: RunFlags & { shardIndex?: Shard }) => {
      sliceOf(flags);
      if (name !== 'default') {
        const doc = await runOne(name, flags);
        if (doc) process.stdout.write(JSON.stringify(doc) + '\n');
        return;
      }
      const studies: object[] = [];
      if (flags.card !== undefined) cardRule(flags.card, 'american'); // checked before any study runs
      const out = flags.out ?? 'results/default';
      for (const step of DEFAULT_STUDY) {
        // The card goes to the American studies only.
        const card = studyGame(studyDef(step.name)) === 'american' ? flags.card : undefined;
        const games = flags.untilCi !== undefined ? undefined : flags.games ?? step.games;
        const dir = path.join(out, step.name);
        // --resume: the interrupted study continues from its checkpoint, those finished before it stay.
        const slice = flags.shard ? `.shard-${flags.shard.k}-of-${flags.shard.n}` : '';
        const resume = Boolean(flags.resume) && fs.existsSync(path.join(dir, `${step.name}${slice}.checkpoint.json`));
        if (flags.resume && !resume && finishedBefore(dir, step.name, flags.seed, games, flags.shard)) continue;
        // Each study's answer and files on the terminal (its tables are in the CSVs and the page).
        const doc = await runOne(step.name, { ...flags, card, games, out: dir, resume, brief: !flags.wide, report: false });
        if (doc) studies.push(doc);
      }
      if (flags.shard) return; // partials only: the page comes from the merged results
      const report = writeReport(out);
      if (flags.json) process.stdout.write(JSON.stringify({ experiment: 'default', studies, report }) + '\n');
      else process.stdout.write(`report: ${report}\n`);
    });
}
