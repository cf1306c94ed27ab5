import { io } from './io.js';
import path from 'node:path';
import type { Command } from 'commander';
import { offering } from '../catalog/index.js';
import { defaultStudy, defaultStudyEstimate, studyRun, type StudyOptions, type StudyRun } from '../library/study.js';
import type { PartialWritten } from '../library/partial.js';
import { outDir, positiveInt, positiveNumber, seedText } from '../library/options.js';
import { controlled, printJson, recordOptions, recordsLine, riskOptions, runOutputOptions } from './options.js';
import { printTable } from '../io/print.js';
import { terminalWidth, wrap, wrapLines } from '../io/wrap.js';

/** How a finished run shows itself: JSON, every column (wide), only its answer and files (brief: the default study). */
export interface ShowFlags {
  json?: boolean;
  wide?: boolean;
  brief?: boolean;
}

/** Lines of a study's answer the default study prints (the report page has them all). */
const BRIEF_LINES = 3;

/** Prints a finished study (or a shard's partial) as `show` says. */
export function printStudy(run: StudyRun | PartialWritten, show: ShowFlags): void {
  if ('partial' in run) {
    if (show.json) printJson(run);
    else io().stdout.write(`wrote ${run.partial}\n`);
    return;
  }
  if (show.json) {
    printJson(run.result);
    return;
  }
  const { def, tables, charts } = run;
  const { summary, out, report } = run.result;
  if (run.untilCi) {
    const u = run.untilCi;
    io().stderr.write(
      `pongsim: ${u.games} games per cell: the widest headline interval is ${u.widest.toPrecision(3)}${u.reached ? `, under ${u.width}` : `, still over ${u.width} at --max-games`}\n`,
    );
  }
  // The question and its answer first, then the key columns fitted to the terminal (--wide:
  // every column), then where the full tables are.
  const wide = Boolean(show.wide);
  const width = wide ? Infinity : terminalWidth(io().stdout);
  const para = (text: string, indent: string) => wrap(text, width, indent, `${indent}  `);
  if (show.brief) {
    // The question, the answer's first lines, the files: the rest is in the report page.
    const shown: string[] = def.question ? para(def.question, '') : [];
    for (const l of summary.slice(0, BRIEF_LINES)) shown.push(...para(l, '  '));
    const more = summary.length - BRIEF_LINES;
    if (more > 0) shown.push(`  (${more} more line${more === 1 ? '' : 's'} of the answer in the report)`);
    const charted = charts.length ? ` and ${charts.length} chart${charts.length === 1 ? '' : 's'}` : '';
    io().stdout.write(
      [...shown, ...para(`files: ${out}/ (${tables.map((t) => `${t.name}.csv`).join(', ')}${charted})`, '  '), ''].join('\n') + '\n',
    );
    return;
  }
  const lines: string[] = [];
  if (def.question) lines.push(...para(def.question, ''));
  for (const l of summary) lines.push(...para(l, '  '));
  if (lines.length) lines.push('');
  for (const t of tables) {
    const key = def.keyColumns?.[t.name];
    if (!wide && key?.length === 0) continue;
    lines.push(printTable(t, wide ? 40 : 12, wide ? {} : { columns: key, width }));
  }
  const files = [`full tables: ${tables.map((t) => `${path.join(out, `${t.name}.csv`)} (${t.rows.length} rows)`).join(', ')}`];
  if (charts.length) files.push(`charts: ${charts.join(', ')}`);
  if (report) files.push(`report: ${report}`);
  if (run.result.records) files.push(recordsLine(run.result.records, path.dirname(run.result.records[0] ?? '.')));
  lines.push(wrapLines(files.join('\n'), width, wide), '');
  io().stdout.write(lines.join('\n') + '\n');
}

export function registerRun(program: Command): void {
  const cmd = program
    .command('run')
    .description('run an experiment (or "default": the headline studies at a quick size) and write its CSVs')
    .argument('<experiment>', 'experiment name (see pongsim list) or default')
    .option('--games <n>', 'games per cell', positiveInt('--games'))
    .option('--seed <s>', 'seed of the run', seedText, '1')
    .option(
      '--card <file.json>',
      `studies of a game that plays a card of hands (${offering('card')}): play this card (mjcard/1) instead of the sample card`,
    )
    .option(
      '--game <id>',
      "a study over several games (advise-calibration): play this game's cells alone, each as the whole study plays it",
    )
    .option(
      '--until-ci <width>',
      'play blocks of games until every headline interval is narrower than WIDTH (instead of --games)',
      positiveNumber('--until-ci'),
    )
    .option(
      '--max-games <n>',
      "with --until-ci: the most games per cell (default 100 times the study's default)",
      positiveInt('--max-games'),
    )
    .option('--workers <n>', 'worker threads (default: cores)', positiveInt('--workers', 256))
    .option('--chunk <n>', 'games per worker task (results do not depend on it)', positiveInt('--chunk'))
    .option('--out <dir>', 'output folder (default results/<experiment>)', outDir);
  riskOptions(cmd);
  runOutputOptions(recordOptions(cmd))
    .option('--json', 'print the tables and summary lines as one JSON document (for default: {"experiment": "default", "studies": [...]})')
    .action(async (experiment: string, flags: Omit<StudyOptions, 'experiment'> & ShowFlags) => {
      if (experiment !== 'default') {
        printStudy(await controlled(false, (c) => studyRun({ ...flags, experiment }, c)), flags);
        return;
      }
      // How long it will take, before it starts: at its own sizes, as measured.
      if (flags.games === undefined && flags.untilCi === undefined) io().stderr.write(`pongsim: ${defaultStudyEstimate()}\n`);
      // Each study's answer and files on the terminal as it finishes (its tables are in the CSVs and the page).
      const each = (run: StudyRun | PartialWritten) => {
        if (!flags.json) printStudy(run, { brief: !flags.wide, wide: flags.wide });
      };
      const doc = await controlled(false, (c) => defaultStudy({ ...flags, experiment }, c, each));
      if (flags.json) printJson(doc);
      else if (doc.report) io().stdout.write(`report: ${doc.report}\n`);
    });
}
