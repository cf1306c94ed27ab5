import { io } from './io.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Option, type Command } from 'commander';
import { BENCHES } from '../library/bench/benches.js';
import type { BenchResult } from '../bench/clock.js';
import { isolated } from '../library/bench/isolated.js';
import { GAMES } from '../catalog/index.js';
import { figureName } from '../bench/clock.js';
import { runExperiment } from '../runner/pool.js';
import { InputError } from '../core/errors.js';
import { positiveInt, tableOf } from '../library/options.js';
import { sim, WORKER } from '../library/studies.js';
import { benchPrecision, precisionLine } from '../library/bench/precision.js';

interface BenchFlags {
  seconds: number;
  situations: number;
  speedupSeconds: number;
  only: string[];
  json?: boolean;
}

type Report = Record<string, Record<string, number | number[]>>;

/** The game the worker speed-up and the machine's ceiling are measured on: the first game's
 * default table, the reference bot in every seat. */
const SPEEDUP = GAMES.find((g) => g.bench)!;
const SPEEDUP_FIGURE = figureName(SPEEDUP.def.id);

/**
 * The runner's 1-to-2 worker speed-up on a sim sized to last about `seconds` on one
 * worker. Each worker count runs twice, in the order 1, 2, 2, 1 (so a drift in the
 * machine's speed hits both alike), and each keeps its faster time: other load on a shared
 * machine only ever adds time, and one slowed run would otherwise decide the figure.
 */
async function workerSpeedup(seconds: number, gamesPerSec: number) {
  const games = Math.max(1000, Math.round(gamesPerSec * seconds));
  const params = { game: SPEEDUP.def.id, ...tableOf(SPEEDUP, {}), games };
  const time = async (workers: number) => (await runExperiment(sim, params, { seed: 'bench', workers, worker: WORKER })).seconds;
  const runs1 = [await time(1)];
  const runs2 = [await time(2), await time(2)];
  runs1.push(await time(1));
  const seconds1 = Math.min(...runs1),
    seconds2 = Math.min(...runs2);
  return { games, seconds1, seconds2, speedup: seconds1 / seconds2, runs1, runs2 };
}

/** The speed-up game's figure measured by a separate pongsim process (`bench --only GAME`). */
function processRate(seconds: number): Promise<number> {
  const main = fileURLToPath(new URL('./main.js', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, 'bench', '--only', SPEEDUP_FIGURE, '--seconds', String(seconds), '--json'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`bench: the ceiling's benchmark process exited with ${code}`));
      resolve((JSON.parse(out) as Report)[SPEEDUP_FIGURE]!.decisionsPerSec as number);
    });
  });
}

/**
 * The machine's own parallel ceiling: two copies of the same single-core benchmark run side by
 * side as two processes, their combined throughput over one alone (the better of one run
 * before and one after). A runner on 2 cores can do no better than this.
 */
async function parallelCeiling(seconds: number): Promise<{ ceiling: number; alone: number[]; together: number[] }> {
  const alone = [await processRate(seconds)];
  const together = await Promise.all([processRate(seconds), processRate(seconds)]);
  alone.push(await processRate(seconds));
  return { ceiling: (together[0]! + together[1]!) / Math.max(...alone), alone, together };
}

/** Each figure: measures into the report and returns its line. Each game's figure (and the
 * shared shanten evaluator's) first, in a fresh worker thread, so that the speed-up can size
 * its run from its game's figure. */
const FIGURES: Record<string, (flags: BenchFlags, report: Report) => Promise<string>> = {
  ...Object.fromEntries(
    Object.keys(BENCHES).map((name) => [
      name,
      async (flags: BenchFlags, report: Report) => {
        const r = await isolated<BenchResult>(name, flags.seconds);
        report[name] = r.figures;
        return r.line;
      },
    ]),
  ),
  async workers(flags, report) {
    // Without the game's figure, a one-second measure sizes the run.
    const measured = report[SPEEDUP_FIGURE]?.gamesPerSec as number | undefined;
    const gamesPerSec = measured ?? (await isolated<BenchResult>(SPEEDUP_FIGURE, 1)).figures.gamesPerSec!;
    const sp = await workerSpeedup(flags.speedupSeconds, gamesPerSec);
    const c = await parallelCeiling(flags.seconds);
    const efficiency = sp.speedup / c.ceiling;
    report.workers = { ...sp, ceiling: c.ceiling, efficiency, ceilingAlone: c.alone, ceilingTogether: c.together };
    const secs = (runs: number[]) => runs.map((x) => x.toFixed(1)).join(' and ');
    // On 2 cores two processes should nearly double one: well under that, something else ran.
    const busy =
      c.ceiling < 1.6 ? `; the machine was too busy to measure (two processes together made only ${c.ceiling.toFixed(2)} times one)` : '';
    return (
      `workers: ${sp.games} ${SPEEDUP.def.id} games in ${secs(sp.runs1)} s on 1 worker, ${secs(sp.runs2)} s on 2: speed-up ${sp.speedup.toFixed(2)} (best of two each); ` +
      `the machine's ceiling ${c.ceiling.toFixed(2)} (two benchmark processes side by side against one), efficiency ${efficiency.toFixed(2)}${busy}`
    );
  },
  async precision(flags, report) {
    const games = await benchPrecision(flags.situations);
    // Flat, as every figure of --json is (src/schemas/bench.schema.json): a kind's figures by its name.
    for (const { byKind, ...g } of games)
      report[`precision-${g.game}`] = {
        ...g,
        ...Object.fromEntries(
          byKind.flatMap((k) => [
            [`effective[${k.kind}]`, k.effective],
            [`situations[${k.kind}]`, k.situations],
          ]),
        ),
      } as unknown as Record<string, number>;
    return games.map(precisionLine).join('\n');
  },
};

/** The figures measured unless --only names others: all but precision, a statistical run of
 * many decisions (minutes a game) rather than a speed figure. */
const DEFAULT_FIGURES = Object.keys(FIGURES).filter((x) => x !== 'precision');

function figureList(text: string): string[] {
  const names = text.split(',').map((x) => x.trim());
  const bad = names.find((x) => !(x in FIGURES));
  if (bad !== undefined) throw new InputError(`--only: unknown figure ${JSON.stringify(bad)}; figures: ${Object.keys(FIGURES).join(', ')}`);
  return names;
}

export function registerBench(program: Command): void {
  program
    .command('bench')
    .description('speed figures per core beside a shuffle-and-deal floor, and the 1-to-2 worker speed-up')
    .option('--seconds <s>', 'seconds per single-core measurement', positiveInt('--seconds', 600), 3)
    .option(
      '--speedup-seconds <s>',
      'length of a one-worker run for the speed-up (two such runs and two on 2 workers)',
      positiveInt('--speedup-seconds', 3600),
      20,
    )
    .addOption(
      new Option('--only <figures>', `comma-separated figures to measure: ${Object.keys(FIGURES).join(', ')}`)
        .argParser(figureList)
        .default(DEFAULT_FIGURES, 'all but precision'),
    )
    .option('--situations <n>', 'decisions per game the precision figure measures', positiveInt('--situations', 10000), 20)
    .option('--json', 'print one JSON document')
    .action(async (flags: BenchFlags) => {
      const report: Report = {};
      for (const name of Object.keys(FIGURES)) {
        if (!flags.only.includes(name)) continue;
        const line = await FIGURES[name]!(flags, report);
        if (!flags.json) io().stdout.write(line + '\n');
      }
      if (flags.json) io().stdout.write(JSON.stringify(report) + '\n');
    });
}
