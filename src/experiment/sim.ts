import { InputError } from '../core/errors.js';
import { parseSpec } from '../core/strategy.js';
import { addMean, addRate } from '../stats/tally.js';
import { figureTable, mean, rate } from './columns.js';
import { Arm } from './arm.js';
import { standing } from './standing.js';
import type { ExperimentDef, ExperimentParams, Games, PluginRef } from './experiment.js';
import { intervalChart, kindAxis, kindPanel, rowsOf, tableNamed } from '../report/specs.js';
import {
  addNight,
  RISK_KINDS,
  RISK_MEANING,
  RISK_METHODS,
  RISK_RANGE,
  riskFigures,
  riskKinds,
  studyRisk,
  type RiskParams,
} from './risk.js';
import { ANY_REAL, PLACE, SHARE } from './ranges.js';

export interface SimParams extends ExperimentParams {
  game: string;
  rules: Record<string, unknown>;
  seats: string[];
  /** The strategy plug-ins it plays (library/plugins.ts loads them). */
  plugins?: PluginRef[];
  /** The risk of a night (sessions of consecutive games), for a game played for money. */
  risk?: RiskParams;
}

/** Builds the arm of an ad-hoc study on a game of `catalog`; `sim` and `replay` share it so a replay
 * plays the very game the run played. */
export function simArm(p: SimParams, catalog: Games): Arm {
  const entry = catalog.game(p.game);
  // Each spec is checked before the count: a malformed one (`kelly*x`, meant as six seats)
  // also makes the count wrong, and the count's line would hide the real mistake.
  const specs = p.seats.map((s) => parseSpec(s, entry.strategies, p.game, p.rules));
  const need = entry.def.seats(p.rules);
  if (p.seats.length !== need) {
    const sized = entry.def.schema.options.find((o) => o.key === 'players');
    const how = sized
      ? `; give ${need} specs, or a seat count the players rule allows (${sized.allowed}) when the rules do not fix it`
      : `; give ${need} specs`;
    throw new InputError(`--seats: ${p.game} with these rules has ${need} seats; got ${p.seats.length} strategy specs${how}`);
  }
  return new Arm(entry.def, p.rules, specs, entry.strategies);
}

/** `pongsim sim`: one line-up of strategies under one set of rules, on a game of `catalog`. */
export function simDef(catalog: Games): ExperimentDef {
  const sim: ExperimentDef = {
    name: 'sim',
    columns: {
      kind: `seat (mean result per game), win (probability of winning the game, ties shared), place (mean place), rate (the game's own rates), or with --session a risk figure of the seat (ruin with --bankroll): ${RISK_KINDS.map((k) => `${k} (${RISK_MEANING[k]})`).join(', ')}; intervals: ${RISK_METHODS}`,
      name: "the seat number, or the rate's name",
      strategy: "the seat's strategy spec",
      value: {
        meaning: "the estimate: mean result (the game's points, or penalty where lower is better), probability, place or rate",
        range: { byKind: { seat: ANY_REAL, win: SHARE, place: PLACE, rate: SHARE, ...RISK_RANGE } },
      },
    },
    doc: "an ad-hoc study (pongsim sim): per seat its mean result, its share of first places (ties shared) and its mean place, plus the game's own rates",
    charts: [
      {
        name: 'sim',
        caption:
          "Each seat's mean result per game, win probability and mean place, and the game's rates, with 95% intervals; a panel per kind of figure, each on its own scale, its axis naming the quantity and unit.",
        spec: (tables) =>
          intervalChart({
            title: 'Each seat and rate, with 95% intervals',
            rows: rowsOf(tableNamed(tables, 'sim')).map((r) => ({
              ...r,
              label: r.kind === 'rate' ? String(r.name) : `seat ${r.name}: ${r.strategy}`,
              panel: kindPanel(r.kind),
            })),
            category: 'label',
            categoryTitle: null,
            value: 'value',
            axis: '',
            panel: 'panel',
            axes: (p) => kindAxis(p),
          }),
      },
    ],
    defaultGames: 10000,
    build(params) {
      const p = params as SimParams;
      const arm = simArm(p, catalog);
      const n = arm.specs.length;
      const night = studyRisk(p.game, () => catalog.risk(p.game), p.rules, p);
      return {
        name: 'sim',
        games: p.games ?? 10000,
        chunk: 500,
        cells: [p.game],
        provenance: {
          game: p.game,
          rules: p.rules,
          seats: arm.specs.map((s) => s.text),
          ...(p.plugins?.length ? { plugins: p.plugins } : {}),
          ...(night ? { risk: { ...night.risk, unit: night.money.unit } } : {}),
        },
        runGame(cell, index, seed, tally) {
          const s = arm.play(seed, cell, index);
          for (let k = 0; k < n; k++) {
            addMean(tally, `seat${k}`, arm.returns[k]!);
            const st = standing(arm.returns, k, arm.game.lowerIsBetter);
            addMean(tally, `win${k}`, st.win);
            addMean(tally, `place${k}`, st.place);
            addNight(tally, `seat${k}`, night, index, arm.returns[k]!);
          }
          arm.game.rates(s, (name, count, total) => addRate(tally, name, count, total));
        },
        tables([t]) {
          const risks = night ? arm.specs.map((_, k) => riskFigures(t!, `seat${k}`, night.money, night.risk)) : [];
          const rows = [
            ...(['seat', 'win', 'place'] as const).flatMap((kind) =>
              arm.specs.map((spec, k) => {
                // A place lies between 1 and the players at the table.
                const m = { ...mean(t!, `${kind}${k}`), players: n };
                return [kind, String(k), spec.text, m.n, m];
              }),
            ),
            ...Object.keys(t!.rates)
              .sort()
              .map((name) => {
                const r = rate(t!, name);
                return ['rate', name, '', r.n, r];
              }),
            // By kind, then seat, as the figures above.
            ...(night
              ? riskKinds(night.risk).flatMap((_, j) =>
                  arm.specs.map((spec, k) => {
                    const [kind, f] = risks[k]![j]!;
                    return [kind, String(k), spec.text, f.n, f];
                  }),
                )
              : []),
          ];
          return [figureTable('sim', ['kind', 'name', 'strategy', 'n', 'value', 'value_ci_low', 'value_ci_high'], rows, sim.columns)];
        },
      };
    },
  };
  return sim;
}
