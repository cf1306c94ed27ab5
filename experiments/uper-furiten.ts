import { resolveRules } from '../src/core/rules.js';
import { parseSpec } from '../src/core/strategy.js';
import { Arm } from '../src/experiment/arm.js';
import type { ExperimentDef } from '../src/experiment/experiment.js';
import {
  diff,
  diffColumns,
  family,
  figureIn,
  figureTable,
  flagWords,
  mean,
  meanColumns,
  quote,
  rate,
  rateColumns,
  ratio,
  significant,
  type Figure,
} from '../src/experiment/columns.js';
import { addMean, addRate, addRatio } from '../src/stats/tally.js';
import { POINTS_AT_A_VALUE, addNight, nightCells, nightColumns, RISK_COLUMNS, studyRisk } from '../src/experiment/risk.js';
import { korean } from '../src/games/mahjong/korean/game.js';
import { koreanSchema, type KoreanRules } from '../src/games/mahjong/korean/rules.js';
import { LOST_KINDS } from '../src/games/mahjong/korean/codes.js';
import { koreanStrategies } from '../strategies/korean/index.js';
import { uperTableDiffers } from '../strategies/korean/uper-table.js';
import { intervalChart, rowsOf, tableNamed } from '../src/report/specs.js';
import { ANY_REAL, NON_NEGATIVE, SHARE, SHARE_DIFFERENCE } from '../src/experiment/ranges.js';

/** Focal uper policies; the first, dama, is the baseline of every paired difference. */
const POLICIES = ['dama', 'uper-always', 'uper-wait(w=6)', 'uper-early(k=8)'];
/** The bot that plays the uper table learned by rollouts (korean-uper-table): one more focal
 * policy in the cells of the default variant, where it plays under the rules its table was
 * learned under (the other variants change a rule of the hand; so may the rules given). */
const UPER_TABLE = 'uper-table';
/** The three other seats: silent efficiency, or efficiency that folds against an uper. */
const OPPONENTS = ['dama', 'fold-vs-uper(s=1)'];
/** Each sacred-discard or uper rule varied alone from the defaults. */
const VARIANTS: { name: string; set: Partial<KoreanRules> }[] = [
  { name: 'default', set: {} },
  { name: 'stemRule=declarationOnly', set: { stemRule: 'declarationOnly' } },
  { name: 'stemRule=none', set: { stemRule: 'none' } },
  { name: 'tempFuritenScope=allWaits', set: { tempFuritenScope: 'allWaits' } },
  { name: 'uperRonCheck=anyWait', set: { uperRonCheck: 'anyWait' } },
  { name: 'openUper=true', set: { openUper: true } },
];
const LOST_COLUMNS = ['lost_temporary', 'lost_identical', 'lost_stem', 'lost_after_uper_miss', 'lost_dead'];

/**
 * `uper-furiten`: when does declaring uper pay, and what do the sacred-discard rules cost or
 * protect? Each cell is a rule variant and a field of opponents; each arm seats one focal
 * uper policy against three opponents. All arms play the same deal for a game index (one
 * hand), with the focal seat rotated by the index (duplicate deals), so their paired
 * difference against dama is narrow. Wins lost to sacred discard count the discards the
 * focal hand could have won on (shape and 2 basic points) but for each kind of it.
 */
export const uperFuriten: ExperimentDef = {
  name: 'uper-furiten',
  question: 'Korean 2-point: when is declaring uper worth it, under each sacred-discard rule?',
  keyColumns: {
    'uper-furiten': ['rules', 'opponents', 'policy', 'win_rate', 'deal_in_rate', 'net_per_hand', 'net_diff_vs_dama'],
  },
  columns: {
    rules: 'the sacred-discard or uper rule varied from the defaults',
    opponents: 'the strategy at the three other seats',
    policy: 'the focal uper policy, rotated through the seats on the same deals',
    win_rate: { meaning: 'share of hands the focal seat won (0-1)', range: SHARE },
    self_draw_share: { meaning: 'share of its wins made on a drawn tile (0-1)', range: SHARE },
    deal_in_rate: { meaning: "share of hands in which it discarded another's winning tile (0-1)", range: SHARE },
    net_per_hand: { meaning: 'its net points per hand', range: ANY_REAL },
    win_value: { meaning: 'points it received per win', range: NON_NEGATIVE },
    uper_rate: { meaning: 'share of hands in which it declared uper (0-1)', range: SHARE },
    jump_rate: { meaning: 'share of hands in which it made a false win (jump; 0-1)', range: SHARE },
    winning_turn: { meaning: 'its own turn number at its wins (mean)', range: NON_NEGATIVE },
    net_diff_vs_dama: { meaning: 'paired difference in net points per hand against dama (never uper), same deals', range: ANY_REAL },
    // With --session N --point-value V: a night of N hands of the policy's seat, in money.
    ...RISK_COLUMNS,
    win_rate_diff_vs_dama: { meaning: 'paired difference in wins per hand against dama', range: SHARE_DIFFERENCE },
  },
  doc: 'Korean 2-point: uper policies vs dama under each sacred-discard rule, against silent and folding opponents: win, deal-in, net points, sacred-discard losses',
  charts: [
    {
      name: 'uper-furiten',
      caption:
        'Net points per hand of each uper policy with its 95% interval, a panel per rule variant and opponent line-up: the trade-off between declaring and staying silent.',
      spec: (tables) =>
        intervalChart({
          title: 'Korean 2-point: net per hand by uper policy',
          rows: rowsOf(tableNamed(tables, 'uper-furiten')).map((r) => ({ ...r, panel: `${r.rules}, opponents ${r.opponents}` })),
          category: 'policy',
          value: 'net_per_hand',
          axis: 'net per hand (points)',
          row: 'panel',
          reference: 0,
        }),
    },
  ],
  defaultGames: 20000,
  risk: {},
  build(params) {
    const base = (params.rules as Record<string, unknown>) ?? {};
    const rulesOf = VARIANTS.map((v) =>
      resolveRules<KoreanRules>(koreanSchema, [
        { where: 'uper-furiten', values: base },
        { where: `uper-furiten variant ${v.name}`, values: { ...v.set, handsPerSession: 1 } },
      ]),
    );
    const withTable = uperTableDiffers(rulesOf[0]!) === null;
    const policiesOf = (variant: string): string[] => (variant === 'default' && withTable ? [...POLICIES, UPER_TABLE] : POLICIES);
    const cells = VARIANTS.flatMap((v, vi) =>
      OPPONENTS.map((opp) => ({ variant: v.name, rules: rulesOf[vi]!, opp, policies: policiesOf(v.name) })),
    );
    const spec = (text: string, rules: KoreanRules) => parseSpec(text, koreanStrategies, 'korean', rules);
    const arms = cells.map((c) =>
      c.policies.map(
        (p) => new Arm(korean, c.rules, [spec(p, c.rules), ...Array.from({ length: 3 }, () => spec(c.opp, c.rules))], koreanStrategies),
      ),
    );
    const policyText = policiesOf('default').map((p) => spec(p, rulesOf[0]!).text);
    const oppText = OPPONENTS.map((o) => spec(o, rulesOf[0]!).text);
    const games = params.games ?? 20000;
    // Every variant is Korean 2-point, whose points a table values at one --point-value.
    const risk = studyRisk('korean', () => POINTS_AT_A_VALUE, rulesOf[0]!, params);
    return {
      name: 'uper-furiten',
      games,
      chunk: 500,
      cells: cells.map((c) => `${c.variant} vs ${c.opp}`),
      provenance: {
        variants: VARIANTS.map((v, i) => ({ name: v.name, rules: rulesOf[i] })),
        policies: policyText,
        opponents: oppText,
        [UPER_TABLE]: withTable
          ? "in the default variant's cells only (the rules its table was learned under)"
          : "not played (other rules than its table's)",
      },
      runGame(cell, index, seed, tally) {
        const focal = index % 4;
        let baseNet = 0;
        let baseWin = 0;
        arms[cell]!.forEach((arm, k) => {
          const s = arm.play(seed, cell, index, focal);
          const st = s.stats;
          const net = arm.returns[0]!;
          const wins = st.wins[focal]!;
          if (k === 0) {
            baseNet = net;
            baseWin = wins;
          }
          addMean(tally, `net.${k}`, net);
          addNight(tally, `net.${k}`, risk, index, net);
          if (k > 0) {
            addMean(tally, `diff.${k}`, net - baseNet);
            addMean(tally, `winDiff.${k}`, wins - baseWin);
          }
          addRate(tally, `win.${k}`, wins, st.hands);
          addRate(tally, `selfDraw.${k}`, st.selfDraws[focal]!, wins);
          addRate(tally, `dealIn.${k}`, st.dealIns[focal]!, st.hands);
          addRate(tally, `uper.${k}`, st.upers[focal]!, st.hands);
          addRate(tally, `jump.${k}`, st.jumps[focal]!, st.hands);
          addRate(tally, `draw.${k}`, st.exhaustive, st.hands);
          addRatio(tally, `value.${k}`, st.winPoints[focal]!, wins);
          addRatio(tally, `turn.${k}`, st.winTurns[focal]!, wins);
          for (let j = 0; j < LOST_KINDS.length; j++) addMean(tally, `lost${j}.${k}`, st.lost[focal * LOST_KINDS.length + j]!);
        });
      },
      tables(tallies) {
        // Every policy's net against dama is one family: the answer flags them together.
        const diffs = cells.map((c, cell) => c.policies.map((_p, k): Figure | '' => (k === 0 ? '' : diff(tallies[cell]!, `diff.${k}`))));
        family(diffs.flat().filter((d) => d !== ''));
        const rows = cells.flatMap((c, cell) =>
          c.policies.map((_p, k) => {
            const t = tallies[cell]!;
            return [
              c.variant,
              oppText[OPPONENTS.indexOf(c.opp)]!,
              policyText[k]!,
              t.means[`net.${k}`]?.n ?? 0,
              rate(t, `win.${k}`),
              rate(t, `selfDraw.${k}`),
              rate(t, `dealIn.${k}`),
              mean(t, `net.${k}`),
              ratio(t, `value.${k}`),
              rate(t, `uper.${k}`),
              ...LOST_KINDS.map((_n, j) => mean(t, `lost${j}.${k}`)),
              rate(t, `jump.${k}`),
              rate(t, `draw.${k}`),
              ratio(t, `turn.${k}`),
              diffs[cell]![k]!,
              k === 0 ? '' : mean(t, `winDiff.${k}`),
              ...nightCells(t, `net.${k}`, risk),
            ];
          }),
        );
        return [
          figureTable(
            'uper-furiten',
            [
              'rules',
              'opponents',
              'policy',
              'hands',
              ...rateColumns('win_rate'),
              ...rateColumns('self_draw_share'),
              ...rateColumns('deal_in_rate'),
              ...meanColumns('net_per_hand'),
              ...meanColumns('win_value'),
              ...rateColumns('uper_rate'),
              ...LOST_COLUMNS.flatMap((n) => meanColumns(`${n}_per_hand`)),
              ...rateColumns('jump_rate'),
              ...rateColumns('draw_rate'),
              ...meanColumns('winning_turn'),
              ...diffColumns('net_diff_vs_dama'),
              ...meanColumns('win_rate_diff_vs_dama'),
              ...nightColumns(risk),
            ],
            rows,
            uperFuriten.columns,
          ),
        ];
      },
      summary([t]) {
        const c = (name: string) => t!.columns.indexOf(name);
        const tested = t!.rows.filter((r) => r[c('net_diff_vs_dama')] !== '');
        const flagged = tested.filter((r) => significant(figureIn(t!, r, 'net_diff_vs_dama')));
        const lines = cells.map((cell) => {
          const opp = oppText[OPPONENTS.indexOf(cell.opp)]!;
          const mine = t!.rows.filter((r) => r[c('rules')] === cell.variant && r[c('opponents')] === opp).slice(1);
          return (
            `${cell.variant} rules, opponents ${opp}: net points per hand minus dama's, on the same deals: ` +
            mine
              .map((r) => {
                const d = figureIn(t!, r, 'net_diff_vs_dama');
                return `${r[c('policy')]} ${quote(d)}${significant(d) ? ' (significant)' : ''}`;
              })
              .join('; ')
          );
        });
        // Whether this size tells any policy from dama, and what would tell the largest apart.
        const largest = tested.map((r) => figureIn(t!, r, 'net_diff_vs_dama')).sort((a, b) => Math.abs(b.value) - Math.abs(a.value))[0];
        lines.unshift(
          `${flagged.length} of the ${tested.length} differences from dama ${flagged.length === 1 ? 'is' : 'are'} significant (Holm among them, 5%)` +
            (flagged.length === 0 && largest
              ? `: ${flagWords(largest, games, tested.length, 'hands')} (the largest, ${quote(largest)})`
              : ''),
        );
        return lines;
      },
    };
  },
};
