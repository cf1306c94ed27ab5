import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distill } from 'pongsim';
import { gameEntry } from '../../src/catalog/index.js';
import type { GameDef, GameState } from '../../src/core/game.js';
import { Table } from '../../src/core/play.js';
import { resolveRules } from '../../src/core/rules.js';
import { makeStrategy, parseSpec } from '../../src/core/strategy.js';
import { playDistill } from '../../src/library/distill.js';
import { buildId } from '../../src/io/build.js';
import { fitValues } from '../../src/stats/choice-fit.js';
import { featureNames } from '../../src/core/features.js';
import { pongsimIn, tempDir } from '../support/cli.js';

// Short sessions keep each test to a second or so.
const SET = { cycles: 4 };

function setup() {
  const entry = gameEntry('wolnamppong');
  const rules = resolveRules(entry.def.schema, [{ where: 'test', values: SET }]);
  const make = (text: string) => makeStrategy(parseSpec(text, entry.strategies, 'wolnamppong', rules), entry.strategies, rules);
  return { entry, game: entry.def as GameDef<GameState>, rules, make };
}

/** Every seat's chips over `games` sessions with `first` in seat 0 and kelly elsewhere. */
function returns(first: string, games: number): number[] {
  const { game, rules, make } = setup();
  const table = new Table(game, rules, [make(first), ...Array.from({ length: 5 }, () => make('kelly'))], ['a', 'b', 'c', 'd', 'e', 'f']);
  const all: number[] = [];
  const r = new Float64Array(6);
  for (let i = 0; i < games; i++) {
    game.returns(table.playSeeded('distilled-wolnamppong', 0, i), r);
    all.push(...r);
  }
  return all;
}

describe('distilled (Wolnamppong)', () => {
  it('fitted to a bot it can copy, plays it bet for bet and amount for amount', async () => {
    const out = path.join(tempDir(), 'kelly.json');
    // kelly's amounts are a share of its bankroll, none of the amount steps: the base's own
    // amount is a candidate, and the base feature alone gives every pick.
    const r = await distill({ game: 'wolnamppong', teacher: 'kelly', base: 'kelly', set: 'cycles=4', games: 12, workers: 1, out });
    expect(r.decisions).toBeGreaterThan(30);
    expect(r.agreement).toBe(1);
    expect(returns(`distilled(file=${out})`, 20)).toEqual(returns('kelly', 20));
  });

  it('recovers a known linear value of the features from the decisions of real play', () => {
    const { entry, rules } = setup();
    const names = featureNames(entry.features!);
    const part = playDistill({
      distill: {
        game: 'wolnamppong',
        rules,
        teacher: 'kelly',
        base: 'ev-threshold(t=0,f=0.5)',
        opponents: 'kelly',
        seed: '5',
        from: 0,
        to: 20,
        values: false,
      },
      build: buildId(),
    });
    // Each candidate's value a known weighted sum of its features: the fit must find the weights,
    // which it can only if no feature is a blend of the others over these decisions.
    const known = names.map((_, j) => (j % 3) - 1 + j / 10);
    const width = names.length;
    const values = Array.from({ length: part.x.length / width }, (_, o) => {
      let s = 0;
      for (let j = 0; j < width; j++) s += known[j]! * part.x[o * width + j]!;
      return s;
    });
    expect(part.chosen.length).toBeGreaterThan(50);
    const w = fitValues({ width, starts: part.starts, x: part.x, chosen: part.chosen }, values, 1e-9);
    for (let j = 0; j < width; j++) expect(w[j], names[j]).toBeCloseTo(known[j]!, 5);
  });

  it('is refused under other rules but for the number of cycles, with one line', async () => {
    const file = path.join(tempDir(), 'p.json');
    await distill({ game: 'wolnamppong', teacher: 'kelly', base: 'kelly', games: 2, workers: 1, out: file });
    const play = (set: string) =>
      pongsimIn(['sim', 'wolnamppong', '--set', set, '--seats', `distilled(file=${file}),kelly*5`, '--games', '2']);
    const bad = await play('postResult=push');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^[^\n]*fitted under postResult = "lose", and these rules have "push"[^\n]*\(but for cycles\)\n$/);
    expect((await play('cycles=3')).code).toBe(0);
  });
});
