import { everyChoice, measure, race, type Advice, type Choice, type RaceOptions } from '../core/advise.js';
import { InputError } from '../core/errors.js';
import type { GameDef, GameState } from '../core/game.js';
import { columnDictionary } from '../experiment/dictionary.js';
import { toolStamp } from '../io/build.js';
import { writeTableFile } from '../io/csv.js';
import { checkEvents, type RecordDecision } from '../records/check.js';
import { wilson, Z95 } from '../stats/intervals.js';
import { benchmarkThreshold } from './benchmark-file.js';
import { shippedBenchmark } from './benchmark.js';
import { dealOption, decisionDealing, fitting, legalWin, MAX_BUDGET, MIN_BUDGET, racePlayer, rolloutPolicy } from './advise.js';
import { RoundStart, type RoundHistory } from '../core/infer.js';
import { given } from './control.js';
import { checkOut, GAME, pathName, positiveInt, seatIndex, seedText } from './options.js';
import { checkOptions, FLAG, SEED, TEXT, WHOLE, type Keys } from './arguments.js';
import { openRecord, type OpenRecord } from './records.js';

/** Unless told, a review spends about this many advise decisions' budgets over the whole
 * record (each decision's share, at most one advise budget, at least MIN_BUDGET): advise's
 * budget answers a decision in a few seconds, so a review takes a minute or two. */
const REVIEW_ADVISES = 20;
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
  /** Actions ranked. */
  actions: number;
  /** Playouts spent on the decision (ranking and measuring). */
  playouts: number;
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
  const spec = rolloutPolicy(entry, o.policy, rules);
  const player = racePlayer(o.workers);
  const deal = given(o.deal, dealOption) ?? (q.inferByDefault ? 'inferred' : 'uniform');

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
  const budget = asked ?? Math.max(MIN_BUDGET, Math.min(q.budget, Math.floor((REVIEW_ADVISES * q.budget) / Math.max(1, reviewed))));
  const more = measuringRollouts(budget);

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
  const rows: ReviewedDecision[] = [];
  for (const p of pending) rows.push(await reviewDecision(p));

  async function reviewDecision(p: Pending): Promise<ReviewedDecision> {
    const { state, line, moves } = p;
    const round = def.round(state) + 1;
    const name =
      p.choices?.find((ch) => sameMoves(ch.moves, moves))?.name ??
      (moves.length > 1 ? moves.map((a) => def.actionName(state, a, 0)).join(', ') : def.actionName(state, moves[0]!, p.amount));
    const taken: Choice = { name, moves, amount: moves.length > 1 ? 0 : p.amount };
    // Every choice ranked, and the taken one should it not be among them: two rollouts each at least.
    const n = (p.choices ?? everyChoice(def, state, legal)).length + 1;
    const dealing = decisionDealing(entry, rules, p.history, spec, `${seed}/line${line}`, deal);
    // An inferred dealing is passed on; the uniform one is the rollouts' own.
    const dealer = dealing.uniform === null ? { dealer: dealing.dealer } : {};
    const win = q.wins ? { win: legalWin(q.wins, state, seat) } : {};
    const common = { game: def, rules, state, seat, defs: entry.strategies, policy: spec, won: q.won.test, player, ...dealer, ...win };
    const { ranked, takenName, row } = await judgeDecision(common, Math.max(budget, 2 * n), more, `${seed}/line${line}`, taken, p.choices);
    const actions = ranked.rows.length;
    const unit = q.unit;
    // Where the ranking put another action above a win the rules pay, why (core/advise.ts winWhy).
    const why = ranked.why ? ` ${ranked.why}` : '';
    const words =
      row.verdict === 'best'
        ? `line ${line}, ${q.round} ${round}: ${takenName}, the best action.${why}`
        : row.verdict === 'worse'
          ? `line ${line}, ${q.round} ${round}: ${takenName}; ${ranked.best} was better by ${num(row.loss)} [${num(row.loss_ci_low)}, ${num(row.loss_ci_high)}] ${unit}.${why}`
          : `line ${line}, ${q.round} ${round}: ${takenName}; it cannot be told from the best, ${ranked.best} (${num(row.diff)} [${num(row.diff_ci_low)}, ${num(row.diff_ci_high)}] ${unit}).${why}`;
    return { line, round, taken: takenName, best: ranked.best, ...row, actions, words };
  }

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
    `Mean loss ${num(perDecision)} [${num(n ? (loss - half) / n : 0)}, ${num(n ? (loss + half) / n : 0)}] ${q.unit} a decision over ${n} reviewed; ` +
    `the best or as good as it in ${pct(n ? matched / n : 0)} [${pct(m.low)}, ${pct(m.high)}]` +
    (bad === null
      ? ''
      : `; bad moves (a loss above ${num(threshold!)}, the benchmark's threshold) ${pct(n ? bad / n : 0)} [${pct(b!.low)}, ${pct(b!.high)}]`) +
    ' (95% intervals). ';
  const summary =
    opening +
    `Seat ${seat} made ${all} decision${all === 1 ? '' : 's'} (${nForced} forced); ${rows.length} reviewed${decisions.skipped ? ` (the first ${rows.length}; ${decisions.skipped} left out by --max-decisions)` : ''}, ` +
    `${budget} playouts each to rank (at least two for each action), up to ${2 * more} more to tell the taken action from the best on fresh deals, and ${2 * more} more to measure what one shown worse cost. ` +
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
    costliest,
    summary,
    rows,
  };
  if (csv !== undefined) writeReview(csv, result);
  return result;
}

/**
 * The expected loss in words. Only the decisions shown worse count, each measured on deals of
 * its own; one that cannot be told from the best counts 0, so a loss spread thinly over many
 * such decisions is not seen, and the total is what the seat was shown to lose, not more. It
 * is negative only where the worse decisions' own measurements came out in the taken actions'
 * favour in sum, and then the words say so.
 */
function lossWords(loss: number, half: number, worse: number, value: string): string {
  const figure = `${num(loss)} [${num(loss - half)}, ${num(loss + half)}] (${value}; 95% interval)`;
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

/** The CSV columns' meanings, for FILE.meta.json. */
const COLUMNS: Record<string, string> = {
  line: "the record's line of the decision",
  round: 'the round or hand it was in, from 1',
  taken: 'the action taken',
  best: 'the best action of the ranking',
  value_taken: "the taken action's value, on fresh deals",
  value_best: "the best action's value, on the same deals",
  diff: 'value_taken - value_best: what the decision cost (negative)',
  diff_ci_low: 'its interval, simultaneous over the looks',
  diff_ci_high: 'its interval, simultaneous over the looks',
  verdict: 'best, tied (cannot be told from the best) or worse',
  loss: "what the decision adds to the expected loss: 0 unless worse; then the best's value less the taken one's on deals of their own",
  loss_ci_low: 'its 95% interval',
  loss_ci_high: 'its 95% interval',
  playouts: 'playouts spent on the decision (ranking and measuring)',
};

/** Writes one row a decision to `file`, with FILE.meta.json beside it, both or neither. */
function writeReview(file: string, r: ReviewResult): void {
  const table = {
    name: 'review',
    columns: Object.keys(COLUMNS),
    rows: r.rows.map((x) => [
      x.line,
      x.round,
      x.taken,
      x.best,
      x.value_taken,
      x.value_best,
      x.diff,
      x.diff_ci_low,
      x.diff_ci_high,
      x.verdict,
      x.loss,
      x.loss_ci_low,
      x.loss_ci_high,
      x.playouts,
    ]),
  };
  const { rows: _rows, costliest: _c, summary: _s, ...about } = r;
  writeTableFile(file, table, { ...toolStamp(), command: `review ${r.game}`, ...about, columns: columnDictionary(table, COLUMNS) });
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
 * it worse are those on which it looked worst, and would overstate what it cost). The precision
 * bench (bench/precision.ts) judges its situations with it. */
export async function judgeDecision(
  common: Omit<RaceOptions, 'budget' | 'seed' | 'choices' | 'keep'>,
  budget: number,
  more: number,
  seed: string,
  taken: Choice,
  choices: Choice[] | undefined,
): Promise<{ ranked: Advice; takenName: string; row: Judged }> {
  const ranked = await race({ ...common, budget, seed, choices, keep: taken });
  const takenName = ranked.kept!;
  const none = { loss: 0, loss_ci_low: 0, loss_ci_high: 0, loss_se: 0 };
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
  const { won: _won, ...plain } = common;
  const cost = worse
    ? await measure({ ...plain, seed: `${seed}/cost`, choices: [ranked.bestChoice, { ...taken, name: takenName }], rollouts: more })
    : null;
  const row: Judged = {
    value_taken: t.value,
    value_best: b.value,
    diff: d.mean,
    diff_ci_low: d.low,
    diff_ci_high: d.high,
    diff_se: d.se,
    verdict: worse ? 'worse' : 'tied',
    ...(cost ? { loss: cost.diff, loss_ci_low: cost.diffLow, loss_ci_high: cost.diffHigh, loss_se: cost.diffSe } : none),
    playouts: ranked.playouts + m.playouts + 2 * (cost?.rollouts ?? 0),
  };
  return { ranked, takenName, row };
}

/** A judged decision's figures (ReviewedDecision's, less where it is in the record). */
type Judged = Omit<ReviewedDecision, 'line' | 'round' | 'taken' | 'best' | 'words' | 'actions'>;
