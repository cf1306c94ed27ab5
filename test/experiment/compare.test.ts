// compare's figures, in-process: --metrics is checked against the figures the arms report
// before any game is played, and the rate names that check reads off a state just created are
// the ones played games report.
import { describe, expect, it } from 'vitest';
import { GAMES, gameEntry } from '../../src/catalog/index.js';
import { resolveRules } from '../../src/core/rules.js';
import { checkArms, type CompareParams } from '../../src/experiment/compare.js';
import { simArm } from '../../src/experiment/sim.js';

const rules = (set: Record<string, unknown> = {}) => resolveRules(gameEntry('nylonppong').def.schema, [{ where: 'test', values: set }]) as Record<string, unknown>;
const params = (metrics: string[], focal: number | null = null): CompareParams => ({
  game: 'nylonppong', baseline: 0, focal, metrics, games: 10,
  arms: [{ name: 'a', rules: rules(), seats: ['basic', 'basic', 'basic', 'basic'] }, { name: 'b', rules: rules({ stopLimit: 5 }), seats: ['basic', 'basic', 'basic', 'basic'] }],
});

describe('compare --metrics', () => {
  it('takes the figures the arms report, each seat\'s or the focal strategy\'s, and the game\'s rates', () => {
    expect(() => checkArms(params(['seat3', 'win0', 'place2', 'endStop']))).not.toThrow();
    expect(() => checkArms(params(['focal', 'focalWin', 'stopFailedOfStops'], 0))).not.toThrow();
  });

  it.each([
    ['a name that is no figure', ['foo'], null, /^--metrics: "foo" is not a figure of these arms; figures: seat0, seat1, seat2, seat3, win0, .*, place3, comboFourAndPair, .*, stopFailedOfStops \(focal, focalWin, focalPlace with --focal K\)$/],
    ['a seat the arms do not have', ['seat0', 'seat9'], null, /^--metrics: "seat9" is not a figure/],
    ['focal without --focal', ['focal'], null, /^--metrics: "focal" is not a figure.* \(focal, focalWin, focalPlace with --focal K\)$/],
    ['a seat with --focal', ['seat0'], 0, /^--metrics: "seat0" is not a figure of these arms; figures: focal, focalWin, focalPlace, comboFourAndPair/],
  ])('refuses %s, listing the figures', (_, metrics, focal, msg) => {
    expect(() => checkArms(params(metrics, focal))).toThrow(msg);
  });

  it('names a study file\'s field when the figures came from one', () => {
    expect(() => checkArms(params(['nope']), (s) => `s.json: "${s}"`)).toThrow(/^s\.json: "metrics": "nope" is not a figure/);
  });

  it('the rate names of a state just created are those a played game reports, in every game and preset', () => {
    for (const g of GAMES) {
      const schema = g.def.schema;
      for (const preset of [undefined, ...Object.keys(schema.presets)]) {
        const r = resolveRules(schema, preset ? [{ where: preset, values: schema.presets[preset]!.set as Record<string, unknown> }] : []) as Record<string, unknown>;
        const arm = simArm({ game: g.def.id, rules: r, seats: Array.from({ length: g.def.seats(r) }, () => g.defaultSeat) });
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
