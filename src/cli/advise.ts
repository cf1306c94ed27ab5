import { io } from './io.js';
import type { Command } from 'commander';
import { GAMES } from '../catalog/index.js';
import type { HandOption } from '../catalog/entry.js';
import { adviseRun, type AdviseOptions } from '../library/advise.js';
import { printTable } from '../io/print.js';
import { formatNumber } from '../io/csv.js';
import { terminalWidth, wrapLines } from '../io/wrap.js';
import { collect, printJson } from './options.js';

/** Every situation flag some game's advice reads, once (each flag's doc names its game). */
function situationOptions(): HandOption[] {
  const all: HandOption[] = [];
  for (const g of GAMES) {
    for (const o of g.advise?.options ?? []) {
      const known = all.find((x) => x.flag === o.flag);
      if (known) known.doc = `${known.doc}; ${o.doc}`;
      else all.push({ ...o });
    }
  }
  return all;
}

export function registerAdvise(program: Command): void {
  const offering = GAMES.filter((g) => g.advise);
  const cmd = program
    .command('advise')
    .description(
      `every legal action of your own decision ranked by simulation, on the same deals, with intervals and the difference against the best: ${offering.map((g) => g.advise!.doc).join('; ')}`,
    )
    .argument('<game>', offering.map((g) => g.def.id).join(', '))
    .option(
      '--situation <file.json>',
      'the situation as one JSON object with the same fields as the flags (e.g. {"hand": [3, 9], "pot": 20}) instead of the flags',
    )
    .option(
      '--record <file>',
      'a game record (pongsim-events/1): the situation is its table at line --at, as the seat to act there knows it (instead of the flags)',
    )
    .option('--at <line>', "the record's line: its decision, or the next one at or after it")
    .option('--rules <preset|file.json>', 'a rules preset name or a JSON rules file')
    .option('--set <key=value>', 'override one rule option (repeatable)', collect)
    .option(
      '--card <file>',
      `the card file (mjcard/1) for ${GAMES.filter((g) => g.card)
        .map((g) => g.def.id)
        .join(', ')} (default: the sample card)`,
    )
    .option('--policy <spec>', "the strategy every seat plays on with after the action (default: the game's reference bot)")
    .option(
      '--budget <playouts>',
      "the most playouts (one action played out from one deal) the decision gets (default: the game's, a few seconds)",
    )
    .option(
      '--deal <how>',
      "how the rollouts deal what you cannot see: inferred (the others' hands inferred from their play, from a --record; the default) or uniform (uniformly from the unseen)",
    )
    .option('--seed <text>', 'seed of the deals (default 1)')
    .option('--workers <n>', 'worker threads the rollouts are played on (default: cores); the answer is the same on any number')
    .option('--json', 'print one JSON object instead of text')
    .option('--wide', 'print every column and line whole (default: fitted to the terminal, at most 100 columns)');
  for (const o of situationOptions()) cmd.option(o.value ? `${o.flag} ${o.value}` : o.flag, o.doc);
  cmd.action(async (game: string, flags: Omit<AdviseOptions, 'game'> & { json?: boolean; wide?: boolean }) => {
    const { json: _json, wide, ...options } = flags;
    const { result: r, about } = await adviseRun({ ...options, game });
    if (flags.json) {
      printJson(r);
      return;
    }
    const table = {
      name: `advise ${r.game}`,
      columns: [
        'action',
        'verdict',
        'value',
        'value_ci_low',
        'value_ci_high',
        'vs_best',
        'vs_best_ci_low',
        'vs_best_ci_high',
        'won',
        'won_ci_low',
        'won_ci_high',
        'rollouts',
      ],
      rows: r.actions.map((a) => [
        a.action,
        a.verdict,
        a.exact
          ? exactCell(a.value, a.exact.value)
          : a.ends
            ? `${formatNumber(a.value)} (exact)`
            : alike(a)
              ? `${formatNumber(Number(a.value.toPrecision(4)))} (all ${a.rollouts} alike)`
              : a.value,
        a.value_ci_low,
        a.value_ci_high,
        a.diff,
        a.diff_ci_low,
        a.diff_ci_high,
        a.exact?.won ? exactCell(a.won, a.exact.won) : a.ends ? '1 (exact)' : a.won,
        a.won_ci_low,
        a.won_ci_high,
        a.rollouts,
      ]),
    };
    const width = terminalWidth(io().stdout);
    const fit = (lines: string[]) => wrapLines(lines.join('\n'), width, wide);
    const exact = r.actions.some((a) => a.exact)
      ? ' (exact: worked out over the same deals, not sampled)'
      : r.actions.some((a) => a.ends)
        ? ' (exact: a win ends the hand, with what it pays)'
        : '';
    const same = r.actions.some(alike)
      ? "; all N alike: every rollout of the action gave that value, so their spread gives it no interval (its won share's says how sure it is)"
      : '';
    const note = `(value: ${r.value}, 95% interval${exact}${same}; vs_best: paired difference against the best on the same deals, simultaneous interval; won: share of rollouts where ${r.won}, 95% interval; ${r.playouts} playouts, policy ${r.policy}, seed ${r.seed}; ${r.dealing})`;
    io().stdout.write(
      `${about.length ? `${fit(about)}\n` : ''}${printTable(table, Infinity, wide ? {} : { width, rest: '--json' })}${fit([r.advice, note])}\n`,
    );
  });
}

/** A sampled value whose rollouts all came out the same, as played (AdviceRow.alike): a t interval
 * over them has no width, which would read as certain. (Where the luck taken off makes every
 * rollout give an action its exact value, the results as played differ: not alike.) */
const alike = (a: { exact?: unknown; alike?: true }): boolean => !a.exact && a.alike === true;

/** An exact figure as printed: its fraction when short, else its decimal to 7 significant
 * digits (enough to show how a rare failure moves it off a round number), marked exact. */
function exactCell(x: number, fraction: string): string {
  return `${fraction.length <= 9 ? fraction : String(Number(x.toPrecision(7)))} (exact)`;
}
