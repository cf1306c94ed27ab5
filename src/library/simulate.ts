import path from 'node:path';
import { InputError } from '../core/errors.js';
import { gameEntry, riskQuery } from '../catalog/index.js';
import { runExperiment, type RunResult } from '../runner/pool.js';
import { runUntilNarrow } from '../runner/precision.js';
import { checkpointPlan, removeCheckpoint, writeResults, type CheckpointPlan } from '../runner/checkpoint.js';
import { buildExperiment } from '../runner/chunk.js';
import { csvText, writeAtomically } from '../io/csv.js';
import { toolStamp } from '../io/build.js';
import { summarizeMean, summarizeRate } from '../stats/tally.js';
import { columnDictionary } from '../experiment/dictionary.js';
import { type CsvTable, whyInterval } from '../core/table.js';
import { figureIn } from '../experiment/columns.js';
import type { SimParams } from '../experiment/sim.js';
import { sim } from './studies.js';
import { loadPlugins } from './plugins.js';
import { chartFiles } from '../report/chart.js';
import { checkOut, GAME, outFile, positiveInt, positiveNumber, seedText, splitSeats, tableOf } from './options.js';
import { checkOptions, PLUGINS, POSITIVE, RULES, SETS, SPECS, TEXT, WHOLE, type Keys } from './arguments.js';
import {
  checkControl,
  given,
  list,
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
import { checkSessions, moneyOf, riskFigures, type RiskParams } from '../experiment/risk.js';
import { writePartial, type PartialWritten } from './partial.js';
import { keepRecords, RECORD_KEYS, recordPlan, type RecordOptions } from './records.js';

/** A table: its game, rules, seats and plug-ins, as `sim` and `replay` take them. */
export interface TableOptions {
  game: string;
  /** One strategy spec per seat: 'kelly,min-bet*5' or a list (default: the game's reference bot). */
  seats?: string | string[];
  /** A preset name, a JSON rules file, or an object of options. */
  rules?: string | Record<string, unknown>;
  /** key=value overrides, applied last. */
  set?: string | string[];
  /** A card file, for a game whose rules take one. */
  card?: string;
  /** Strategy plug-in modules (compiled JavaScript). */
  plugin?: string | string[];
}

export const TABLE_KEYS: Keys<TableOptions> = {
  game: GAME(),
  seats: SPECS,
  rules: RULES,
  set: SETS,
  card: TEXT('a card file'),
  plugin: PLUGINS,
};

export interface SimulateOptions extends TableOptions, RunOptions, SliceOptions, RecordOptions, RiskOptions {
  /** Games to play (default 10000). */
  games?: number;
  /** Play blocks of games until every seat's interval is narrower than this (instead of games). */
  untilCi?: number;
  /** With untilCi: the most games (default 1000000). */
  maxGames?: number;
  /** Write the table as this CSV file, with FILE.meta.json and FILE.svg beside it (and a
   * shard's partial, a checkpoint to resume from). */
  out?: string;
}

const SIMULATE_KEYS: Keys<SimulateOptions> = {
  ...TABLE_KEYS,
  ...RUN_KEYS,
  ...SLICE_KEYS,
  ...RECORD_KEYS,
  ...RISK_KEYS,
  games: WHOLE,
  untilCi: POSITIVE,
  maxGames: WHOLE,
  out: TEXT('a .csv file name'),
};

/** An estimate with its 95% interval, under the CSV's names, and why it has none (null where it has one). */
type Estimate<N extends string> = { [K in N | `${N}_ci_low` | `${N}_ci_high`]: number | null } & { [K in `${N}_ci_why`]: string | null };

export interface SeatResult extends Estimate<'mean'>, Estimate<'win_prob'>, Estimate<'mean_place'> {
  seat: number;
  strategy: string;
  n: number;
}

/** A seat's risk of a night: sessions completed, then each risk figure with its interval (ruin with a bankroll). */
export type SeatRisk = { seat: number; strategy: string; sessions: number } & Estimate<'session_q05'> &
  Estimate<'session_q50'> &
  Estimate<'session_q95'> &
  Estimate<'session_cvar05'> &
  Partial<Estimate<'ruin'>>;

/** What `sim --json` gives with --session (and --bankroll). */
export interface RiskResult extends RiskParams {
  unit: string;
  seats: SeatRisk[];
}

export interface UntilCi {
  width: number;
  maxGames: number;
  games: number;
  widest: number;
  reached: boolean;
}

/** What `sim --json` prints. */
export interface SimulateResult {
  game: string;
  games: number;
  seed: string;
  rules: Record<string, unknown>;
  seats: SeatResult[];
  rates: Record<string, { n: number } & Estimate<'rate'>>;
  untilCi?: UntilCi;
  /** With --record: the record files written. */
  records?: string[];
  risk?: RiskResult;
}

/** Checks a table's game, rules and seats (plug-ins loaded first), and gives the parameters
 * both sim and replay play with. */
export async function simParams(o: TableOptions, games: number, risk?: RiskParams): Promise<SimParams> {
  const plugins = await loadPlugins(list('--plugin', o.plugin));
  const seats = o.seats === undefined ? undefined : typeof o.seats === 'string' ? splitSeats(o.seats) : o.seats;
  const { rules, seats: lineUp } = tableOf(gameEntry(o.game), { rules: o.rules, set: list('--set', o.set), seats, card: o.card });
  const params: SimParams = {
    game: o.game,
    rules,
    seats: lineUp,
    games,
    ...(plugins.length ? { plugins } : {}),
    ...(risk ? { risk } : {}),
  };
  buildExperiment(sim, params); // validates the seats before any game is played
  return params;
}

/** A finished simulation: the result, and for the CLI's text its table and where it wrote. */
export interface SimulateRun {
  result: SimulateResult;
  table: CsvTable;
  lowerIsBetter: boolean;
  out?: string;
}

/** `simulate`, with what the CLI prints as text; a shard gives where its partial went instead. */
export async function simulateRun(o: SimulateOptions, c: RunControl = {}): Promise<SimulateRun | PartialWritten> {
  const shard = sliceOf(o);
  const out = given(o.out, outFile);
  const untilCiWidth = given(o.untilCi, positiveNumber('--until-ci'));
  const maxGamesGiven = given(o.maxGames, positiveInt('--max-games'));
  const gamesGiven = given(o.games, positiveInt('--games'));
  const seed = given(o.seed, seedText) ?? '1';
  if (shard && !out) throw new InputError("--shard: only with --out (the shard's partial is written beside FILE.csv, for pongsim merge)");
  if (o.resume && !out) throw new InputError('--resume: only with --out (a run keeps its checkpoint beside its CSV)');
  if (o.resume && untilCiWidth !== undefined)
    throw new InputError(
      '--resume with --until-ci: a run that grows until its intervals are narrow keeps no checkpoint; run it again (its blocks repeat exactly)',
    );
  if (untilCiWidth !== undefined && gamesGiven !== undefined)
    throw new InputError('--until-ci and --games: give one (--until-ci decides the games, up to --max-games)');
  if (maxGamesGiven !== undefined && untilCiWidth === undefined) throw new InputError('--max-games: only with --until-ci');
  const risk = riskOf(o);
  if (risk && untilCiWidth !== undefined)
    throw new InputError('--until-ci with --session: the risk of a night needs a set number of games; give --games');
  if (risk) checkSessions(risk, gamesGiven ?? 10000);
  const params = await simParams(o, gamesGiven ?? 10000, risk);
  if (out) checkOut('--out', out, 'file', o.force, { beside: ['.meta.json', '.svg', '.checkpoint.json'] });
  const recording = recordPlan(o, shard !== undefined, 'sim', seed);
  const base = out?.replace(/\.csv$/, '');
  const opts = runnerOptions({ ...o, seed }, c, shard);
  let untilCi: UntilCi | undefined;
  let res: RunResult;
  let checkpoint: CheckpointPlan | undefined;
  if (untilCiWidth !== undefined) {
    // Blocks of games until every seat's mean has an interval narrower than W.
    const maxGames = maxGamesGiven ?? 1_000_000;
    const r = await runUntilNarrow(
      sim,
      params,
      opts,
      untilCiWidth,
      maxGames,
      () => ['value'],
      (_t, row) => row[0] === 'seat',
    );
    params.games = r.games;
    untilCi = { width: untilCiWidth, maxGames, games: r.games, widest: r.widest, reached: r.widest < untilCiWidth };
    res = r;
  } else {
    // With an out file, a checkpoint beside the CSV: an interrupted run resumes losing nothing.
    const slice = shard ? `.shard-${shard.k}-of-${shard.n}` : '';
    checkpoint =
      base !== undefined
        ? checkpointPlan(
            `${base}${slice}.checkpoint.json`,
            { experiment: 'sim', params, seed, ...(shard ? { shard } : {}) },
            Boolean(o.resume),
            c.resumeHint ?? RESUME,
          )
        : undefined;
    res = await runExperiment(sim, params, { ...opts, checkpoint });
    if (shard) {
      const written = await writeResults(checkpoint, res.checkpointed, () => writePartial(base!, 'sim', params, seed, shard, res));
      removeCheckpoint(checkpoint!.file);
      return written;
    }
  }
  const games = params.games!;
  const exp = buildExperiment(sim, params);
  const [table] = exp.tables(res.tallies);
  const t = res.tallies[0]!;
  if (out && base !== undefined) {
    // The chart is named for the CSV (runs.csv beside runs.svg), whatever the folder holds.
    const [chart] = await chartFiles(path.dirname(out), sim.charts, [table!]);
    await writeResults(checkpoint, res.checkpointed, () =>
      writeAtomically([
        { file: out, text: csvText(table!) },
        {
          file: `${base}.meta.json`,
          text:
            JSON.stringify(
              {
                table: path.basename(base),
                ...toolStamp(),
                experiment: 'sim',
                seed,
                games,
                provenance: exp.provenance,
                workers: res.workers,
                seconds: res.seconds,
                ...(untilCi ? { untilCi } : {}),
                charts: [{ name: path.basename(base), caption: sim.charts![0]!.caption }],
                columns: columnDictionary(table!, sim.columns),
              },
              null,
              2,
            ) + '\n',
        },
        { file: `${base}.svg`, text: chart!.text },
      ]),
    );
    removeCheckpoint(`${base}.checkpoint.json`);
  }
  // The names of the CSV (every figure X with X_ci_low and X_ci_high, and X_ci_why), as in
  // runStudy's, each figure as the table shows it (inside its range).
  const num = (x: number) => (Number.isFinite(x) ? x : null);
  /** The table's figure of `kind` for seat or rate `of`, under the name `name`. */
  const est = (name: string, kind: string, of: string | number) => {
    const row = table!.rows.find((r) => r[0] === kind && r[1] === String(of))!;
    const f = figureIn(table!, row, 'value');
    const why = whyInterval(table!, row, 'value');
    return { [name]: num(f.value), [`${name}_ci_low`]: num(f.low), [`${name}_ci_high`]: num(f.high), [`${name}_ci_why`]: why };
  };
  const seats = params.seats.map(
    (_, k) =>
      ({
        seat: k,
        strategy: (exp.provenance.seats as string[])[k]!,
        n: summarizeMean(t.means[`seat${k}`]).n,
        ...est('mean', 'seat', k),
        ...est('win_prob', 'win', k),
        ...est('mean_place', 'place', k),
      }) as SeatResult,
  );
  const rates = Object.fromEntries(
    Object.keys(t.rates)
      .sort()
      .map((k) => {
        return [k, { n: summarizeRate(t.rates[k]).n, ...est('rate', 'rate', k) } as { n: number } & Estimate<'rate'>];
      }),
  );
  const records = recording ? keepRecords(recording, 'sim', exp, seed, games) : undefined;
  const money = risk && moneyOf(params.game, riskQuery(params.game), params.rules, risk);
  const riskResult = risk &&
    money && {
      ...risk,
      unit: money.unit,
      seats: params.seats.map((_, k) => {
        const figures = riskFigures(t, `seat${k}`, money, risk);
        return Object.assign(
          { seat: k, strategy: (exp.provenance.seats as string[])[k]!, sessions: figures[0]![1].n },
          ...figures.map(([kind]) => est(kind, kind, k)),
        ) as SeatRisk;
      }),
    };
  const result: SimulateResult = {
    game: o.game,
    games,
    seed,
    rules: params.rules,
    seats,
    rates,
    ...(untilCi ? { untilCi } : {}),
    ...(riskResult ? { risk: riskResult } : {}),
    ...(records ? { records } : {}),
  };
  return { result, table: table!, lowerIsBetter: gameEntry(o.game).def.lowerIsBetter, ...(out ? { out } : {}) };
}

/**
 * Plays one line-up of strategies under one set of rules (`pongsim sim`) on worker threads,
 * and gives what `sim --json` prints; with `out`, writes the CSV, its meta file and chart.
 * A shard (`shard: 'k/N'`, with `out`) gives where it wrote its partial instead.
 */
export async function simulate(o: SimulateOptions, c: RunControl = {}): Promise<SimulateResult | PartialWritten> {
  checkOptions('simulate', o, SIMULATE_KEYS, ['game']);
  checkControl('simulate', c);
  const r = await simulateRun(o, c);
  return 'partial' in r ? r : r.result;
}
