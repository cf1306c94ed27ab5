import type { GameDef, GameState } from '../core/game.js';
import { ruleChanges, valueText, type RuleChange, type Skipped } from '../core/house-rules.js';
import { resolveRules } from '../core/rules.js';
import { parseSpec, type StrategyDef } from '../core/strategy.js';
import type { CsvTable } from '../core/table.js';
import { addMean, type Tally } from '../stats/tally.js';
import { intervalChart, rowsOf, tableNamed } from '../report/specs.js';
import { Arm } from './arm.js';
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
  significant,
  type Figure,
} from './columns.js';
import type { ColumnDoc } from './dictionary.js';
import type { ExperimentDef } from './experiment.js';
import { ANY_REAL, NON_NEGATIVE, SHARE, SHARE_DIFFERENCE } from './ranges.js';

/**
 * One key figure of a game's house-rule table: a number each finished game gives (a mean per
 * game, so that its paired difference against the baseline is the mean of the per-game
 * differences on the same deals).
 */
export interface KeyFigure {
  /** Its name in the table (`dealer_edge`). */
  name: string;
  /** What values it can take: any real number (a net, an edge), a non-negative amount, or a share. */
  kind: 'net' | 'amount' | 'share';
  /** What it is, with its unit. */
  meaning: string;
  /** The chart's axis title for its change: the quantity and unit. */
  axis: string;
}

/** What a game's house-rule table plays and measures (its catalog entry gives it). */
export interface RuleTableSpec<S extends GameState = GameState> {
  game: GameDef<S>;
  strategies: StrategyDef[];
  /** The strategy every seat plays: the game's reference bot, or a bot that plays what the rules vary (a declaration the reference bot never makes). */
  seat: string;
  /** Settings every arm plays under, the baseline too, that change no rule (how chance is keyed). */
  base?: Record<string, unknown>;
  /** The key figures, the headline first: the table is sorted by the size of each change's effect on it. */
  figures: KeyFigure[];
  /** Writes one finished game's figures into `out`, in the order of `figures` (NaN: not observed in this game); `returns` holds each seat's result. */
  measure(s: S, returns: Float64Array, out: Float64Array): void;
  /** Games per worker task: a fixed size of a fraction of a second with every arm played. */
  chunk: number;
  defaultGames: number;
}

const BASELINE = 'baseline';

/** The first seat's edge: its result less the mean of the others' (the games' own unit). */
export function seatEdge(returns: Float64Array, seat: number): number {
  let rest = 0;
  for (let k = 0; k < returns.length; k++) if (k !== seat) rest += returns[k]!;
  return returns[seat]! - rest / (returns.length - 1);
}

/**
 * `<game>-rule-table` (and `pongsim compare <game> --each-option`): the baseline rules (the
 * game's defaults, or a card's) and every alternative value of every rule option, one change at a
 * time (core/house-rules.ts), each played by one bot in every seat (the spec's) on the same
 * deals as the baseline (common random numbers). Each change's effect on each key figure is its
 * paired difference against the baseline, with its interval; every difference of the table is
 * one family (Holm); the changes are sorted by the size of their effect on the headline figure.
 */
export function ruleTableDef<S extends GameState>(spec: RuleTableSpec<S>): ExperimentDef {
  const id = spec.game.id;
  const name = `${id}-rule-table`;
  const headline = spec.figures[0]!;
  const K = spec.figures.length;
  const byName = new Map(spec.figures.map((f) => [f.name, f]));
  const columns: Record<string, ColumnDoc> = {
    rank: `the change's place by the size of its effect on ${headline.name} (1 = largest; empty for the baseline)`,
    change:
      'the change from the baseline: an option set to one alternative value (key=value; a set of ids: key+id added, key-id taken out), and the settings it is played with',
    option: 'the rule option the change sets',
    setting: 'the value it sets it to (a list of ids joined by commas, none for an empty list)',
    with: 'the settings the change is played with, besides, where the option has no effect without them (key=value; empty for most)',
    figure: `the key figure: ${spec.figures.map((f) => `${f.name} (${f.meaning})`).join('; ')}`,
    kind: 'what values the figure takes: net (any real number), amount (0 or more) or share (0 to 1)',
    value: {
      meaning: "the figure under the row's rules (the baseline's, on the baseline row), a mean over games",
      range: { byKind: { net: ANY_REAL, amount: NON_NEGATIVE, share: SHARE } },
    },
    diff_vs_baseline: {
      meaning: 'the change in the figure: its paired difference against the baseline on the same deals (empty for the baseline)',
      range: { byKind: { net: ANY_REAL, amount: ANY_REAL, share: SHARE_DIFFERENCE } },
    },
    significant:
      'whether the change moves the figure significantly: diff_vs_baseline_p_holm under 5%, Holm among every difference of the table (yes, no; empty for the baseline)',
  };
  const def: ExperimentDef = {
    name,
    question: `${spec.game.title}: what does each house rule change, one at a time, against the defaults?`,
    doc: `every alternative value of every ${id} rule option, one at a time, against the defaults on the same deals (${spec.seat} in every seat): each change's effect on the key figures (${spec.figures.map((f) => f.name).join(', ')}), sorted by its effect on ${headline.name}`,
    keyColumns: { [name]: ['change', 'figure', 'value', 'diff_vs_baseline', 'significant'] },
    columns,
    charts: [
      {
        name,
        caption: `Each house rule's effect: its paired difference against the defaults on the same deals, with 95% intervals, the changes sorted by the size of their effect on ${headline.name} (largest first). The first panel is ${headline.name}, every change; each other panel a key figure, with the changes that move it significantly (Holm over the table), each panel on its own scale; an interval off the dashed zero line is significant.`,
        spec: (tables) =>
          intervalChart({
            // The game's short name, before its title's parenthesis (which may hold the game's name
            // in a script the charts' font does not have).
            title: `${spec.game.title.split(' (')[0]}: each house rule's effect`,
            rows: rowsOf(
              tableNamed(tables, name),
              (r) => typeof r.diff_vs_baseline === 'number' && (r.figure === headline.name || r.significant === 'yes'),
            ).map((r) => ({
              ...r,
              panel: String(r.figure),
            })),
            category: 'change',
            categoryTitle: 'house rule',
            value: 'diff_vs_baseline',
            axis: '',
            panel: 'panel',
            axes: (p) => byName.get(p)?.axis ?? p,
            reference: 0,
          }),
      },
    ],
    defaultGames: spec.defaultGames,
    build(params) {
      const { changes, skipped } = ruleChanges(spec.game.schema);
      // A run's own rules (a card of hands) lie under the study's settings and each change.
      const own = (params.rules as Record<string, unknown> | undefined) ?? {};
      const rulesOf = (set: Record<string, unknown>, where: string) =>
        resolveRules(spec.game.schema, [
          { where: `${name} rules`, values: own },
          { where: `${name} settings`, values: spec.base ?? {} },
          { where: `${name} change ${where}`, values: set },
        ]);
      const armOf = (rules: unknown): Arm<S> => {
        const seat = parseSpec(spec.seat, spec.strategies, id, rules);
        return new Arm(
          spec.game,
          rules,
          Array.from({ length: spec.game.seats(rules) }, () => seat),
          spec.strategies,
        );
      };
      const rows: { label: string; change: RuleChange | null }[] = [
        { label: BASELINE, change: null },
        ...changes.map((c) => ({ label: c.label, change: c })),
      ];
      const arms = rows.map((r) => armOf(rulesOf(r.change?.set ?? {}, r.label)));
      const values = arms.map(() => new Float64Array(K));
      const games = params.games ?? spec.defaultGames;
      return {
        name,
        games,
        chunk: spec.chunk,
        cells: [id],
        provenance: {
          game: id,
          seats: `${spec.seat} x ${arms[0]!.specs.length}`,
          baseline: arms[0]!.rules,
          settings: spec.base ?? {},
          figures: spec.figures.map((f) => ({ name: f.name, kind: f.kind, meaning: f.meaning })),
          changes: changes.map((c) => ({ change: c.label, set: c.set })),
          skipped,
        },
        runGame(_cell, index, seed, tally) {
          arms.forEach((arm, i) => {
            const s = arm.play(seed, 0, index);
            const v = values[i]!;
            spec.measure(s, arm.returns, v);
            // A figure the game did not observe (NaN) is left out, and its difference with it.
            for (let f = 0; f < K; f++) {
              const x = v[f]!;
              if (Number.isNaN(x)) continue;
              addMean(tally, `${i}|${f}`, x);
              const b = values[0]![f]!;
              if (i > 0 && !Number.isNaN(b)) addMean(tally, `d|${i}|${f}`, x - b);
            }
          });
        },
        tables([t]: Tally[]) {
          return [ruleTable(name, spec.figures, rows, t!, columns)];
        },
        summary([t]) {
          return answer(t!, spec.figures, skipped, games);
        },
      };
    },
  };
  return def;
}

/** The table: the baseline's figures, then each change's, the changes by the size of their effect on the headline. */
function ruleTable(
  name: string,
  figures: KeyFigure[],
  rows: { label: string; change: RuleChange | null }[],
  t: Tally,
  columns: Record<string, ColumnDoc>,
): CsvTable {
  const K = figures.length;
  const diffs = rows.map((_, i) => (i === 0 ? [] : figures.map((_, f) => diff(t, `d|${i}|${f}`))));
  family(diffs.flat());
  // A change that played the very games of the baseline (every difference exactly 0) moved nothing.
  const none = (i: number) => diffs[i]!.every((d) => d.value === 0 && d.low === 0 && d.high === 0);
  const order = rows
    .map((_, i) => i)
    .slice(1)
    .sort((a, b) => Number(none(a)) - Number(none(b)) || Math.abs(diffs[b]![0]!.value) - Math.abs(diffs[a]![0]!.value) || a - b);
  const out: (string | number | Figure)[][] = [];
  const add = (i: number, rank: number | '') => {
    const c = rows[i]!.change;
    for (let f = 0; f < K; f++) {
      const d: Figure | '' = i === 0 ? '' : diffs[i]![f]!;
      out.push([
        rank,
        rows[i]!.label,
        c?.key ?? '',
        c ? valueText(c.value) : '',
        c?.withText ?? '',
        figures[f]!.name,
        figures[f]!.kind,
        mean(t, `${i}|${f}`),
        d,
        d === '' ? '' : significant(d) ? 'yes' : 'no',
      ]);
    }
  };
  add(0, '');
  order.forEach((i, r) => add(i, r + 1));
  return figureTable(
    name,
    [
      'rank',
      'change',
      'option',
      'setting',
      'with',
      'figure',
      'kind',
      ...meanColumns('value'),
      ...diffColumns('diff_vs_baseline'),
      'significant',
    ],
    out,
    columns,
  );
}

const signed = (f: Figure): string => `${f.value > 0 ? '+' : ''}${quote(f, digits(f), 'games')}`;

/** The answer: the baseline, the family, the largest significant effects on the headline, what moved nothing. */
function answer(t: CsvTable, figures: KeyFigure[], skipped: Skipped[], games: number): string[] {
  const c = (n: string) => t.columns.indexOf(n);
  const headline = figures[0]!.name;
  const base = t.rows.filter((r) => r[c('change')] === BASELINE);
  const tested = t.rows.filter((r) => r[c('significant')] !== '');
  const changes = new Set(tested.map((r) => String(r[c('change')])));
  const lines = [
    `baseline (the defaults): ${base.map((r) => `${r[c('figure')]} ${quote(figureIn(t, r, 'value'), digits(figureIn(t, r, 'value')), 'games')}`).join('; ')}`,
    `${changes.size} changes x ${figures.length} figures: ${tested.length} paired differences, each flagged at 5% for the whole family (Holm)` +
      (skipped.length ? `; left out: ${skipped.map((s) => s.key).join(', ')} (why: the table's meta.json, provenance.skipped)` : ''),
  ];
  const onHeadline = tested
    .filter((r) => r[c('figure')] === headline)
    .map((r) => ({ change: String(r[c('change')]), d: figureIn(t, r, 'diff_vs_baseline') }));
  const sig = onHeadline.filter(({ d }) => significant(d));
  if (sig.length) {
    const shown = sig.slice(0, 8).map(({ change, d }) => `${change} ${signed(d)}`);
    lines.push(`largest effects on ${headline}: ${shown.join('; ')}${sig.length > 8 ? `; and ${sig.length - 8} more` : ''}`);
  } else if (onHeadline.length) {
    const top = onHeadline[0]!;
    lines.push(
      `no change moves ${headline} significantly; the largest, ${top.change} ${signed(top.d)}, is ${flagWords(top.d, games, tested.length)}`,
    );
  }
  const moved = new Set(tested.filter((r) => r[c('significant')] === 'yes').map((r) => String(r[c('change')])));
  const still = [...changes].filter((ch) => !moved.has(ch));
  const identical = still.filter((ch) =>
    tested
      .filter((r) => r[c('change')] === ch)
      .every((r) => {
        const d = figureIn(t, r, 'diff_vs_baseline');
        return d.value === 0 && d.low === 0 && d.high === 0;
      }),
  );
  lines.push(`${moved.size} of ${changes.size} changes move some figure significantly`);
  if (identical.length)
    lines.push(
      `these played the very games of the baseline (nothing in them changed how these seats play or are paid): ${identical.join('; ')}`,
    );
  return lines;
}
