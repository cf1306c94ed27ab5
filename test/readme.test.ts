// Every pongsim command the README shows runs as written (at small sizes), so the README cannot
// drift from the CLI: the commands of the "What you can ask it" table and every line of every
// shell block except the npm ones, each in a scratch folder holding the files they name. They
// run side by side (this file is a fifth of the suite's work, and run last it would end the
// suite alone), each in a folder of its own so that no two write one results folder.
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { MAIN, run, tempDir } from './support/cli.js';

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

/** Small sizes: every --games at most 12 (runs, sims and comparisons that name none get 12;
 * search-strength, each game of which is five search bots' games, 1), every --budget at most 1000. */
function small(cmd: string): string {
  return cmd
    .split('\n')
    .map((l) => l.replace(/--games \d+/g, (m) => {
      const cap = l.includes('run search-strength') ? 1 : 12;
      return Number(m.slice(8)) > cap ? `--games ${cap}` : m;
    }))
    .join('\n')
    // A tuning budget just above what the largest README grid needs (20 games a configuration in its first round).
    .replace(/--budget \d+/g, (m) => (Number(m.slice(9)) > 1000 ? '--budget 1000' : m))
    .split('\n')
    .map((l) => (/npx pongsim (run|sim|compare) /.test(l) && !l.includes('--games') ? l.replace(/(npx pongsim (run|sim|compare) \S+)/, '$1 --games 12') : l))
    .join('\n')
    .replaceAll('npx pongsim', `node ${JSON.stringify(MAIN)}`);
}

/** A scratch folder with the files the README's commands name. */
function scratch(): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'my-rules.json'), JSON.stringify({ postResult: 'push' }));
  fs.copyFileSync('src/games/mahjong/american/cards/sample-2031.json', path.join(dir, 'my-card.json'));
  fs.symlinkSync(path.resolve('strategies'), path.join(dir, 'strategies'));
  fs.symlinkSync(path.resolve('experiments'), path.join(dir, 'experiments'));
  return dir;
}

describe.concurrent('README commands', () => {
  const all = commands();

  it('finds the commands (the table and the shell blocks)', ({ expect }) => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.some((c) => c.shard)).toBe(true);
  });

  for (const c of all) {
    it(c.text.split('\n')[0]!, async ({ expect }) => {
      const script = c.shard ? `for k in 1 2 3 4 5 6 7 8; do\n${small(c.text).split('\n').filter((l) => l.includes('$k')).join('\n')}\ndone\n${small(c.text).split('\n').filter((l) => !l.includes('$k')).join('\n')}` : small(c.text);
      const r = await run('bash', ['-euo', 'pipefail', '-c', script], scratch());
      expect(r.code, `${script}\n${r.stderr}`).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(0);
    });
  }
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
    const cli = async (args: string[]) => {
      const c = await run(process.execPath, [MAIN, ...args, '--json'], dir);
      expect(c.code, c.stderr).toBe(0);
      return JSON.parse(c.stdout);
    };
    const sim = await cli(['sim', 'wolnamppong', '--seats', 'kelly,min-bet*5', '--games', '2000', '--seed', '7']);
    const kelly = sim.seats[0];
    const odds = await cli(['odds', 'wolnamppong', '--seen', '3,3,7,12']);
    const hand = await cli(['hand', 'korean', 'm23445556p345678', '--win-tile', 'p8', '--self-draw', '--uper']);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      `${kelly.strategy} ${kelly.mean} ${kelly.mean_ci_low} ${kelly.mean_ci_high}`, odds.ruleOfThumb, String(hand.score.total),
    ]);
    expect(hand.score.total).toBe(15);
  });
});
