// Adding a game is its folders, its entry and one line in the catalog's index (README, "Adding
// a game"). This adds a toy game that way to a copy of the sources (test/fixtures/toy-game:
// its engine, rules, record events and RULES.md in src/games/toy/high-card/, its strategy in
// strategies/high-card/, its entry src/catalog/high-card.ts), edits nothing else, builds the
// copy and runs it: the commands, records, their check and viewer, and the package's plug-in
// exports cover the new game. It starts processes of its own, since the copy is another build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pongsimIn, tempDir } from '../support/cli.js';

const FIXTURE = path.resolve('test/fixtures/toy-game');

/** Every file under `dir`, relative, sorted. */
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

describe('adding a game', () => {
  it('is its folders, its entry and one line in the index: the copy builds, and list, rules, sim, replay, check, view and the plug-in exports cover it', async () => {
    const root = tempDir();
    for (const d of ['src', 'strategies', 'experiments']) fs.cpSync(d, path.join(root, d), { recursive: true });
    for (const f of ['package.json', 'tsconfig.json']) fs.copyFileSync(f, path.join(root, f));
    fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
    const before = new Set(files(root));

    // The game's folders and its entry: new files only.
    const added = files(FIXTURE).filter((f) => f !== 'README.md');
    for (const f of added) {
      expect(before.has(f), `${f} is a new file`).toBe(false);
      fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      fs.copyFileSync(path.join(FIXTURE, f), path.join(root, f));
    }
    expect(added.filter((f) => !/^(src\/games\/toy\/high-card|strategies\/high-card)\//.test(f))).toEqual(['src/catalog/high-card.ts']);

    // One line in the index listing the entry, beside its import.
    const index = path.join(root, 'src/catalog/index.ts');
    const text = fs.readFileSync(index, 'utf8');
    const listed = text.replace(/\n\};\n/, "\n  'high-card': highCardEntry,\n};\n");
    expect(listed).not.toBe(text);
    fs.writeFileSync(index, `import { highCardEntry } from './high-card.js';\n${listed}`);

    const built = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(built.stdout + built.stderr).toBe('');
    expect(built.status).toBe(0);
    // The copy's command line and library run in this process, as the suite runs pongsim's own:
    // a Node process per command was most of this test's time. Its modules are the copy's own
    // (another folder), so nothing of this process's pongsim is shared with them.
    const program = pathToFileURL(path.join(root, 'dist/src/cli/program.js')).href;
    const pongsim = async (...args: string[]) => {
      const r = await pongsimIn(args, root, '', {}, program);
      expect(r.stderr, args.join(' ')).toBe('');
      expect(r.code, args.join(' ')).toBe(0);
      return r.stdout;
    };

    const list = JSON.parse(await pongsim('list', '--json')) as { games: { id: string; strategies: { name: string }[] }[] };
    const game = list.games.find((g) => g.id === 'high-card')!;
    expect(game.strategies.map((s) => s.name)).toEqual(['threshold', 'rollout']);
    expect(await pongsim('rules', 'high-card')).toMatch(/cards/);

    const sim = JSON.parse(await pongsim('sim', 'high-card', '--games', '4000', '--seed', '1', '--workers', '1', '--json')) as {
      seats: { mean: number; mean_ci_low: number; mean_ci_high: number }[];
    };
    expect(sim.seats).toHaveLength(2);
    for (const s of sim.seats) expect(s.mean_ci_low <= 0 && 0 <= s.mean_ci_high, JSON.stringify(s)).toBe(true);

    const record = path.join(root, 'game.jsonl');
    fs.writeFileSync(record, await pongsim('replay', 'high-card', '--seed', '1', '--index', '3', '--format', 'events'));
    const events = fs
      .readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(events.map((e) => e.type)).toEqual([
      'start',
      'high_card_deal',
      expect.stringMatching(/^high_card_(bet|fold)$/),
      expect.stringMatching(/^high_card_(bet|fold)$/),
      'end',
    ]);
    await pongsim('check', 'high-card', record);
    await pongsim('view', record, '--html', path.join(root, 'game.html'));
    const page = fs.readFileSync(path.join(root, 'game.html'), 'utf8');
    expect(page).toContain('"high_card_deal"');
    expect(page).not.toContain('"dahai"');

    const api = (await import(pathToFileURL(path.join(root, 'dist/src/api.js')).href)) as typeof import('../../src/api.js');
    expect([
      (api.actions as Record<string, unknown>)['high-card'],
      (api.eventsSchema().oneOf as { title?: string }[]).some((s) => s.title === 'high_card_bet'),
    ]).toEqual([{ FOLD: 0, BET: 1 }, true]);
  });
});
