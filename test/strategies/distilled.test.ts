import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distill } from 'pongsim';
import { gameEntry } from '../../src/catalog/index.js';
import type { GameDef, GameState } from '../../src/core/game.js';
import { Table } from '../../src/core/play.js';
import { resolveRules } from '../../src/core/rules.js';
import { makeStrategy, parseSpec } from '../../src/core/strategy.js';
import { readDistilled } from '../../src/io/distilled-file.js';
import { featureNames } from '../../src/core/features.js';
import { pongsimIn, tempDir } from '../support/cli.js';

const SET = { rounds: 1 };

function setup() {
  const entry = gameEntry('nylonppong');
  const rules = resolveRules(entry.def.schema, [{ where: 'test', values: SET }]);
  const make = (text: string) => makeStrategy(parseSpec(text, entry.strategies, 'nylonppong', rules), entry.strategies, rules);
  return { entry, game: entry.def as GameDef<GameState>, rules, make };
}

describe('distilled', () => {
  it('fitted to a bot it can copy, loads from its file and plays that bot move for move', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'basic.json');
    // basic(t=6) as teacher and base: the base feature alone gives every pick.
    const r = await distill({ game: 'nylonppong', teacher: 'basic(t=6)', base: 'basic(t=6)', set: 'rounds=1', games: 12, workers: 1, out });
    expect(r.decisions).toBeGreaterThan(50);
    expect(r.agreement).toBe(1);
    const { game, rules, make } = setup();
    const returns = (first: string) => {
      const table = new Table(
        game,
        rules,
        [make(first), make('careful(t=4,k=0.1)'), make('basic'), make('basic(t=6)')],
        ['a', 'b', 'c', 'd'],
      );
      const all: number[] = [];
      const r4 = new Float64Array(4);
      for (let i = 0; i < 30; i++) {
        game.returns(table.playSeeded('distilled-test', 0, i), r4);
        all.push(...r4);
      }
      return all;
    };
    expect(returns(`distilled(file=${out})`)).toEqual(returns('basic(t=6)'));
  });

  it('writes the same bytes whatever the number of workers', async () => {
    const dir = tempDir();
    const run = async (workers: number) => {
      const out = path.join(dir, `w${workers}.json`);
      await distill({ game: 'nylonppong', teacher: 'rollout(n=2)', set: 'rounds=1', games: 12, seed: '3', workers, out });
      return fs.readFileSync(out, 'utf8');
    };
    const one = await run(1);
    expect(one).toMatch(/"teacher": "rollout\(n=2,z=1,confirm=4,most=0,policy=basic\(t=10\)\)"/);
    expect(one).toMatch(/"target": "values"/);
    expect(await run(2)).toBe(one);
  });

  it('refuses values from a teacher that does not search, with one line', async () => {
    await expect(
      distill({ game: 'nylonppong', teacher: 'basic', target: 'values', games: 2, workers: 1, out: path.join(tempDir(), 'x.json') }),
    ).rejects.toThrow(
      /^--target values: the teacher basic\(t=10\) does not search, so it gives no values; give --target choices or a search teacher$/,
    );
  });

  it("weighs the teacher's departures from the base with --departures, and only in a choices fit", async () => {
    const dir = tempDir();
    const run = async (departures?: number) => {
      const out = path.join(dir, `d${departures ?? 1}.json`);
      const r = await distill({
        game: 'nylonppong',
        teacher: 'rollout(n=2)',
        target: 'choices',
        set: 'rounds=1',
        games: 12,
        seed: '3',
        workers: 1,
        out,
        ...(departures ? { departures } : {}),
      });
      return { r, doc: JSON.parse(fs.readFileSync(out, 'utf8')) as { weights: number[]; made: Record<string, unknown> } };
    };
    const plain = await run();
    const weighed = await run(5);
    // The same decisions, the base's share of them counted once whatever the weights.
    expect(weighed.r.decisions).toBe(plain.r.decisions);
    expect(weighed.r.base_agreement).toBe(plain.r.base_agreement);
    expect(plain.r.base_agreement).toBeLessThan(1);
    expect(weighed.doc.made.departures).toBe(5);
    expect(plain.doc.made.departures).toBeUndefined();
    expect(weighed.doc.made.command).toMatch(/ --departures 5$/);
    // Departures weigh more: the base feature's weight falls.
    expect(weighed.doc.weights[0]).toBeLessThan(plain.doc.weights[0]!);
    await expect(
      distill({ game: 'nylonppong', teacher: 'rollout(n=2)', departures: 5, games: 2, workers: 1, out: path.join(dir, 'v.json') }),
    ).rejects.toThrow(/^--departures 5: weighs the teacher's choices, so it needs --target choices$/);
  });

  it('refuses a bad file with one line, before any game is played', async () => {
    const dir = tempDir();
    const good = path.join(dir, 'good.json');
    await distill({ game: 'nylonppong', teacher: 'basic', base: 'basic', games: 4, workers: 1, out: good });
    const doc = JSON.parse(fs.readFileSync(good, 'utf8')) as Record<string, unknown>;
    const bad = (name: string, text: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    };
    const cases: [string, RegExp][] = [
      [bad('text.json', 'weights: 1'), /text\.json: not valid JSON/],
      [bad('format.json', JSON.stringify({ ...doc, format: 'other' })), /"format" must be "pongsim-distilled"/],
      [bad('key.json', JSON.stringify({ ...doc, code: 'process.exit()' })), /unknown key "code"/],
      [
        bad('features.json', JSON.stringify({ ...doc, features: ['base'] })),
        /"features" must be this pongsim's nylonppong features, in order: base, stop,/,
      ],
      [
        bad('weight.json', JSON.stringify({ ...doc, weights: [...(doc.weights as number[]).slice(1), '1'] })),
        new RegExp(`"weights"\\[${(doc.weights as number[]).length - 1}\\] must be a finite number`),
      ],
      [bad('base.json', JSON.stringify({ ...doc, base: 'rollout(n=2)' })), /"base": strategy "rollout" is not a nylonppong strategy/],
      [bad('game.json', JSON.stringify({ ...doc, game: 'korean' })), /it is a policy for "korean", not nylonppong/],
      [good.replace('good', 'missing'), /missing\.json/],
    ];
    for (const [file, why] of cases) {
      const r = await pongsimIn(['sim', 'nylonppong', '--seats', `distilled(file=${file}),basic*3`, '--games', '2']);
      expect(r.code, file).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(why);
    }
    const rules = await pongsimIn([
      'sim',
      'nylonppong',
      '--set',
      'stopLimit=8',
      '--seats',
      `distilled(file=${good}),basic*3`,
      '--games',
      '2',
    ]);
    expect(rules.code).toBe(2);
    expect(rules.stderr).toMatch(
      /fitted under stopLimit = 10, and these rules have 8; a distilled policy plays only under the rules it was fitted under \(but for rounds, firstStarter, [^\n]*\)\n$/,
    );
    // A rule of the session, not of a round, may differ.
    expect(
      (await pongsimIn(['sim', 'nylonppong', '--set', 'rounds=2', '--seats', `distilled(file=${good}),basic*3`, '--games', '2'])).code,
    ).toBe(0);
    const paren = await pongsimIn(['sim', 'nylonppong', '--seats', 'distilled(file=a(b).json),basic*3', '--games', '2']);
    expect(paren.code).toBe(2);
    expect(paren.stderr).toMatch(/^[^\n]*expected name or name\(param=value,...\)|^[^\n]*file's path without commas, parentheses/);
  });

  it('reads a file once while its modification time and size stay the same', async () => {
    const file = path.join(tempDir(), 'once.json');
    await distill({ game: 'nylonppong', teacher: 'basic', base: 'basic', games: 4, workers: 1, out: file });
    const { entry, rules } = setup();
    const names = featureNames(entry.features!);
    const read = () => readDistilled(file, 'nylonppong', names, rules as Record<string, unknown>, entry.features!.sessionRules);
    const stamp = (seconds: number) => fs.utimesSync(file, seconds, seconds);
    stamp(1e9);
    const first = read();
    // The same size and time, other bytes: not read again.
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('"pongsim-distilled"', '"pongsim-distillex"'));
    stamp(1e9);
    expect(read()).toBe(first);
    // A new modification time: read again, and refused.
    stamp(1e9 + 10);
    expect(read).toThrow(/"format" must be "pongsim-distilled"/);
  });
});
