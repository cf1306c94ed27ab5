import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../core/errors.js';
import { GAMES, studyGame } from '../catalog/index.js';
import { columnDictionary } from '../experiment/dictionary.js';
import { experimentDef, studyDef, STUDIES } from './studies.js';
import type { ExperimentDef, ExperimentParams } from '../experiment/experiment.js';
import type { CsvTable, Cellval } from '../core/table.js';
import { buildExperiment } from '../runner/chunk.js';
import type { Shard } from '../runner/plan.js';
import { runUntilNarrow } from '../runner/precision.js';
import { runExperiment, type RunResult } from '../runner/pool.js';
import { checkpointPlan, removeCheckpoint, writeResults } from '../runner/checkpoint.js';
import { tableFiles, tableObjects, writeAtomically } from '../io/csv.js';
import { VERSION } from '../io/package.js';
import { buildId, toolStamp } from '../io/build.js';
import type { Tally } from '../stats/tally.js';
import { chartFiles } from '../report/chart.js';
import { writeReport } from './report.js';
import { anyCardRule, cardRule, outDir, outFolder, positiveInt, positiveNumber, seedText } from './options.js';
import {
  checkControl,
  given,
  RESUME,
  RISK_KEYS,
  riskOf,
  RUN_KEYS,
  runnerOptions,
  SLICE_KEYS,
  sliceOf,
  type RiskOptions,
  type RunControl,
  type RunOptions,
  type SliceOptions,
} from './control.js';
import { checkSessions } from '../experiment/risk.js';
import { writePartial, type PartialWritten } from './partial.js';
import type { UntilCi } from './simulate.js';
import { keepRecords, RECORD_KEYS, recordPlan, type RecordOptions } from './records.js';
import { checkOptions, FLAG, POSITIVE, TEXT, WHOLE, type Keys } from './arguments.js';

export interface StudyOptions extends RunOptions, SliceOptions, RecordOptions, RiskOptions {
  /** A study's name (see `pongsim list`), or 'default': the headline studies at a quick size. */
  experiment: string;
  /** Games per cell (default: the study's own). */
  games?: number;
  /** For a game that plays a card of hands: the card file its studies play. */
  card?: string;
  /** For a study over several games (advise-calibration): the one game to play. */
  game?: string;
  /** Play blocks of games until every headline interval is narrower than this (instead of games). */
  untilCi?: number;
  /** With untilCi: the most games per cell (default 100 times the study's default). */
  maxGames?: number;
  /** The output folder (default results/<experiment>). */
  out?: string;
  /** Also write the report page, OUT/index.html. */
  report?: boolean;
}

/** The keys of a study's options, bar `experiment` and `card`: compare's too. */
export const STUDY_RUN_KEYS = {
  ...RUN_KEYS,
  ...SLICE_KEYS,
  ...RECORD_KEYS,
  ...RISK_KEYS,
  games: WHOLE,
  out: TEXT('a folder name'),
  report: FLAG,
};

const STUDY_KEYS: Keys<StudyOptions> = {
  ...STUDY_RUN_KEYS,
  experiment: TEXT(() => `a study: default, ${STUDIES.map((d) => d.name).join(', ')}`),
  card: TEXT('a card file'),
  game: TEXT(() => `a game of a study over several games (${multiGame()})`),
  untilCi: POSITIVE,
  maxGames: WHOLE,
};

/** What `run --json` prints for one study: its answer and every table as rows of objects. */
export interface StudyResult {
  experiment: string;
  seed: string;
  games: number;
  out: string;
  summary: string[];
  tables: Record<string, Record<string, Cellval | null>[]>;
  report?: string;
  /** With --record: the record files written. */
  records?: string[];
}

/** What `run default --json` prints. */
export interface DefaultStudyResult {
  experiment: 'default';
  studies: (StudyResult | PartialWritten)[];
  report?: string;
}

/** A finished study, with what the CLI prints as text. */
export interface StudyRun {
  result: StudyResult;
  def: ExperimentDef;
  tables: CsvTable[];
  charts: string[];
  untilCi?: UntilCi;
}

/**
 * Turns a finished run's tallies into CSVs, charts and provenance (and with `report` the
 * report page), and gives its result.
 */
export async function finish(
  name: string,
  params: ExperimentParams,
  seed: string,
  tallies: Tally[],
  out: string,
  extra: Record<string, unknown>,
  report?: boolean,
): Promise<StudyRun> {
  const exp = buildExperiment(experimentDef(name), params);
  const tables = exp.tables(tallies);
  const def = experimentDef(name);
  const summary = exp.summary?.(tables) ?? [];
  const meta = {
    ...toolStamp(),
    experiment: name,
    seed,
    games: exp.games,
    params,
    provenance: exp.provenance,
    ...extra,
    question: def.question,
    answer: summary,
    charts: (def.charts ?? []).map((c) => ({ name: c.name, caption: c.caption })),
  };
  const charts = await chartFiles(out, def.charts, tables);
  writeAtomically([...tableFiles(out, tables, meta, (t) => columnDictionary(t, def.columns)), ...charts]);
  const page = report ? writeReport(out) : undefined;
  const result: StudyResult = {
    experiment: name,
    seed,
    games: exp.games,
    out,
    summary,
    tables: Object.fromEntries(tables.map((t) => [t.name, tableObjects(t)])),
    ...(page ? { report: page } : {}),
  };
  return { result, def, tables, charts: charts.map((c) => c.file) };
}

/** The options of a run of experiment `name`, read and checked. */
interface Run {
  seed: string;
  untilCi?: number;
  maxGames?: number;
  shard?: Shard;
  resume?: boolean;
  report?: boolean;
  force?: boolean;
  out?: string;
}

function readRun(o: StudyOptions | (RunOptions & Partial<StudyOptions>)): Run {
  return {
    seed: given(o.seed, seedText) ?? '1',
    untilCi: given(o.untilCi, positiveNumber('--until-ci')),
    maxGames: given(o.maxGames, positiveInt('--max-games')),
    shard: sliceOf(o),
    resume: o.resume,
    report: o.report,
    force: o.force,
    out: given(o.out, outDir),
  };
}

/** Runs experiment `name` with `params` (or one shard of it) into `out`, else `defaultOut`. */
export async function runWith(
  name: string,
  params: ExperimentParams,
  o: RunOptions & Partial<StudyOptions>,
  c: RunControl,
  defaultOut: string,
): Promise<StudyRun | PartialWritten> {
  const r = readRun(o);
  if (r.shard && r.report)
    throw new InputError(
      '--report with a shard: a shard writes a partial, not results; give --report to pongsim merge, or run pongsim report on the merged folder',
    );
  const out = outFolder(r.out, defaultOut, r.force);
  const recording = recordPlan(o, r.shard !== undefined, name, r.seed);
  const opts = runnerOptions({ ...o, seed: r.seed }, c, r.shard);
  const def = experimentDef(name);
  // With --record the report page comes once the records are kept, to link their viewer pages.
  const recorded = (run: StudyRun): StudyRun => {
    if (!recording) return run;
    const records = keepRecords(recording, name, buildExperiment(def, params), r.seed, run.result.games);
    const report = r.report ? { report: writeReport(out, recording.dir) } : {};
    return { ...run, result: { ...run.result, records, ...report } };
  };
  if (r.untilCi !== undefined) {
    if (r.resume)
      throw new InputError(
        '--resume with --until-ci: a run that grows until its intervals are narrow keeps no checkpoint; run it again (its blocks repeat exactly)',
      );
    // Play blocks until every headline interval (the study's key columns) is narrower than W.
    const maxGames = r.maxGames ?? 100 * def.defaultGames;
    const res = await runUntilNarrow(def, params, opts, r.untilCi, maxGames, (t) => def.keyColumns?.[t.name]);
    const grown = { ...params, games: res.games };
    const untilCi = { width: r.untilCi, maxGames, games: res.games, widest: res.widest, reached: res.widest < r.untilCi };
    return {
      ...recorded(
        await finish(
          name,
          grown,
          r.seed,
          res.tallies,
          out,
          { workers: res.workers, seconds: res.seconds, untilCi },
          r.report && !recording,
        ),
      ),
      untilCi,
    };
  }
  const slice = r.shard ? `.shard-${r.shard.k}-of-${r.shard.n}` : '';
  const checkpoint = checkpointPlan(
    path.join(out, `${name}${slice}.checkpoint.json`),
    { experiment: name, params, seed: r.seed, shard: r.shard ?? null },
    Boolean(r.resume),
    c.resumeHint ?? RESUME,
  );
  const res = await runExperiment(def, params, { ...opts, checkpoint });
  const run = await writeResults(checkpoint, res.checkpointed, () =>
    written(name, params, { ...r, report: r.report && !recording }, out, res),
  );
  removeCheckpoint(checkpoint.file); // only once the results are in place
  return 'partial' in run ? run : recorded(run);
}

/** Writes a finished run's results: a shard's partial, or the CSVs, charts and provenance. */
async function written(name: string, params: ExperimentParams, r: Run, out: string, res: RunResult): Promise<StudyRun | PartialWritten> {
  if (r.shard) return writePartial(path.join(out, name), name, params, r.seed, r.shard, res);
  return finish(name, params, r.seed, res.tallies, out, { workers: res.workers, seconds: res.seconds }, r.report);
}

/** The studies `--game` picks a game of, by name. */
const multiGame = (): string =>
  STUDIES.filter((d) => d.games)
    .map((d) => d.name)
    .join(', ');

/** `--game`: one of the games `def` plays, or an InputError line naming them. */
function gameOf(def: ExperimentDef, game: string): string {
  if (!def.games) throw new InputError(`--game: ${def.name} plays one game; studies over several games: ${multiGame()}`);
  if (!def.games.includes(game))
    throw new InputError(`--game: ${JSON.stringify(game)} is no game of ${def.name}; its games: ${def.games.join(', ')}`);
  return game;
}

/** Runs one study (or one shard of it) and writes its results. */
export async function studyRun(o: StudyOptions, c: RunControl = {}): Promise<StudyRun | PartialWritten> {
  const def = studyDef(o.experiment);
  const r = readRun(o);
  const games = given(o.games, positiveInt('--games'));
  if (r.untilCi !== undefined && games !== undefined)
    throw new InputError('--until-ci and --games: give one (--until-ci decides the games, up to --max-games)');
  if (r.maxGames !== undefined && r.untilCi === undefined) throw new InputError('--max-games: only with --until-ci');
  const params: ExperimentParams = { games: games ?? def.defaultGames };
  if (o.card !== undefined) params.rules = cardRule(o.card, studyGame(def)!);
  if (o.game !== undefined) params.game = gameOf(def, o.game);
  const risk = riskOf(o, def.risk?.night);
  if (risk && !def.risk)
    throw new InputError(
      `--session: ${def.name} is no money study; studies that report the risk of a night: ${STUDIES.filter((d) => d.risk)
        .map((d) => d.name)
        .join(', ')} (and sim, compare)`,
    );
  if (risk) {
    if (r.untilCi !== undefined)
      throw new InputError('--until-ci with --session: the risk of a night needs a set number of games; give --games');
    // A study's own night may outlast a tiny run, whose figures then say they rest on no night.
    if (o.session !== undefined) checkSessions(risk, params.games!);
    params.risk = risk;
  }
  return runWith(o.experiment, params, o, c, path.join('results', o.experiment));
}

/** The default study (`npm start`): the headline experiments at about a minute in all. */
export const DEFAULT_STUDY: { name: string; games: number; seconds: number }[] = GAMES.flatMap((g) => g.quick);

/** Where and when the quick studies' `seconds` were measured (each run alone, nothing else running). */
export const QUICK_MEASURED = '2 cores of an AMD EPYC, Node 20, 2026-11-27';

/** How long the default study takes at its own sizes, in words (`npm start` says it before it starts). */
export function defaultStudyEstimate(): string {
  const seconds = DEFAULT_STUDY.reduce((sum, q) => sum + q.seconds, 0);
  return `the default study: ${DEFAULT_STUDY.length} studies, about ${Math.round(seconds)} s (measured on ${QUICK_MEASURED}; longer on fewer or busier cores)`;
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

/**
 * The default study: each headline study at its quick size into OUT/<study>, then the report
 * page over them all (not for a shard: the page comes from the merged results). `each` hears
 * of every study as it finishes.
 */
export async function defaultStudy(
  o: StudyOptions,
  c: RunControl = {},
  each?: (run: StudyRun | PartialWritten) => void,
): Promise<DefaultStudyResult> {
  const r = readRun(o);
  const lone = (['session', 'bankroll', 'pointValue'] as const).find((k) => o[k] !== undefined);
  if (lone)
    throw new InputError(
      `--${lone === 'pointValue' ? 'point-value' : lone}: the default study takes none; give it to sim, compare or a money study`,
    );
  if (o.card !== undefined) anyCardRule(o.card); // checked before any study runs
  if (o.game !== undefined)
    throw new InputError(`--game: the default study plays every game; give it to a study over several games: ${multiGame()}`);
  const games = given(o.games, positiveInt('--games'));
  const out = r.out ?? 'results/default';
  const studies: (StudyResult | PartialWritten)[] = [];
  for (const step of DEFAULT_STUDY) {
    // The card goes to the studies of the games that play one.
    const card = studyGame(studyDef(step.name))?.card ? o.card : undefined;
    const n = r.untilCi !== undefined ? undefined : (games ?? step.games);
    const dir = path.join(out, step.name);
    // resume: the interrupted study continues from its checkpoint, those finished before it stay.
    const slice = r.shard ? `.shard-${r.shard.k}-of-${r.shard.n}` : '';
    const resume = Boolean(r.resume) && fs.existsSync(path.join(dir, `${step.name}${slice}.checkpoint.json`));
    if (r.resume && !resume && finishedBefore(dir, step.name, r.seed, n, r.shard)) continue;
    const run = await studyRun(
      { ...o, experiment: step.name, card, games: n, out: dir, resume, report: false, shard: r.shard, shardIndex: undefined },
      c,
    );
    each?.(run);
    studies.push('partial' in run ? run : run.result);
  }
  if (r.shard) return { experiment: 'default', studies };
  return { experiment: 'default', studies, report: writeReport(out, o.record) };
}

/**
 * Runs a study by name (`pongsim run`), or 'default', on worker threads, writes its CSVs,
 * charts and provenance into `out`, and gives what `run --json` prints. A shard gives where it
 * wrote its partial instead.
 */
export async function runStudy(o: StudyOptions, c: RunControl = {}): Promise<StudyResult | PartialWritten | DefaultStudyResult> {
  checkOptions('runStudy', o, STUDY_KEYS, ['experiment']);
  checkControl('runStudy', c);
  if (o.experiment === 'default') return defaultStudy(o, c);
  const run = await studyRun(o, c);
  return 'partial' in run ? run : run.result;
}
