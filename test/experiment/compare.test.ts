// compare's figures, in-process: --metrics is checked against the figures the arms report
// before any game is played, and the rate names that check reads off a state just created are
// the ones played games report; and its differences are flagged as one family (Holm).
import { describe, expect, it } from 'vitest';
import { CATALOG, GAMES, gameEntry } from '../../src/catalog/index.js';
import { resolveRules } from '../../src/core/rules.js';
import { Rng } from '../../src/core/rng.js';
import { checkArms, compareDef, type CompareParams } from '../../src/experiment/compare.js';
import { addMean, addRate, newTally } from '../../src/stats/tally.js';
import { simArm } from '../../src/experiment/sim.js';

const compare = compareDef(CATALOG);

const rules = (set: Record<string, unknown> = {}) =>
  resolveRules(gameEntry('nylonppong').def.schema, [{ where: 'test', values: set }]) as Record<string, unknown>;
const params = (metrics: string[], focal: number | null = null): CompareParams => ({
  game: 'nylonppong',
  baseline: 0,
  focal,
  metrics,
  games: 10,
  arms: [
    { name: 'a', rules: rules(), seats: ['basic', 'basic', 'basic', 'basic'] },
    { name: 'b', rules: rules({ stopLimit: 5 }), seats: ['basic', 'basic', 'basic', 'basic'] },
  ],
});

describe('compare --metrics', () => {
  it("takes the figures the arms report, each seat's or the focal strategy's, and the game's rates", () => {
    expect(() => checkArms(params(['seat3', 'win0', 'place2', 'endStop']), CATALOG)).not.toThrow();
    expect(() => checkArms(params(['focal', 'focalWin', 'stopFailedOfStops'], 0), CATALOG)).not.toThrow();
  });

  it.each([
    [
      'a name that is no figure',
      ['foo'],
      null,
      /^--metrics: "foo" is not a figure of these arms; figures: seat0, seat1, seat2, seat3, win0, .*, place3, comboFourAndPair, .*, stopFailedOfStops \(focal, focalWin, focalPlace with --focal K\)$/,
    ],
    ['a seat the arms do not have', ['seat0', 'seat9'], null, /^--metrics: "seat9" is not a figure/],
    ['focal without --focal', ['focal'], null, /^--metrics: "focal" is not a figure.* \(focal, focalWin, focalPlace with --focal K\)$/],
    [
      'a seat with --focal',
      ['seat0'],
      0,
      /^--metrics: "seat0" is not a figure of these arms; figures: focal, focalWin, focalPlace, comboFourAndPair/,
    ],
  ])('refuses %s, listing the figures', (_, metrics, focal, msg) => {
    expect(() => checkArms(params(metrics, focal), CATALOG)).toThrow(msg);
  });

  it("names a study file's field when the figures came from one", () => {
    expect(() => checkArms(params(['nope']), CATALOG, (s) => `s.json: "${s}"`)).toThrow(/^s\.json: "metrics": "nope" is not a figure/);
  });

  it('the rate names of a state just created are those a played game reports, in every game and preset', () => {
    for (const g of GAMES) {
      const schema = g.def.schema;
      for (const preset of [undefined, ...Object.keys(schema.presets)]) {
        const r = resolveRules(
          schema,
          preset ? [{ where: preset, values: schema.presets[preset]!.set as Record<string, unknown> }] : [],
        ) as Record<string, unknown>;
        const arm = simArm({ game: g.def.id, rules: r, seats: Array.from({ length: g.def.seats(r) }, () => g.defaultSeat) }, CATALOG);
        const names = (s: unknown) => {
          const out: string[] = [];
          arm.game.rates(s as never, (name) => out.push(name));
          return out;
        };
        expect(names(arm.play('1', 0, 0)), `${g.def.id} ${preset ?? ''}`).toEqual(names(arm.game.create(r)));
      }
    }
  });
});

describe('compare flags its figures as one family', () => {
  it('flags none of 60 figures that do not differ, where a 95% interval of its own excludes 0 for some, and says how many it tested', () => {
    const p: CompareParams = {
      game: 'nylonppong',
      baseline: 0,
      focal: 0,
      metrics: [],
      games: 200,
      arms: [
        { name: 'a', rules: rules(), seats: ['basic', 'basic', 'basic', 'basic'] },
        { name: 'b', rules: rules(), seats: ['basic', 'basic', 'basic', 'basic'] },
      ],
    };
    const exp = compare.build(p);
    // A tally as 200 games would leave it if arm b changed nothing but added noise: 3 focal
    // figures and 57 rates, each paired difference a mean of 200 draws around 0.
    const t = newTally();
    const rng = new Rng('family');
    const names = ['focal', 'focalWin', 'focalPlace', ...Array.from({ length: 57 }, (_, k) => `rate${String(k).padStart(2, '0')}`)];
    for (const f of names) {
      for (const arm of [0, 1]) {
        if (f.startsWith('rate')) addRate(t, `${arm}|${f}`, 100, 200);
        else for (let g = 0; g < 200; g++) addMean(t, `${arm}|${f}`, rng.next());
      }
      for (let g = 0; g < 200; g++) addMean(t, `d|1|${f}`, rng.next() - 0.5);
    }
    const [table] = exp.tables([t]);
    const c = (name: string) => table!.columns.indexOf(name);
    const rows = table!.rows.filter((r) => r[c('arm')] === 'b');
    expect(rows).toHaveLength(60);
    const ownInterval = rows.filter(
      (r) => (r[c('diff_vs_baseline_ci_low')] as number) > 0 || (r[c('diff_vs_baseline_ci_high')] as number) < 0,
    );
    expect(ownInterval.length).toBe(2); // what flagging each at 5% called significant before
    for (const r of rows) {
      expect(r[c('diff_vs_baseline_p_holm')] as number).toBeGreaterThanOrEqual(r[c('diff_vs_baseline_p')] as number);
      expect(r[c('significant')]).toBe('no');
    }
    const answer = exp.summary!([table!]);
    expect(answer[0]).toMatch(/60 paired differences tested, each flagged at 5% for the whole family \(Holm\)/);
    expect(answer[1]).toMatch(/^b vs a: no figure differs significantly over 60 figures; the strongest, \S+ .*, is not significant/);
  });
});

describe("compare's chart", () => {
  it('draws each arm against the baseline (never the baseline against itself), a panel per kind, its axis naming the quantity and unit', () => {
    const exp = compare.build({ ...params([], 0), games: 6 });
    const t = newTally();
    for (let i = 0; i < 6; i++) exp.runGame(0, i, 'chart', t);
    const tables = exp.tables([t]);
    const spec = compare.charts![0]!.spec(tables);
    const values = (spec.data as { values: Record<string, unknown>[] }).values;
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => v.arm === 'b' && typeof v.diff_vs_baseline === 'number')).toBe(true);
    const panels = spec.vconcat as { title: { text: string }; layer: { encoding: { x?: { title: string }; y?: { title: unknown } } }[] }[];
    expect(panels.map((p) => p.title.text)).toEqual([
      "the focal strategy's result",
      'winning the game (ties shared)',
      'finishing place',
      "the game's rates",
    ]);
    for (const p of panels) {
      const x = p.layer.find((l) => l.encoding.x?.title)!.encoding.x!.title;
      expect(x).toMatch(/^change in .*\(.+\)$/);
      expect(p.layer.find((l) => l.encoding.y)!.encoding.y!.title).toBeNull();
    }
  });
});
