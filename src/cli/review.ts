import type { Command } from 'commander';
import { io } from './io.js';
import { GAMES } from '../catalog/index.js';
import { printTable } from '../io/print.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';
import { review, type ReviewOptions } from '../library/review.js';
import { EVENTS_FORMAT } from '../core/trace.js';
import { printJson } from './options.js';

export function registerReview(program: Command): void {
  const offering = GAMES.filter((g) => g.records && g.advise).map((g) => g.def.id);
  program
    .command('review')
    .description(
      `every decision of one seat in a game record (${EVENTS_FORMAT}) against the best action, ranked as advise ranks one: what each cost, with intervals, the expected loss over the game, and the costliest decisions in words`,
    )
    .argument('<game>', offering.join(', '))
    .argument('<record>', 'the record file: one JSON event a line')
    .option('--seat <k>', 'the seat whose decisions are reviewed, from 0')
    .option(
      '--budget <playouts>',
      "the playouts each decision's ranking gets (default: about twenty advise decisions' budget shared over the record, at most one each)",
    )
    .option('--max-decisions <n>', "review only the seat's first N decisions that are not forced")
    .option('--policy <spec>', "the strategy every seat plays on with after an action (default: the game's reference bot)")
    .option(
      '--deal <how>',
      "how the rollouts deal what the seat could not see: inferred (the others' hands inferred from their play) or uniform (uniformly from the unseen); default as advise's",
    )
    .option('--seed <text>', 'seed of the deals (default 1)')
    .option('--workers <n>', "worker threads the decisions' rollouts are played on (default: cores); the review is the same on any number")
    .option('--csv <file.csv>', 'also write one row a decision to this file (FILE.meta.json beside it)')
    .option(
      '--html <file.html>',
      "also write the record's viewer page, the decisions shown worse marked with their loss and listed, each a button to it",
    )
    .option('--force', 'allow writing into results/reference/')
    .option('--json', 'print one JSON object instead of text')
    .option('--wide', 'print every column whole (default: fitted to the terminal, at most 100 columns)')
    .action(async (game: string, record: string, flags: Omit<ReviewOptions, 'game' | 'record'> & { json?: boolean; wide?: boolean }) => {
      const { json, wide, ...o } = flags;
      const r = await review({ ...o, game, record });
      if (json) {
        printJson(r);
        return;
      }
      if (r.html) io().stderr.write(`wrote ${r.html}\n`);
      const width = terminalWidth(io().stdout);
      const table = {
        name: `review ${r.game}`,
        columns: [
          'line',
          r.round.replace(/ /g, '_'),
          'taken',
          'best',
          'verdict',
          'diff',
          'diff_ci_low',
          'diff_ci_high',
          'loss',
          'loss_ci_low',
          'loss_ci_high',
          'playouts',
        ],
        rows: r.rows.map((x) => [
          x.line,
          x.round,
          x.taken,
          x.best,
          x.verdict,
          x.diff,
          x.diff_ci_low,
          x.diff_ci_high,
          x.loss,
          x.loss_ci_low,
          x.loss_ci_high,
          x.playouts,
        ]),
      };
      const costly = r.costliest.length
        ? ['The costliest decisions:', ...r.costliest.map((w) => `  ${w}`)]
        : ['No decision was shown to cost anything at this budget.'];
      const note = `(diff: the taken action's value less the best's, ${r.value}, on the same fresh deals, interval simultaneous over the looks; loss: what the decision adds to the expected loss, 0 unless worse, then the best's value less the taken one's on deals of their own, 95% interval; policy ${r.policy}, seed ${r.seed}${o.csv ? `; every row in ${o.csv}` : ''})`;
      // The figures and the costliest decisions first, then every decision.
      io().stdout.write(
        `${wrapLines([r.summary, ...costly].join('\n'), width, wide)}\n${printTable(table, Infinity, wide ? {} : { width, rest: '--json or --csv' })}${wrapLines(note, width, wide)}\n`,
      );
    });
}
