import { InputError } from '../core/errors.js';
import { addMean, addRate, type Tally } from '../stats/tally.js';
import {
  diff,
  diffColumns,
  digits,
  family,
  figureIn,
  figureTable,
  flagWords,
  mean,
  meanColumns,
  quote,
  rate,
  significant,
  type Figure,
} from './columns.js';
import type { Arm } from './arm.js';
import type { ExperimentDef, ExperimentParams, Games, PluginRef } from './experiment.js';
import { simArm } from './sim.js';
import { addNight, moneyOf, RISK_KINDS, RISK_RANGE, riskFigures, riskKinds, type Money, type RiskParams } from './risk.js';
import { ANY_REAL, PLACE, PLACE_DIFFERENCE, SHARE, SHARE_DIFFERENCE } from './ranges.js';
import { standing } from './standing.js';
import { intervalChart, kindAxis, kindPanel, rowsOf, tableNamed } from '../report/specs.js';

/** One arm of a comparison: a name, resolved rules and a line-up. */
export interface CompareArm {
  name: string;
  rules: Record<string, unknown>;
  seats: string[];
}

export interface CompareParams extends ExperimentParams {
  game: string;
  arms: CompareArm[];
  /** Index of the baseline arm. */
  baseline: number;
  /** The strategy index whose result is compared, the deal rotated through the seats; null: every seat. */
  focal: number | null;
  /** Figures to report (seat0.., focal, the game's rates); empty: all. */
  metrics?: string[];
  plugins?: PluginRef[];
  /** The risk of a night (sessions of consecutive games), for a game played for money. */
  risk?: RiskParams;
  /** Each seat's mean result less its luck of the chance events (the variance-reduction layer,
   * core/luck.ts): the same mean, a narrower interval. Places, wins, rates and risk as played. */
  luck?: boolean;
}

/** How a message names a setting: as the option (the default), or as a study file's field. */
export type SettingName = (setting: 'focal' | 'metrics') => string;

/**
 * Checks what a comparison needs of its arms, on a game of `catalog`, and that every figure asked for
 * is one they report; one InputError line naming what is wrong.
 */
export function checkArms(p: CompareParams, catalog: Games, named: SettingName = (s) => `--${s}`): Arm[] {
  if (p.arms.length < 2) throw new InputError(`compare: give at least two arms (got ${p.arms.length})`);
  const names = new Set<string>();
  for (const a of p.arms) {
    if (!a.name) throw new InputError("compare: an arm has no name; write --arm 'NAME: --rules ... --seats ...'");
    if (names.has(a.name)) throw new InputError(`compare: two arms are named "${a.name}"; arm names must differ`);
    names.add(a.name);
  }
  const arms = p.arms.map((a) => {
    try {
      return simArm({ game: p.game, rules: a.rules, seats: a.seats }, catalog);
    } catch (e) {
      if (e instanceof InputError) throw new InputError(`compare: arm "${a.name}": ${e.message}`);
      throw e;
    }
  });
  const counts = new Set(arms.map((a) => a.specs.length));
  if (p.focal === null && counts.size > 1) {
    throw new InputError(
      `compare: the arms seat ${[...counts].join(' and ')} players; seat-by-seat comparison needs one count, or name the compared strategy with --focal K`,
    );
  }
  if (p.focal !== null) {
    const short = p.arms.find((_, i) => p.focal! >= arms[i]!.specs.length);
    if (short)
      throw new InputError(
        `compare: ${named('focal')} ${p.focal}: arm "${short.name}" has only ${arms[p.arms.indexOf(short)]!.specs.length} seats (K counts from 0)`,
      );
  }
  const figures = figuresOf(p.focal, arms, p.risk);
  if (p.risk) armMoney(p, catalog);
  const unknown = p.metrics?.find((m) => !figures.includes(m));
  if (unknown !== undefined) {
    const focal = p.focal === null ? ` (${FOCAL_FIGURES.join(', ')} with --focal K)` : '';
    throw new InputError(`${named('metrics')}: "${unknown}" is not a figure of these arms; figures: ${figures.join(', ')}${focal}`);
  }
  return arms;
}

const FOCAL_FIGURES = ['focal', 'focalWin', 'focalPlace'];

/** Every seat's result, win and place figures, or with a focal strategy its own. */
function ownFigures(focal: number | null, seats: number): string[] {
  return focal === null ? ['seat', 'win', 'place'].flatMap((f) => Array.from({ length: seats }, (_, k) => `${f}${k}`)) : FOCAL_FIGURES;
}

/** The results whose sessions the risk figures describe: each seat's, or the focal strategy's. */
const resultFigures = (focal: number | null, seats: number): string[] =>
  focal === null ? Array.from({ length: seats }, (_, k) => `seat${k}`) : ['focal'];

/** The risk figures of a result figure: `seat0:ruin`. */
const riskFigureNames = (focal: number | null, seats: number, risk: RiskParams): string[] =>
  resultFigures(focal, seats).flatMap((f) => riskKinds(risk).map((k) => `${f}:${k}`));

/** How each arm's results become money; errors name the arm. */
function armMoney(p: CompareParams, catalog: Games): Money[] {
  return p.arms.map((a) => {
    try {
      return moneyOf(p.game, catalog.risk(p.game), a.rules, p.risk!);
    } catch (e) {
      if (e instanceof InputError) throw new InputError(`compare: arm "${a.name}": ${e.message}`);
      throw e;
    }
  });
}

/**
 * Every figure a comparison of these arms reports (their seat counts already checked), in
 * table order. A game reports the same rate names however it goes (they follow from its
 * rules), so a state just created names them without a game played.
 */
function figuresOf(focal: number | null, arms: Arm[], risk: RiskParams | undefined): string[] {
  const rates = new Set<string>();
  for (const a of arms) a.game.rates(a.game.create(a.rules), (name) => rates.add(name));
  return [
    ...ownFigures(focal, arms[0]!.specs.length),
    ...[...rates].sort(),
    ...(risk ? riskFigureNames(focal, arms[0]!.specs.length, risk) : []),
  ];
}

/**
 * `pongsim compare`: arms of rules and line-ups played on the same deals for every game index
 * (common random numbers; with a focal strategy the line-up is rotated through the seats by the
 * game index, duplicate style), each figure reported with its interval and its paired difference
 * against the baseline arm; the game is one of `catalog`'s.
 */
export function compareDef(catalog: Games): ExperimentDef {
  const compare: ExperimentDef = {
    name: 'compare',
    question: 'What does each arm change against the baseline, on the same deals?',
    keyColumns: { compare: ['arm', 'figure', 'value', 'diff_vs_baseline', 'significant'] },
    columns: {
      arm: "the arm's name",
      figure:
        "seatK (seat K's mean result per game), winK and placeK (its win probability and mean place), focal, focalWin, focalPlace (the compared strategy's), a rate the game reports, or with --session a risk figure of seatK or focal (seat0:session_q05, seat0:ruin with --bankroll; see kind)",
      kind: `seat, focal, win, place, rate, or a risk figure: ${RISK_KINDS.join(', ')} (as in sim's table)`,
      strategy: 'the strategy behind a seat figure',
      value: {
        meaning: "the arm's estimate of the figure",
        range: { byKind: { seat: ANY_REAL, focal: ANY_REAL, win: SHARE, place: PLACE, rate: SHARE, ...RISK_RANGE } },
      },
      diff_vs_baseline: {
        meaning:
          'paired difference against the baseline arm on the same deals (empty for the baseline, and for the risk figures, whose paired differences are not estimated)',
        range: { byKind: { seat: ANY_REAL, focal: ANY_REAL, win: SHARE_DIFFERENCE, place: PLACE_DIFFERENCE, rate: SHARE_DIFFERENCE } },
      },
      significant:
        'whether the paired difference is significant: diff_vs_baseline_p_holm under 5%, Holm among every difference of the table (yes, no; empty for the baseline and the risk figures)',
    },
    doc: 'a comparison (pongsim compare): arms of rules and line-ups on the same deals, every figure with its paired difference against the baseline',
    charts: [
      {
        name: 'compare',
        caption:
          "Each arm's paired difference against the baseline arm on the same deals, with 95% intervals; a panel per kind of figure, each on its own scale, its axis naming the quantity and unit; an interval off the dashed zero line is significant.",
        spec: (tables) =>
          intervalChart({
            title: 'Paired differences against the baseline arm',
            // The baseline has no difference with itself: its rows are left out.
            rows: rowsOf(tableNamed(tables, 'compare'), (r) => typeof r.diff_vs_baseline === 'number').map((r) => ({
              ...r,
              label: `${r.arm}: ${r.figure}`,
              panel: kindPanel(r.kind),
            })),
            category: 'label',
            categoryTitle: null,
            value: 'diff_vs_baseline',
            axis: '',
            panel: 'panel',
            axes: (p) => kindAxis(p, true),
            reference: 0,
          }),
      },
    ],
    defaultGames: 10000,
    build(params) {
      const p = params as CompareParams;
      const arms = checkArms(p, catalog);
      const game = catalog.game(p.game).def;
      if (p.luck && !arms.every((a) => a.meter())) throw new InputError(`compare --luck: ${p.game} has no luck meter; leave --luck out`);
      const base = p.baseline;
      const focal = p.focal;
      const names = p.arms.map((a) => a.name);
      // One game's figures per arm, reused game after game.
      const values = arms.map(() => new Map<string, number>());
      const wanted = (f: string) => !p.metrics?.length || p.metrics.includes(f);
      const risk = p.risk;
      const money = risk && armMoney(p, catalog);
      const nights = money?.map((m) => ({ risk: risk!, money: m }));
      return {
        name: 'compare',
        games: p.games ?? 10000,
        chunk: Math.max(10, Math.round(500 / arms.length)),
        cells: [p.game],
        provenance: {
          game: p.game,
          baseline: names[base],
          focal,
          arms: p.arms.map((a, i) => ({ name: a.name, rules: a.rules, seats: arms[i]!.specs.map((s) => s.text) })),
          ...(p.plugins?.length ? { plugins: p.plugins } : {}),
          ...(p.luck ? { luck: true } : {}),
        },
        runGame(_cell, index, seed, tally) {
          arms.forEach((arm, i) => {
            const v = values[i]!;
            v.clear();
            const n = arm.specs.length;
            const s = arm.play(seed, 0, index, focal === null ? 0 : index % n);
            const lower = arm.game.lowerIsBetter;
            const result = p.luck ? arm.corrected : arm.returns;
            if (focal === null) {
              for (let k = 0; k < n; k++) v.set(`seat${k}`, result[k]!);
              for (let k = 0; k < n; k++) {
                const st = standing(arm.returns, k, lower);
                v.set(`win${k}`, st.win);
                v.set(`place${k}`, st.place);
              }
            } else {
              v.set('focal', result[focal]!);
              const st = standing(arm.returns, focal, lower);
              v.set('focalWin', st.win);
              v.set('focalPlace', st.place);
            }
            const night = nights?.[i];
            if (night) {
              if (focal === null) for (let k = 0; k < n; k++) addNight(tally, `${i}|seat${k}`, night, index, arm.returns[k]!);
              else addNight(tally, `${i}|focal`, night, index, arm.returns[focal]!);
            }
            for (const [f, x] of v) addMean(tally, `${i}|${f}`, x);
            game.rates(s, (name, count, total) => {
              addRate(tally, `${i}|${name}`, count, total);
              if (total > 0) v.set(name, count / total);
            });
          });
          for (let i = 0; i < arms.length; i++) {
            if (i === base) continue;
            for (const [f, x] of values[i]!) {
              const b = values[base]!.get(f);
              if (b !== undefined) addMean(tally, `d|${i}|${f}`, x - b);
            }
          }
        },
        tables([t]: Tally[]) {
          const rows: { cells: (string | number | Figure)[]; d: Figure | '' }[] = [];
          arms.forEach((arm, i) => {
            const figures = ownFigures(focal, arm.specs.length);
            const rates = Object.keys(t!.rates)
              .filter((k) => k.startsWith(`${i}|`))
              .map((k) => k.slice(k.indexOf('|') + 1))
              .sort();
            for (const f of [...figures, ...rates]) {
              if (!wanted(f)) continue;
              const isRate = !figures.includes(f);
              const strategy = isRate ? '' : arm.specs[focal ?? Number(/\d+$/.exec(f)![0])]!.text;
              // A place lies between 1 and the arm's players, a difference of places within them less 1.
              const players = arm.specs.length;
              const est = isRate ? rate(t!, `${i}|${f}`) : { ...mean(t!, `${i}|${f}`), players };
              const d = i === base ? '' : { ...diff(t!, `d|${i}|${f}`), players };
              const kind = isRate
                ? 'rate'
                : /^(win|focalWin)/.test(f)
                  ? 'win'
                  : /^(place|focalPlace)/.test(f)
                    ? 'place'
                    : focal === null
                      ? 'seat'
                      : 'focal';
              rows.push({ cells: [names[i]!, f, kind, strategy, est.n, est], d });
            }
            if (!money) return;
            for (const f of resultFigures(focal, arm.specs.length)) {
              const strategy = arm.specs[focal ?? Number(/\d+$/.exec(f)![0])]!.text;
              for (const [kind, est] of riskFigures(t!, `${i}|${f}`, money[i]!, risk!)) {
                if (wanted(`${f}:${kind}`)) rows.push({ cells: [names[i]!, `${f}:${kind}`, kind, strategy, est.n, est], d: '' });
              }
            }
          });
          // Every difference of the table is one family: the answer and the significant column flag them together.
          family(rows.flatMap((r) => (r.d === '' ? [] : [r.d])));
          return [
            figureTable(
              'compare',
              ['arm', 'figure', 'kind', 'strategy', 'n', ...meanColumns('value'), ...diffColumns('diff_vs_baseline'), 'significant'],
              rows.map((r) => [...r.cells, r.d, r.d === '' ? '' : significant(r.d) ? 'yes' : 'no']),
              compare.columns,
            ),
          ];
        },
        summary([t]) {
          const c = (n: string) => t!.columns.indexOf(n);
          const games = p.games ?? 10000;
          const tested = t!.rows.filter((r) => r[c('significant')] !== '');
          const lines: string[] = [
            `baseline: ${names[base]}; ${focal === null ? 'every seat compared' : `strategy ${focal} compared, rotated through the seats`}; ` +
              `${tested.length} paired differences tested, each flagged at 5% for the whole family (Holm)`,
          ];
          names.forEach((name, i) => {
            if (i === base) return;
            const mine = t!.rows
              .filter((r) => r[0] === name && r[c('significant')] !== '')
              .map((r) => ({ figure: String(r[c('figure')]), d: figureIn(t!, r, 'diff_vs_baseline') }));
            if (mine.every(({ d }) => d.value === 0 && d.low === 0 && d.high === 0)) {
              lines.push(
                `${name} vs ${names[base]}: every paired difference is exactly 0 over ${mine.length} figures: the two arms played identical games (nothing in ${name} changed how these seats play)`,
              );
              return;
            }
            // Significant differences, the strongest evidence first.
            const sig = mine.filter(({ d }) => significant(d)).sort((a, b) => a.d.p! - b.d.p! || Math.abs(b.d.value) - Math.abs(a.d.value));
            const shown = sig.slice(0, 6).map(({ figure, d }) => `${figure} ${d.value > 0 ? '+' : ''}${quote(d, digits(d))}`);
            if (sig.length) {
              lines.push(
                `${name} vs ${names[base]}: ${shown.join('; ')}${sig.length > 6 ? `; and ${sig.length - 6} more` : ''} (significant, of ${mine.length} figures)`,
              );
              return;
            }
            const largest = [...mine].sort((a, b) => (a.d.p ?? 1) - (b.d.p ?? 1))[0]!;
            lines.push(
              `${name} vs ${names[base]}: no figure differs significantly over ${mine.length} figures; the strongest, ${largest.figure} ${quote(largest.d, digits(largest.d))}, is ${flagWords(largest.d, games, tested.length)}`,
            );
          });
          return lines;
        },
      };
    },
  };
  return compare;
}
