import { InputError } from '../src/core/errors.js';
import { resolveRules } from '../src/core/rules.js';
import { parseSpec } from '../src/core/strategy.js';
import { Arm } from '../src/experiment/arm.js';
import {
  apartP,
  diff,
  diffColumns,
  family,
  figureIn,
  figureTable,
  mean,
  meanColumns,
  quote,
  rate,
  rateColumns,
  significant,
  type Figure,
} from '../src/experiment/columns.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import { standing } from '../src/experiment/standing.js';
import { addMean, addRate, type Tally } from '../src/stats/tally.js';
import { nylonppong } from '../src/games/hwatu/nylonppong/game.js';
import { ALPHA, holm } from '../src/stats/family.js';
import type { NylonRules } from '../src/games/hwatu/nylonppong/rules.js';
import type { NylonState } from '../src/games/hwatu/nylonppong/state.js';
import { nylonppongStrategies } from '../strategies/nylonppong/index.js';
import { endCells, endColumns, RoundCounter } from './stop-limit.js';
import { curveChart, intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL, NON_NEGATIVE, PLACE_DIFFERENCE, SHARE, SHARE_DIFFERENCE } from '../src/experiment/ranges.js';

const ALL_COMBOS = ['threePairs', 'twoTriplets', 'fourAndPair', 'straight', 'tenOrLess', 'fourOfAKind', 'daeppang'];
const DEFAULT_COMBOS = ALL_COMBOS.slice(0, 5);

/** Single-option changes from the defaults (a few need a companion option to have any effect). */
const CHANGES: Record<string, Record<string, unknown>> = {
  'stopLimit=5': { stopLimit: 5 },
  stopRequiresOtherPong: { stopRequiresOtherPong: true },
  'stopCompareWith=pongedPlayersOnly': { stopCompareWith: 'pongedPlayersOnly' },
  'stopTieFails=false': { stopTieFails: false },
  'failedStopPenalty=50': { failedStopPenalty: 50 },
  'stopSuccessBonus=limitMinusSum': { stopSuccessBonus: 'limitMinusSum' },
  failedStopVictimScoresZero: { failedStopVictimScoresZero: true },
  'dealInPenalty=50': { dealInPenalty: 50 },
  'dealInPenalty=20': { dealInPenalty: 20 },
  'pongTiming=anyTime': { pongTiming: 'anyTime' },
  'pongWhenPileEmpty=false': { pongWhenPileEmpty: false },
  'reshuffleLimit=1': { reshuffleLimit: 1 },
  'reshuffleLimit=2': { reshuffleLimit: 2 },
  'reshuffleLimit=1,reshuffleKeepsTopDiscard=false': { reshuffleLimit: 1, reshuffleKeepsTopDiscard: false },
  '+fourOfAKind': { 'combos.enabled': [...DEFAULT_COMBOS, 'fourOfAKind'] },
  '+daeppang(66)': { 'combos.enabled': [...DEFAULT_COMBOS, 'daeppang'] },
  '+daeppang(60)': { 'combos.enabled': [...DEFAULT_COMBOS, 'daeppang'], 'combos.daeppangThreshold': 60 },
  straightWrap: { 'combos.straightWrap': true },
  'no combinations': { 'combos.enabled': [] },
  concealedTriplet: { concealedTriplet: true },
  'concealedTriplet,scoring=count': { concealedTriplet: true, concealedTripletScoring: 'count' },
  'concealedTriplet,aloneEnds': { concealedTriplet: true, concealedTripletAloneEnds: true },
  jayeonPpongLayDown: { jayeonPpongLayDown: true },
  'nextStarter=roundLoser': { nextStarter: 'roundLoser' },
  'nextStarter=roundEnderOrPenalised': { nextStarter: 'roundEnderOrPenalised' },
  'direction=cw': { direction: 'cw' },
  'scoring=moneyRanking': { scoring: 'moneyRanking' },
};

/** Every variant: the defaults, each preset, each single change. */
export const HOUSE_VARIANTS: Record<string, Record<string, unknown>> = {
  default: {},
  ...Object.fromEntries(
    Object.entries(nylonppong.schema.presets)
      .filter(([k]) => k !== 'fudawiki')
      .map(([k, p]) => [`preset ${k}`, p.set]),
  ),
  ...CHANGES,
};

interface Cell {
  name: string;
  rules: NylonRules;
  arm: Arm<NylonState, NylonRules>;
}

/**
 * `nylonppong-house-rules`: four basic seats under each preset and single-option change,
 * each played on the same deals as the defaults (paired differences). Reports round length,
 * how rounds end, the penalty per round, the starter's advantage (mean round score by
 * position from the starter), the spread of game scores, and game wins by seat.
 */
export const nylonppongHouseRules: ExperimentDef = {
  name: 'nylonppong-house-rules',
  question: 'Nylon-ppong: what does each house rule do to the game?',
  keyColumns: {
    'nylonppong-house-rules': [
      'variant',
      'round_turns',
      'end_stop',
      'end_stop_failed',
      'end_go_out',
      'penalty_per_round',
      'starter_edge_per_round',
    ],
    'nylonppong-house-rules-position': [],
    'nylonppong-house-rules-seat': [],
  },
  columns: {
    change: 'the options the variant sets, as JSON',
    diff_round_turns_vs_default: { meaning: 'paired difference in turns per round against the defaults, same deals', range: ANY_REAL },
    penalty_per_round: {
      meaning: 'penalty points per seat per round (lower is better; empty under money scoring, where what a round moves sums to 0)',
      range: NON_NEGATIVE,
    },
    diff_penalty_per_round_vs_default: {
      meaning: 'paired difference in penalty per round against the defaults (empty under money scoring)',
      range: ANY_REAL,
    },
    starter_edge_per_round: {
      meaning: "the round starter's penalty per round less the others' mean (negative = starting helps; empty under money scoring)",
      range: ANY_REAL,
    },
    game_score_sd: { meaning: 'standard deviation of the four game scores at the table (penalty points)', range: NON_NEGATIVE },
    game_score_range: { meaning: 'highest less lowest game score at the table (penalty points)', range: NON_NEGATIVE },
    position_from_starter: "seat position counted from the round's starter in play order (0 = starter)",
    win_rate: { meaning: 'share of games the seat won alone (0-1)', range: SHARE },
    tie_rate: { meaning: 'share of games the seat tied for the win (0-1)', range: SHARE },
    game_score: { meaning: "the seat's penalty points per game (lower is better; money lost under money scoring)", range: ANY_REAL },
    win_prob_diff_vs_default: { meaning: 'paired difference in win_prob against the defaults, same deals', range: SHARE_DIFFERENCE },
    place_diff_vs_default: { meaning: 'paired difference in mean_place against the defaults (negative = better)', range: PLACE_DIFFERENCE },
  },
  doc: 'Nylon-ppong presets and single house-rule changes against the defaults, four basic seats: round length, end reasons, starter advantage, score spread, wins by seat',
  charts: [
    {
      name: 'nylonppong-house-rules',
      caption:
        'What each house rule does to the penalty per round: its paired difference against the defaults on the same deals, with 95% intervals, largest first; an interval off the dashed zero line is significant. Money-scoring rules are left out: their rounds move money, not penalty points.',
      spec: (tables) =>
        intervalChart({
          title: "Nylon-ppong: each house rule's effect on the penalty per round",
          rows: rowsOf(tableNamed(tables, 'nylonppong-house-rules'), (r) => typeof r.diff_penalty_per_round_vs_default === 'number').sort(
            (a, b) => (b.diff_penalty_per_round_vs_default as number) - (a.diff_penalty_per_round_vs_default as number),
          ),
          category: 'variant',
          categoryTitle: 'house rule',
          value: 'diff_penalty_per_round_vs_default',
          axis: 'change in penalty per round against the defaults (points)',
          reference: 0,
        }),
    },
    {
      name: 'nylonppong-house-rules-position',
      caption:
        "Penalty per round by seat position after the round's starter, with 95% intervals, a panel per house rule (money-scoring rules left out).",
      spec: (tables) =>
        curveChart({
          title: 'Nylon-ppong: penalty per round by position from the starter',
          rows: rowsOf(tableNamed(tables, 'nylonppong-house-rules-position'), (r) => typeof r.penalty_per_round === 'number'),
          x: 'position_from_starter',
          xAxis: 'seats after the starter',
          y: 'penalty_per_round',
          yAxis: 'penalty (points/round)',
          series: 'variant',
          seriesTitle: 'house rule',
          panel: 'variant',
          wrap: 5,
          small: true,
        }),
    },
  ],
  defaultGames: 20000,
  build(params) {
    const want = params.variant === undefined ? Object.keys(HOUSE_VARIANTS) : [params.variant].flat().map(String);
    for (const v of want)
      if (!(v in HOUSE_VARIANTS))
        throw new InputError(
          `nylonppong-house-rules: unknown variant ${JSON.stringify(v)}; allowed: ${Object.keys(HOUSE_VARIANTS).join('; ')}`,
        );
    const base = (params.rules as Record<string, unknown> | undefined) ?? {};
    const armFor = (name: string, over: Record<string, unknown>): Cell => {
      const rules = resolveRules(nylonppong.schema, [
        { where: 'nylonppong-house-rules rules', values: base },
        { where: `nylonppong-house-rules variant ${name}`, values: over },
      ]);
      const spec = parseSpec('basic', nylonppongStrategies, 'nylonppong', rules);
      return {
        name,
        rules,
        arm: new Arm(
          nylonppong,
          rules,
          Array.from({ length: rules.players }, () => spec),
          nylonppongStrategies,
        ),
      };
    };
    const reference = armFor('default', {});
    const cells = want.map((name) => (name === 'default' ? reference : armFor(name, HOUSE_VARIANTS[name]!)));
    const n = reference.rules.players;
    const counter = new RoundCounter();
    const byPosition = new Float64Array(n);
    const perRound = (c: Cell, s: NylonState): number => {
      let x = 0;
      for (let i = 0; i < s.recScore.length; i++) x += s.recScore[i]!;
      return x / (c.rules.rounds * s.n);
    };
    const games = params.games ?? 20000;
    return {
      name: 'nylonppong-house-rules',
      games,
      chunk: 2000,
      cells: cells.map((c) => c.name),
      provenance: {
        baseRules: base,
        seats: 'basic x players',
        variants: Object.fromEntries(cells.map((c) => [c.name, { change: HOUSE_VARIANTS[c.name], rules: c.rules }])),
      },
      runGame(cell, index, seed, tally) {
        const c = cells[cell]!;
        const ref = c === reference ? null : reference.arm.play(seed, cell, index);
        const refRound = ref ? perRound(reference, ref) : 0;
        const refTurns = ref ? ref.recTurns.reduce((a, b) => a + b, 0) / ref.cfg.rounds : 0;
        const s = c.arm.play(seed, cell, index);
        const k = s.n;
        const R = c.rules.rounds;
        // Under money scoring a round moves money that sums to 0: it has no penalty to report.
        const points = c.rules.scoring !== 'moneyRanking';
        counter.add(s);
        counter.flush(tally, 'v');
        const round = perRound(c, s);
        const turns = s.recTurns.reduce((a, b) => a + b, 0) / R;
        if (points) addMean(tally, 'penalty', round);
        if (ref) {
          if (points && reference.rules.scoring !== 'moneyRanking') addMean(tally, 'diffPenalty', round - refRound);
          addMean(tally, 'diffTurns', turns - refTurns);
        }
        // Mean round score by position from that round's starter; the starter's edge over the rest.
        byPosition.fill(0);
        for (let r = 0; r < R; r++) {
          for (let seat = 0; seat < k; seat++) {
            const pos = ((((seat - s.recStarter[r]!) * s.cfg.step) % k) + k) % k;
            byPosition[pos]! += s.recScore[r * k + seat]! / R;
          }
        }
        if (points) {
          for (let p = 0; p < k; p++) addMean(tally, `pos${p}`, byPosition[p]!);
          let rest = 0;
          for (let p = 1; p < k; p++) rest += byPosition[p]!;
          addMean(tally, 'starterEdge', byPosition[0]! - rest / (k - 1));
        }
        // Spread of the game scores: their standard deviation across the table, and the range.
        let sum = 0;
        let lo = Infinity;
        let hi = -Infinity;
        for (let seat = 0; seat < k; seat++) {
          const x = s.total[seat]!;
          sum += x;
          lo = Math.min(lo, x);
          hi = Math.max(hi, x);
        }
        let ss = 0;
        for (let seat = 0; seat < k; seat++) ss += (s.total[seat]! - sum / k) ** 2;
        addMean(tally, 'sd', Math.sqrt(ss / (k - 1)));
        addMean(tally, 'range', hi - lo);
        // Game wins by seat (gameTie = 'share': ties are counted apart).
        let winners = 0;
        for (let seat = 0; seat < k; seat++) if (s.total[seat] === lo) winners++;
        for (let seat = 0; seat < k; seat++) {
          const top = s.total[seat] === lo;
          addRate(tally, `win${seat}`, top && winners === 1 ? 1 : 0, 1);
          addRate(tally, `tie${seat}`, top && winners > 1 ? 1 : 0, 1);
          addMean(tally, `game${seat}`, s.total[seat]!);
          // The game's objective (ties shared) and the finishing place, paired with the defaults on the same deals.
          const st = standing(s.total, seat, true);
          addMean(tally, `share${seat}`, st.win);
          addMean(tally, `place${seat}`, st.place);
          if (!ref) continue;
          const sr = standing(ref.total, seat, true);
          addMean(tally, `shareDiff${seat}`, st.win - sr.win);
          addMean(tally, `placeDiff${seat}`, st.place - sr.place);
        }
      },
      tables(tallies) {
        // Each table's differences against the defaults are one family.
        const against = (t: Tally, key: string): Figure | '' => (t.means[key] ? diff(t, key) : '');
        const measured = (t: Tally, key: string): Figure | '' => (t.means[key] ? mean(t, key) : '');
        // A difference of places lies within the players at the table less 1.
        const withPlayers = (f: Figure | ''): Figure | '' => (f === '' ? f : { ...f, players: n });
        const changes = tallies.map((t) => [against(t, 'diffTurns'), against(t, 'diffPenalty')]);
        const seatChanges = tallies.map((t) =>
          Array.from({ length: n }, (_, seat) => [against(t, `shareDiff${seat}`), withPlayers(against(t, `placeDiff${seat}`))]),
        );
        family(changes.flat().filter((d) => d !== ''));
        family(seatChanges.flat(2).filter((d) => d !== ''));
        const main = cells.map((c, i) => {
          const t = tallies[i]!;
          return [
            c.name,
            JSON.stringify(HOUSE_VARIANTS[c.name]),
            t.means['v.turns']?.n ?? 0,
            mean(t, 'v.turns'),
            changes[i]![0]!,
            ...endCells(t, 'v'),
            measured(t, 'penalty'),
            changes[i]![1]!,
            measured(t, 'starterEdge'),
            mean(t, 'sd'),
            mean(t, 'range'),
          ];
        });
        const positions = cells.flatMap((c, i) => Array.from({ length: n }, (_, p) => [c.name, p, measured(tallies[i]!, `pos${p}`)]));
        const seats = cells.flatMap((c, i) =>
          Array.from({ length: n }, (_, seat) => {
            const t = tallies[i]!;
            return [
              c.name,
              seat,
              rate(t, `win${seat}`),
              rate(t, `tie${seat}`),
              mean(t, `game${seat}`),
              mean(t, `share${seat}`),
              { ...mean(t, `place${seat}`), players: n },
              ...seatChanges[i]![seat]!,
            ];
          }),
        );
        return [
          figureTable(
            'nylonppong-house-rules',
            [
              'variant',
              'change',
              'games',
              ...meanColumns('round_turns'),
              ...diffColumns('diff_round_turns_vs_default'),
              ...endColumns(),
              ...meanColumns('penalty_per_round'),
              ...diffColumns('diff_penalty_per_round_vs_default'),
              ...meanColumns('starter_edge_per_round'),
              ...meanColumns('game_score_sd'),
              ...meanColumns('game_score_range'),
            ],
            main,
            nylonppongHouseRules.columns,
          ),
          figureTable(
            'nylonppong-house-rules-position',
            ['variant', 'position_from_starter', ...meanColumns('penalty_per_round')],
            positions,
            nylonppongHouseRules.columns,
          ),
          figureTable(
            'nylonppong-house-rules-seat',
            [
              'variant',
              'seat',
              ...rateColumns('win_rate'),
              ...rateColumns('tie_rate'),
              ...meanColumns('game_score'),
              ...meanColumns('win_prob'),
              ...meanColumns('mean_place'),
              ...diffColumns('win_prob_diff_vs_default'),
              ...diffColumns('place_diff_vs_default'),
            ],
            seats,
            nylonppongHouseRules.columns,
          ),
        ];
      },
      summary(tables) {
        const t = tables[0]!;
        const col = (name: string) => t.columns.indexOf(name);
        const lines: string[] = [];
        const def = t.rows.find((r) => r[col('variant')] === 'default');
        if (def) {
          lines.push(
            `defaults: ${quote(figureIn(t, def, 'round_turns'))} turns a round; the starter's penalty per round less the others' ` +
              `${quote(figureIn(t, def, 'starter_edge_per_round'))} (negative: starting helps)`,
          );
        }
        // The shortest and longest rounds, and whether the next variant is told apart from them
        // (the variants play deals of their own, so two of them compare as independent samples).
        const byTurns = [...t.rows]
          .sort((a, b) => (a[col('round_turns')] as number) - (b[col('round_turns')] as number))
          .map((r) => ({ name: String(r[col('variant')]), f: figureIn(t, r, 'round_turns') }));
        if (byTurns.length >= 2) {
          const [shortest, next] = [byTurns[0]!, byTurns[1]!];
          const [longest, before] = [byTurns.at(-1)!, byTurns.at(-2)!];
          const [p1, p2] = holm([apartP(shortest.f, next.f), apartP(longest.f, before.f)]);
          const end = (words: string, a: typeof shortest, b: typeof shortest, p: number) =>
            p < ALPHA
              ? `${words}: ${a.name} (${quote(a.f)} turns; the next, ${b.name}, ${quote(b.f)})`
              : `${words}: ${a.name} (${quote(a.f)}) and ${b.name} (${quote(b.f)}), which ${games} games cannot tell apart`;
          lines.push(`${end('shortest rounds', shortest, next, p1!)}; ${end('longest', longest, before, p2!)} (Holm, 5%)`);
        }
        // How many variants move the penalty and the round length, on the same deals as the defaults.
        const others = t.rows.filter((r) => r !== def);
        if (others.length) {
          const moved = (name: string, words: string) => {
            // Money-scoring rules have no penalty to compare.
            const measured = others.filter((r) => typeof r[col(name)] === 'number');
            const sig = measured
              .map((r) => ({ name: String(r[col('variant')]), f: figureIn(t, r, name) }))
              .filter((x) => significant(x.f))
              .sort((a, b) => Math.abs(b.f.value) - Math.abs(a.f.value));
            const most = sig.slice(0, 3).map((x) => `${x.name} ${x.f.value > 0 ? '+' : ''}${quote(x.f)}`);
            return `${words}: ${sig.length} of ${measured.length}${most.length ? ` (most: ${most.join('; ')})` : ''}`;
          };
          const tested = others
            .flatMap((r) => [r[col('diff_penalty_per_round_vs_default')], r[col('diff_round_turns_vs_default')]])
            .filter((v) => typeof v === 'number').length;
          lines.push(
            `changed significantly against the defaults on the same deals (Holm among the table's ${tested} differences), ` +
              `${moved('diff_penalty_per_round_vs_default', 'penalty per round')}; ${moved('diff_round_turns_vs_default', 'turns per round')}`,
          );
        }
        return lines;
      },
    };
  },
};
