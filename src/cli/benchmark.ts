import type { Command } from 'commander';
import { io } from './io.js';
import { GAMES } from '../catalog/index.js';
import { InputError } from '../core/errors.js';
import { printTable } from '../io/print.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';
import { buildBenchmark, scoreBenchmark, BUDGET_MULTIPLE } from '../library/benchmark.js';
import { controlled, printJson } from './options.js';

interface Flags {
  seed?: string;
  decisions?: string;
  deal?: string;
  budget?: string;
  out?: string;
  file?: string;
  policy?: string;
  advise?: boolean;
  maxDecisions?: string;
  workers?: string;
  csv?: string;
  force?: boolean;
  resume?: boolean;
  json?: boolean;
  wide?: boolean;
}

export function registerBenchmark(program: Command): void {
  const offering = GAMES.filter((g) => g.records && g.advise).map((g) => g.def.id);
  program
    .command('benchmark')
    .description(
      "the decision benchmark: `benchmark build GAME` draws decisions from the reference bots' games and values every legal action of each (exactly where the game can, else by rollouts); `benchmark GAME --policy SPEC` or `--advise` scores a bot or advise on it: mean loss a decision, match rate (the choice in the best set), bad-move rate",
    )
    .argument('<game>', `${offering.join(', ')}; or build, then the game`)
    .argument('[game]', 'after build: the game whose benchmark is built')
    .option('--policy <spec>', 'the strategy scored')
    .option('--advise', 'score advise (its race at --budget playouts a decision)')
    .option(
      '--budget <playouts>',
      `scoring advise: the playouts it gives a decision (default advise's); build: the most a decision valued by rollouts gets (default ${BUDGET_MULTIPLE} times advise's)`,
    )
    .option('--file <file.jsonl>', 'the benchmark scored (default the one shipped with pongsim, results/benchmarks/GAME.jsonl)')
    .option('--max-decisions <n>', 'score only the first N decisions')
    .option('--decisions <n>', 'build: decisions to draw (default 2000)')
    .option(
      '--deal <how>',
      "build: how the rollouts deal what the seat could not see, inferred (from the others' play) or uniform; default as advise's",
    )
    .option('--out <file.jsonl>', 'build: the file to write (default results/benchmarks/GAME.jsonl)')
    .option('--seed <text>', "build: seed of the games and rollouts; scoring: of the bot's or advise's own draws (default 1)")
    .option('--workers <n>', 'worker threads the rollouts are played on (default: cores); the result is the same on any number')
    .option('--csv <file.csv>', 'scoring: also write one row a decision to this file (FILE.meta.json beside it)')
    .option('--force', 'allow writing into results/reference/')
    .option(
      '--resume',
      'build: continue the build interrupted with these options, from its checkpoint (OUT with .checkpoint.json for .jsonl)',
    )
    .option('--json', 'print one JSON object instead of text')
    .option('--wide', 'print every column whole')
    .action(async (first: string, second: string | undefined, flags: Flags) => {
      const { json, wide, ...o } = flags;
      if (first === 'build') {
        if (second === undefined) throw new InputError(`benchmark build: give the game (${offering.join(', ')})`);
        for (const k of ['policy', 'advise', 'file', 'maxDecisions', 'csv'] as const)
          if (o[k] !== undefined)
            throw new InputError(`benchmark build: --${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is for scoring, not building`);
        const r = await controlled(false, (c) =>
          buildBenchmark(
            {
              game: second,
              seed: o.seed,
              decisions: o.decisions,
              budget: o.budget,
              deal: o.deal,
              out: o.out,
              workers: o.workers,
              force: o.force,
              resume: o.resume,
            },
            c,
          ),
        );
        if (json) return printJson(r);
        const kinds = Object.entries(r.header.kinds).map(([k, n]) => `${k} ${n}`);
        io().stdout.write(`wrote ${r.file}: ${r.header.decisions} decisions of ${r.header.games} games (${kinds.join(', ')})\n`);
        return;
      }
      if (second !== undefined)
        throw new InputError(`benchmark ${first}: one game (got ${second} too); to build one: benchmark build GAME`);
      for (const k of ['decisions', 'out', 'resume', 'deal'] as const)
        if (o[k] !== undefined) throw new InputError(`benchmark: --${k} is for benchmark build`);
      const r = await scoreBenchmark({
        game: first,
        file: o.file,
        policy: o.policy,
        advise: o.advise,
        budget: o.budget,
        seed: o.seed,
        workers: o.workers,
        maxDecisions: o.maxDecisions,
        csv: o.csv,
        force: o.force,
      });
      if (json) return printJson(r);
      const width = terminalWidth(io().stdout);
      const table = {
        name: `benchmark ${r.game}`,
        columns: ['kind', 'decisions', 'mean_loss', 'match_rate'],
        rows: r.kinds.map((k) => [k.kind, k.decisions, k.mean_loss, k.match_rate]),
      };
      const note = `(loss: the benchmark's top value less the chosen action's, ${r.unit}; match: the choice among those the benchmark cannot tell from the top; ${r.secondsPerDecision.toFixed(4)} s a decision here${o.csv ? `; every decision in ${o.csv}` : ''})`;
      io().stdout.write(
        `${printTable(table, Infinity, wide ? {} : { width, rest: '--json or --csv' })}${wrapLines([r.summary, note].join('\n'), width, wide)}\n`,
      );
    });
}
