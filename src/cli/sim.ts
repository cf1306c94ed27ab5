import path from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../core/errors.js';
import { gameEntry } from '../catalog.js';
import { runExperiment, type RunResult } from '../runner/pool.js';
import { runUntilNarrow } from '../runner/precision.js';
import { checkpointPlan, removeCheckpoint, writeResults, type CheckpointPlan } from '../runner/checkpoint.js';
import { buildExperiment } from '../runner/chunk.js';
import { csvText, writeAtomically } from '../io/csv.js';
import { summarizeMean, summarizeRate } from '../stats/tally.js';
import { columnDictionary } from '../experiment/dictionary.js';
import { sim, type SimParams } from '../experiment/sim.js';
import { loadPlugins } from '../experiment/plugins.js';
import { DECISION_TIMEOUT_OPTION, checkOut, collect, outFile, positiveInt, positiveNumber, seedText, splitSeats, tableOf } from './options.js';
import { printTable } from './print.js';
import { chartFiles } from '../report/chart.js';
import { toolStamp } from '../io/build.js';
import { shardOptions, sliceOf, writePartial } from './run.js';
import type { Shard } from '../runner/plan.js';

interface SimFlags { shard?: Shard; shardIndex?: Shard; resume?: boolean; decisionTimeout?: number; plugin?: string[]; seats?: string; rules?: string; set?: string[]; card?: string; games?: number; untilCi?: number; maxGames?: number; seed: string; workers?: number; chunk?: number; out?: string; json?: boolean; force?: boolean }

/** Checks a sim's game, rules and seats, and gives the parameters both sim and replay use. */
export async function simParams(game: string, flags: { plugin?: string[]; seats?: string; rules?: string; set?: string[]; card?: string }, games: number): Promise<SimParams> {
  const plugins = await loadPlugins(flags.plugin ?? []);
  const { rules, seats } = tableOf(gameEntry(game), { ...flags, seats: flags.seats === undefined ? undefined : splitSeats(flags.seats) });
  const params: SimParams = { game, rules, seats, games, ...(plugins.length ? { plugins } : {}) };
  buildExperiment('sim', params); // validates the seats before any game is played
  return params;
}

export function registerSim(program: Command): void {
  const cmd = program
    .command('sim')
    .description('an ad-hoc study: one line-up of strategies under one set of rules')
    .argument('<game>', 'game id (see pongsim list)')
    .option('--seats <specs>', 'one strategy spec per seat, comma separated; SPEC*k repeats (default: the game\'s reference bot)')
    .option('--rules <preset|file.json>', 'a rules preset name or a JSON rules file')
    .option('--set <key=value>', 'override one rule option (repeatable)', collect)
    .option('--card <file.json>', 'american: play this card of hands (mjcard/1) instead of the sample card')
    .option('--plugin <file.js>', 'load strategies from a compiled JavaScript module (repeatable)', collect)
    .option('--games <n>', 'games to play (default 10000)', positiveInt('--games'))
    .option('--until-ci <width>', 'play blocks of games until every seat\'s interval is narrower than WIDTH (instead of --games)', positiveNumber('--until-ci'))
    .option('--max-games <n>', 'with --until-ci: the most games (default 1000000)', positiveInt('--max-games'))
    .option('--seed <s>', 'seed of the run', seedText, '1')
    .option('--workers <n>', 'worker threads (default: cores)', positiveInt('--workers', 256))
    .option('--chunk <n>', 'games per worker task (results do not depend on it)', positiveInt('--chunk'))
    .option('--out <file.csv>', 'write the table as CSV (and FILE.meta.json beside it)', outFile);
  shardOptions(cmd)
    .option(...DECISION_TIMEOUT_OPTION)
    .option('--resume', 'with --out: continue the run that was interrupted with these options, from its checkpoint (FILE.checkpoint.json)')
    .option('--json', 'print one JSON document instead of a table')
    .option('--force', 'allow writing into results/reference/')
    .action(async (game: string, flags: SimFlags) => {
      sliceOf(flags);
      if (flags.shard && !flags.out) throw new InputError('--shard: only with --out (the shard\'s partial is written beside FILE.csv, for pongsim merge)');
      if (flags.resume && !flags.out) throw new InputError('--resume: only with --out (a run keeps its checkpoint beside its CSV)');
      if (flags.resume && flags.untilCi !== undefined) throw new InputError('--resume with --until-ci: a run that grows until its intervals are narrow keeps no checkpoint; run it again (its blocks repeat exactly)');
      if (flags.untilCi !== undefined && flags.games !== undefined) throw new InputError('--until-ci and --games: give one (--until-ci decides the games, up to --max-games)');
      if (flags.maxGames !== undefined && flags.untilCi === undefined) throw new InputError('--max-games: only with --until-ci');
      const params = await simParams(game, flags, flags.games ?? 10000);
      if (flags.out) checkOut('--out', flags.out, 'file', flags.force, { beside: ['.meta.json', '.svg', '.checkpoint.json'] });
      const base = flags.out?.replace(/\.csv$/, '');
      const opts = { seed: flags.seed, workers: flags.workers, chunk: flags.chunk, shard: flags.shard ?? null, decisionTimeout: flags.decisionTimeout };
      let untilCi: Record<string, unknown> | undefined;
      let res: RunResult;
      let checkpoint: CheckpointPlan | undefined;
      if (flags.untilCi !== undefined) {
        // Blocks of games until every seat's mean has an interval narrower than W.
        const maxGames = flags.maxGames ?? 1_000_000;
        const r = await runUntilNarrow('sim', params, opts, flags.untilCi, maxGames, () => ['value'], (_t, row) => row[0] === 'seat');
        params.games = r.games;
        untilCi = { width: flags.untilCi, maxGames, games: r.games, widest: r.widest, reached: r.widest < flags.untilCi };
        res = r;
      } else {
        // With --out, a checkpoint beside the CSV: Ctrl-C and --resume lose nothing.
        const slice = flags.shard ? `.shard-${flags.shard.k}-of-${flags.shard.n}` : '';
        checkpoint = base !== undefined ? checkpointPlan(`${base}${slice}.checkpoint.json`, { experiment: 'sim', params, seed: flags.seed, ...(flags.shard ? { shard: flags.shard } : {}) }, Boolean(flags.resume)) : undefined;
        res = await runExperiment('sim', params, { ...opts, checkpoint });
        if (flags.shard) {
          const doc = await writeResults(checkpoint, res.checkpointed, () => writePartial(base!, 'sim', params, flags.seed, flags.shard!, res, flags.json));
          removeCheckpoint(checkpoint!.file);
          if (doc) process.stdout.write(JSON.stringify(doc) + '\n');
          return;
        }
      }
      const games = params.games!;
      const exp = buildExperiment('sim', params);
      const [table] = exp.tables(res.tallies);
      const t = res.tallies[0]!;
      if (flags.out && base !== undefined) {
        // The chart is named for the CSV (runs.csv beside runs.svg), whatever the folder holds.
        const [chart] = await chartFiles(path.dirname(flags.out), sim.charts, [table!]);
        await writeResults(checkpoint, res.checkpointed, () => writeAtomically([
          { file: flags.out!, text: csvText(table!) },
          { file: `${base}.meta.json`, text: JSON.stringify({ table: path.basename(base), ...toolStamp(), experiment: 'sim', seed: flags.seed, games, provenance: exp.provenance, workers: res.workers, seconds: res.seconds, ...(untilCi ? { untilCi } : {}), charts: [{ name: path.basename(base), caption: sim.charts![0]!.caption }], columns: columnDictionary(table!, sim.columns) }, null, 2) + '\n' },
          { file: `${base}.svg`, text: chart!.text },
        ]));
        removeCheckpoint(`${base}.checkpoint.json`);
      }
      if (flags.json) {
        // The names of the CSV (every figure X with X_ci_low and X_ci_high), as in run --json.
        const num = (x: number) => (Number.isFinite(x) ? x : null);
        const est = (name: string, key: string) => {
          const m = summarizeMean(t.means[key]);
          return { [name]: num(m.mean), [`${name}_ci_low`]: num(m.low), [`${name}_ci_high`]: num(m.high) };
        };
        const seats = params.seats.map((_, k) => ({
          seat: k, strategy: (exp.provenance.seats as string[])[k], n: summarizeMean(t.means[`seat${k}`]).n,
          ...est('mean', `seat${k}`), ...est('win_prob', `win${k}`), ...est('mean_place', `place${k}`),
        }));
        const rates = Object.fromEntries(Object.keys(t.rates).sort().map((k) => {
          const r = summarizeRate(t.rates[k]);
          return [k, { n: r.n, rate: num(r.rate), rate_ci_low: num(r.low), rate_ci_high: num(r.high) }];
        }));
        process.stdout.write(JSON.stringify({ game, games, seed: flags.seed, rules: params.rules, seats, rates, ...(untilCi ? { untilCi } : {}) }) + '\n');
        return;
      }
      const better = gameEntry(game).def.lowerIsBetter ? 'mean is a penalty: lower is better' : 'mean is net points: higher is better';
      process.stdout.write(printTable(table!) + `(${games} games, seed ${flags.seed}${untilCi ? `, played until every seat's interval was under ${flags.untilCi}${untilCi.reached ? '' : ' (not reached by --max-games)'}` : ''}; ${better})\n`);
      if (flags.out && base !== undefined) process.stdout.write(`wrote ${flags.out} with ${path.basename(base)}.meta.json and .svg beside it\n`);
    });
}
