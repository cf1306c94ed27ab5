import path from 'node:path';
import type { GameEntry } from '../catalog/entry.js';
import { entryFor } from '../catalog/index.js';
import { everyChoice, localPlayer, measure, race, type Advice, type Choice, type RaceOptions } from '../core/advise.js';
import { stateData } from '../core/copy.js';
import { InputError } from '../core/errors.js';
import type { GameDef, GameState } from '../core/game.js';
import { parseSpec } from '../core/strategy.js';
import type { GameEvent } from '../core/trace.js';
import { checkEvents, type RecordDecision } from '../records/check.js';
import { defaultWorkers } from '../runner/pool.js';
import { wilson, Z95 } from '../stats/intervals.js';
import { benchmarkThreshold } from './benchmark-file.js';
import { shippedBenchmark } from './benchmark.js';
import { chosenDeal, decisionDealing, fitting, legalWin, MAX_BUDGET, MIN_BUDGET, rolloutPolicy } from './advise.js';
import {
  choiceData,
  choiceFrom,
  onPool,
  startPool,
  tableFrom,
  watched,
  piecePlayer,
  type ChoiceData,
  type PoolTask,
} from './decision-pool.js';
import { isInferred, RoundStart, type RoundHistory } from '../core/infer.js';
import { given } from './control.js';
import { checkOut, GAME, pathName, positiveInt, seatIndex, seedText } from './options.js';
import { checkOptions, FLAG, SEED, TEXT, WHOLE, type Keys } from './arguments.js';
import { htmlOut, openRecord, writeRecordPage, type OpenRecord } from './records.js';
import { writeRows, type RowColumn } from './rows-file.js';
import { placeOnLadder, rating, readLadder, shippedLadder } from './ladder.js';
import { luckAdjusted, luckWords } from './review-luck.js';
import { atPrecisionOf, bracketed } from '../io/print.js';

/** Unless told, a review spends about this many advise decisions' budgets over the whole
 * record (each decision's share, at most one advise budget, at least MIN_BUDGET): advise's
 * budget answers a decision in a few seconds, so a review takes a minute or two. */
const REVIEW_ADVISES = 20;
/** The playouts a review gives each of `reviewed` decisions unless told (--budget): its share of
 * REVIEW_ADVISES advise budgets of `budget`, at most one, at least MIN_BUDGET. */
export const reviewShare = (budget: number, reviewed: number): number =>
  Math.max(MIN_BUDGET, Math.min(budget, Math.floor((REVIEW_ADVISES * budget) / Math.max(1, reviewed))));
/** The fewest decisions a review hands each thread: a worker's start (loading the games and
 * building their tables, a second of processor time or so) is paid back only over several. */
const WORKER_DECISIONS = 4;
/** The costliest decisions told in words. */
const COSTLIEST = 5;

/** Options of `pongsim review`. */
export interface ReviewOptions {
  game: string;
  /** The record file (pongsim-events/1). */
  record: string;
  /** The seat whose decisions are reviewed. */
  seat: number | string;
  /** Playouts each decision's ranking gets (default: the record's share of a review's budget). */
  budget?: number | string;
  seed?: string;
  /** The strategy every seat plays on with after an action (default: the game's reference bot). */
  policy?: string;
  /** Review only the seat's first N decisions that are not forced. */
  maxDecisions?: number | string;
  /** Also write one row a decision to this CSV file (FILE.meta.json beside it). */
  csv?: string;
  /** Also write the record's viewer page here (an .html file), the decisions shown worse marked. */
  html?: string;
  /** Allow writing into results/reference/. */
  force?: boolean;
  /** Worker threads the rollouts are played on (default: the cores); the review is the same on any number. */
  workers?: number | string;
  /** How each decision's rollouts deal what the seat cannot see, as advise's --deal: inferred
   * from the others' play in the round so far, or uniform (default: the game's, as advise). */
  deal?: string;
}

const REVIEW_KEYS: Keys<ReviewOptions> = {
  game: GAME('advise'),
  record: TEXT('a record file'),
  seat: WHOLE,
  budget: WHOLE,
  seed: SEED,
  policy: TEXT('a strategy spec'),
  maxDecisions: WHOLE,
  csv: TEXT('a .csv file name'),
  html: TEXT('an .html file name'),
  force: FLAG,
  workers: WHOLE,
  deal: TEXT('inferred or uniform'),
};

/** One decision of the seat, reviewed. */
export interface ReviewedDecision {
  /** The record's line of the decision (its first move, for a choice of several). */
  line: number;
  /** The round or hand it was in (ReviewResult.round names which), from 1. */
  round: number;
  taken: string;
  /** The best action of the ranking. */
  best: string;
  /** The taken and the best action's values, measured on the same fresh deals (the ranking's
   * own, when the taken one is the best). */
  value_taken: number;
  value_best: number;
  /** value_taken - value_best on those deals, with its interval (simultaneous over the looks of
   * the race that tells the two apart) and standard error: 0 when the taken one is the best. */
  diff: number;
  diff_ci_low: number;
  diff_ci_high: number;
  diff_se: number;
  /** best: the taken action is the best one; worse: it does worse on fresh deals; tied: the
   * two cannot be told apart at this budget. */
  verdict: 'best' | 'tied' | 'worse';
  /** What the decision adds to the expected loss: 0 unless it is worse; then the best's value
   * less the taken one's on deals of their own (neither those that ranked the actions nor those
   * that found it worse), with its 95% interval and standard error. */
  loss: number;
  loss_ci_low: number;
  loss_ci_high: number;
  loss_se: number;
  /** The band's lower figure: where the ranking's best was another action and the verdict's
   * deals favoured it too (even if not shown worse), the best less the taken action on deals of
   * their own (those `loss` is measured on), else 0. Unbiased for the gap between the action it
   * picks and the taken one (it may be below 0), so over many decisions at most the loss: the
   * best a small budget finds may not be the best. */
  held_out_loss: number;
  held_out_loss_se: number;
  /** The band's upper figure: the ranking's best less the taken action on the ranking's own
   * deals, those that chose the best, on which it looks better than it is: over many
   * decisions, at least the loss. */
  ranking_gap: number;
  ranking_gap_se: number;
  /** Actions ranked. */
  actions: number;
  /** Playouts spent on the decision (ranking and measuring). */
  playouts: number;
  /** Where the hidden hands were inferred: the filter's effective sample size at the decision,
   * and the least it fell to on the way, summed over its groups (null where they were dealt
   * uniformly). The intervals count both the rollouts' luck and the spread between the groups. */
  ess: number | null;
  min_ess: number | null;
  /** The decision in words. */
  words: string;
}

/** What `review --json` prints. */
export interface ReviewResult {
  game: string;
  record: string;
  seat: number;
  /** The strategy the record names for the seat. */
  strategy: string;
  /** What a decision's value is, and what `round` counts. */
  value: string;
  round: string;
  policy: string;
  /** How the rollouts dealt what the seat could not see (asked, or the game's default): each
   * decision falls back to uniform where the game's inference cannot follow the round. */
  deal: 'inferred' | 'uniform';
  /** The playouts each decision's ranking got (at least two for each action ranked), and the
   * most its measurement got. */
  budget: number;
  seed: string;
  decisions: {
    /** The seat's decisions (a choice of several moves counts once). */
    all: number;
    /** Those with a single legal action: counted, not advised. */
    forced: number;
    reviewed: number;
    /** Left out by maxDecisions. */
    skipped: number;
    best: number;
    tied: number;
    worse: number;
  };
  /** The expected loss over the reviewed decisions: the sum of the rows' `loss`, what the
   * decisions shown worse cost against the best, measured on deals of their own (the others
   * add 0), and its 95% interval. */
  loss: number;
  loss_ci_low: number;
  loss_ci_high: number;
  /** The expected loss per reviewed decision (the decisions that were not forced): `loss` over
   * their number, with its interval. */
  mean_loss: number;
  mean_loss_ci_low: number;
  mean_loss_ci_high: number;
  /** The share of reviewed decisions whose action was the best or could not be told from it,
   * with its 95% Wilson interval. */
  match_rate: number;
  match_rate_ci_low: number;
  match_rate_ci_high: number;
  /** The share whose loss is above the game's decision benchmark's bad-move threshold
   * (`badMoveThreshold`, from results/benchmarks/<game>.jsonl), with its Wilson interval; null
   * where no benchmark of the game is shipped. */
  bad_move_rate: number | null;
  bad_move_rate_ci_low: number | null;
  bad_move_rate_ci_high: number | null;
  badMoveThreshold: number | null;
  /** The seat's result for the game (its end event's), the luck of its draws as the game's
   * luck meter measured it (in the result's terms), the result less that luck, and its 95%
   * interval over the `luck_rounds` rounds (hands) the game's decisions fell in, each counted
   * as independent (null with fewer than two); the luck fields null where the game has no meter. */
  result: number;
  luck: number | null;
  luck_adjusted: number | null;
  luck_adjusted_ci_low: number | null;
  luck_adjusted_ci_high: number | null;
  luck_rounds: number | null;
  /** The band of the game's ladder (`ladder`, results/benchmarks/<game>.ladder.json) the seat
   * plays like, in words, and the rungs either side (the better first; null on a side with none,
   * both null where it cannot be placed). A bot's rung is its mean loss on the benchmark, every
   * decision counted against the best at 50 times advise's budget; a review's budget finds the
   * best less surely, so the seat's mean loss so counted is bracketed: `band_held_out`, the
   * mean of the rows' held_out_loss (at most it), and `band_ranking_gap`, of their ranking_gap
   * (at least it). The band is placed by `band_ci_low` (the lower figure's 95% interval's low
   * end, never below 0) to `band_ci_high` (the upper figure's high end): Student's t over the
   * reviewed decisions, as the benchmark rates a bot. All null where no ladder of the game is
   * shipped. */
  band: string | null;
  band_better: string | null;
  band_worse: string | null;
  band_ci_low: number | null;
  band_ci_high: number | null;
  band_held_out: number | null;
  band_ranking_gap: number | null;
  ladder: string | null;
  /** With html: the viewer page written. */
  html?: string;
  /** The costliest decisions shown worse, in words, the costliest first, each with its line. */
  costliest: string[];
  /** The review in words: the figures above first. */
  summary: string;
  rows: ReviewedDecision[];
}

/** A decision of the seat as the review walks the record: the table before it (a copy), and
 * the moves it made (several for a choice of several moves). */
interface Pending {
  state: GameState;
  line: number;
  moves: number[];
  amount: number;
  choices: Choice[] | undefined;
  /** The round's public play before the decision, for an inferred dealing. */
  history: RoundHistory;
}

/**
 * Walks the decisions of `seat` in the record (re-played, and so checked, as `check` does),
 * handing each to `each` once whole: a decision the game ranks as one choice of several moves
 * (a Charleston pass of three tiles) is the seat's run of moves from where the choices fit to
 * where another seat acts or a new choice begins. The table handed on is a copy while `copy()`
 * says so; else the live one, which a choice of several moves has left by the time it is handed
 * on (a walk that only counts reads no table then).
 */
function seatDecisions(open: OpenRecord, seat: number, copy: () => boolean, each: (p: Pending) => void): void {
  const { def } = open.entry;
  const q = open.entry.advise!;
  let pending: Pending | null = null;
  let lastSeat = -1;
  // One copy at a time is ever in use: a decision is handed on before the next one is copied.
  const scratch = def.create(open.rules) as GameState;
  const start = new RoundStart(def, open.rules);
  const flush = (): void => {
    if (pending) each(pending);
    pending = null;
  };
  checkEvents(def, open.rules, open.events, open.file, open.table, (d: RecordDecision) => {
    start.see(d.state, d.line - 1);
    const mine = d.seat === seat;
    const choices = mine ? fitting(def, open.rules, d.state, seat, q.choices?.(d.state, seat)) : undefined;
    if (pending && mine && lastSeat === seat && !choices) {
      pending.moves.push(d.action);
      return;
    }
    flush();
    lastSeat = d.seat;
    if (!mine) return;
    const state = copy() ? scratch : d.state;
    if (state === scratch) def.copy(d.state, scratch);
    const history = start.history(open.events, d.line - 1, seat);
    const p: Pending = { state, line: d.line, moves: [d.action], amount: d.amount, choices, history };
    if (choices) pending = p;
    else each(p);
  });
  flush();
}

/** Whether the decision has a single legal action and no choices of several moves. */
function forced(def: GameDef, p: Pending, legal: Int16Array): boolean {
  return !p.choices && def.legal(p.state, legal) === 1 && !def.amountBounds?.(p.state, legal[0]!, new Float64Array(2));
}

/**
 * `pongsim review`: every decision of one seat in a record, the action taken against the best
 * one. Each decision is ranked as `advise` ranks one (src/core/advise.ts race: every action
 * played out on the same deals from the table as the seat knew it, the taken action always
 * among them); then, where the best was another action, the two are played out again on fresh
 * deals, so that what the decision cost is measured without the luck that picked the best. The
 * decisions' streams are separate, so their costs are independent and the total's variance is
 * the sum of theirs.
 */
export async function review(o: ReviewOptions): Promise<ReviewResult> {
  // --seat is an option of the command, with its own line below.
  checkOptions('review', o, REVIEW_KEYS, ['game', 'record']);
  const open = openRecord(o.game, o.record, 'review');
  const { entry, rules, file } = open;
  if (!entry.advise) throw new InputError(`review: ${o.game} has no advice to review against`);
  const q = entry.advise;
  const def = entry.def;
  if (o.seat === undefined) throw new InputError('--seat: required: the seat whose decisions are reviewed, from 0');
  const seat = given(o.seat, seatIndex('--seat'))!;
  if (seat >= open.seats.length)
    throw new InputError(`--seat ${seat}: ${o.game} with the record's rules has seats 0 to ${open.seats.length - 1}`);
  const asked = given(o.budget, positiveInt('--budget', MAX_BUDGET));
  if (asked !== undefined && asked < MIN_BUDGET)
    throw new InputError(`--budget: expected at least ${MIN_BUDGET} playouts a decision (got ${asked})`);
  const seed = given(o.seed, seedText) ?? '1';
  const most = given(o.maxDecisions, positiveInt('--max-decisions'));
  const csv = given(o.csv, pathName('--csv', 'a .csv file name'));
  if (csv !== undefined) {
    if (!csv.endsWith('.csv')) throw new InputError(`--csv ${csv}: expected a file name ending in .csv`);
    checkOut('--csv', csv, 'file', o.force, { beside: ['.meta.json'], input: { file, what: 'the record being read' } });
  }
  const html = o.html === undefined ? undefined : htmlOut(o.html, o.force, file);
  const spec = rolloutPolicy(entry, o.policy, rules);
  const workers = given(o.workers, positiveInt('--workers', 256)) ?? defaultWorkers();
  const deal = chosenDeal(o.deal, q);

  const legal = new Int16Array(def.maxActions(rules));
  // First the record is walked to count the decisions, which sets each one's share.
  let all = 0,
    nForced = 0;
  seatDecisions(
    open,
    seat,
    () => false,
    (p) => {
      all++;
      if (forced(def, p, legal)) nForced++;
    },
  );
  const open2 = all - nForced;
  const reviewed = Math.min(open2, most ?? open2);
  const budget = asked ?? reviewShare(q.budget, reviewed);
  const more = measuringRollouts(budget);
  // `--workers N` is this thread and N - 1 workers; one, or a review too short to give each
  // thread WORKER_DECISIONS, stays in this thread: no worker to start. The workers start now,
  // while the decisions are collected.
  const threads = Math.min(workers, Math.floor(reviewed / WORKER_DECISIONS));
  if (threads > 1) startPool(threads - 1);

  // The decisions to review, each with a table of its own, then each reviewed in turn.
  const pending: Pending[] = [];
  seatDecisions(
    open,
    seat,
    () => pending.length < reviewed,
    (p) => {
      if (pending.length >= reviewed || forced(def, p, legal)) return;
      // The walk goes on with the live table, and the round's first table (the history's) is
      // overwritten at the next round: each is kept as it was.
      const copyOf = (s: GameState) => {
        const c = def.create(rules) as GameState;
        def.copy(s, c);
        return c;
      };
      pending.push({ ...p, state: copyOf(p.state), history: { ...p.history, first: copyOf(p.history.first) } });
    },
  );
  const job: ReviewJob = { game: o.game, rules, seat, policy: spec.text, seed, deal, budget, more };
  // Each decision is independent (its own seed, dealing and filter), so the decisions are handed
  // out whole, to this thread and to the workers as each comes free, and their rows put back in
  // order: the same rows on any number of workers. Handing out blocks of one decision's rollouts
  // instead would send and set up the decision again for each (a 403-decision mahjong review took
  // 7.1 s so on two workers, 5.7 s in this thread).
  const rows: ReviewedDecision[] = [];
  let next = 0;
  if (threads > 1)
    await onPool(
      threads - 1,
      {
        away: () => {
          const k = next++;
          if (k >= pending.length) return null;
          const task: Omit<ReviewTask, keyof PoolTask> = { review: { ...job, decision: pendingData(def, rules, pending[k]!) } };
          return { task, done: (r) => (rows[k] = r as ReviewedDecision) };
        },
        // This thread's decisions yield between pieces of their rollouts, to hand the workers theirs.
        here: async () => {
          const k = next++;
          if (k >= pending.length) return false;
          rows[k] = await reviewOne(entry, job, pending[k]!, piecePlayer(seat, spec.text));
          return true;
        },
      },
      (line) => `review ${o.game} ${file}, seat ${seat}, the decision on line ${line}, seed ${seed}`,
    );
  else for (const p of pending) rows.push(await reviewOne(entry, job, p, localPlayer));

  const loss = rows.reduce((s, r) => s + r.loss, 0);
  const half = Z95 * Math.sqrt(rows.reduce((s, r) => s + r.loss_se * r.loss_se, 0));
  const count = (v: ReviewedDecision['verdict']) => rows.filter((r) => r.verdict === v).length;
  const worse = rows.filter((r) => r.verdict === 'worse').sort((a, b) => b.loss - a.loss || a.line - b.line);
  const costliest = worse.slice(0, COSTLIEST).map((r) => r.words);
  const decisions = {
    all,
    forced: nForced,
    reviewed: rows.length,
    skipped: open2 - rows.length,
    best: count('best'),
    tied: count('tied'),
    worse: count('worse'),
  };
  const n = rows.length;
  const matched = decisions.best + decisions.tied;
  const m = wilson(matched, n);
  const threshold = benchmarkThreshold(shippedBenchmark(o.game), def.id);
  const bad = threshold === null ? null : rows.filter((r) => r.loss > threshold).length;
  const b = bad === null ? null : wilson(bad, n);
  const perDecision = n ? loss / n : 0;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const opening =
    `Mean loss ${bracketed(perDecision, n ? (loss - half) / n : 0, n ? (loss + half) / n : 0)} ${q.unit} a decision over ${n} reviewed; ` +
    `the best or as good as it in ${pct(n ? matched / n : 0)} [${pct(m.low)}, ${pct(m.high)}]` +
    (bad === null
      ? ''
      : `; bad moves (a loss above ${num(threshold!)}, the benchmark's threshold) ${pct(n ? bad / n : 0)} [${pct(b!.low)}, ${pct(b!.high)}]`) +
    ' (95% intervals). ';
  const played = luckAdjusted(open, seat);
  const ladder = readLadder(shippedLadder(o.game), def.id);
  // The band: the seat's mean loss against the best, bracketed by a figure that can only read
  // low (held_out_loss) and one that can only read high (ranking_gap), each with its interval.
  const lower = rating(rows.map((r) => r.held_out_loss));
  const upper = rating(rows.map((r) => r.ranking_gap));
  const bandLow = lower.low,
    bandHigh = Math.max(lower.low, upper.high);
  const band = ladder ? placeOnLadder(ladder, n, bandLow, bandHigh) : null;
  const inBand = atPrecisionOf(bandLow, bandHigh, num);
  const bandWords = band
    ? `On the ladder of the game's bots (each rated by its mean loss on the decision benchmark) the seat ${band.band}` +
      (band.better || band.worse
        ? ` (its mean loss a decision lies between ${inBand(lower.mean)}, what it lost against the best its ranking found, measured on deals of their own, which reads low where this budget misses the best, and ${inBand(upper.mean)}, the ranking's own gap, which reads high; 95% from ${inBand(bandLow)} to ${inBand(bandHigh)}). `
        : '. ')
    : '';
  const summary =
    opening +
    luckWords(played, q.unit, q.round, num) +
    bandWords +
    `Seat ${seat} made ${all} decision${all === 1 ? '' : 's'} (${nForced} forced); ${rows.length} reviewed${decisions.skipped ? ` (the first ${rows.length}; ${decisions.skipped} left out by --max-decisions)` : ''}, ` +
    `${budget} playouts each to rank (at least two for each action), up to ${2 * more} more to tell the taken action from the best on fresh deals, and ${2 * more} more to measure, on deals of their own, what one shown worse cost (or one whose verdict's deals favoured the best, for the band). ` +
    `The action taken was the best in ${decisions.best}, could not be told from the best in ${decisions.tied}, and did worse in ${decisions.worse}. ` +
    lossWords(loss, half, decisions.worse, q.value);
  const result: ReviewResult = {
    game: o.game,
    record: file,
    seat,
    strategy: open.seats[seat]!.strategy,
    value: q.value,
    round: q.round,
    policy: spec.text,
    deal,
    budget,
    seed,
    decisions,
    loss,
    loss_ci_low: loss - half,
    loss_ci_high: loss + half,
    mean_loss: perDecision,
    mean_loss_ci_low: n ? (loss - half) / n : 0,
    mean_loss_ci_high: n ? (loss + half) / n : 0,
    match_rate: n ? matched / n : 0,
    match_rate_ci_low: m.low,
    match_rate_ci_high: m.high,
    bad_move_rate: bad === null ? null : n ? bad / n : 0,
    bad_move_rate_ci_low: b?.low ?? null,
    bad_move_rate_ci_high: b?.high ?? null,
    badMoveThreshold: threshold,
    result: played.result,
    luck: played.luck,
    luck_adjusted: played.luck === null ? null : played.adjusted,
    luck_adjusted_ci_low: played.luck === null ? null : played.low,
    luck_adjusted_ci_high: played.luck === null ? null : played.high,
    luck_rounds: played.luck === null ? null : played.rounds,
    band: band?.band ?? null,
    band_better: band?.better ?? null,
    band_worse: band?.worse ?? null,
    band_ci_low: band && Number.isFinite(bandLow) ? bandLow : null,
    band_ci_high: band && Number.isFinite(bandHigh) ? bandHigh : null,
    band_held_out: band ? lower.mean : null,
    band_ranking_gap: band ? upper.mean : null,
    ladder: ladder?.file ?? null,
    costliest,
    summary,
    rows,
  };
  if (csv !== undefined) writeReview(csv, result);
  if (html !== undefined) {
    const marked = worse.map((r) => ({
      line: r.line,
      mark: `loss ${bracketed(r.loss, r.loss_ci_low, r.loss_ci_high)} ${q.unit}`,
      words: r.words,
    }));
    result.html = writeRecordPage(open.events, html, o.force, `${path.basename(file)}, seat ${seat} reviewed`, marked);
  }
  return result;
}

/** What every decision of a review is reviewed with, as plain data (a worker's too). */
interface ReviewJob {
  game: string;
  rules: Record<string, unknown>;
  seat: number;
  /** The rollouts' policy, by its spec's text. */
  policy: string;
  seed: string;
  deal: 'inferred' | 'uniform';
  /** The ranking's playouts, and the rollouts of each of two actions when measuring. */
  budget: number;
  more: number;
}

/** One decision of a review, for a worker (library/worker.ts): the job and the decision as data. */
export interface ReviewTask extends PoolTask {
  review: ReviewJob & { decision: PendingData };
}

/** A Pending as plain data: its tables by stateData, its choices by choiceData. */
interface PendingData {
  state: Record<string, unknown>;
  line: number;
  moves: number[];
  amount: number;
  choices: ChoiceData[] | undefined;
  history: { first: Record<string, unknown>; events: readonly GameEvent[]; seat: number };
}

function pendingData(def: GameDef, rules: Record<string, unknown>, p: Pending): PendingData {
  const fresh = def.create(rules);
  return {
    state: stateData(p.state, fresh),
    line: p.line,
    moves: p.moves,
    amount: p.amount,
    choices: p.choices?.map(choiceData),
    history: { first: stateData(p.history.first, fresh), events: p.history.events, seat: p.history.seat },
  };
}

/** A worker's review of one decision: the decision rebuilt from its data, reviewed in the
 * worker's thread as the main thread reviews one, watched (decision-pool.ts). */
export function reviewTask(t: ReviewTask): Promise<ReviewedDecision> {
  const { decision: d, ...job } = t.review;
  return watched(t, d.line, async () => {
    const entry = entryFor(job.game, 'advise', 'advise');
    const { def } = entry;
    const table = (data: Record<string, unknown>): GameState => tableFrom(def, job.rules, data);
    const p: Pending = {
      state: table(d.state),
      line: d.line,
      moves: d.moves,
      amount: d.amount,
      choices: d.choices?.map((ch) => choiceFrom(ch, entry.strategies, def.id, job.rules)),
      history: { first: table(d.history.first), events: d.history.events, seat: d.history.seat },
    };
    return reviewOne(entry, job, p, piecePlayer(job.seat, job.policy));
  });
}

/**
 * One decision reviewed: ranked as advise ranks one, dealt as the review asks (its own seed
 * `SEED/lineN`, and its own filter where the dealing is inferred), its rollouts played by
 * `player` in this thread; then judged (judgeDecision).
 */
async function reviewOne(
  entry: GameEntry,
  job: ReviewJob,
  p: Pending,
  player: NonNullable<RaceOptions['player']>,
): Promise<ReviewedDecision> {
  const { rules, seat, seed, budget, more } = job;
  const def = entry.def;
  const q = entry.advise!;
  const spec = parseSpec(job.policy, entry.strategies, def.id, rules);
  const { state, line, moves } = p;
  const round = def.round(state) + 1;
  const name =
    p.choices?.find((ch) => sameMoves(ch.moves, moves))?.name ??
    (moves.length > 1 ? moves.map((a) => def.actionName(state, a, 0)).join(', ') : def.actionName(state, moves[0]!, p.amount));
  const taken: Choice = { name, moves, amount: moves.length > 1 ? 0 : p.amount };
  // Every choice ranked, and the taken one should it not be among them: two rollouts each at least.
  const n = (p.choices ?? everyChoice(def, state, new Int16Array(def.maxActions(rules)))).length + 1;
  const dealing = decisionDealing(entry, rules, p.history, spec, `${seed}/line${line}`, job.deal);
  const win = q.wins ? { win: legalWin(q.wins, state, seat) } : {};
  const common = {
    game: def,
    rules,
    state,
    seat,
    defs: entry.strategies,
    policy: spec,
    won: q.won.test,
    player,
    dealer: dealing.dealer,
    ...win,
  };
  const { ranked, takenName, row } = await judgeDecision(
    common,
    Math.max(budget, 2 * n),
    more,
    `${seed}/line${line}`,
    taken,
    p.choices,
    true,
  );
  const actions = ranked.rows.length;
  const unit = q.unit;
  // Where the ranking put another action above a win the rules pay, why (core/advise.ts winWhy).
  const why = ranked.why ? ` ${ranked.why}` : '';
  const at = `line ${line}, ${q.round} ${round}: ${takenName}`;
  // A decision shown worse on the verdict's deals is measured once more on deals of its own
  // (judgeDecision); where that measure does not confirm it, "better by" a figure at or below 0
  // would read as nonsense, so both figures are told.
  const r = isInferred(dealing) ? dealing.report : null;
  const ess = r ? { ess: Math.round(r.ess * 10) / 10, min_ess: Math.round(r.minEss * 10) / 10 } : { ess: null, min_ess: null };
  const words =
    row.verdict === 'best'
      ? `${at}, the best action.${why}`
      : row.verdict === 'worse' && row.loss_ci_low > 0
        ? `${at}; ${ranked.best} was better by ${bracketed(row.loss, row.loss_ci_low, row.loss_ci_high)} ${unit}.${why}`
        : row.verdict === 'worse'
          ? `${at}; ${ranked.best} was shown better by ${bracketed(-row.diff, -row.diff_ci_high, -row.diff_ci_low)} ${unit} on the deals that judged it, but measured on deals of its own the difference was ${bracketed(row.loss, row.loss_ci_low, row.loss_ci_high)}: what it cost is not shown.${why}`
          : `${at}; it cannot be told from the best, ${ranked.best} (${bracketed(row.diff, row.diff_ci_low, row.diff_ci_high)} ${unit}).${why}`;
  return { line, round, taken: takenName, best: ranked.best, ...row, actions, ...ess, words };
}

/**
 * The expected loss in words. Only the decisions shown worse count, each measured on deals of
 * its own; one that cannot be told from the best counts 0, so a loss spread thinly over many
 * such decisions is not seen, and the total is what the seat was shown to lose, not more. It
 * is negative only where the worse decisions' own measurements came out in the taken actions'
 * favour in sum, and then the words say so.
 */
function lossWords(loss: number, half: number, worse: number, value: string): string {
  const figure = `${bracketed(loss, loss - half, loss + half)} (${value}; 95% interval)`;
  if (worse === 0)
    return `Expected loss over the game: ${figure}: no decision was shown worse, and one that cannot be told from the best counts 0.`;
  const how = `the sum over the ${worse} decision${worse === 1 ? '' : 's'} shown worse of what each cost against the best, measured on deals of its own; the others count 0`;
  return loss >= 0
    ? `Expected loss over the game: ${figure}: ${how}.`
    : `Expected loss over the game: ${figure}: ${how}; it is below 0 because, on those deals, the actions taken did no worse in sum than the best, so no loss is shown.`;
}

const sameMoves = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort((x, y) => x - y).join(',') === [...b].sort((x, y) => x - y).join(',');

/** A figure in words: three significant decimals at most. */
const num = (x: number): string => String(Math.round(x * 1000) / 1000);

/** The CSV's columns: what each means, and its cell. */
const COLUMNS: Record<string, RowColumn<ReviewedDecision>> = {
  line: { doc: "the record's line of the decision", cell: (x) => x.line },
  round: { doc: 'the round or hand it was in, from 1', cell: (x) => x.round },
  taken: { doc: 'the action taken', cell: (x) => x.taken },
  best: { doc: 'the best action of the ranking', cell: (x) => x.best },
  value_taken: { doc: "the taken action's value, on fresh deals", cell: (x) => x.value_taken },
  value_best: { doc: "the best action's value, on the same deals", cell: (x) => x.value_best },
  diff: { doc: 'value_taken - value_best: what the decision cost (negative)', cell: (x) => x.diff },
  diff_ci_low: { doc: 'its interval, simultaneous over the looks', cell: (x) => x.diff_ci_low },
  diff_ci_high: { doc: 'its interval, simultaneous over the looks', cell: (x) => x.diff_ci_high },
  verdict: { doc: 'best, tied (cannot be told from the best) or worse', cell: (x) => x.verdict },
  loss: {
    doc: "what the decision adds to the expected loss: 0 unless worse; then the best's value less the taken one's on deals of their own",
    cell: (x) => x.loss,
  },
  loss_ci_low: { doc: 'its 95% interval', cell: (x) => x.loss_ci_low },
  loss_ci_high: { doc: 'its 95% interval', cell: (x) => x.loss_ci_high },
  held_out_loss: {
    doc: "the band's lower figure: the best less the taken action on the loss's deals, where the ranking and the verdict's deals both favoured the best; else 0",
    cell: (x) => x.held_out_loss,
  },
  ranking_gap: { doc: "the band's upper figure: the best less the taken action on the ranking's own deals", cell: (x) => x.ranking_gap },
  playouts: { doc: 'playouts spent on the decision (ranking and measuring)', cell: (x) => x.playouts },
  ess: {
    doc: "where the hidden hands were inferred, the particle filter's effective sample size at the decision (of its particles, summed over its groups); empty where they were dealt uniformly",
    cell: (x) => x.ess ?? '',
  },
  min_ess: {
    doc: 'the least effective sample size the filter fell to on the way; empty where dealt uniformly',
    cell: (x) => x.min_ess ?? '',
  },
};

/** Writes one row a decision to `file`, with FILE.meta.json beside it, both or neither. */
function writeReview(file: string, r: ReviewResult): void {
  const { rows, costliest: _c, summary: _s, ...about } = r;
  writeRows(file, 'review', `review ${r.game}`, COLUMNS, rows, about);
}

/** The rollouts of each of two actions when review tells the taken one from the best, and again
 * when it measures what a worse one cost, for a ranking of `budget` playouts: together about half
 * the ranking's budget each time. */
export function measuringRollouts(budget: number): number {
  return Math.ceil(Math.max(MIN_BUDGET, Math.ceil(budget / 2)) / 2);
}

/** A decision judged as review judges it, with the race's options but its budget, seed and
 * choices: the taken action ranked among the choices (`budget` playouts); where another was
 * best, the two told apart on fresh deals (`more` rollouts each: the ranking's deals picked the
 * best, and on them the best looks better than it is); and where the taken one was shown worse,
 * what it cost measured once more on deals of its own (`more` rollouts each: the deals that found
 * it worse are those on which it looked worst, and would overstate what it cost). With heldOut,
 * a decision whose best was another action and whose verdict's deals favoured it, shown worse
 * or not, is measured so too (the band's lower figure, held_out_loss). The precision bench
 * (bench/precision.ts) judges its situations with it, verdicts only. */
export async function judgeDecision(
  common: Omit<RaceOptions, 'budget' | 'seed' | 'choices' | 'keep'>,
  budget: number,
  more: number,
  seed: string,
  taken: Choice,
  choices: Choice[] | undefined,
  heldOut = false,
): Promise<{ ranked: Advice; takenName: string; row: Judged }> {
  const ranked = await race({ ...common, budget, seed, choices, keep: taken });
  const takenName = ranked.kept!;
  const none = {
    loss: 0,
    loss_ci_low: 0,
    loss_ci_high: 0,
    loss_se: 0,
    held_out_loss: 0,
    held_out_loss_se: 0,
    ranking_gap: 0,
    ranking_gap_se: 0,
  };
  if (ranked.best === takenName) {
    const r = ranked.rows[0]!;
    const row: Judged = {
      value_taken: r.value,
      value_best: r.value,
      diff: 0,
      diff_ci_low: 0,
      diff_ci_high: 0,
      diff_se: 0,
      verdict: 'best',
      ...none,
      playouts: ranked.playouts,
    };
    return { ranked, takenName, row };
  }
  const m = await race({
    ...common,
    budget: 2 * more,
    seed: `${seed}/measure`,
    choices: [{ ...taken, name: takenName }, ranked.bestChoice],
  });
  const t = m.rows.find((r) => r.action === takenName)!;
  const b = m.rows.find((r) => r.action === ranked.best)!;
  // Each row's difference is against the measuring race's leader, which may be either.
  const d =
    m.best === takenName
      ? { mean: -b.diff, low: -b.diff_ci_high, high: -b.diff_ci_low, se: b.diff_se }
      : { mean: t.diff, low: t.diff_ci_low, high: t.diff_ci_high, se: t.diff_se };
  const worse = d.high < 0;
  const kept = ranked.rows.find((r) => r.action === takenName)!;
  const gap = { ranking_gap: -kept.diff, ranking_gap_se: kept.diff_se };
  const { won: _won, ...plain } = common;
  // Measured where it was shown worse, for its loss, and with heldOut wherever the verdict's
  // deals favoured the best too, for the band: on deals of its own, as the choice of the two
  // (the ranking's deals, then the verdict's) used neither, so the figure is unbiased for what
  // the best so chosen is worth over the taken action. Counting every decision whose ranking
  // put another action first would count the many the ranking's luck picked (on fresh deals,
  // tied decisions whose verdict's deals favoured the taken action came out 0.70 points a
  // decision its way in a seeded mahjong session's review), and so read lower still.
  const cost =
    worse || (heldOut && d.mean < 0)
      ? await measure({ ...plain, seed: `${seed}/cost`, choices: [ranked.bestChoice, { ...taken, name: takenName }], rollouts: more })
      : null;
  const held = cost ? { held_out_loss: cost.diff, held_out_loss_se: cost.diffSe } : { held_out_loss: 0, held_out_loss_se: 0 };
  const row: Judged = {
    value_taken: t.value,
    value_best: b.value,
    diff: d.mean,
    diff_ci_low: d.low,
    diff_ci_high: d.high,
    diff_se: d.se,
    verdict: worse ? 'worse' : 'tied',
    ...(worse && cost ? { loss: cost.diff, loss_ci_low: cost.diffLow, loss_ci_high: cost.diffHigh, loss_se: cost.diffSe } : none),
    ...held,
    ...gap,
    playouts: ranked.playouts + m.playouts + 2 * (cost?.rollouts ?? 0),
  };
  return { ranked, takenName, row };
}

/** A judged decision's figures (ReviewedDecision's, less where it is in the record). */
type Judged = Omit<ReviewedDecision, 'line' | 'round' | 'taken' | 'best' | 'words' | 'actions' | 'ess' | 'min_ess'>;
