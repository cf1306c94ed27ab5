// pongsim odds nylonppong: the printed table, --json and --out carry the exact module's numbers,
// and bad input gets one line, exit 2 and no file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRules } from '../../src/core/rules.js';
import { parseCard } from '../../src/games/hwatu/deck.js';
import { nylonRulesSchema, type NylonRules } from '../../src/games/hwatu/nylonppong/rules.js';
import { stopOddsTable } from '../../src/games/hwatu/nylonppong/stop-odds.js';
import { csvText } from '../../src/io/csv.js';
import { odds, type OddsResult } from '../../src/library/odds.js';
import { inputErrorLine } from '../support/errors.js';
import { listFiles, tempDir, pongsimIn } from '../support/cli.js';

/** `odds GAME --flag value ...` as the library's options. */
function oddsOptions(game: string, args: string[]): Parameters<typeof odds>[0] {
  const o: Record<string, unknown> = { game };
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i]!.slice(2);
    if (key === 'set') o.set = [...((o.set as string[] | undefined) ?? []), args[i + 1]!];
    else o[key] = args[i + 1];
  }
  return o as unknown as Parameters<typeof odds>[0];
}

const rules = (values: Partial<NylonRules> = {}) => resolveRules(nylonRulesSchema, [{ where: 'test', values }]);

describe('pongsim odds nylonppong', () => {
  it("--json gives the module's exact table, with the cards and configurations", async () => {
    const doc = odds({ game: 'nylonppong', seen: '1a,12c' }) as OddsResult & Record<string, any>;
    const { table, configs } = stopOddsTable(rules(), [parseCard('1a'), parseCard('12c')], null);
    expect(doc.seen).toEqual(['1a', '12c']);
    expect(doc.hand).toBeNull();
    expect(doc.configurations).toEqual(configs);
    expect(doc.rows).toHaveLength(9);
    const row = doc.rows.find((x) => x.stop_sum === 10)!;
    const mine = table.rows.find((x) => x[0] === 10)!;
    expect(row.p_fail_2_2_exact).toBe(mine[table.columns.indexOf('p_fail_2_2_exact')]);
    expect(row.p_fail_2_2).toBe(mine[table.columns.indexOf('p_fail_2_2')]);
  });

  it('prints the decimals by sum and hand sizes; --hand gives her row only', async () => {
    const r = await pongsimIn(['odds', 'nylonppong', '--rules', 'bbong']);
    expect(r.code, r.stderr).toBe(0);
    // The table's lines, then its note (wrapped to the terminal) from the line that opens it.
    const split = (out: string) => {
      const lines = out.trimEnd().split('\n');
      const note = lines.findIndex((l) => l.startsWith('(P('));
      return { table: lines.slice(0, note), note: lines.slice(note).join(' ').replace(/\s+/g, ' ') };
    };
    const { table, note } = split(r.stdout);
    expect(table[0]).toBe('nylonppong-stop-odds');
    // bbong compares a stop with ppong'd players only: they hold 2 cards.
    expect(table[1]!.split(/\s+/)).toEqual(['sum', 'hands', '2', '2,2', '2,2,2', '2,2,2,2', '2,2,2,2,2']);
    expect(table.slice(2).map((l) => l.split(/\s+/)[0])).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(note).toMatch(/^\(P\(the stop fails\) by the stopper's two-card sum/);
    const mine = await pongsimIn(['odds', 'nylonppong', '--hand', '4a,6b']);
    expect(mine.code, mine.stderr).toBe(0);
    const hers = split(mine.stdout);
    // Five players' columns do not all fit 100 columns: the rest are named.
    expect(hers.table.slice(2, -1).map((l) => l.split(/\s+/).slice(0, 2))).toEqual([['10', '1']]);
    expect(hers.table.at(-1)).toMatch(/^\(\d+ more columns in --json and --out; --wide prints them\)$/);
    expect(hers.note).toMatch(/with her hand 4a,6b; .* dealt from the 46 cards neither seen nor hers/);
    const wide = await pongsimIn(['odds', 'nylonppong', '--hand', '4a,6b', '--wide']);
    expect(wide.stdout.split('\n')[1]!.split(/\s+/)).toHaveLength(22);
  });

  it('--out writes the table and its meta.json (rules, cards, every column explained), the same bytes every run', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'sub', 'stop.csv');
    const r = await pongsimIn([
      'odds',
      'nylonppong',
      '--set',
      'concealedTriplet=true',
      '--seen',
      '3a,3b',
      '--hand',
      '1a,2a',
      '--out',
      file,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`wrote ${file} with stop.meta.json beside it`);
    expect(listFiles(path.join(dir, 'sub'))).toEqual(['stop.csv', 'stop.meta.json']);
    const ru = rules({ concealedTriplet: true });
    const { table } = stopOddsTable(ru, [parseCard('3a'), parseCard('3b')], [parseCard('1a'), parseCard('2a')]);
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv).toBe(csvText(table));
    const meta = JSON.parse(fs.readFileSync(path.join(dir, 'sub', 'stop.meta.json'), 'utf8'));
    expect(meta).toMatchObject({
      table: 'stop',
      tool: 'pongsim',
      command: 'odds nylonppong',
      seen: ['3a', '3b'],
      hand: ['1a', '2a'],
      unseen: 44,
    });
    expect(meta.rules).toEqual(ru);
    expect(meta.columns.map((c: { name: string }) => c.name)).toEqual(table.columns);
    expect(meta.columns.filter((c: { meaning: string }) => c.meaning === 'undocumented')).toEqual([]);
    odds({ game: 'nylonppong', set: ['concealedTriplet=true'], seen: '3a,3b', hand: '1a,2a', out: file });
    expect(fs.readFileSync(file, 'utf8')).toBe(csv);
  });

  const dir = tempDir();
  const out = path.join(dir, 'out');
  const csv = ['--out', path.join(out, 'o.csv')];
  const cases: [string, string[], RegExp][] = [
    ['an unknown card', ['--seen', '3a,13a'], /--seen: card "13a": expected a month 1-12 and a copy letter a-d, e.g. 12c/],
    ['months instead of cards', ['--seen', '3,3,7'], /--seen: card "3": expected a month 1-12 and a copy letter a-d/],
    ['a seen card listed twice', ['--seen', '3a,7c,3a'], /--seen: card 3a is listed twice/],
    [
      'a hand above the stop limit',
      ['--hand', '6a,7a'],
      /--hand 6a,7a: sums to 13, above stopLimit 10; a stop needs two cards summing to at most 10/,
    ],
    ['a hand of three cards', ['--hand', '1a,2a,3a'], /--hand: expected the stopper's two cards, e\.g\. 1a,9c \(got 3\)/],
    ['a hand card also seen', ['--hand', '1a,2a', '--seen', '2a'], /--hand: card 2a is also in --seen/],
    ['a stop limit no hand reaches', ['--set', 'stopLimit=1'], /stopLimit 1 allows no stop/],
    [
      'seen cards that leave no low hand',
      ['--seen', '1a,1b,1c,1d,2a,2b,2c,2d,3a,3b,3c,3d', '--set', 'stopLimit=6'],
      /--seen: no two unseen cards sum to stopLimit 6 or less/,
    ],
    [
      'rules under which nobody is compared',
      ['--set', 'handSize=2', '--set', 'stopCompareWith=pongedPlayersOnly'],
      /with handSize 2 nobody can ppong without going out/,
    ],
    ['a bad rule value', ['--set', 'stopLimit=30'], /option "stopLimit" must be an integer from 0 to 24/],
    ["wolnamppong's --card", ['--card', path.join(out, 'card')], /--card: only wolnamppong has a printable odds card/],
  ];
  for (const [what, args, msg] of cases) {
    it(`${what}: one line, nothing written`, async () => {
      expect(inputErrorLine(() => odds(oddsOptions('nylonppong', [...args, ...(args.includes('--card') ? [] : csv)])))).toMatch(msg);
      expect(listFiles(out)).toEqual([]);
    });
  }
  it('wolnamppong refuses the nylonppong options; on the command line with exit 2 and one line', async () => {
    expect(inputErrorLine(() => odds({ game: 'wolnamppong', hand: '1a,2a' }))).toMatch(/--hand: only for nylonppong/);
    const r = await pongsimIn(['odds', 'nylonppong', '--seen', '3a,13a', ...csv]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^pongsim: --seen: card "13a": expected a month 1-12[^\n]*\n$/);
    expect(listFiles(out)).toEqual([]);
  });
});
