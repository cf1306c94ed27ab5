import { InputError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { parseSpec } from '../core/strategy.js';
import { bootstrapStrengths, choicesOf, ELO, fitStrengths, spreadOf, superiority, type ChoiceSet } from '../stats/plackett-luce.js';
import { addMean, addRate, type Tally } from '../stats/tally.js';
import { figureTable, mean, meanColumns, type Figure } from './columns.js';
import { Z95 } from '../stats/intervals.js';
import { Arm } from './arm.js';
import type { ExperimentDef, ExperimentParams, Games, PluginRef } from './experiment.js';
import { ANY_REAL, SHARE } from './ranges.js';
import { heatMap, intervalChart, rowsOf, tableNamed } from '../report/specs.js';

export interface LeagueParams extends ExperimentParams {
  game: string;
  rules: Record<string, unknown>;
  /** The specs rated, as written; the first is anchored at rating 0. */
  specs: string[];
  /** The line-ups played (indices into lineUps(specs, seats)); absent: every one. */
  lineups?: number[];
  /** The round of allotment (from 1) and the first deal index it plays: each round plays fresh deals. */
  round?: number;
  offset?: number;
  plugins?: PluginRef[];
}

/** Blocks of deals a round is cut into for the bootstrap (fewer where it plays fewer deals). */
export const BLOCKS = 40;
/** Bootstrap replicates behind every interval and likelihood of superiority. */
export const REPLICATES = 200;
/** Virtual tied games given every pair of specs (fitStrengths): keeps a spec that never won finite. */
export const PRIOR = 1;

/**
 * The line-ups of `specs` specs at a table of `seats`: with at least as many specs as seats, every
 * set of `seats` different specs; with fewer, every way to fill the seats that seats each spec at
 * least once. Each line-up is played in each of its seat orders on the same deal (seatOrders).
 */
export function lineUps(specs: number, seats: number): number[][] {
  const out: number[][] = [];
  const build = (from: number, left: number, acc: number[]) => {
    if (left === 0) {
      if (specs >= seats || new Set(acc).size === specs) out.push([...acc]);
      return;
    }
    for (let k = from; k < specs; k++) build(specs >= seats ? k + 1 : k, left - 1, [...acc, k]);
  };
  build(0, seats, []);
  return out;
}

/** The most seat orders a line-up is played in: every one up to this, else its rotations. */
export const MOST_ORDERS = 24;

/**
 * The seat orders a line-up (its specs in ascending order, with repeats) is played in on each
 * deal: every distinct order where there are at most MOST_ORDERS (at four seats, all 24 of four
 * different specs: each spec sits in every seat after every other), else its rotations through the
 * seats (each spec in every seat, its neighbours kept).
 */
export function seatOrders(lineup: readonly number[]): number[][] {
  const n = lineup.length;
  let count = 1;
  for (let i = 1; i <= n; i++) count *= i;
  const runs = new Map<number, number>();
  for (const x of lineup) runs.set(x, (runs.get(x) ?? 0) + 1);
  for (const m of runs.values()) for (let i = 2; i <= m; i++) count /= i;
  if (count > MOST_ORDERS) return lineup.map((_, r) => lineup.map((_, s) => lineup[(s - r + n) % n]!));
  const out: number[][] = [];
  const left = [...runs.keys()].sort((a, b) => a - b);
  const build = (acc: number[]) => {
    if (acc.length === n) {
      out.push([...acc]);
      return;
    }
    for (const x of left) {
      if (!runs.get(x)) continue;
      runs.set(x, runs.get(x)! - 1);
      build([...acc, x]);
      runs.set(x, runs.get(x)! + 1);
    }
  };
  build([]);
  return out;
}

/** How a spec is named in the tables: as written, a second copy of the same text with #2. */
export function specNames(specs: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return specs.map((s) => {
    const k = (seen.get(s) ?? 0) + 1;
    seen.set(s, k);
    return k === 1 ? s : `${s}#${k}`;
  });
}

/** The choice sets a tally holds, per block: block -> set key -> the rates of each member. */
function blocksOf(t: Tally, items: number): { strata: number[]; blocks: ChoiceSet[][] } {
  const byBlock = new Map<string, Map<string, ChoiceSet>>();
  const allSets = new Set<string>();
  for (const [key, r] of Object.entries(t.rates)) {
    const [block, set, member] = key.split('|');
    if (member === undefined || !/^\d+\.\d+$/.test(block!)) continue;
    let sets = byBlock.get(block!);
    if (!sets) byBlock.set(block!, (sets = new Map()));
    let s = sets.get(set!);
    if (!s) sets.set(set!, (s = { members: set!.split('.').map(Number), n: r.n, chosen: new Array<number>(items).fill(0) }));
    (s.chosen as number[])[Number(member)] = r.k;
    allSets.add(set!);
  }
  const keys = [...byBlock.keys()].sort((a, b) => {
    const [ra, ba] = a.split('.').map(Number);
    const [rb, bb] = b.split('.').map(Number);
    return ra! - rb! || ba! - bb!;
  });
  const setKeys = [...allSets].sort();
  const blocks = keys.map((b) => {
    const sets = byBlock.get(b)!;
    return setKeys.map((s) => sets.get(s) ?? { members: s.split('.').map(Number), n: 0, chosen: new Array<number>(items).fill(0) });
  });
  return { strata: keys.map((k) => Number(k.split('.')[0])), blocks };
}

/** The whole run's choice sets: every block's added. */
function pooled(blocks: ChoiceSet[][], items: number): ChoiceSet[] {
  return (blocks[0] ?? []).map((s, i) => {
    const chosen = new Array<number>(items).fill(0);
    let n = 0;
    for (const b of blocks) {
      n += b[i]!.n;
      b[i]!.chosen.forEach((c, k) => {
        chosen[k]! += c;
      });
    }
    return { members: s.members, n, chosen };
  });
}

/** The fitted ratings, their bootstrap replicates, and the deals behind them. */
export interface LeagueFit {
  /** Per spec: θ (natural log strength) from all games, the first spec's 0. */
  theta: Float64Array;
  replicates: Float64Array[];
  deals: number;
}

/**
 * Fits the league's ratings to a tally: Plackett-Luce over every game's finishing order, and its
 * bootstrap over blocks of deals (deals are the unit of pairing: every line-up of a block played the
 * same deals), drawn within each round. The bootstrap's draws come from a fixed stream, so the same
 * tally gives the same bytes.
 */
export function fitLeague(t: Tally, items: number): LeagueFit {
  const { strata, blocks } = blocksOf(t, items);
  const theta = fitStrengths(items, pooled(blocks, items), 0, PRIOR);
  const rng = new Rng('league-bootstrap');
  const replicates = bootstrapStrengths(items, blocks, strata, 0, PRIOR, REPLICATES, () => rng.next(), theta);
  return { theta, replicates, deals: t.means.deals?.n ?? 0 };
}

/** The pairs of specs whose likelihood of superiority lies within `band` of 1/2 (the games are allotted to them). */
export function undecided(fit: LeagueFit, band = 0.475): [number, number][] {
  const out: [number, number][] = [];
  const k = fit.theta.length;
  for (let i = 0; i < k; i++)
    for (let j = i + 1; j < k; j++) if (Math.abs(superiority(fit.theta, fit.replicates, i, j) - 0.5) < band) out.push([i, j]);
  return out;
}

/** A rating in words: +123 or -45. */
const elo = (x: number): string => {
  const r = Math.round(x) || 0;
  return `${r > 0 ? '+' : ''}${r}`;
};

/**
 * `pongsim league`: a duplicate round-robin. Every line-up of the specs (lineUps) plays every deal,
 * in each of its seat orders (seatOrders), so the luck of the deal falls alike on every spec; ratings
 * are fitted to every game's finishing order together (Plackett-Luce; Bradley-Terry at two seats)
 * on an Elo scale with the first spec at 0, with bootstrap intervals over blocks of deals and the
 * likelihood of superiority of each spec over each other. The game is one of `catalog`'s.
 */
export function leagueDef(catalog: Games): ExperimentDef {
  const league: ExperimentDef = {
    name: 'league',
    question: 'How strong is each bot, rated against all the others on the same deals?',
    keyColumns: { league: ['rank', 'spec', 'rating', 'points'], superiority: ['spec', 'versus', 'games_together', 'los'] },
    columns: {
      rank: 'the place in the table by rating (1 = strongest)',
      spec: 'the strategy spec as given to --specs (a second copy of the same text is named with #2)',
      versus: 'the spec it is weighed against',
      games: 'games the spec played, a seat each (count)',
      games_together: 'games the two specs played at one table (count)',
      rating: {
        meaning:
          "Elo-like rating from the Plackett-Luce fit of every game's finishing order (Bradley-Terry at two seats), the first spec given anchored at 0: of two specs D points apart, the stronger finishes ahead of the other with chance 1 / (1 + 10^(-D/400)); its 95% interval is the rating plus or minus 1.96 standard deviations of the bootstrap over blocks of deals",
        range: ANY_REAL,
      },
      points: {
        meaning:
          "the spec's mean result per game in the game's own points or chips (a penalty where lower is better), over the deals it played, each deal's games averaged",
        range: ANY_REAL,
      },
      los: {
        meaning:
          'likelihood of superiority: the chance that spec is stronger than versus, from the bootstrap spread of their rating difference (a normal approximation)',
        range: SHARE,
      },
    },
    doc: 'a league (pongsim league): a duplicate round-robin of strategy specs, rated together by Plackett-Luce with bootstrap intervals',
    charts: [
      {
        name: 'league',
        caption:
          "Each spec's rating on an Elo scale (the first spec given at 0) with its 95% bootstrap interval, from every line-up's games on the same deals; strongest at the top.",
        spec: (tables) =>
          intervalChart({
            title: 'League ratings',
            rows: rowsOf(tableNamed(tables, 'league')),
            category: 'spec',
            categoryTitle: 'spec',
            value: 'rating',
            axis: 'rating (Elo scale, the first spec given at 0)',
            reference: 0,
          }),
      },
      {
        name: 'superiority',
        caption:
          'The likelihood of superiority of each spec (row) over each other (column): the chance, from the bootstrap spread of their rating difference, that the row is the stronger; near 0.5 the games cannot tell them apart.',
        spec: (tables) =>
          heatMap({
            title: 'Likelihood of superiority',
            rows: rowsOf(tableNamed(tables, 'superiority')),
            x: 'versus',
            xAxis: 'versus',
            y: 'spec',
            yAxis: 'spec',
            value: 'los',
            legend: 'likelihood of superiority',
            decimals: 2,
          }),
      },
    ],
    defaultGames: 200,
    build(params) {
      const p = params as LeagueParams;
      const entry = catalog.game(p.game);
      const specs = p.specs.map((s) => parseSpec(s, entry.strategies, p.game, p.rules));
      const seats = entry.def.seats(p.rules);
      const k = specs.length;
      if (k < 2) throw new InputError(`league: give at least two specs (got ${k})`);
      const all = lineUps(k, seats);
      const played = p.lineups ?? all.map((_, i) => i);
      // Every seat order of every line-up played, with the line-up it is an order of.
      const orders = played.flatMap((l) => seatOrders(all[l]!).map((items) => ({ lineup: l, items })));
      const arms = orders.map(
        (o) =>
          new Arm(
            entry.def,
            p.rules,
            o.items.map((i) => specs[i]!),
            entry.strategies,
          ),
      );
      const names = specNames(p.specs);
      const games = p.games ?? 200;
      const round = p.round ?? 1;
      const offset = p.offset ?? 0;
      const blocks = Math.min(BLOCKS, games);
      const lower = entry.def.lowerIsBetter;
      const sum = new Float64Array(k);
      const count = new Float64Array(k);
      return {
        name: 'league',
        games,
        chunk: Math.max(1, Math.round(200 / arms.length)),
        cells: [p.game],
        provenance: {
          game: p.game,
          rules: p.rules,
          specs: specs.map((s) => s.text),
          lineups: played.map((l) => all[l]!.map((i) => names[i]).join(',')),
          round,
          offset,
          ...(p.plugins?.length ? { plugins: p.plugins } : {}),
        },
        runGame(_cell, index, seed, tally) {
          const g = offset + index;
          const block = `${round}.${Math.floor((index * blocks) / games)}`;
          sum.fill(0);
          count.fill(0);
          addMean(tally, 'deals', 1);
          for (const l of played) addMean(tally, `lineup|${l}`, 1);
          arms.forEach((arm, a) => {
            const items = orders[a]!.items;
            arm.play(seed, 0, g);
            items.forEach((it, s) => {
              sum[it]! += arm.returns[s]!;
              count[it]!++;
            });
            choicesOf(items, arm.returns, lower, (members, chosen) => {
              const set = members.join('.');
              for (let m = 0; m < members.length; m++)
                if (members[m] !== members[m - 1]) addRate(tally, `${block}|${set}|${members[m]}`, members[m] === chosen ? 1 : 0, 1);
            });
          });
          for (let i = 0; i < k; i++) if (count[i]) addMean(tally, `points|${i}`, sum[i]! / count[i]!);
        },
        tables([t]: Tally[]) {
          const fit = fitLeague(t!, k);
          // Games per line-up (every seat order of every deal), for the spec's and each pair's counts.
          const lineGames = all.map((l, li) => (t!.means[`lineup|${li}`]?.n ?? 0) * seatOrders(l).length);
          const seatedGames = (i: number) =>
            all.reduce((s, l, li) => s + (l.includes(i) ? lineGames[li]! * l.filter((x) => x === i).length : 0), 0);
          const together = (i: number, j: number) => all.reduce((s, l, li) => s + (l.includes(i) && l.includes(j) ? lineGames[li]! : 0), 0);
          // The interval is the normal one of the bootstrap's spread, as the likelihood of superiority is.
          const rating = (i: number): Figure => {
            const half = Z95 * spreadOf(fit.replicates.map((x) => x[i]! * ELO));
            const value = fit.theta[i]! * ELO;
            return { value, low: value - half, high: value + half, n: fit.deals };
          };
          const order = names.map((_, i) => i).sort((a, b) => fit.theta[b]! - fit.theta[a]! || a - b);
          const table = figureTable(
            'league',
            ['rank', 'spec', 'games', ...meanColumns('rating'), ...meanColumns('points')],
            order.map((i, r) => [r + 1, names[i]!, seatedGames(i), rating(i), mean(t!, `points|${i}`)]),
            league.columns,
          );
          const los = figureTable(
            'superiority',
            ['spec', 'versus', 'games_together', 'los'],
            order.flatMap((i) =>
              order.filter((j) => j !== i).map((j) => [names[i]!, names[j]!, together(i, j), superiority(fit.theta, fit.replicates, i, j)]),
            ),
            league.columns,
          );
          return [table, los];
        },
        summary([t, s]) {
          const c = (n: string) => t!.columns.indexOf(n);
          const lc = (n: string) => s!.columns.indexOf(n);
          const rows = t!.rows;
          const lines = [
            `${rows.length} specs rated together by Plackett-Luce (${seats === 2 ? 'Bradley-Terry: two seats' : `${seats} seats`}) over ${rows.reduce((a, r) => a + Number(r[c('games')]), 0) / seats} games, ${names[0]} anchored at 0; 95% intervals from a bootstrap over blocks of deals:`,
            ...rows.map(
              (r) =>
                `${r[c('rank')]}. ${r[c('spec')]} ${elo(Number(r[c('rating')]))} [${elo(Number(r[c('rating_ci_low')]))}, ${elo(Number(r[c('rating_ci_high')]))}]`,
            ),
          ];
          // Each spec over the next in the table: how sure the order is.
          for (let r = 0; r + 1 < rows.length; r++) {
            const a = rows[r]![c('spec')];
            const b = rows[r + 1]![c('spec')];
            const row = s!.rows.find((x) => x[lc('spec')] === a && x[lc('versus')] === b)!;
            lines.push(`${a} over ${b}: likelihood of superiority ${Number(row[lc('los')]).toFixed(3)}`);
          }
          return lines;
        },
      };
    },
  };
  return league;
}
