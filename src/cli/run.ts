import path from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { GAMES, studyGame } from '../catalog.js';
import { columnDictionary } from '../experiment/dictionary.js';
import { experimentDef, studyDef } from '../experiment/registry.js';
import { buildExperiment } from '../runner/chunk.js';
import { parseShard, parseShardIndex, type Shard } from '../runner/plan.js';
import { runUntilNarrow } from '../runner/precision.js';
import { runExperiment } from '../runner/pool.js';
import { checkWritable, tableFiles, writeAtomically } from '../io/csv.js';
import { partialText, type Partial } from '../io/partial.js';
import type { ExperimentParams } from '../experiment/experiment.js';
import type { Tally } from '../stats/tally.js';
import { cardRule, guardReference, positiveInt, positiveNumber, seedText } from './options.js';
import { printTable, tableObjects } from './print.js';
import { VERSION } from './version.js';

export interface RunFlags { games?: number; seed: string; card?: string; untilCi?: number; maxGames?: number; workers?: number; chunk?: number; out?: string; shard?: Shard; json?: boolean; force?: boolean; wide?: boolean }

/**
 * Turns a finished run's tallies into CSVs and provenance; prints the tables and summary, or
 * with `json` returns them as one JSON object for the caller to print.
 */
export function finish(name: string, params: ExperimentParams, seed: string, tallies: Tally[], out: string, extra: Record<string, unknown>, json: boolean, wide = false): object | null {
  const exp = buildExperiment(name, params);
  const tables = exp.tables(tallies);
  const meta = { tool: 'pongsim', version: VERSION, experiment: name, seed, games: exp.games, params, provenance: exp.provenance, ...extra };
  const def = experimentDef(name);
  writeAtomically(tableFiles(out, tables, meta, (t) => columnDictionary(t, def.columns)));
  if (json) {
    return { experiment: name, seed, games: exp.games, out, summary: exp.summary?.(tables) ?? [], tables: Object.fromEntries(tables.map((t) => [t.name, tableObjects(t)])) };
  }
  // The question and its answer first, then the key columns fitted to the terminal (--wide:
  // every column), then where the full tables are.
  const summary = exp.summary?.(tables) ?? [];
  const width = process.stdout.columns ?? 100;
  const lines: string[] = [];
  if (def.question) lines.push(...wrap(def.question, width, ''));
  for (const l of summary) lines.push(...wrap(l, width, '  '));
  if (lines.length) lines.push('');
  for (const t of tables) {
    const key = def.keyColumns?.[t.name];
    if (!wide && key?.length === 0) continue;
    lines.push(printTable(t, wide ? 40 : 12, wide ? {} : { columns: key, width }));
  }
  lines.push(`full tables: ${tables.map((t) => `${path.join(out, `${t.name}.csv`)} (${t.rows.length} rows)`).join(', ')}`, '');
  process.stdout.write(lines.join('\n') + '\n');
  return null;
}

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
export async function runOne(name: string, flags: RunFlags, quietSummary = false): Promise<object | null> {
  const def = studyDef(name);
  if (flags.untilCi !== undefined && flags.games !== undefined) throw new InputError('--until-ci and --games: give one (--until-ci decides the games, up to --max-games)');
  if (flags.maxGames !== undefined && flags.untilCi === undefined) throw new InputError('--max-games: only with --until-ci');
  const params: ExperimentParams = { games: flags.games ?? def.defaultGames };
  if (flags.card !== undefined) params.rules = cardRule(flags.card, studyGame(def));
  return runWith(name, params, flags, path.join('results', name), quietSummary);
}

/** Runs experiment `name` with `params` (or one shard of it) into --out, else `defaultOut`. */
export async function runWith(name: string, params: ExperimentParams, flags: RunFlags, defaultOut: string, quietSummary = false): Promise<object | null> {
  const out = flags.out ?? defaultOut;
  guardReference(out, flags.force);
  checkWritable('--out', out, 'dir');
  const opts = { seed: flags.seed, workers: flags.workers, chunk: flags.chunk, shard: flags.shard ?? null };
  if (flags.untilCi !== undefined) {
    // Play blocks until every headline interval (the study's key columns) is narrower than W.
    const def = experimentDef(name);
    const maxGames = flags.maxGames ?? 100 * def.defaultGames;
    const res = await runUntilNarrow(name, params, opts, flags.untilCi, maxGames, (t) => def.keyColumns?.[t.name]);
    const grown = { ...params, games: res.games };
    const untilCi = { width: flags.untilCi, maxGames, games: res.games, widest: res.widest, reached: res.widest < flags.untilCi };
    if (!flags.json && !quietSummary) process.stderr.write(`pongsim: ${res.games} games per cell: the widest headline interval is ${res.widest.toPrecision(3)}${untilCi.reached ? `, under ${flags.untilCi}` : `, still over ${flags.untilCi} at --max-games`}\n`);
    return finish(name, grown, flags.seed, res.tallies, out, { workers: res.workers, seconds: res.seconds, untilCi }, Boolean(flags.json), Boolean(flags.wide));
  }
  const res = await runExperiment(name, params, opts);
  if (flags.shard) {
    const { k, n } = flags.shard;
    const partial: Partial = {
      format: 'pongsim-partial/1', version: VERSION, experiment: name, params, seed: flags.seed,
      games: params.games!, shard: { k, n }, ranges: res.ranges, tallies: res.tallies,
    };
    const file = path.join(out, `${name}.shard-${k}-of-${n}.partial.json`);
    writeAtomically([{ file, text: partialText(partial) }]);
    if (flags.json) return { experiment: name, partial: file };
    if (!quietSummary) process.stdout.write(`wrote ${file}\n`);
    return null;
  }
  return finish(name, params, flags.seed, res.tallies, out, { workers: res.workers, seconds: res.seconds }, Boolean(flags.json), Boolean(flags.wide));
}

/** The options every command that runs a study shares after --out: slices, width, reference results. */
export function runOutputOptions(cmd: Command): Command {
  return cmd
    .option('--shard <k/N>', 'run only slice k of N (1 <= k <= N) and write a partial for pongsim merge', parseShard)
    .option('--shard-index <i/N>', 'the same with a 0-based index (0 <= i < N), e.g. a Kubernetes pod\'s JOB_COMPLETION_INDEX', parseShardIndex)
    .option('--wide', 'print every column of every table (default: the key columns, fitted to the terminal)')
    .option('--force', 'allow writing into results/reference/ (rebuilding the committed reference results)');
}

/** --shard and --shard-index name one slice: at most one of them, kept as flags.shard. */
export function sliceOf(flags: { shard?: Shard; shardIndex?: Shard }): void {
  if (flags.shard && flags.shardIndex) throw new InputError('--shard and --shard-index: give one (they name the same slice, counted from 1 or from 0)');
  if (flags.shardIndex) flags.shard = flags.shardIndex;
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
    .option('--out <dir>', 'output folder (default results/<experiment>)');
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
      for (const step of DEFAULT_STUDY) {
        // The card goes to the American studies only.
        const card = studyGame(studyDef(step.name)) === 'american' ? flags.card : undefined;
        const games = flags.untilCi !== undefined ? undefined : flags.games ?? step.games;
        const doc = await runOne(step.name, { ...flags, card, games, out: path.join(flags.out ?? 'results/default', step.name) });
        if (doc) studies.push(doc);
      }
      if (flags.json) process.stdout.write(JSON.stringify({ experiment: 'default', studies }) + '\n');
    });
}
