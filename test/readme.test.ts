// Every pongsim command the README shows runs as written (at small sizes), so the README cannot
// drift from the CLI: the commands of the "What you can ask it" table and every line of every
// shell block except the npm ones, each in a scratch folder holding the files they name. They
// run in this process, one after another (test/support/shell.ts), as the installed command runs
// them: a Node process per command made this file a third of the suite's work. And each
// shows what it says it shows: a comparison compares games that differ, a tuning grid
// configurations that play differently, a study's paired differences are not all zero, and a
// house rule, a rules file or the cards seen change the odds or the games they are given for.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, it, type ExpectStatic } from 'vitest';
import { fitsColumns, listFiles, MAIN, pongsimIn, run, tempDir, unwrap } from './support/cli.js';
import { parseScript, runSteps, type Step } from './support/shell.js';
import { checkRanges } from './support/ranges.js';
import { experimentDef } from '../src/library/studies.js';

const README = fs.readFileSync('README.md', 'utf8');

/** The README's commands: table cells in backticks, and shell-block lines (a block whose lines use $k runs once per k = 1..8). */
function commands(): { text: string; shard: boolean }[] {
  const out: { text: string; shard: boolean }[] = [];
  for (const line of README.split('\n')) {
    if (!line.startsWith('|')) continue;
    for (const [, cmd] of line.matchAll(/`(npx pongsim [^`]+)`/g)) out.push({ text: cmd!, shard: false });
  }
  for (const [, block] of README.matchAll(/```sh\n([\s\S]*?)```/g)) {
    if (/\bnpm (ci|start|test|run)\b/.test(block!)) continue;
    const text = block!.replace(/^\s*#.*$/gm, '').trim();
    if (text.includes('npx pongsim')) out.push({ text, shard: text.includes('$k') });
  }
  return out;
}

/** The most games a README command line plays here: 12 (runs, sims and comparisons that name
 * none get as many); search-strength, each game of which is five search bots' games, and the
 * calibration's rollouts, 1; stop-limit, a game of which plays every threshold of every cell, 2;
 * a comparison with a bot that plays by a learned table, which departs from the bot it is built
 * on only where its table says so, as many games as show a departure. */
function gamesCap(l: string): number {
  if (l.includes('run search-strength') || l.includes('run advise-calibration')) return 1;
  if (l.includes('run stop-limit')) return 2;
  if (l.includes('table-stop') || l.includes('uper-table,')) return 50;
  return 12;
}

/** Small sizes: every --games at most its line's cap, every --budget at most 1000. */
function small(cmd: string): string {
  return (
    cmd
      .split('\n')
      .map((l) => l.replace(/--games \d+/g, (m) => (Number(m.slice(8)) > gamesCap(l) ? `--games ${gamesCap(l)}` : m)))
      .join('\n')
      // A tuning budget just above what the largest README grid needs (20 games a configuration in its first round).
      .replace(/--budget \d+/g, (m) => (Number(m.slice(9)) > 1000 ? '--budget 1000' : m))
      .split('\n')
      // Advice and a review of a few decisions at the fewest playouts they take (64): what is checked
      // is that each prints its answer in words, which it does at any budget.
      .map((l) =>
        /npx pongsim (advise|review) /.test(l)
          ? l.includes('--budget')
            ? l.replace(/--budget \d+/, '--budget 64')
            : `${l} --budget 64`
          : l,
      )
      .map((l) => (/npx pongsim review /.test(l) ? `${l.replace(/ --max-decisions \d+/, '')} --max-decisions 3` : l))
      .map((l) =>
        /npx pongsim (run|sim|compare) /.test(l) && !l.includes('--games')
          ? l.replace(/(npx pongsim (run|sim|compare) \S+)/, `$1 --games ${gamesCap(l)}`)
          : l,
      )
      // Each comparison and tuning run into a folder of its own, so that a block's second does not
      // overwrite its first before its claims are checked.
      .map((l, i) =>
        /npx pongsim (compare|tune|league) /.test(l) && !l.includes('--out')
          ? l.replace(/(npx pongsim (compare|tune|league) \S+)/, `$1 --out claims-${i}`)
          : l,
      )
      .join('\n')
  );
}

/** Runs a script of README commands in `dir`: in this process where it is in the shell forms
 * test/support/shell.ts knows (every README block today), else in bash. */
function runScript(script: string, dir: string) {
  const list = parseScript(script);
  if (list) return runSteps(list, dir);
  return run('bash', ['-euo', 'pipefail', '-c', script.replaceAll('npx pongsim', `node ${JSON.stringify(MAIN)}`)], dir);
}

/** A scratch folder with the files the README's commands name. */
function scratch(): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'my-rules.json'), JSON.stringify({ postResult: 'push' }));
  fs.copyFileSync('src/games/mahjong/american/cards/sample-2031.json', path.join(dir, 'my-card.json'));
  fs.copyFileSync('test/fixtures/card-import/made-up.riichi-advanced.jq', path.join(dir, 'am_card_mine.jq'));
  fs.symlinkSync(path.resolve('strategies'), path.join(dir, 'strategies'));
  fs.symlinkSync(path.resolve('experiments'), path.join(dir, 'experiments'));
  return dir;
}

/** A study's run at the small size but for its seed and output folder, or null for another
 * command. The commands that remake a reference (`run S --seed 2026 --games N --out
 * results/reference/S --force`) play, at the small size, what the table's `run S` played: the
 * same code for the same seconds. Each such run is made once, the first time it is met. */
function runKey(s: Step): string | null {
  const w = s.args.map((a) => a.text);
  if (w[0] !== 'run' || s.to !== undefined || s.input !== undefined) return null;
  const out: string[] = [];
  for (let i = 0; i < w.length; i++) {
    if (w[i] === '--seed' || w[i] === '--out') i++;
    else if (w[i] !== '--force') out.push(w[i]!);
  }
  return out.join(' ');
}

/** The studies test/cli/merge-every.test.ts leaves to this file (a game of either costs some ten
 * seconds of processor time): their run here, as the README gives it, has every interval of
 * its CSVs checked against its figure's range, as merge-every checks every other study's. */
const ONE_GAME = ['search-strength', 'advise-calibration'];

const rangesChecked = new Set<string>();

function oneGameRanges(s: Step, dir: string): void {
  const w = s.args.map((a) => a.text);
  if (w[0] !== 'run' || !ONE_GAME.includes(w[1]!)) return;
  rangesChecked.add(w[1]!);
  const out = w.includes('--out') ? w[w.indexOf('--out') + 1]! : path.join('results', w[1]!);
  // One game: no figure has an interval, and each says why.
  checkRanges({ name: w[1]!, docs: experimentDef(w[1]!).columns ?? {}, none: true }, path.resolve(dir, out));
}

describe('README commands', () => {
  const all = commands();
  const runs = new Set<string>();

  it('finds the commands (the table and the shell blocks)', ({ expect }) => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.some((c) => c.shard)).toBe(true);
  });

  for (const c of all) {
    const script = c.shard
      ? `for k in 1 2 3 4 5 6 7 8; do\n${small(c.text)
          .split('\n')
          .filter((l) => l.includes('$k'))
          .join('\n')}\ndone\n${small(c.text)
          .split('\n')
          .filter((l) => !l.includes('$k'))
          .join('\n')}`
      : small(c.text);
    const list = c.shard ? null : parseScript(script);
    const left = list?.filter((s) => {
      const key = runKey(s);
      if (key !== null && runs.has(key)) return false;
      if (key !== null) runs.add(key);
      return true;
    });
    if (left?.length === 0) continue;
    it(c.text.split('\n')[0]!, async ({ expect }) => {
      const dir = scratch();
      const r = left ? await runSteps(left, dir) : await runScript(script, dir);
      expect(r.code, `${script}\n${r.stderr}`).toBe(0);
      for (const s of left ?? []) oneGameRanges(s, dir);
      expect(r.stdout.length).toBeGreaterThan(0);
      fitsColumns(c.text, r.stdout);
      await showsWhatItClaims(expect, c.text, dir, r.stdout);
    });
  }

  it('ran the studies merge-every leaves to it, and checked their ranges', ({ expect }) => {
    expect([...rangesChecked].sort()).toEqual([...ONE_GAME].sort());
  });
});

describe('README library example', () => {
  it('runs as a program that installed pongsim, and prints what the commands print with --json', async ({ expect }) => {
    const blocks = [...README.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => b.includes("from 'pongsim'"));
    expect(blocks).toHaveLength(1);
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.symlinkSync(path.resolve('.'), path.join(dir, 'node_modules', 'pongsim'));
    fs.writeFileSync(path.join(dir, 'example.mjs'), blocks[0]!);
    const r = await run(process.execPath, ['example.mjs'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/games of sim done/);
    // The commands it names, in this process: the program is what runs as a user's would.
    const cli = async (args: string[]) => {
      const c = await pongsimIn([...args, '--json'], dir);
      expect(c.code, c.stderr).toBe(0);
      return JSON.parse(c.stdout);
    };
    const sim = await cli(['sim', 'wolnamppong', '--seats', 'kelly,min-bet*5', '--games', '2000', '--seed', '7']);
    const kelly = sim.seats[0];
    const odds = await cli(['odds', 'wolnamppong', '--seen', '3,3,7,12']);
    const hand = await cli(['hand', 'korean', 'm23445556p345678', '--win-tile', 'p8', '--self-draw', '--uper']);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      `${kelly.strategy} ${kelly.mean} ${kelly.mean_ci_low} ${kelly.mean_ci_high}`,
      odds.ruleOfThumb,
      String(hand.score.total),
    ]);
    expect(hand.score.total).toBe(15);
  });
});

type Row = Record<string, string>;
const csvRows = (file: string): Row[] => parse(fs.readFileSync(file, 'utf8'), { columns: true }) as Row[];

/** Whether a difference (X with X_ci_low and X_ci_high) in a row is other than exactly 0 in every game. */
const moved = (r: Row, x: string) =>
  r[x] !== '' && r[x] !== undefined && [r[x], r[`${x}_ci_low`] ?? '0', r[`${x}_ci_high`] ?? '0'].some((v) => Number(v) !== 0);

/**
 * What each kind of README command claims to show, checked on what it wrote: every comparison
 * some paired difference other than 0 (its arms did not play identical games), every tuning run
 * some configuration that played differently from its round's leader, every study's
 * paired-difference columns some value other than 0, and an odds table or a sim given house
 * rules, a rules file or the cards seen other output than without them.
 */
async function showsWhatItClaims(expect: ExpectStatic, text: string, dir: string, stdout: string): Promise<void> {
  const files = listFiles(dir).filter((f) => f.endsWith('.csv') && !f.split(path.sep).includes('parts'));
  const count = (re: RegExp) => text.split('\n').filter((l) => re.test(l)).length;
  const compares = files.filter((f) => path.basename(f) === 'compare.csv');
  expect(compares.length, 'a compare.csv for every comparison').toBe(count(/npx pongsim compare (?!.*--each-option)/));
  // A house-rule table (compare --each-option) compares too: some change moved some figure.
  const tables = files.filter((f) => path.basename(f).endsWith('-rule-table.csv'));
  expect(tables.length, 'a rule table for every compare --each-option').toBeGreaterThanOrEqual(
    count(/npx pongsim compare .*--each-option/),
  );
  for (const f of [...compares, ...tables]) {
    expect(
      csvRows(path.join(dir, f)).some((r) => moved(r, 'diff_vs_baseline')),
      `${f}: every paired difference is 0, the arms played identical games`,
    ).toBe(true);
  }
  // A grid's tune.csv, or SPSA's spsa.csv: some configuration or step played differently.
  const tunes = files.filter((f) => ['tune.csv', 'spsa.csv'].includes(path.basename(f)));
  expect(tunes.length, 'a tune.csv or spsa.csv for every tuning run').toBe(count(/npx pongsim tune /));
  for (const f of tunes) {
    expect(
      csvRows(path.join(dir, f)).some((r) => moved(r, path.basename(f) === 'spsa.csv' ? 'diff' : 'diff_vs_leader')),
      `${f}: every configuration played as its leader did`,
    ).toBe(true);
  }
  // A league: every spec rated, the first at 0, and some other rating off it.
  for (const f of files.filter((x) => path.basename(x) === 'league.csv')) {
    const rows = csvRows(path.join(dir, f));
    expect(
      rows.some((r) => Number(r.rating) !== 0),
      `${f}: every spec rated level`,
    ).toBe(true);
  }
  // A study's tables: rows, and each paired difference somewhere other than 0.
  for (const f of files.filter(
    (x) =>
      !['compare.csv', 'tune.csv', 'spsa.csv', 'sprt.csv'].includes(path.basename(x)) &&
      !tables.includes(x) &&
      /npx pongsim (run|merge) /.test(text),
  )) {
    const rows = csvRows(path.join(dir, f));
    expect(rows.length, `${f} has rows`).toBeGreaterThan(0);
    for (const col of Object.keys(rows[0]!).filter((k) => /diff/.test(k) && !/_(ci_low|ci_high|p|p_holm)$/.test(k))) {
      expect(
        rows.some((r) => moved(r, col)),
        `${f}: ${col} is 0 in every row`,
      ).toBe(true);
    }
  }
  // Advice: every answer names its best action and says whether it is clear, tied or the same.
  if (/npx pongsim advise /.test(text)) {
    expect(
      unwrap(stdout).match(/(is clearly best|cannot be told apart|give the same result on every deal|is the only legal action)/g)?.length,
      `${text}: an answer in words per advice`,
    ).toBe(count(/npx pongsim advise /));
  }
  // A review: every one gives the seat's result less its luck, its band on the ladder, the
  // expected loss over the game and how many decisions it reviewed.
  if (/npx pongsim review /.test(text)) {
    expect(
      unwrap(stdout).match(
        /less that luck, -?[\d.]+.*On the ladder .* the seat (plays|cannot be placed).*reviewed.*Expected loss over the game: -?[\d.]+ \[/g,
      )?.length,
      `${text}: a luck-adjusted result, a band and a loss per review`,
    ).toBe(count(/npx pongsim review /));
  }
  // Odds and a sim given rules or cards seen: other output than the same command without them.
  const plain =
    /^npx pongsim (odds|sim) /.test(text) && !text.includes('\n') && /--(set|seen|hand|rules) /.test(text) && !text.includes('--card');
  if (plain) {
    const bare = text.replace(/ --(set|seen|hand|rules) \S+/g, '');
    const r = await runScript(small(bare), scratch());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout, `${text} prints what ${bare} prints`).not.toBe(stdout);
  }
}
